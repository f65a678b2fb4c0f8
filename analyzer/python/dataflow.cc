#include "analyzer/python/dataflow.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <functional>

#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

constexpr int kMaxDepth = 12;

bool StartsWith(std::string_view s, std::string_view p) { return s.starts_with(p); }
bool EndsWith(std::string_view s, std::string_view suf) {
  return s.size() >= suf.size() && s.substr(s.size() - suf.size()) == suf;
}

// Top-level TF namespaces whose calls do not return tensors.
bool NonTensorModule(std::string_view p) {
  static const char* kMods[] = {"data.",         "train.",     "summary.",       "config.",      "io.gfile.",
                                "saved_model.",  "estimator.", "feature_column.", "distribute.", "test.",
                                "sysconfig.",    "errors.",    "dtypes.",        "autograph.",  "nest.",
                                "types.",        "version.",   "app.",           "flags.",      "logging.",
                                "initializers.", "lookup.",    "keras.",         "experimental.", "profiler.",
                                "tpu.",          "layers.",    "optimizers.",    "metrics.",    "losses.Reduction",
                                "compat.",       "contrib.",   "queue.",         "mixed_precision.", "tools.",
                                // TF1 file and resource helpers return Python values (bool, list, str)
                                "gfile.",        "python_io.", "resource_loader.", "nn.rnn_cell."};
  for (const char* m : kMods)
    if (StartsWith(p, m)) return true;
  return false;
}

// Plain TF functions/classes that do not produce a tensor.
bool NonTensorFunction(std::string_view p) {
  static const std::unordered_set<std::string_view> kNames = {
      "function", "Graph", "Session", "InteractiveSession", "TensorShape", "Dimension", "name_scope",
      "variable_scope", "device", "init_scope", "control_dependencies", "GradientTape", "Module", "executing_eagerly",
      "is_tensor", "get_default_graph", "reset_default_graph", "print", "global_variables_initializer",
      "local_variables_initializer", "variables_initializer", "initialize_all_variables", "tables_initializer",
      "get_collection", "get_collection_ref", "add_to_collection", "trainable_variables", "global_variables",
      "local_variables", "DType", "as_dtype", "TensorSpec", "RaggedTensorSpec", "SparseTensorSpec",
      "constant_initializer", "random_normal_initializer", "zeros_initializer", "ones_initializer",
      "glorot_uniform_initializer", "truncated_normal_initializer", "random_uniform_initializer", "make_template",
      "get_variable_scope", "group", "no_op", "set_random_seed", "random.set_seed", "random.get_seed",
      "random.Generator", "enable_eager_execution", "disable_eager_execution", "disable_v2_behavior",
      "enable_v2_behavior", "py_func", "numpy_function", "get_logger", "ConfigProto", "GPUOptions", "RunOptions",
      "RunMetadata", "OptimizerOptions", "GraphOptions", "Operation", "Tensor", "get_static_value",
      "register_tensor_conversion_function", "custom_gradient", "recompute_grad", "assert_equal",
      "debugging.assert_equal", "Assert", "summary.FileWriter", "map_fn"};
  if (kNames.count(p)) return true;
  auto last = p.substr(p.rfind('.') == std::string_view::npos ? 0 : p.rfind('.') + 1);
  // TensorFlow's internal modules name the same functions (`from tensorflow.python.ops
  // import variable_scope; variable_scope.variable_scope(...)`, as tf-slim writes them).
  if (StartsWith(p, "python.") && kNames.count(last)) return true;
  // A class other than the tensor-like ones makes an object, not a tensor
  // (tf.FixedLenFeature, tf.TensorArray, tf.image.ResizeMethod, ...).
  if (!last.empty() && std::isupper(static_cast<unsigned char>(last[0])) && last != "Variable" &&
      last != "SparseTensor" && last != "RaggedTensor" && last != "IndexedSlices")
    return true;
  return StartsWith(last, "is_") || StartsWith(last, "enable_") || StartsWith(last, "disable_") ||
         StartsWith(last, "assert_") || StartsWith(last, "set_");
}

// Methods of a tensor or variable that return a tensor.
bool TensorMethod(std::string_view m) {
  static const std::unordered_set<std::string_view> kM = {
      "assign", "assign_add", "assign_sub", "read_value", "value", "scatter_add", "scatter_sub", "scatter_update",
      "scatter_nd_update", "scatter_nd_add", "initialized_value", "__getitem__", "__add__", "__mul__", "sparse_read",
      "gather_nd", "batch_scatter_update"};
  return kM.count(m) > 0;
}

bool IsKerasPath(std::string_view p) { return StartsWith(p, "keras."); }

// Keras objects whose call returns a tensor: layers, models.
bool KerasCallable(std::string_view base) {
  return StartsWith(base, "keras.layers.") || StartsWith(base, "keras.Sequential") ||
         StartsWith(base, "keras.Model") || StartsWith(base, "keras.models.") || StartsWith(base, "layers.");
}

// Classifies the resolved TF path of a call result ("random.normal()",
// "Variable().assign_add()", "keras.layers.Dense()()").
bool TensorPath(std::string_view p) {
  if (!EndsWith(p, "()")) return false;
  std::string_view base = p.substr(0, p.size() - 2);
  if (EndsWith(base, "()")) {  // an object called: keras layer / model instances
    std::string_view obj = base.substr(0, base.size() - 2);
    return KerasCallable(obj) || obj == "function" || StartsWith(obj, "function(");
  }
  auto paren = base.rfind("().");
  if (paren != std::string_view::npos) {
    std::string_view inner(base.data(), paren + 2);
    std::string_view method = base.substr(paren + 3);
    if (method.find('.') != std::string_view::npos) return false;
    if (EndsWith(method, "minimize") || method == "apply_gradients") return true;  // an op
    return TensorPath(inner) && TensorMethod(method);
  }
  if (base.find('(') != std::string_view::npos) return false;
  if (base == "train.get_or_create_global_step" || base == "train.get_global_step" ||
      base == "train.create_global_step")
    return true;
  // Functional layers (tf.layers.dense, tf.keras.layers.concatenate) return tensors; classes do not.
  for (std::string_view mod : {"layers.", "keras.layers."}) {
    if (StartsWith(base, mod) && base.find('.', mod.size()) == std::string_view::npos)
      return std::islower(static_cast<unsigned char>(base[mod.size()])) != 0;
  }
  if (IsKerasPath(base)) return StartsWith(base, "keras.backend.") || StartsWith(base, "keras.activations.") ||
                                StartsWith(base, "keras.ops.");
  if (NonTensorModule(base) || NonTensorFunction(base)) return false;
  return true;
}

bool IsRandomPath(std::string_view p) {
  if (StartsWith(p, "random.")) return p != "random.set_seed" && p != "random.get_seed" && !StartsWith(p, "random.Generator") &&
                                        !StartsWith(p, "random.experimental");
  static const std::unordered_set<std::string_view> kOld = {
      "random_normal", "random_uniform", "truncated_normal", "random_shuffle", "multinomial", "random_gamma",
      "random_poisson", "random_crop", "nn.dropout", "image.random_flip_left_right", "image.random_crop",
      "image.random_brightness", "image.random_flip_up_down", "random_categorical"};
  return kOld.count(p) > 0;
}

