// TensorFlow's signatures of the runtime's ops (op_signatures.inc, generated from TF's
// op registry by tools/gen_op_signatures.py) and the one check of a node against them,
// used when a node is added to a Graph (from the Python facade or a graph file) and,
// for the input count, before every kernel runs.
#include <algorithm>
#include <cstring>
#include <iterator>
#include <map>
#include <set>

#include "runtime/ops/op_def.h"

namespace tfm::rt {

namespace {

const std::vector<OpSignature>& Signatures() {
  static const auto* v = [] {
    auto* s = new std::vector<OpSignature>{
#include "runtime/ops/op_signatures.inc"
    };
    for (OpSignature& sig : *s) {
      int n = 0;
      for (const ArgSig& a : sig.inputs) {
        if (*a.number_attr || *a.type_list_attr) {
          n = -1;
          break;
        }
        ++n;
      }
      sig.fixed_inputs = n;
    }
    return s;
  }();
  return *v;
}

const std::map<std::string, const OpSignature*>& ByName() {
  static const auto* m = [] {
    auto* r = new std::map<std::string, const OpSignature*>();
    for (const OpSignature& s : Signatures()) (*r)[s.name] = &s;
    return r;
  }();
  return *m;
}

// TF's DataTypeString for messages ("float", "int32", "resource").
std::string TfTypeName(int t) {
  static const char* const kNames[] = {"invalid", "float",   "double", "int32",  "uint8",      "int16",
                                       "int8",    "string",  "complex64", "int64", "bool",     "qint8",
                                       "quint8",  "qint32",  "bfloat16",  "qint16", "quint16", "uint16",
                                       "complex128", "half", "resource", "variant", "uint32",  "uint64"};
  int base = t > 100 ? t - 100 : t;
  std::string n = base >= 0 && base < static_cast<int>(std::size(kNames)) ? kNames[base] : "type " + std::to_string(t);
  return t > 100 ? n + "_ref" : n;
}

// The runtime dtype a TF DataType number stands for (a resource handle is its shared
// name, a string); kInvalid when the runtime has no such dtype.
DType RuntimeDType(int64_t t) {
  if (t > 100) t -= 100;
  switch (t) {
    case 1: case 2: case 3: case 4: case 5: case 6: case 7: case 9: case 10: case 19: return static_cast<DType>(t);
    case 20: return DType::kString;
    default: return DType::kInvalid;
  }
}

const char* ValueKindName(const AttrValue& v) {
  switch (v.index()) {
    case 1: return "int";
    case 2: return "float";
    case 3: return "bool";
    case 4: return "string";
    case 5: return "type";
    case 6: return "list";
    case 7: return "tensor";
    default: return "none";
  }
}

bool KindMatches(AttrKind k, const AttrValue& v) {
  switch (k) {
    case AttrKind::kInt: return std::holds_alternative<int64_t>(v);
    case AttrKind::kFloat: return std::holds_alternative<double>(v) || std::holds_alternative<int64_t>(v);
    case AttrKind::kBool: return std::holds_alternative<bool>(v);
    case AttrKind::kString: return std::holds_alternative<std::string>(v);
    case AttrKind::kType: return std::holds_alternative<DType>(v);
    case AttrKind::kTensor: return std::holds_alternative<Tensor>(v);
    case AttrKind::kFunc: return std::holds_alternative<int64_t>(v);  // a function-library id
    default: return std::holds_alternative<std::vector<int64_t>>(v);  // shape and lists
  }
}

const AttrValue* Find(const AttrMap& attrs, const char* name) {
  if (!*name) return nullptr;
  auto it = attrs.find(name);
  return it == attrs.end() ? nullptr : &it->second;
}

std::string OpText(const OpSignature& sig) {
  return std::string("Op<name=") + sig.name + "; signature=" + sig.summary + ">";
}

// How many tensors an arg stands for: -1 when the attr that says so is not given.
int64_t ArgCount(const ArgSig& a, const AttrMap& attrs) {
  if (*a.number_attr) {
    const AttrValue* v = Find(attrs, a.number_attr);
    const int64_t* n = v ? std::get_if<int64_t>(v) : nullptr;
    return n ? *n : -1;
  }
  if (*a.type_list_attr) {
    const AttrValue* v = Find(attrs, a.type_list_attr);
    const auto* l = v ? std::get_if<std::vector<int64_t>>(v) : nullptr;
    return l ? static_cast<int64_t>(l->size()) : -1;
  }
  return 1;
}

// The number of tensors of each input arg. A list whose count the attrs leave out (the
// facade and eager calls leave N out) takes what the other args leave of `total`, when it
// is the only one; -1 for every arg from an unknown list on when there are several.
std::vector<int64_t> ArgCounts(const OpSignature& sig, const AttrMap& attrs, size_t total) {
  std::vector<int64_t> counts;
  int64_t known = 0;
  int unknown = 0;
  for (const ArgSig& a : sig.inputs) {
    counts.push_back(ArgCount(a, attrs));
    if (counts.back() < 0) ++unknown;
    else known += counts.back();
  }
  if (unknown == 1) {
    for (int64_t& n : counts)
      if (n < 0) n = std::max<int64_t>(0, static_cast<int64_t>(total) - known);
  }
  return counts;
}

// The expected dtype (a TF DataType number, 0 when not fixed) of tensor k of arg `a`.
int ExpectedType(const ArgSig& a, const AttrMap& attrs, int64_t k) {
  if (a.type) return a.type;
  if (*a.type_attr) {
    const AttrValue* v = Find(attrs, a.type_attr);
    const DType* d = v ? std::get_if<DType>(v) : nullptr;
    return d ? static_cast<int>(*d) : 0;
  }
  if (*a.type_list_attr) {
    const AttrValue* v = Find(attrs, a.type_list_attr);
    const auto* l = v ? std::get_if<std::vector<int64_t>>(v) : nullptr;
    return l && k < static_cast<int64_t>(l->size()) ? static_cast<int>((*l)[k]) : 0;
  }
  return 0;
}

std::string ArgTypeText(const ArgSig& a, const AttrMap& attrs, int64_t k) {
  int t = ExpectedType(a, attrs, k);
  std::string s = t ? TfTypeName(t) : std::string(*a.type_attr ? a.type_attr : a.type_list_attr);
  return a.is_ref && t && t < 100 ? s + "_ref" : s;
}

}  // namespace

const char* AttrKindName(AttrKind k) {
  static const char* const kNames[] = {"int",        "float",       "bool",         "string",     "type",
                                       "shape",      "tensor",      "func",         "list(int)",  "list(float)",
                                       "list(bool)", "list(string)", "list(type)",  "list(shape)", "list(tensor)",
                                       "list(func)"};
  return kNames[static_cast<int>(k)];
}

const OpSignature* LookupOpSignature(const std::string& op) {
  auto& m = ByName();
  auto it = m.find(op);
  return it == m.end() ? nullptr : it->second;
}

Status CheckInputCount(const OpSignature& sig, const std::string& node, size_t num_inputs, const AttrMap& attrs) {
  if (sig.fixed_inputs >= 0 && num_inputs == static_cast<size_t>(sig.fixed_inputs)) return Status::Ok();
  int64_t want = 0;
  bool exact = true;
  for (const ArgSig& a : sig.inputs) {
    int64_t n = ArgCount(a, attrs);
    if (n < 0) {
      exact = false;  // given by the inputs themselves (the facade leaves the attr out)
      const char* attr = *a.number_attr ? a.number_attr : a.type_list_attr;
      for (const AttrSig& s : sig.attrs)
        if (!std::strcmp(s.name, attr) && s.has_minimum) want += s.minimum;
      continue;
    }
    if (n > (int64_t{1} << 40)) n = int64_t{1} << 40;
    want += n;
  }
  const int64_t have = static_cast<int64_t>(num_inputs);
  if (exact ? have == want : have >= want) return Status::Ok();
  std::string types;
  int64_t listed = 0;
  for (const ArgSig& a : sig.inputs) {
    int64_t n = ArgCount(a, attrs);
    if (n < 0) {
      types += std::string(types.empty() ? "" : ", ") + (*a.number_attr ? a.number_attr : a.type_list_attr) + "*" +
               ArgTypeText(a, attrs, 0);
      continue;
    }
    for (int64_t k = 0; k < n; ++k, ++listed) {
      if (listed == 64) {
        types += ", ...";
        break;
      }
      types += (types.empty() ? "" : ", ") + ArgTypeText(a, attrs, k);
    }
  }
  return InvalidArgument("NodeDef expected inputs '" + types + "' do not match " + std::to_string(num_inputs) +
                         " inputs specified; " + OpText(sig) + "; NodeDef: {{node " + node + "}}");
}

namespace {
// TF's "cannot compute AddV2 as input #1(zero-based) was expected to be a float tensor but
// is a double tensor": inputs that share a type attr with different types.
Status MixedTypes(const OpSignature& sig, size_t input, DType bound, DType have) {
  return InvalidArgument("cannot compute " + std::string(sig.name) + " as input #" + std::to_string(input) +
                         "(zero-based) was expected to be a " + TfTypeName(static_cast<int>(bound)) +
                         " tensor but is a " + TfTypeName(static_cast<int>(have)) + " tensor");
}

// TF's "Value for attr 'T' of string is not in the list of allowed values: float, ...".
Status CheckAllowedType(const OpSignature& sig, const AttrSig& a, DType t, const std::string& node) {
  const int n = static_cast<int>(t);
  if (!a.allowed_types || (n >= 0 && n < 32 && (a.allowed_types >> n) & 1u)) return Status::Ok();
  std::string list;
  for (int k = 0; k < 32; ++k)
    if ((a.allowed_types >> k) & 1u) list += (list.empty() ? "" : ", ") + TfTypeName(k);
  return InvalidArgument("Value for attr '" + std::string(a.name) + "' of " + TfTypeName(n) +
                         " is not in the list of allowed values: " + list + "; NodeDef: {{node " + node + "}}; " +
                         OpText(sig));
}

// A type attr no one gave is bound by the first input of that type (TF's inference): that
// type must be one TF allows for the attr, and every later input of the attr must have it.
using BoundTypes = std::vector<std::pair<const char*, DType>>;
Status BindInferredType(const OpSignature& sig, const char* attr, size_t input, DType have, const std::string& node,
                        BoundTypes* bound) {
  for (const auto& [name, type] : *bound)
    if (!std::strcmp(name, attr)) return type == have ? Status::Ok() : MixedTypes(sig, input, type, have);
  bound->push_back({attr, have});
  for (const AttrSig& at : sig.attrs)
    if (!std::strcmp(at.name, attr)) return CheckAllowedType(sig, at, have, node);
  return Status::Ok();
}
}  // namespace

Status ValidateNode(const std::string& node, const std::string& op, const std::vector<DType>& input_types,
                    const AttrMap& attrs, NodeSource source, const std::function<std::string(size_t)>& input_name) {
  const OpDef* def = LookupOpDef(op);
  if (!def) return NotFound("Op type not registered '" + op + "' in the bundled runtime");
  if (!def->signature) return Internal("op " + op + " has no signature in the bundled runtime");
  const OpSignature& sig = *def->signature;
  // Attrs the inputs determine (the facade leaves them out, as TF's Python does).
  auto inferred = [&](const char* name) {
    if (source != NodeSource::kPython) return false;
    for (const ArgSig& a : sig.inputs)
      if (!std::strcmp(a.type_attr, name) || !std::strcmp(a.number_attr, name) || !std::strcmp(a.type_list_attr, name))
        return true;
    return false;
  };
  for (const AttrSig& a : sig.attrs) {
    const AttrValue* v = Find(attrs, a.name);
    if (!v) {
      if (a.has_default || inferred(a.name)) continue;
      return InvalidArgument("NodeDef missing attr '" + std::string(a.name) + "' from " + OpText(sig) +
                             "; NodeDef: {{node " + node + "}}");
    }
    if (!KindMatches(a.kind, *v))
      return InvalidArgument(std::string("AttrValue had value with type '") + ValueKindName(*v) + "' when '" +
                             AttrKindName(a.kind) + "' expected for attr '" + a.name + "'; NodeDef: {{node " + node +
                             "}}; " + OpText(sig));
    if (const DType* t = std::get_if<DType>(v); t && a.kind == AttrKind::kType) {
      // (TF: DT_INVALID is illegal as a type attr's value; kernels dispatch on these types)
      if (*t == DType::kInvalid)
        return InvalidArgument("AttrValue has invalid DataType for attr '" + std::string(a.name) + "'; NodeDef: {{node " +
                               node + "}}; " + OpText(sig));
      TFM_RETURN_IF_ERROR(CheckAllowedType(sig, a, *t, node));
    }
    if (a.has_minimum) {
      if (const int64_t* i = std::get_if<int64_t>(v); i && a.kind == AttrKind::kInt && *i < a.minimum)
        return InvalidArgument("Value for attr '" + std::string(a.name) + "' of " + std::to_string(*i) +
                               " must be at least minimum " + std::to_string(a.minimum) + "; NodeDef: {{node " + node +
                               "}}; " + OpText(sig));
      if (const auto* l = std::get_if<std::vector<int64_t>>(v); l && static_cast<int64_t>(l->size()) < a.minimum)
        return InvalidArgument("Length for attr '" + std::string(a.name) + "' of " + std::to_string(l->size()) +
                               " must be at least minimum " + std::to_string(a.minimum) + "; NodeDef: {{node " + node +
                               "}}; " + OpText(sig));
    }
  }
  TFM_RETURN_IF_ERROR(CheckInputCount(sig, node, input_types.size(), attrs));
  // Input types, where an attr or the signature fixes them (TF's "Input 0 of node y was
  // passed float from x:0 incompatible with expected int32.").
  size_t i = 0;
  // Inferred type attrs are bound here, where the node is made, so that a kernel run whose
  // inputs have the types seen here needs no check.
  BoundTypes bound;
  const std::vector<int64_t> counts = ArgCounts(sig, attrs, input_types.size());
  for (size_t arg = 0; arg < sig.inputs.size(); ++arg) {
    const ArgSig& a = sig.inputs[arg];
    int64_t n = counts[arg];
    if (n < 0) break;  // lists the inputs determine, more than one: the rest cannot be lined up
    for (int64_t k = 0; k < n && i < input_types.size(); ++k, ++i) {
      DType want = RuntimeDType(ExpectedType(a, attrs, k));
      DType have = input_types[i];
      // A type attr the inputs determine: their type must be one TF allows for it, and
      // the same for every input of the attr.
      if (*a.type_attr && have != DType::kInvalid && !Find(attrs, a.type_attr))
        TFM_RETURN_IF_ERROR(BindInferredType(sig, a.type_attr, i, have, node, &bound));
      if (want == DType::kInvalid || have == DType::kInvalid || want == have) continue;
      return InvalidArgument("Input " + std::to_string(i) + " of node " + node + " was passed " +
                             TfTypeName(static_cast<int>(have)) + (input_name ? " from " + input_name(i) : "") +
                             " incompatible with expected " + TfTypeName(static_cast<int>(want)) + ".");
    }
  }
  return Status::Ok();
}

Status CheckKernelInputTypes(const OpSignature& sig, const std::string& node, const std::vector<Tensor>& inputs,
                             const AttrMap& attrs) {
  size_t i = 0;
  BoundTypes bound;
  const std::vector<int64_t> counts = ArgCounts(sig, attrs, inputs.size());
  for (size_t arg = 0; arg < sig.inputs.size(); ++arg) {
    const ArgSig& a = sig.inputs[arg];
    int64_t n = counts[arg];
    if (n < 0) break;
    for (int64_t k = 0; k < n && i < inputs.size(); ++k, ++i) {
      if (!inputs[i].valid()) continue;
      DType want = RuntimeDType(ExpectedType(a, attrs, k));
      DType have = inputs[i].dtype();
      // (a type the node was not validated with: a feed, a producer of unknown type)
      if (want == DType::kInvalid && *a.type_attr && !Find(attrs, a.type_attr)) {
        TFM_RETURN_IF_ERROR(BindInferredType(sig, a.type_attr, i, have, node, &bound));
        continue;
      }
      if (want == DType::kInvalid || want == have) continue;
      return InvalidArgument("Input " + std::to_string(i) + " of node " + node + " was passed " +
                             TfTypeName(static_cast<int>(have)) + " incompatible with expected " +
                             TfTypeName(static_cast<int>(want)) + ".");
    }
  }
  return Status::Ok();
}

}  // namespace tfm::rt