bool IsVariablePath(std::string_view p) {
  return p == "Variable()" || p == "get_variable()" || p == "VariableV1()" || p == "Variable" ||
         p == "get_variable" || p == "VariableV1" || p == "get_local_variable()" ||
         p == "train.get_or_create_global_step()" || p == "train.get_global_step()" ||
         p == "train.create_global_step()";
}

bool IsFunctionBoundary(TSNode n) {
  return ts::Is(n, "function_definition") || ts::Is(n, "lambda") || ts::Is(n, "class_definition");
}

// Calls and attributes that give a Python list of variables.
bool VariableCollectionPath(std::string_view p) {
  return p == "trainable_variables()" || p == "global_variables()" || p == "local_variables()" ||
         p == "model_variables()" || p == "moving_average_variables()" || p == "all_variables()";
}

// Graph-collection keys whose members are Python objects, not tensors, variables or ops.
bool ObjectCollectionKey(std::string_view k) {
  for (std::string_view o : {"QUEUE_RUNNERS", "SAVERS", "COND_CONTEXT", "WHILE_CONTEXT", "SAVEABLE_OBJECTS",
                             "RESOURCES", "LOCAL_RESOURCES", "queue_runners", "savers"})
    if (k.find(o) != std::string_view::npos) return true;
  return false;
}

bool VariablesCollectionKey(std::string_view k) {
  std::string low(k);
  for (char& c : low) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return low.find("variables") != std::string::npos;
}

bool VariableCollectionAttr(std::string_view a) {
  return a == "trainable_variables" || a == "trainable_weights" || a == "variables" || a == "weights" ||
         a == "non_trainable_variables" || a == "non_trainable_weights";
}

}  // namespace

DataFlow::DataFlow(const SemanticModel& m) : m_(m) {
  const auto& scopes = m_.scopes();
  for (size_t i = 0; i < scopes.size(); ++i)
    if (scopes[i].kind == ScopeKind::kFunction || scopes[i].kind == ScopeKind::kLambda)
      def_scope_[scopes[i].node.id] = static_cast<int>(i);
  ComputePerStep();
  // Session run sites.
  for (TSNode call : m_.calls()) {
    TSNode fn = ts::Field(call, "function");
    if (!ts::Is(fn, "attribute") || m_.Text(ts::Field(fn, "attribute")) != "run") continue;
    TSNode recv = ts::Field(fn, "object");
    if (!IsSession(recv)) continue;
    RunSite s;
    s.call = call;
    s.fetches = m_.Arg(call, 0, "fetches");
    s.session = std::string(m_.Text(recv));
    s.graph = GraphKey(recv);
    run_sites_.push_back(std::move(s));
  }
}

namespace {

// `sess`, `session`, `train_sess`, `get_session`, `test_session`: the last component of a
// dotted name, as a session (or a session getter) is usually called.
bool SessionLikeName(std::string_view r) {
  auto dot = r.rfind('.');
  std::string_view last = dot == std::string_view::npos ? r : r.substr(dot + 1);
  return last == "sess" || last == "session" || EndsWith(last, "_sess") || EndsWith(last, "_session");
}

// Resolved TF paths of sessions: `Session()`, `train.MonitoredTrainingSession()`,
// `get_default_session()`, `keras.backend.get_session()`.
bool SessionPath(std::string_view p) {
  return p == "Session()" || p == "InteractiveSession()" || StartsWith(p, "train.MonitoredTrainingSession()") ||
         StartsWith(p, "train.MonitoredSession()") || StartsWith(p, "train.SingularMonitoredSession()") ||
         p == "get_default_session()" || p == "keras.backend.get_session()" || p == "test.TestCase().session()" ||
         p == "test.TestCase().cached_session()" || p == "test.TestCase().test_session()";
}

}  // namespace

int DataFlow::ClassNamed(TSNode ident) const {
  if (!ts::Is(ident, "identifier")) return -1;
  const Binding* b = m_.Lookup(m_.Text(ident), ts_node_start_byte(ident));
  if (!b || b->kind != BindingKind::kClass) return -1;
  const auto& scopes = m_.scopes();
  for (size_t i = 0; i < scopes.size(); ++i)
    if (scopes[i].kind == ScopeKind::kClass && ts::Same(scopes[i].node, b->value)) return static_cast<int>(i);
  return -1;
}

bool DataFlow::IsSessionSubclass(int cls, int depth) const {
  if (cls < 0 || depth > 4 || m_.scopes()[cls].kind != ScopeKind::kClass) return false;
  for (TSNode base : ts::NamedChildren(ts::Field(m_.scopes()[cls].node, "superclasses"))) {
    if (const TfName* tf = m_.ResolveTfName(base)) {
      if (tf->path == "Session" || tf->path == "InteractiveSession") return true;
      continue;
    }
    if (IsSessionSubclass(ClassNamed(base), depth + 1)) return true;
  }
  return false;
}

bool DataFlow::IsSessionImpl(TSNode e, int depth) const {
  if (ts_node_is_null(e) || depth > kMaxDepth) return false;
  auto it = session_cache_.find(e.id);
  if (it != session_cache_.end()) return it->second;
  session_cache_[e.id] = false;  // cycle guard
  bool out = IsSessionUncached(e, depth);
  session_cache_[e.id] = out;
  return out;
}

bool DataFlow::IsSessionUncached(TSNode e, int depth) const {
  if (ts::Is(e, "parenthesized_expression")) return IsSessionImpl(ts_node_named_child(e, 0), depth + 1);
  if (ts::Is(e, "conditional_expression")) {  // `tf.get_default_session() if s is None else s`
    auto kids = ts::NamedChildren(e);
    return kids.size() == 3 && (IsSessionImpl(kids[0], depth + 1) || IsSessionImpl(kids[2], depth + 1));
  }
  if (ts::Is(e, "boolean_operator") && m_.Text(ts::Field(e, "operator")) == "or")  // `s or get_session()`
    return IsSessionImpl(ts::Field(e, "left"), depth + 1) || IsSessionImpl(ts::Field(e, "right"), depth + 1);
  if (const TfName* tf = m_.ResolveTfName(e)) return SessionPath(tf->path);
  if (ts::Is(e, "call")) {
    TSNode fn = ts::Field(e, "function");
    if (!ts::Is(fn, "identifier") && !ts::Is(fn, "attribute")) return false;
    // a getter or a session class of another module: `get_session()`, `self.test_session()`,
    // `tfv1.Session()`, `InteractiveSession()`
    std::string_view f = m_.Text(fn);
    std::string last(f.substr(f.rfind('.') == std::string_view::npos ? 0 : f.rfind('.') + 1));
    for (char& c : last) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (SessionLikeName(last) || EndsWith(last, "interactivesession")) return true;
    // an instance of this file's subclass of tf.Session
    if (IsSessionSubclass(ClassNamed(fn))) return true;
    // a helper of this file returning a session
    TSNode def = CalleeDef(e);
    if (!ts_node_is_null(def)) {
      for (TSNode r : NodesOfType("return_statement")) {
        if (!ts::Contains(def, r) || m_.FunctionScopeAt(ts_node_start_byte(r)) != ScopeOfDef(def)) continue;
        if (IsSessionImpl(ts_node_named_child(r, 0), depth + 1)) return true;
      }
    }
    return false;
  }
  if (ts::Is(e, "identifier") || ts::Is(e, "attribute")) {
    std::vector<TSNode> vals = AssignedValues(e);
    for (TSNode v : vals)
      if (IsSessionImpl(v, depth + 1)) return true;
    if (m_.ResolveName(e)) return false;  // bound to something known that is not a session
    if (!vals.empty()) {
      // `sess = None` then `sess = ...` elsewhere: only a name-like hint remains
      for (TSNode v : vals)
        if (!ts::Is(v, "none")) return false;
    }
    return SessionLikeName(m_.Text(e));
  }
  return false;
}

std::string DataFlow::GraphKey(TSNode recv) const {
  // A name bound to a binding (the graph object) -> a key unique to that binding.
  auto key_of = [&](TSNode g) -> std::string {
    std::string prefix = "graph:";
    while (ts::Is(g, "call") || ts::Is(g, "attribute"))
      g = ts::Is(g, "call") ? ts::Field(g, "function") : ts::Field(g, "object");
    if (!ts::Is(g, "identifier")) return prefix + std::string(m_.Text(g));
    const Binding* b = m_.Lookup(m_.Text(g), ts_node_start_byte(g));
    return b ? fmt::format("{}{}@{}", prefix, b->name, b->byte) : prefix + std::string(m_.Text(g));
  };
  const std::string fallback = fmt::format("session:{}", m_.Text(recv));
  if (!ts::Is(recv, "identifier")) return fallback;
  const Binding* b = m_.Lookup(m_.Text(recv), ts_node_start_byte(recv));
  if (!b || (b->kind != BindingKind::kWith && b->kind != BindingKind::kAssign) || !ts::Is(b->value, "call"))
    return fallback;
  TSNode session_call = b->value;
  TSNode graph = m_.Arg(session_call, 1, "graph");
  if (!ts_node_is_null(graph)) return key_of(graph);
  // tf.Session() inside `with g.as_default():`
  for (TSNode p = ts::Parent(session_call); !ts_node_is_null(p); p = ts::Parent(p)) {
    if (ts::Is(p, "function_definition")) break;
    if (!ts::Is(p, "with_statement")) continue;
    for (TSNode c : CallsStartingIn(ts_node_start_byte(p), ts_node_start_byte(ts::Field(p, "body")))) {
      TSNode fn = ts::Field(c, "function");
      if (ts::Is(fn, "attribute") && m_.Text(ts::Field(fn, "attribute")) == "as_default")
        return key_of(ts::Field(fn, "object"));
    }
  }
  return fallback;
}

const DataFlow& DataFlow::Of(const SemanticModel& m) {
  auto& slot = m.derived_slot();
  if (!slot) slot = std::make_shared<const DataFlow>(m);
  return *static_cast<const DataFlow*>(slot.get());
}

// ---------------------------------------------------------------------------
// Values

std::optional<TfName> DataFlow::CalleeTf(TSNode call) const {
  const TfName* tf = CalleeTfName(call);
  if (!tf) return std::nullopt;
  return *tf;
}

const TfName* DataFlow::CalleeTfName(TSNode call) const {
  if (!ts::Is(call, "call")) return nullptr;
  return m_.ResolveTfName(ts::Field(call, "function"));
}

std::vector<TSNode> DataFlow::ReturnedValues(TSNode def) const {
  std::vector<TSNode> out;
  if (ts_node_is_null(def)) return out;
  const int scope = ScopeOfDef(def);
  for (TSNode r : NodesOfType("return_statement"))
    if (ts::Contains(def, r) && m_.FunctionScopeAt(ts_node_start_byte(r)) == scope && ts_node_named_child_count(r))
      out.push_back(ts_node_named_child(r, 0));
  return out;
}

std::vector<TSNode> DataFlow::AppendedValues(TSNode ident) const {
  std::vector<TSNode> out;
  if (!ts::Is(ident, "identifier")) return out;
  const Binding* b = m_.Lookup(m_.Text(ident), ts_node_start_byte(ident));
  if (!b || !ts::Is(b->value, "list")) return out;
  for (TSNode c : m_.AttributesNamed("append")) {
    TSNode obj = ts::Field(c, "object");
    TSNode call = Parent(c);
    if (!ts::Is(obj, "identifier") || m_.Text(obj) != b->name || !ts::Is(call, "call")) continue;
    if (m_.Lookup(b->name, ts_node_start_byte(obj)) != b) continue;
    for (TSNode a : m_.PositionalArgs(call)) out.push_back(a);
  }
  return out;
}

std::vector<TSNode> DataFlow::AssignedValues(TSNode expr) const {
  std::vector<TSNode> out;
  if (ts::Is(expr, "identifier")) {
    const Binding* b = m_.Lookup(m_.Text(expr), ts_node_start_byte(expr));
    // `var = [v for v in var if ...]`: inside its own value a name still means the binding before
    if (b && !ts_node_is_null(b->value) && ts::Contains(b->value, expr) && b->byte > 0) {
      const Binding* prev = m_.Lookup(m_.Text(expr), b->byte - 1);
      if (prev && prev != b && prev->scope == b->scope) b = prev;
    }
    if (b && (b->kind == BindingKind::kAssign || b->kind == BindingKind::kWith) && !ts_node_is_null(b->value) &&
        !ts::Contains(b->value, expr))
      out.push_back(b->value);
  } else if (ts::Is(expr, "attribute")) {
    TSNode obj = ts::Field(expr, "object");
    if (ts::Is(obj, "identifier") && m_.Text(obj) == "self") {
      int cls = m_.ClassOf(m_.FunctionScopeAt(ts_node_start_byte(expr)));
      if (cls >= 0) {
        for (TSNode v : m_.SelfAttributeValues(cls, m_.Text(ts::Field(expr, "attribute"))))
          if (!ts::Contains(v, expr)) out.push_back(v);
      }
    }
  }
  return out;
}

bool DataFlow::IsTensor(TSNode expr) const { return IsTensorImpl(expr, 0); }

bool DataFlow::IsTensorImpl(TSNode expr, int depth) const {
  if (ts_node_is_null(expr) || depth > kMaxDepth) return false;
  auto it = tensor_cache_.find(expr.id);
  if (it != tensor_cache_.end()) return it->second;
  tensor_cache_[expr.id] = false;  // cycle guard
  bool out = false;
  std::string_view type = ts::Type(expr);
  if (type == "parenthesized_expression") {
    out = IsTensorImpl(ts_node_named_child(expr, 0), depth + 1);
  } else if (type == "call") {
    TSNode fn = ts::Field(expr, "function");
    if (auto q = m_.ResolveName(expr)) {
      auto tf = SplitTfName(*q);
      out = tf && TensorPath(tf->path);
    } else if (ts::Is(fn, "attribute")) {
      std::string_view method = m_.Text(ts::Field(fn, "attribute"));
      TSNode recv = ts::Field(fn, "object");
      if (TensorMethod(method) && IsTensorImpl(recv, depth + 1)) out = true;
      if (method == "add_weight" || method == "add_variable") out = true;
      if (!out && ts::Is(recv, "identifier") && m_.Text(recv) == "self") {
        // self.layer(x) where self.layer is a Keras layer: resolved above when assigned once.
        for (TSNode v : AssignedValues(fn)) {
          auto q2 = m_.ResolveName(v);
          auto tf2 = q2 ? SplitTfName(*q2) : std::nullopt;
          if (tf2 && KerasCallable(tf2->path)) out = true;
        }
      }
    } else if (ts::Is(fn, "identifier")) {
      // model(x) where model = tf.keras.Sequential(...) is resolved above; a
      // tf.function defined here returns tensors.
      TSNode def = CalleeDef(expr);
      int s = ScopeOfDef(def);
      if (s >= 0 && IsTraced(s)) out = true;
    }
  } else if (type == "identifier") {
    if (auto q = m_.ResolveName(expr)) {
      auto tf = SplitTfName(*q);
      out = tf && TensorPath(tf->path);
    } else {
      const Binding* b = m_.Lookup(m_.Text(expr), ts_node_start_byte(expr));
      if (b && b->kind == BindingKind::kParameter) {
        int s = b->scope;
        const Scope& sc = m_.scopes()[s];
        std::string_view name = b->name;
        bool keras_call = sc.name == "call" && m_.ClassOf(s) >= 0;
        auto lit = literal_params_.find(s);
        bool given_literal = lit != literal_params_.end() && lit->second.count(std::string(name));
        if ((sc.traced || keras_call) && !given_literal && name != "self" && name != "cls" && name != "training" &&
            name != "mask") {
          // parameters with a Python literal default are Python values
          TSNode p = Parent(b->target);
          bool literal_default = ts::Is(p, "default_parameter") || ts::Is(p, "typed_default_parameter");
          out = !literal_default;
        }
      } else {
        for (TSNode v : AssignedValues(expr))
          if (IsTensorImpl(v, depth + 1)) out = true;
        if (!out) out = IsVariableImpl(expr, depth + 1);  // a loop over variables
        if (!out) {
          // a loop over a list or tuple of tensors: `for t in [a, b]`, `[... for t in tensors]`
          TSNode it = LoopIterable(expr);
          std::vector<TSNode> seqs;
          if (ts::Is(it, "list") || ts::Is(it, "tuple")) seqs.push_back(it);
          else if (ts::Is(it, "identifier"))
            for (TSNode v : AssignedValues(it))
              if (ts::Is(v, "list") || ts::Is(v, "tuple")) seqs.push_back(v);
          for (TSNode seq : seqs) {
            auto kids = ts::NamedChildren(seq);
            bool all = !kids.empty();
            for (TSNode k : kids) all = all && IsTensorImpl(k, depth + 1);
            out = out || all;
          }
        }
        // a loop over a graph collection (`for v in g.get_collection(key)`)
        if (!out) out = IsTensorCollection(LoopIterable(expr), depth + 1);
      }
    }
    // `isinstance(x, tf.Tensor)` holds where x is read
    if (!out) out = !NarrowedClass(expr).empty();
  } else if (type == "attribute") {
    std::string_view attr = m_.Text(ts::Field(expr, "attribute"));
    TSNode obj = ts::Field(expr, "object");
    if (attr == "op" && IsTensorImpl(obj, depth + 1)) {
      out = true;
    } else if (ts::Is(obj, "identifier") && m_.Text(obj) == "self") {
      for (TSNode v : AssignedValues(expr))
        if (IsTensorImpl(v, depth + 1)) out = true;
    } else if (auto q = m_.ResolveName(expr)) {
      auto tf = SplitTfName(*q);
      out = tf && TensorPath(tf->path);
    }
  } else if (type == "binary_operator") {
    out = IsTensorImpl(ts::Field(expr, "left"), depth + 1) || IsTensorImpl(ts::Field(expr, "right"), depth + 1);
  } else if (type == "unary_operator") {
    out = IsTensorImpl(ts::Field(expr, "argument"), depth + 1);
  } else if (type == "conditional_expression") {
    auto kids = ts::NamedChildren(expr);  // body, condition, alternative
    out = kids.size() == 3 && (IsTensorImpl(kids[0], depth + 1) || IsTensorImpl(kids[2], depth + 1));
  } else if (type == "subscript") {
    TSNode v = ts::Field(expr, "value");
    out = !IsShapeImpl(v, depth + 1) && IsTensorImpl(v, depth + 1);
    // an element of a list of tensors: `tensors[0]`
    if (!out && !ts::Is(ts::Field(expr, "subscript"), "slice")) out = IsTensorCollection(v, depth + 1);
  }
  tensor_cache_[expr.id] = out;
  return out;
}

bool DataFlow::IsVariableCreation(TSNode call) const {
  if (!ts::Is(call, "call")) return false;
  const TfName* tf = CalleeTfName(call);
  if (tf) return IsVariablePath(tf->path);
  TSNode fn = ts::Field(call, "function");
  if (ts::Is(fn, "attribute")) {
    std::string_view method = m_.Text(ts::Field(fn, "attribute"));
    return (method == "add_weight" || method == "add_variable") && m_.Text(ts::Field(fn, "object")) == "self";
  }
  return false;
}

bool DataFlow::IsVariable(TSNode expr) const { return IsVariableImpl(expr, 0); }

bool DataFlow::IsVariableImpl(TSNode expr, int depth) const {
  if (ts_node_is_null(expr) || depth > kMaxDepth) return false;
  auto it = var_cache_.find(expr.id);
  if (it != var_cache_.end()) return it->second;
  var_cache_[expr.id] = false;
  bool out = false;
  auto type = ts::Type(expr);
  if (type == "call") {
    out = IsVariableCreation(expr);
  } else if (type == "identifier" || type == "attribute") {
    for (TSNode v : AssignedValues(expr))
      if (IsVariableImpl(v, depth + 1)) out = true;
    if (!out && type == "identifier") out = IsVariableCollection(LoopIterable(expr), depth + 1);
    if (!out && type == "identifier") {
      std::string c = NarrowedClass(expr);
      out = c == "Variable" || c == "RefVariable" || c == "ResourceVariable" || c == "VariableV1";
    }
    if (!out) {
      if (auto q = m_.ResolveName(expr)) {
        auto tf = SplitTfName(*q);
        out = tf && IsVariablePath(tf->path);
      }
    }
  } else if (type == "parenthesized_expression") {
    out = IsVariableImpl(ts_node_named_child(expr, 0), depth + 1);
  } else if (type == "conditional_expression") {
    auto kids = ts::NamedChildren(expr);
    out = kids.size() == 3 && (IsVariableImpl(kids[0], depth + 1) || IsVariableImpl(kids[2], depth + 1));
  }
  var_cache_[expr.id] = out;
  return out;
}

bool DataFlow::IsRandomCall(TSNode call) const {
  const TfName* tf = CalleeTfName(call);
  return tf && IsRandomPath(tf->path);
}

bool DataFlow::DerivesFromStateOrRandom(TSNode expr) const {
  if (ts_node_is_null(expr) || ts::Is(expr, "lambda")) return false;
  if (IsVariable(expr)) return false;  // the variable itself, not a value derived from it
  if (!IsTensor(expr)) return false;
  bool found = false;
  // Ancestors of the node being entered, so the walk needs no parent lookups.
  std::vector<TSNode> ancestors;
  auto enter = [&](TSNode n) -> bool {
    if (found) return false;
    auto t = ts::Type(n);
    if (t == "lambda") return false;
    if (t == "call") {
      if (IsRandomCall(n)) found = true;
      if (IsVariableCreation(n)) return false;  // tf.Variable(tf.random.normal(...)) is a variable
      return !found;
    }
    if (t == "identifier" || t == "attribute") {
      TSNode parent = ancestors.empty() ? Parent(n) : ancestors.back();
      if (ts::Is(parent, "call") && ts::Same(ts::Field(parent, "function"), n)) return true;
      if (IsVariable(n)) found = true;
      return !found && t == "attribute";
    }
    return true;
  };
  ts::Walk<false>(
      expr,
      [&](TSNode n, const char*) {
        if (!enter(n)) return false;
        ancestors.push_back(n);
        return true;
      },
      [&](TSNode) { ancestors.pop_back(); });
  return found;
}

bool DataFlow::IsDatasetCreation(TSNode call) const {
  if (!ts::Is(call, "call")) return false;
  TSNode fn = ts::Field(call, "function");
  if (const TfName* tf = CalleeTfName(call)) {
    const std::string& p = tf->path;
    if (StartsWith(p, "data.") && p.find("()") == std::string::npos) return true;
    if (StartsWith(p, "lookup.") && p.find("Table") != std::string::npos && p.find("()") == std::string::npos)
      return true;
    if (p.find("().make_one_shot_iterator") != std::string::npos ||
        p.find("().make_initializable_iterator") != std::string::npos)
      return true;
    return false;
  }
  if (ts::Is(fn, "attribute")) {
    std::string_view method = m_.Text(ts::Field(fn, "attribute"));
    if (method == "make_one_shot_iterator" || method == "make_initializable_iterator") return true;
  }
  return false;
}

bool DataFlow::IsShape(TSNode expr) const { return IsShapeImpl(expr, 0); }

bool DataFlow::IsShapeImpl(TSNode expr, int depth) const {
  if (ts_node_is_null(expr) || depth > kMaxDepth) return false;
  auto type = ts::Type(expr);
  if (type == "attribute") {
    std::string_view attr = m_.Text(ts::Field(expr, "attribute"));
    if (attr == "shape") {
      TSNode obj = ts::Field(expr, "object");
      auto q = m_.ResolveName(obj);
      auto tf = q ? SplitTfName(*q) : std::nullopt;
      return !(tf && tf->path.find('(') == std::string::npos);  // not a module attribute
    }
    if (ts::Is(ts::Field(expr, "object"), "identifier") && m_.Text(ts::Field(expr, "object")) == "self") {
      for (TSNode v : AssignedValues(expr))
        if (IsShapeImpl(v, depth + 1)) return true;
    }
    return false;
  }
  if (type == "subscript") {
    // shape[1:] is a shape too
    return ts::Is(ts::Field(expr, "subscript"), "slice") && IsShapeImpl(ts::Field(expr, "value"), depth + 1);
  }
  if (type == "call") {
    TSNode fn = ts::Field(expr, "function");
    if (ts::Is(fn, "attribute")) {
      std::string_view method = m_.Text(ts::Field(fn, "attribute"));
      if (method == "get_shape") return true;
      if ((method == "merge_with" || method == "concatenate" || method == "with_rank") &&
          IsShapeImpl(ts::Field(fn, "object"), depth + 1))
        return true;
    }
    const TfName* tf = CalleeTfName(expr);
    return tf && (tf->path == "TensorShape" || tf->path == "shape.TensorShape");
  }
  if (type == "identifier") {
    for (TSNode v : AssignedValues(expr))
      if (IsShapeImpl(v, depth + 1)) return true;
    return false;
  }
  if (type == "parenthesized_expression") return IsShapeImpl(ts_node_named_child(expr, 0), depth + 1);
  return false;
}

bool DataFlow::IsShapeElement(TSNode expr) const { return IsShapeElementImpl(expr, 0); }

bool DataFlow::IsShapeElementImpl(TSNode expr, int depth) const {
  if (ts_node_is_null(expr) || depth > kMaxDepth) return false;
  auto type = ts::Type(expr);
  if (type == "subscript") {
    TSNode sub = ts::Field(expr, "subscript");
    if (ts::Is(sub, "slice")) return false;
    return IsShapeImpl(ts::Field(expr, "value"), depth + 1);
  }
  if (type == "parenthesized_expression") return IsShapeElementImpl(ts_node_named_child(expr, 0), depth + 1);
  if (type == "identifier") {
    const Binding* b = m_.Lookup(m_.Text(expr), ts_node_start_byte(expr));
    if (!b) return false;
    if (b->kind == BindingKind::kFor) {
      TSNode p = Parent(b->target);
      if (ts::Is(p, "for_statement") || ts::Is(p, "for_in_clause")) return IsShapeImpl(ts::Field(p, "right"), depth + 1);
      return false;
    }
    for (TSNode v : AssignedValues(expr))
      if (IsShapeElementImpl(v, depth + 1)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------
// Functions

int DataFlow::ScopeOfDef(TSNode def) const {
  if (ts_node_is_null(def)) return -1;
  auto it = def_scope_.find(def.id);
  return it == def_scope_.end() ? -1 : it->second;
}

bool DataFlow::IsTraced(int scope) const { return scope >= 0 && m_.scopes()[scope].traced; }

bool DataFlow::IsPerStep(int scope) const { return scope >= 0 && per_step_.count(scope) > 0; }

std::string DataFlow::PerStepReason(int scope) const {
  auto it = per_step_.find(scope);
  return it == per_step_.end() ? std::string() : it->second;
}

bool DataFlow::IsInitMethod(int scope) const {
  if (scope < 0 || m_.ClassOf(scope) < 0) return false;
  const std::string& n = m_.scopes()[scope].name;
  return n == "__init__" || n == "build";
}

TSNode DataFlow::MethodOf(int cls, std::string_view name) const {
  if (cls < 0) return TSNode{};
  const Scope& sc = m_.scopes()[cls];
  auto it = sc.bindings.find(std::string(name));
  if (it == sc.bindings.end()) return TSNode{};
  const Binding& b = m_.bindings()[it->second.back()];
  return b.kind == BindingKind::kFunction ? b.value : TSNode{};
}

int DataFlow::ClassOfInstance(TSNode expr) const {
  for (TSNode v : AssignedValues(expr)) {
    if (!ts::Is(v, "call")) continue;
    TSNode fn = ts::Field(v, "function");
    if (!ts::Is(fn, "identifier")) continue;
    const Binding* b = m_.Lookup(m_.Text(fn), ts_node_start_byte(fn));
    if (!b || b->kind != BindingKind::kClass) continue;
    const auto& scopes = m_.scopes();
    for (size_t i = 0; i < scopes.size(); ++i)
      if (scopes[i].kind == ScopeKind::kClass && ts::Same(scopes[i].node, b->value)) return static_cast<int>(i);
  }
  return -1;
}

TSNode DataFlow::CalleeDef(TSNode call) const {
  auto it = callee_cache_.find(call.id);
  if (it != callee_cache_.end()) return it->second;
  TSNode def = CalleeDefImpl(call);
  callee_cache_.emplace(call.id, def);
  return def;
}

TSNode DataFlow::CalleeDefImpl(TSNode call) const {
  TSNode fn = ts::Field(call, "function");
  if (ts::Is(fn, "attribute") && !ts::Is(ts::Field(fn, "object"), "identifier") &&
      !ts::Is(ts::Field(fn, "object"), "attribute"))
    return TSNode{};  // f(...).m(), "s".join(...): not a definition of this file
  if (const TfName* tf = m_.ResolveTfName(fn)) {
    if (tf->path.rfind("function(", 0) != 0) return TSNode{};  // a TensorFlow API, not g = tf.function(f)
  }
  TSNode def = m_.DefinitionOf(fn);
  if (!ts_node_is_null(def)) return def;
  if (ts::Is(fn, "identifier")) {
    // g = tf.function(f) / g = tf.function(self.m)
    for (TSNode v : AssignedValues(fn)) {
      if (!ts::Is(v, "call")) continue;
      const TfName* tf = CalleeTfName(v);
      if (tf && (tf->path == "function" || tf->path == "function()")) {
        TSNode target = m_.Arg(v, 0, "func");
        TSNode d = m_.DefinitionOf(target);
        if (!ts_node_is_null(d)) return d;
      }
    }
    int cls = ClassOfInstance(fn);
    if (cls >= 0) {
      TSNode d = MethodOf(cls, "__call__");
      return ts_node_is_null(d) ? MethodOf(cls, "call") : d;
    }
    return TSNode{};
  }
  if (ts::Is(fn, "attribute")) {
    TSNode obj = ts::Field(fn, "object");
    std::string_view method = m_.Text(ts::Field(fn, "attribute"));
    int cls = ClassOfInstance(obj);
    if (cls >= 0) return MethodOf(cls, method);
    // self.model(x) with self.model = Cls()
    cls = ClassOfInstance(fn);
    if (cls >= 0) {
      TSNode d = MethodOf(cls, "__call__");
      return ts_node_is_null(d) ? MethodOf(cls, "call") : d;
    }
  }
  return TSNode{};
}

bool DataFlow::InLoop(TSNode n) const { return !ts_node_is_null(EnclosingLoop(n)); }

TSNode DataFlow::EnclosingLoop(TSNode n) const {
  // The innermost function / lambda / class scope of a byte; a loop outside it does not count.
  auto owner = [&](uint32_t byte) {
    int s = m_.ScopeAt(byte);
    while (s > 0 && m_.scopes()[s].kind == ScopeKind::kComprehension) s = m_.scopes()[s].parent;
    return s;
  };
  if (!loops_indexed_) {
    loops_indexed_ = true;
    for (ts::NodeKind k : {ts::NodeKind("for_statement"), ts::NodeKind("while_statement")})
      for (TSNode loop : NodesOfType(k)) loop_owners_.emplace_back(loop, owner(ts_node_start_byte(loop)));
  }
  if (loop_owners_.empty()) return TSNode{};
  uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
  int own = -2;
  TSNode best{};
  for (auto& [loop, loop_owner] : loop_owners_) {
    if (b < ts_node_start_byte(loop) || e > ts_node_end_byte(loop)) continue;
    TSNode body = ts::Field(loop, "body");
    if (ts_node_is_null(body) || b < ts_node_start_byte(body) || e > ts_node_end_byte(body)) continue;
    if (own == -2) own = owner(b);
    if (loop_owner != own) continue;
    if (ts_node_is_null(best) || ts_node_start_byte(loop) > ts_node_start_byte(best)) best = loop;
  }
  return best;
}

bool DataFlow::InInitScope(TSNode n) const {
  for (TSNode p = Parent(n); !ts_node_is_null(p); p = Parent(p)) {
    if (ts::Is(p, "function_definition")) return false;
    if (!ts::Is(p, "with_statement")) continue;
    bool found = false;
    ts::Walk<false>(
        p,
        [&](TSNode c, const char*) {
          if (found || ts::Is(c, "block")) return false;
          if (ts::Is(c, "call")) {
            const TfName* tf = CalleeTfName(c);
            if (tf && tf->path == "init_scope") found = true;
          }
          return true;
        },
        [](TSNode) {});
    if (found) return true;
  }
  return false;
}

bool DataFlow::UnderNoneGuard(TSNode n) const {
  TSNode child = n;
  for (TSNode p = Parent(n); !ts_node_is_null(p); child = p, p = Parent(p)) {
    if (IsFunctionBoundary(p)) return false;
    if (!ts::Is(p, "if_statement")) continue;
    TSNode cons = ts::Field(p, "consequence");
    if (!(ts::Same(cons, child) || ts::Contains(cons, child))) continue;
    TSNode cond = ts::Field(p, "condition");
    std::string_view t = m_.Text(cond);
    if (ts::Is(cond, "comparison_operator") && t.find(" is None") != std::string_view::npos &&
        t.find("is not") == std::string_view::npos)
      return true;
    if (ts::Is(cond, "not_operator")) {
      TSNode arg = ts::Field(cond, "argument");
      // `if not self.v:`, `if not v:`, `if not cache[0]:` (a one-element holder)
      if (ts::Is(arg, "attribute") || ts::Is(arg, "identifier") || ts::Is(arg, "subscript")) return true;
      if (ts::Is(arg, "call") && m_.Text(ts::Field(arg, "function")) == "hasattr") return true;
    }
    if (ts::Is(cond, "boolean_operator") && t.find(" is None") != std::string_view::npos) return true;
  }
  return false;
}

std::span<const TSNode> DataFlow::CallsStartingIn(uint32_t lo, uint32_t hi) const {
  const auto& calls = NodesOfType("call");
  auto first = std::lower_bound(calls.begin(), calls.end(), lo,
                                [](TSNode c, uint32_t b) { return ts_node_start_byte(c) < b; });
  auto last = std::lower_bound(first, calls.end(), hi,
                               [](TSNode c, uint32_t b) { return ts_node_start_byte(c) < b; });
  return std::span<const TSNode>(&*calls.begin() + (first - calls.begin()), static_cast<size_t>(last - first));
}

bool DataFlow::FileHasGraphCode() const {
  if (m_.uses_sessions()) return true;
  for (const TfRef& r : m_.refs()) {
    if (ts_node_is_null(r.call)) continue;
    const std::string& p = r.tf.path;
    if (p == "disable_eager_execution" || p == "disable_v2_behavior" ||
        (p.rfind("Graph()", 0) == 0 && p.ends_with("as_default")))
      return true;
  }
  return false;
}

bool DataFlow::EagerDisabled() const {
  if (eager_disabled_ < 0) {
    eager_disabled_ = 0;
    for (const TfRef& r : m_.refs())
      if (!ts_node_is_null(r.call) && (r.tf.path == "disable_eager_execution" || r.tf.path == "disable_v2_behavior") &&
          m_.FunctionScopeAt(ts_node_start_byte(r.call)) < 0)
        eager_disabled_ = 1;
  }
  return eager_disabled_ == 1;
}

bool DataFlow::InGraphCode(TSNode n) const {
  if (m_.InTracedFunction(n)) return false;
  if (EagerDisabled()) return true;
  uint32_t b = ts_node_start_byte(n);
  for (TSNode w : NodesOfType("with_statement")) {
    TSNode body = ts::Field(w, "body");
    if (ts_node_is_null(body) || b < ts_node_start_byte(body) || b >= ts_node_end_byte(body)) continue;
    for (TSNode c : CallsStartingIn(ts_node_start_byte(w), ts_node_start_byte(body))) {
      const TfName* tf = CalleeTfName(c);
      if (!tf) continue;
      const std::string& p = tf->path;
      if (p == "Session" || p == "InteractiveSession" || (p.rfind("Graph()", 0) == 0 && p.ends_with("as_default")))
        return true;
    }
  }
  return false;
}

bool DataFlow::RunsOnlyAtTrace(TSNode n) const { return m_.InTracedFunction(n) && !InInitScope(n); }

const std::vector<TSNode>& DataFlow::NodesOfType(ts::NodeKind kind) const { return m_.NodesOfType(kind); }

int DataFlow::TracedScopeAt(uint32_t byte) const {
  for (int s = m_.ScopeAt(byte); s >= 0; s = m_.scopes()[s].parent)
    if (m_.scopes()[s].traced) return s;
  return -1;
}

bool DataFlow::IsLocalName(TSNode ident) const {
  if (!ts::Is(ident, "identifier")) return false;
  int fn = m_.FunctionScopeAt(ts_node_start_byte(ident));
  if (fn < 0) return false;
  const Binding* b = m_.Lookup(m_.Text(ident), ts_node_start_byte(ident));
  if (!b) return false;
  // comprehension scopes inside the function count as local
  for (int s = b->scope; s >= 0; s = m_.scopes()[s].parent) {
    if (s == fn) return true;
    if (m_.scopes()[s].kind == ScopeKind::kFunction || m_.scopes()[s].kind == ScopeKind::kLambda) return false;
  }
  return false;
}

Origin DataFlow::OriginAt(TSNode at) const {
  int fn = m_.FunctionScopeAt(ts_node_start_byte(at));
  if (fn < 0) return Origin::kModule;
  if (IsInitMethod(fn)) return Origin::kInit;
  if (IsPerStep(fn)) return Origin::kPerStep;
  return Origin::kOther;
}

TSNode DataFlow::LoopIterable(TSNode ident) const {
  const Binding* b = m_.Lookup(m_.Text(ident), ts_node_start_byte(ident));
  if (!b || b->kind != BindingKind::kFor) return TSNode{};
  TSNode p = Parent(b->target);
  if (!(ts::Is(p, "for_statement") || ts::Is(p, "for_in_clause"))) return TSNode{};
  if (!ts::Same(ts::Field(p, "left"), b->target)) return TSNode{};  // only `for v in ...`
  return ts::Field(p, "right");
}

namespace {

// `tf.get_collection(K)`, `g.get_collection_ref(K)` (any graph): the key expression, else null.
TSNode GraphCollectionKey(const SemanticModel& m, TSNode call) {
  if (!ts::Is(call, "call")) return TSNode{};
  TSNode fn = ts::Field(call, "function");
  std::string_view last;
  if (ts::Is(fn, "attribute")) last = m.Text(ts::Field(fn, "attribute"));
  else if (const TfName* tf = m.ResolveTfName(fn)) last = tf->path;
  if (last != "get_collection" && last != "get_collection_ref") return TSNode{};
  if (ts::Is(fn, "identifier") && !m.ResolveTfName(fn)) return TSNode{};  // a function of this project
  TSNode key = m.Arg(call, 0, "key");
  if (ts_node_is_null(key)) key = m.KeywordArg(call, "name");
  return key;
}

// What a collection key denotes, as text to classify: the resolved name of
// `tf.GraphKeys.X` (also through a name bound to it), a string literal's text, else "".
std::string CollectionKeyName(const SemanticModel& m, const DataFlow& df, TSNode key, int depth = 0) {
  if (ts_node_is_null(key) || depth > 4) return {};
  if (const std::string* q = m.ResolveName(key)) return *q;
  if (ts::Is(key, "string")) return std::string(m.Text(key));
  if (ts::Is(key, "binary_operator")) return CollectionKeyName(m, df, ts::Field(key, "left"), depth + 1);
  if (ts::Is(key, "identifier") || ts::Is(key, "attribute"))
    for (TSNode v : df.AssignedValues(key)) {
      std::string k = CollectionKeyName(m, df, v, depth + 1);
      if (!k.empty()) return k;
    }
  // `tfv1.GraphKeys.TRAINABLE_VARIABLES` through a module this file does not see: as written
  if (ts::Is(key, "attribute")) return std::string(m.Text(key));
  return {};
}

// list(xs), sorted(xs), tuple(xs) with the builtins: xs, else null.
TSNode BuiltinListArg(const SemanticModel& m, TSNode call) {
  if (!ts::Is(call, "call")) return TSNode{};
  TSNode fn = ts::Field(call, "function");
  std::string_view f = m.Text(fn);
  if (!ts::Is(fn, "identifier") || !(f == "list" || f == "sorted" || f == "tuple")) return TSNode{};
  if (m.Lookup(f, ts_node_start_byte(fn))) return TSNode{};
  return m.Arg(call, 0, "");
}

}  // namespace

bool DataFlow::IsTensorCollection(TSNode e, int depth) const {
  if (ts_node_is_null(e) || depth > kMaxDepth) return false;
  if (IsVariableCollection(e, depth + 1)) return true;
  if (ts::Is(e, "call")) {
    TSNode key = GraphCollectionKey(m_, e);
    if (!ts_node_is_null(key)) return !ObjectCollectionKey(CollectionKeyName(m_, *this, key));
    // TF functions returning Python lists of tensors
    if (const TfName* tf = m_.ResolveTfName(e)) {
      static const std::unordered_set<std::string_view> kLists = {
          "losses.get_regularization_losses()", "losses.get_losses()", "gradients()", "unstack()", "split()",
          "unstack()", "meshgrid()", "dynamic_partition()", "trainable_variables()", "global_variables()"};
      if (kLists.count(tf->path)) return true;
    }
    TSNode inner = BuiltinListArg(m_, e);
    return !ts_node_is_null(inner) && IsTensorCollection(inner, depth + 1);
  }
  if (ts::Is(e, "list") || ts::Is(e, "tuple")) {
    auto kids = ts::NamedChildren(e);
    if (kids.empty()) return false;
    for (TSNode c : kids)
      if (!IsTensorImpl(c, depth + 1)) return false;
    return true;
  }
  if (ts::Is(e, "parenthesized_expression")) return IsTensorCollection(ts_node_named_child(e, 0), depth + 1);
  if (ts::Is(e, "list_comprehension"))  // `[v for v in tensors if ...]`
    return IsTensorImpl(ts::Field(e, "body"), depth + 1);
  if (ts::Is(e, "identifier") || ts::Is(e, "attribute"))
    for (TSNode v : AssignedValues(e))
      if (IsTensorCollection(v, depth + 1)) return true;
  return false;
}

std::string DataFlow::IsinstanceClass(TSNode call, std::string_view name) const {
  if (!ts::Is(call, "call")) return {};
  TSNode fn = ts::Field(call, "function");
  if (!ts::Is(fn, "identifier") || m_.Text(fn) != "isinstance" || m_.Lookup("isinstance", ts_node_start_byte(fn)))
    return {};
  const auto& args = m_.PositionalArgs(call);
  if (args.size() != 2 || !ts::Is(args[0], "identifier") || m_.Text(args[0]) != name) return {};
  std::vector<TSNode> classes;
  if (ts::Is(args[1], "tuple")) classes = ts::NamedChildren(args[1]);
  else classes.push_back(args[1]);
  // Of several classes the most general: a variable only if every TF class named is one.
  std::string found;
  for (TSNode c : classes) {
    const TfName* tf = m_.ResolveTfName(c);
    if (!tf) continue;
    std::string_view p = tf->path;
    std::string_view last = p.substr(p.rfind('.') == std::string_view::npos ? 0 : p.rfind('.') + 1);
    static const std::unordered_set<std::string_view> kClasses = {
        "Tensor", "Variable", "Operation", "SparseTensor", "IndexedSlices", "RaggedTensor", "RefVariable",
        "ResourceVariable", "VariableV1"};
    if (!kClasses.count(last)) continue;
    bool variable = last == "Variable" || last == "RefVariable" || last == "ResourceVariable" || last == "VariableV1";
    if (found.empty() || !variable) found = std::string(last);
  }
  return found;
}

std::string DataFlow::NarrowedClass(TSNode ident) const {
  if (!ts::Is(ident, "identifier")) return {};
  std::string_view name = m_.Text(ident);
  // isinstance tests among the conjuncts of a condition
  std::function<std::string(TSNode)> conj = [&](TSNode c) -> std::string {
    if (ts::Is(c, "parenthesized_expression")) return conj(ts_node_named_child(c, 0));
    if (ts::Is(c, "boolean_operator") && m_.Text(ts::Field(c, "operator")) == "and") {
      std::string l = conj(ts::Field(c, "left"));
      return l.empty() ? conj(ts::Field(c, "right")) : l;
    }
    return IsinstanceClass(c, name);
  };
  TSNode child = ident;
  for (TSNode p = Parent(ident); !ts_node_is_null(p); child = p, p = Parent(p)) {
    if (IsFunctionBoundary(p)) break;
    auto t = ts::KindOf(p);
    if (t == "if_statement" || t == "elif_clause") {
      TSNode cons = ts::Field(p, "consequence");
      if (ts::Same(cons, child) || ts::Contains(cons, child)) {
        std::string c = conj(ts::Field(p, "condition"));
        if (!c.empty()) return c;
      }
    } else if (t == "boolean_operator" && m_.Text(ts::Field(p, "operator")) == "and" &&
               ts::Same(ts::Field(p, "right"), child)) {
      std::string c = conj(ts::Field(p, "left"));
      if (!c.empty()) return c;
    } else if (t == "conditional_expression") {
      auto kids = ts::NamedChildren(p);
      if (kids.size() == 3 && ts::Same(kids[0], child)) {
        std::string c = conj(kids[1]);
        if (!c.empty()) return c;
      }
    }
  }
  // `assert isinstance(x, tf.Variable)` earlier in the same function, on the same binding.
  uint32_t at = ts_node_start_byte(ident);
  int fn = m_.FunctionScopeAt(at);
  const Binding* b = m_.Lookup(name, at);
  for (TSNode a : NodesOfType("assert_statement")) {
    if (ts_node_start_byte(a) >= at) break;
    if (m_.FunctionScopeAt(ts_node_start_byte(a)) != fn || m_.Lookup(name, ts_node_start_byte(a)) != b) continue;
    std::string c = conj(ts_node_named_child(a, 0));
    if (!c.empty()) return c;
  }
  return {};
}

bool DataFlow::IsVariableCollection(TSNode e, int depth) const {
  if (ts_node_is_null(e) || depth > kMaxDepth) return false;
  if (ts::Is(e, "attribute") && VariableCollectionAttr(m_.Text(ts::Field(e, "attribute")))) return true;
  if (ts::Is(e, "call")) {
    const TfName* tf = m_.ResolveTfName(e);
    if (tf && VariableCollectionPath(tf->path)) return true;
    TSNode key = GraphCollectionKey(m_, e);
    if (!ts_node_is_null(key)) return VariablesCollectionKey(CollectionKeyName(m_, *this, key));
    TSNode inner = BuiltinListArg(m_, e);
    if (!ts_node_is_null(inner)) return IsVariableCollection(inner, depth + 1);
  }
  if (ts::Is(e, "list_comprehension"))  // `[v for v in variables if ...]`
    return IsVariableImpl(ts::Field(e, "body"), depth + 1);
  if (ts::Is(e, "list") || ts::Is(e, "tuple")) {
    auto kids = ts::NamedChildren(e);
    if (kids.empty()) return false;
    for (TSNode c : kids)
      if (!IsVariableImpl(c, depth + 1)) return false;
    return true;
  }
  if (ts::Is(e, "identifier"))
    for (TSNode v : AssignedValues(e))
      if (IsVariableCollection(v, depth + 1)) return true;
  return false;
}

void DataFlow::ComputePerStep() {
  const auto& scopes = m_.scopes();
  std::vector<int> work;
  auto mark = [&](int s, std::string reason) {
    if (s < 0 || per_step_.count(s)) return;
    per_step_.emplace(s, std::move(reason));
    work.push_back(s);
  };
  for (size_t i = 0; i < scopes.size(); ++i) {
    const Scope& sc = scopes[i];
    if (sc.kind != ScopeKind::kFunction) continue;
    if (sc.traced) {
      mark(static_cast<int>(i), "a tf.function");
      continue;
    }
    std::string_view n = sc.name;
    if (n == "train_step" || n == "step" || EndsWith(n, "_step") || n == "train_on_batch" || n == "test_step") {
      mark(static_cast<int>(i), fmt::format("`{}` runs once per training step", n));
    } else if (n == "call" && m_.ClassOf(static_cast<int>(i)) >= 0) {
      mark(static_cast<int>(i), "a Keras `call`, run on every batch");
    }
  }
  // Calls from loops, then calls from per-step functions.
  std::unordered_map<int, std::vector<std::pair<TSNode, TSNode>>> calls_in;  // scope -> (call, def)
  for (TSNode call : m_.calls()) {
    TSNode def = CalleeDef(call);
    int callee = ScopeOfDef(def);
    if (callee < 0) continue;
    if (InLoop(call)) {
      uint32_t line = m_.source().LineOf(ts_node_start_byte(call)) + 1;
      mark(callee, fmt::format("called in a loop at line {}", line));
    }
    int caller = m_.FunctionScopeAt(ts_node_start_byte(call));
    if (caller >= 0) calls_in[caller].emplace_back(call, def);
    // Parameters given Python literals at this call site are Python values.
    std::vector<std::string> params;
    for (TSNode p : ts::NamedChildren(ts::Field(def, "parameters"))) {
      TSNode id = ts::Is(p, "identifier") ? p : ts::Field(p, "name");
      if (ts_node_is_null(id) && !ts::NamedChildren(p).empty()) id = ts::NamedChildren(p).front();
      params.emplace_back(ts::Is(id, "identifier") ? m_.Text(id) : std::string_view());
    }
    size_t skip = (!params.empty() && (params[0] == "self" || params[0] == "cls")) ? 1 : 0;
    size_t pos = 0;
    for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments"))) {
      auto t = ts::Type(a);
      if (t == "comment" || t == "list_splat" || t == "dictionary_splat") continue;
      std::string name;
      TSNode v = a;
      if (t == "keyword_argument") {
        name = std::string(m_.Text(ts::Field(a, "name")));
        v = ts::Field(a, "value");
      } else {
        if (skip + pos < params.size()) name = params[skip + pos];
        ++pos;
      }
      auto vt = ts::Type(v);
      if (!name.empty() && (vt == "string" || vt == "integer" || vt == "float" || vt == "true" || vt == "false" ||
                            vt == "none" || vt == "concatenated_string"))
        literal_params_[callee].insert(name);
    }
  }
  while (!work.empty()) {
    int s = work.back();
    work.pop_back();
    // Calls in s and in lambdas / nested defs inside it.
    std::vector<int> sub{s};
    while (!sub.empty()) {
      int c = sub.back();
      sub.pop_back();
      for (int ch : scopes[c].children) sub.push_back(ch);
      auto it = calls_in.find(c);
      if (it == calls_in.end()) continue;
      for (auto& [call, def] : it->second) {
        uint32_t line = m_.source().LineOf(ts_node_start_byte(call)) + 1;
        mark(ScopeOfDef(def), fmt::format("called from per-step code at line {}", line));
      }
    }
  }
}

}  // namespace tfm
