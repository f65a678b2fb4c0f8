// The op table: every op the bundled runtime knows, its statefulness and its shape
// function. Generic shape functions cover op families (unary, broadcasting binary,
// reductions); structural ops whose output shape depends only on input shapes and on
// constant inputs are inferred by evaluating their kernel on placeholder data.
#include <algorithm>
#include <limits>
#include <new>
#include <stdexcept>
#include <set>

#include "runtime/kernels/kernel.h"
#include "runtime/ops/op_def.h"

namespace tfm::rt {

int64_t GetIntAttr(const AttrMap& a, const std::string& k, int64_t def) {
  auto it = a.find(k);
  if (it == a.end()) return def;
  if (auto* v = std::get_if<int64_t>(&it->second)) return *v;
  if (auto* b = std::get_if<bool>(&it->second)) return *b;
  return def;
}
bool GetBoolAttr(const AttrMap& a, const std::string& k, bool def) {
  auto it = a.find(k);
  if (it == a.end()) return def;
  if (auto* v = std::get_if<bool>(&it->second)) return *v;
  if (auto* i = std::get_if<int64_t>(&it->second)) return *i != 0;
  return def;
}
double GetFloatAttr(const AttrMap& a, const std::string& k, double def) {
  auto it = a.find(k);
  if (it == a.end()) return def;
  if (auto* v = std::get_if<double>(&it->second)) return *v;
  if (auto* i = std::get_if<int64_t>(&it->second)) return static_cast<double>(*i);
  return def;
}
DType GetTypeAttr(const AttrMap& a, const std::string& k, DType def) {
  auto it = a.find(k);
  if (it == a.end()) return def;
  if (auto* v = std::get_if<DType>(&it->second)) return *v;
  return def;
}
std::string GetStringAttr(const AttrMap& a, const std::string& k, const std::string& def) {
  auto it = a.find(k);
  if (it == a.end()) return def;
  if (auto* v = std::get_if<std::string>(&it->second)) return *v;
  return def;
}
std::vector<int64_t> GetIntsAttr(const AttrMap& a, const std::string& k) {
  auto it = a.find(k);
  if (it == a.end()) return {};
  if (auto* v = std::get_if<std::vector<int64_t>>(&it->second)) return *v;
  return {};
}

Status BroadcastShapes(const Shape& a, const Shape& b, Shape* out) {
  size_t r = std::max(a.size(), b.size());
  Shape s(r);
  for (size_t i = 0; i < r; ++i) {
    int64_t da = i < r - a.size() ? 1 : a[i - (r - a.size())];
    int64_t db = i < r - b.size() ? 1 : b[i - (r - b.size())];
    if (da == db || db == 1) s[i] = da;
    else if (da == 1) s[i] = db;
    else if (da < 0 || db < 0) s[i] = da < 0 ? db : da;
    else return InvalidArgument("Incompatible shapes: " + ShapeString(a) + " vs. " + ShapeString(b));
  }
  *out = s;
  return Status::Ok();
}

namespace {

TensorSpec Known(DType dt, Shape s) { return {dt, std::move(s), false}; }
TensorSpec UnknownRank(DType dt) { return {dt, {}, true}; }

std::string InputShapesString(const ShapeContext& c) {
  std::string r;
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    if (i) r += ", ";
    r += c.inputs[i].unknown_rank ? "?" : ShapeString(c.inputs[i].shape);
  }
  return r;
}

Status UnaryShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  *o = {c.inputs[0]};
  return Status::Ok();
}

Status BinaryShapeImpl(const ShapeContext& c, std::vector<TensorSpec>* o, DType out) {
  const TensorSpec& a = c.inputs[0];
  const TensorSpec& b = c.inputs[1];
  if (a.unknown_rank || b.unknown_rank) {
    *o = {UnknownRank(out)};
    return Status::Ok();
  }
  Shape s;
  if (!BroadcastShapes(a.shape, b.shape, &s).ok()) {
    // TF: "Dimensions must be equal, but are 2 and 3 for '{{node add}} = AddV2[T=DT_INT32](x, y)' ..."
    size_t r = std::max(a.shape.size(), b.shape.size());
    int64_t da = 0, db = 0;
    for (size_t i = 0; i < r; ++i) {
      int64_t x = i < r - a.shape.size() ? 1 : a.shape[i - (r - a.shape.size())];
      int64_t y = i < r - b.shape.size() ? 1 : b.shape[i - (r - b.shape.size())];
      if (x != y && x != 1 && y != 1 && x >= 0 && y >= 0) { da = x; db = y; break; }
    }
    return InvalidArgument("Dimensions must be equal, but are " + std::to_string(da) + " and " + std::to_string(db) +
                           " for '{{node " + c.node_name + "}} = " + c.op + "[T=" + DTypeEnumName(a.dtype) +
                           "]' with input shapes: " + InputShapesString(c) + ".");
  }
  *o = {Known(out, s)};
  return Status::Ok();
}
Status BinaryShape(const ShapeContext& c, std::vector<TensorSpec>* o) { return BinaryShapeImpl(c, o, c.inputs[0].dtype); }
Status CompareShape(const ShapeContext& c, std::vector<TensorSpec>* o) { return BinaryShapeImpl(c, o, DType::kBool); }

Status MatMulShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& a = c.inputs[0];
  const TensorSpec& b = c.inputs[1];
  if (a.unknown_rank || b.unknown_rank) {
    *o = {Known(a.dtype, {-1, -1})};
    return Status::Ok();
  }
  if (a.shape.size() != 2 || b.shape.size() != 2)
    return InvalidArgument("Shape must be rank 2 but is rank " +
                           std::to_string(a.shape.size() != 2 ? a.shape.size() : b.shape.size()) + " for '{{node " +
                           c.node_name + "}} = MatMul[T=" + DTypeEnumName(a.dtype) +
                           ", transpose_a=false, transpose_b=false](" + ")' with input shapes: " + InputShapesString(c) + ".");
  bool ta = GetBoolAttr(*c.attrs, "transpose_a", false), tb = GetBoolAttr(*c.attrs, "transpose_b", false);
  int64_t m = ta ? a.shape[1] : a.shape[0], k = ta ? a.shape[0] : a.shape[1];
  int64_t k2 = tb ? b.shape[1] : b.shape[0], n = tb ? b.shape[0] : b.shape[1];
  if (k >= 0 && k2 >= 0 && k != k2)
    return InvalidArgument("Dimensions must be equal, but are " + std::to_string(k) + " and " + std::to_string(k2) +
                           " for '{{node " + c.node_name + "}} = MatMul[T=" + DTypeEnumName(a.dtype) +
                           ", transpose_a=" + (ta ? "true" : "false") + ", transpose_b=" + (tb ? "true" : "false") +
                           "]' with input shapes: " + InputShapesString(c) + ".");
  *o = {Known(a.dtype, {m, n})};
  return Status::Ok();
}

// BatchMatMulV2: x [..., m, k] times y [..., k, n] (adj_x / adj_y transpose the last
// two dimensions); the batch dimensions broadcast.
Status BatchMatMulShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& a = c.inputs[0];
  const TensorSpec& b = c.inputs[1];
  if (a.unknown_rank || b.unknown_rank) {
    *o = {UnknownRank(a.dtype)};
    return Status::Ok();
  }
  if (a.shape.size() < 2 || b.shape.size() < 2)
    return InvalidArgument("In[" + std::string(a.shape.size() < 2 ? "0" : "1") +
                           "] ndims must be >= 2: " + std::to_string(a.shape.size() < 2 ? a.shape.size() : b.shape.size()));
  bool ax = GetBoolAttr(*c.attrs, "adj_x", false), ay = GetBoolAttr(*c.attrs, "adj_y", false);
  size_t ra = a.shape.size(), rb = b.shape.size();
  int64_t m = ax ? a.shape[ra - 1] : a.shape[ra - 2], k = ax ? a.shape[ra - 2] : a.shape[ra - 1];
  int64_t k2 = ay ? b.shape[rb - 1] : b.shape[rb - 2], n = ay ? b.shape[rb - 2] : b.shape[rb - 1];
  if (k >= 0 && k2 >= 0 && k != k2)
    return InvalidArgument("Dimensions must be equal, but are " + std::to_string(k) + " and " + std::to_string(k2) +
                           " for '{{node " + c.node_name + "}} = BatchMatMulV2[T=" + DTypeEnumName(a.dtype) +
                           ", adj_x=" + (ax ? "true" : "false") + ", adj_y=" + (ay ? "true" : "false") +
                           "]' with input shapes: " + InputShapesString(c) + ".");
  Shape batch;
  Status st = BroadcastShapes(Shape(a.shape.begin(), a.shape.end() - 2), Shape(b.shape.begin(), b.shape.end() - 2), &batch);
  if (!st.ok()) return st;
  batch.push_back(m);
  batch.push_back(n);
  *o = {Known(a.dtype, batch)};
  return Status::Ok();
}

Status ReduceShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  bool keep = GetBoolAttr(*c.attrs, "keep_dims", false);
  const Tensor* ax = c.const_inputs.size() > 1 ? c.const_inputs[1] : nullptr;
  DType dt = (c.op == "ArgMax" || c.op == "ArgMin") ? GetTypeAttr(*c.attrs, "output_type", DType::kInt64) : x.dtype;
  if (x.unknown_rank || !ax) {
    *o = {UnknownRank(dt)};
    return Status::Ok();
  }
  int64_t r = static_cast<int64_t>(x.shape.size());
  std::set<int64_t> red;
  for (int64_t i = 0; i < ax->num_elements(); ++i) {
    int64_t a = ax->AsInt64(i);
    if (a < -r || a >= r)
      return InvalidArgument("Invalid reduction dimension " + std::to_string(a) + " for input with " +
                             std::to_string(r) + " dimensions. for '{{node " + c.node_name + "}} = " + c.op +
                             "' with input shapes: " + InputShapesString(c) + " and with computed input tensors: input[1] = <" +
                             std::to_string(a) + ">.");
    red.insert(a < 0 ? a + r : a);
  }
  Shape s;
  for (int64_t i = 0; i < r; ++i) {
    if (red.count(i)) {
      if (keep) s.push_back(1);
    } else {
      s.push_back(x.shape[i]);
    }
  }
  *o = {Known(dt, s)};
  return Status::Ok();
}

// Slice(x, begin, size): size with each -1 read as "to the end" where begin and size are
// constants; their length is the rank otherwise.
Status SliceShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  const Tensor* b = c.const_inputs.size() > 1 ? c.const_inputs[1] : nullptr;
  const Tensor* s = c.const_inputs.size() > 2 ? c.const_inputs[2] : nullptr;
  int64_t rank = !x.unknown_rank ? static_cast<int64_t>(x.shape.size())
                 : (!c.inputs[2].unknown_rank && c.inputs[2].shape.size() == 1) ? c.inputs[2].shape[0] : -1;
  if (rank < 0) {
    *o = {TensorSpec{x.dtype, {}, true}};
    return Status::Ok();
  }
  Shape out(static_cast<size_t>(rank), -1);
  if (s && s->num_elements() == rank)
    for (int64_t d = 0; d < rank; ++d) {
      const int64_t sz = s->AsInt64(d);
      if (sz >= 0) out[static_cast<size_t>(d)] = sz;
      else if (b && b->num_elements() == rank && !x.unknown_rank && x.shape[static_cast<size_t>(d)] >= 0) {
        const int64_t dim = x.shape[static_cast<size_t>(d)], begin = b->AsInt64(d);
        // TF's shape function subtracts begin from the dimension, which fails when it is negative
        // (a ValueError while the graph is built, not an error when it runs).
        if (begin > dim) {
          auto vals = [](const Tensor* t, int64_t n) {
            std::string r = "[";
            for (int64_t i = 0; i < n; ++i) {
              if (i) r += ",";
              const int64_t v = t->AsInt64(i);
              r += v < 0 ? std::string("?") : std::to_string(v);
            }
            return r + "]";
          };
          return InvalidArgument("Negative dimension size caused by subtracting " + std::to_string(begin) + " from " +
                                 std::to_string(dim) + " for '{{node " + c.node_name + "}} = Slice[Index=" +
                                 DTypeEnumName(c.inputs[1].dtype) + ", T=" + DTypeEnumName(x.dtype) +
                                 "]' with input shapes: " + InputShapesString(c) +
                                 " and with input tensors computed as partial shapes: input[1] = " + vals(b, rank) +
                                 ",input[2] = " + vals(s, rank) + ".");
        }
        int64_t left = -1;  // (a begin of int64's minimum: unknown here, the kernel refuses it)
        out[static_cast<size_t>(d)] = __builtin_sub_overflow(dim, begin, &left) ? -1 : left;
      }
    }
  *o = {Known(x.dtype, out)};
  return Status::Ok();
}

Status CastShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  TensorSpec s = c.inputs[0];
  s.dtype = GetTypeAttr(*c.attrs, "DstT", DType::kFloat);
  *o = {s};
  return Status::Ok();
}

Status ConstShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  auto it = c.attrs->find("value");
  const Tensor& t = std::get<Tensor>(it->second);
  *o = {Known(t.dtype(), t.shape())};
  return Status::Ok();
}

Status DeclaredShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  DType dt = GetTypeAttr(*c.attrs, "dtype", DType::kFloat);
  if (GetBoolAttr(*c.attrs, "shape_unknown_rank", false)) *o = {UnknownRank(dt)};
  else *o = {Known(dt, GetIntsAttr(*c.attrs, "shape"))};
  return Status::Ok();
}

Status PlaceholderWithDefaultShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  if (GetBoolAttr(*c.attrs, "shape_unknown_rank", false)) *o = {UnknownRank(c.inputs[0].dtype)};
  else *o = {Known(c.inputs[0].dtype, GetIntsAttr(*c.attrs, "shape"))};
  return Status::Ok();
}

// v1 cond (graph files only; Session::FrameRun, runtime/graph/session.cc, executes them with dead tensors):
// Switch forwards its input on one of two outputs; Merge forwards the live input and its index.
Status SwitchShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  *o = {c.inputs[0], c.inputs[0]};
  return Status::Ok();
}
Status MergeShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  TensorSpec s = c.inputs.empty() ? UnknownRank(DType::kInvalid) : c.inputs[0];
  for (const auto& in : c.inputs)
    if (in.unknown_rank || in.shape != s.shape) s = UnknownRank(s.dtype);
  *o = {s, Known(DType::kInt32, {})};
  return Status::Ok();
}

Status ScalarString(const ShapeContext& c, std::vector<TensorSpec>* o) {
  *o = {Known(DType::kString, {})};
  return Status::Ok();
}
Status NoOutputs(const ShapeContext& c, std::vector<TensorSpec>* o) {
  o->clear();
  return Status::Ok();
}
Status RefUpdateShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  *o = {c.inputs[0]};
  return Status::Ok();
}
Status ScalarBool(const ShapeContext& c, std::vector<TensorSpec>* o) {
  *o = {Known(DType::kBool, {})};
  return Status::Ok();
}
Status ShapeOfShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  DType dt = GetTypeAttr(*c.attrs, "out_type", DType::kInt32);
  if (c.op == "Shape") {
    *o = {c.inputs[0].unknown_rank ? Known(dt, {-1}) : Known(dt, {static_cast<int64_t>(c.inputs[0].shape.size())})};
  } else {
    *o = {Known(c.op == "Rank" ? DType::kInt32 : dt, {})};
  }
  return Status::Ok();
}
Status XentShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  if (x.unknown_rank || x.shape.empty()) *o = {Known(x.dtype, {-1}), x};
  else *o = {Known(x.dtype, {x.shape[0]}), x};
  return Status::Ok();
}
Status ScalarSame(const ShapeContext& c, std::vector<TensorSpec>* o) {
  *o = {Known(c.inputs[0].dtype, {})};
  return Status::Ok();
}
// ---- convolution and pooling (NHWC) ----
int64_t Attr4(const ShapeContext& c, const char* name, int i) {
  std::vector<int64_t> v = GetIntsAttr(*c.attrs, name);
  return v.size() == 4 ? v[i] : 1;
}
Status ConvShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  const TensorSpec& f = c.inputs[1];
  Shape xs = x.unknown_rank ? Shape{-1, -1, -1, -1} : x.shape, fs = f.unknown_rank ? Shape{-1, -1, -1, -1} : f.shape;
  if (xs.size() != 4 || fs.size() != 4)
    return InvalidArgument("Shape must be rank 4 for '{{node " + c.node_name + "}} = Conv2D' with input shapes: " +
                           InputShapesString(c) + ".");
  std::string pad = GetStringAttr(*c.attrs, "padding", "VALID");
  *o = {Known(x.dtype, {xs[0], WindowOutputSize(xs[1], fs[0], Attr4(c, "strides", 1), Attr4(c, "dilations", 1), pad),
                        WindowOutputSize(xs[2], fs[1], Attr4(c, "strides", 2), Attr4(c, "dilations", 2), pad), fs[3]})};
  return Status::Ok();
}
Status PoolShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  Shape xs = x.unknown_rank ? Shape{-1, -1, -1, -1} : x.shape;
  if (xs.size() != 4)
    return InvalidArgument("Shape must be rank 4 for '{{node " + c.node_name + "}} = " + c.op + "' with input shapes: " +
                           InputShapesString(c) + ".");
  std::string pad = GetStringAttr(*c.attrs, "padding", "VALID");
  *o = {Known(x.dtype, {xs[0], WindowOutputSize(xs[1], Attr4(c, "ksize", 1), Attr4(c, "strides", 1), 1, pad),
                        WindowOutputSize(xs[2], Attr4(c, "ksize", 2), Attr4(c, "strides", 2), 1, pad), xs[3]})};
  return Status::Ok();
}
// The output shape is the value of input `i` (input_sizes, filter_sizes, orig_input_shape).
template <int I, int DTypeFrom>
Status ShapeFromInput(const ShapeContext& c, std::vector<TensorSpec>* o) {
  DType dt = c.inputs[DTypeFrom].dtype;
  const Tensor* s = static_cast<int>(c.const_inputs.size()) > I ? c.const_inputs[I] : nullptr;
  if (!s) {
    // Not constant: as many unknown dimensions as the shape vector has elements (4 when unknown).
    const TensorSpec& v = c.inputs[I];
    int64_t r = !v.unknown_rank && v.shape.size() == 1 && v.shape[0] >= 0 ? v.shape[0] : 4;
    *o = {Known(dt, Shape(static_cast<size_t>(r), -1))};
    return Status::Ok();
  }
  Shape sh;
  for (int64_t i = 0; i < s->num_elements(); ++i) sh.push_back(s->AsInt64(i));
  *o = {Known(dt, sh)};
  return Status::Ok();
}
// BiasAddGrad: [channels], the last dimension of its input (dimension 1 for NCHW).
Status BiasAddGradShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& g = c.inputs[0];
  if (g.unknown_rank) {
    *o = {Known(g.dtype, {-1})};
    return Status::Ok();
  }
  if (g.shape.size() < 2)
    return InvalidArgument("Shape must be at least rank 2 but is rank " + std::to_string(g.shape.size()) +
                           " for '{{node " + c.node_name + "}} = BiasAddGrad'");
  bool nchw = GetStringAttr(*c.attrs, "data_format", "NHWC") == "NCHW";
  *o = {Known(g.dtype, {nchw ? g.shape[1] : g.shape.back()})};
  return Status::Ok();
}

Status SameAsInput0(const ShapeContext& c, std::vector<TensorSpec>* o) {
  *o = {c.inputs[0]};
  return Status::Ok();
}
Status WhereShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  *o = {x.unknown_rank ? Known(DType::kInt64, {-1, -1}) : Known(DType::kInt64, {-1, static_cast<int64_t>(x.shape.size())})};
  return Status::Ok();
}
Status TopKShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  const Tensor* k = c.const_inputs.size() > 1 ? c.const_inputs[1] : nullptr;
  const DType index_type = c.attrs ? GetTypeAttr(*c.attrs, "index_type", DType::kInt32) : DType::kInt32;
  if (x.unknown_rank) {
    *o = {UnknownRank(x.dtype), UnknownRank(index_type)};
    return Status::Ok();
  }
  Shape s = x.shape;
  if (!s.empty()) s.back() = k && k->num_elements() == 1 ? k->AsInt64(0) : -1;  // else the kernel says what is wrong
  *o = {Known(x.dtype, s), Known(index_type, s)};
  return Status::Ok();
}
Status GatherNdShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& p = c.inputs[0];
  const TensorSpec& i = c.inputs[1];
  if (p.unknown_rank || i.unknown_rank || i.shape.empty() || i.shape.back() < 0) {
    *o = {UnknownRank(p.dtype)};
    return Status::Ok();
  }
  Shape s(i.shape.begin(), i.shape.end() - 1);
  for (size_t d = static_cast<size_t>(i.shape.back()); d < p.shape.size(); ++d) s.push_back(p.shape[d]);
  *o = {Known(p.dtype, s)};
  return Status::Ok();
}
Status PadShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& x = c.inputs[0];
  const Tensor* p = c.const_inputs.size() > 1 ? c.const_inputs[1] : nullptr;
  if (p && p->num_elements() != 2 * static_cast<int64_t>(x.shape.size())) p = nullptr;  // the kernel says what is wrong
  if (x.unknown_rank) {
    *o = {UnknownRank(x.dtype)};
    return Status::Ok();
  }
  Shape s = x.shape;
  for (size_t d = 0; d < s.size(); ++d) {
    const int64_t before = p ? p->AsInt64(2 * static_cast<int64_t>(d)) : 0, after = p ? p->AsInt64(2 * static_cast<int64_t>(d) + 1) : 0;
    // (negative or past int64: unknown here, the kernel says what is wrong)
    if (!p || s[d] < 0 || before < 0 || after < 0 || __builtin_add_overflow(s[d], before, &s[d]) ||
        __builtin_add_overflow(s[d], after, &s[d]))
      s[d] = -1;
  }
  *o = {Known(x.dtype, s)};
  return Status::Ok();
}

Status RandomShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  DType dt = GetTypeAttr(*c.attrs, "dtype", DType::kFloat);
  const Tensor* s = c.const_inputs.empty() ? nullptr : c.const_inputs[0];
  if (!s) {
    *o = {UnknownRank(dt)};
    return Status::Ok();
  }
  Shape sh;
  for (int64_t i = 0; i < s->num_elements(); ++i) sh.push_back(s->AsInt64(i));
  *o = {Known(dt, sh)};
  return Status::Ok();
}
// Multinomial(logits [batch, classes], num_samples) -> [batch, num_samples] of output_dtype.
Status MultinomialShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  DType dt = GetTypeAttr(*c.attrs, "output_dtype", DType::kInt64);
  const TensorSpec& l = c.inputs[0];
  if (!l.unknown_rank && l.shape.size() != 2)
    return InvalidArgument("Shape must be rank 2 but is rank " + std::to_string(l.shape.size()) + " for '{{node " +
                           c.node_name + "}} = Multinomial[T=" + DTypeEnumName(l.dtype) + "]'");
  const Tensor* n = c.const_inputs.size() > 1 ? c.const_inputs[1] : nullptr;
  *o = {Known(dt, {l.unknown_rank ? -1 : l.shape[0], n && n->num_elements() == 1 ? n->AsInt64(0) : -1})};
  return Status::Ok();
}

// LogUniform/UniformCandidateSampler(true_classes [batch, num_true]) -> sampled_candidates
// [num_sampled] int64, true_expected_count [batch, num_true] float, sampled_expected_count
// [num_sampled] float (TF's CandidateSamplerShapeFn).
Status CandidateSamplerShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& t = c.inputs[0];
  const int64_t num_sampled = GetIntAttr(*c.attrs, "num_sampled", -1);
  const int64_t num_true = GetIntAttr(*c.attrs, "num_true", -1);
  if (!t.unknown_rank && t.shape.size() != 2)
    return InvalidArgument("Shape must be rank 2 but is rank " + std::to_string(t.shape.size()) + " for '{{node " +
                           c.node_name + "}} = " + c.op + "'");
  *o = {Known(DType::kInt64, {num_sampled}), Known(DType::kFloat, {t.unknown_rank ? -1 : t.shape[0], num_true}),
        Known(DType::kFloat, {num_sampled})};
  return Status::Ok();
}
// ComputeAccidentalHits(true_classes [batch, num_true], sampled_candidates [n]) -> three
// vectors of one unknown length (int32 indices, int64 ids, float weights).
Status AccidentalHitsShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& t = c.inputs[0];
  const TensorSpec& s = c.inputs[1];
  const int64_t num_true = GetIntAttr(*c.attrs, "num_true", -1);
  if (!t.unknown_rank && t.shape.size() != 2)
    return InvalidArgument("Shape must be rank 2 but is rank " + std::to_string(t.shape.size()) + " for '{{node " +
                           c.node_name + "}} = ComputeAccidentalHits'");
  if (!t.unknown_rank && t.shape[1] >= 0 && t.shape[1] != num_true)
    return InvalidArgument("Dimension must be " + std::to_string(num_true) + " but is " + std::to_string(t.shape[1]) +
                           " for '{{node " + c.node_name + "}} = ComputeAccidentalHits'");
  if (!s.unknown_rank && s.shape.size() != 1)
    return InvalidArgument("Shape must be rank 1 but is rank " + std::to_string(s.shape.size()) + " for '{{node " +
                           c.node_name + "}} = ComputeAccidentalHits'");
  *o = {Known(DType::kInt32, {-1}), Known(DType::kInt64, {-1}), Known(DType::kFloat, {-1})};
  return Status::Ok();
}

// StringToNumber: the input's shape, out_type.
Status StringToNumberShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  TensorSpec s = c.inputs[0];
  s.dtype = GetTypeAttr(*c.attrs, "out_type", DType::kFloat);
  *o = {s};
  return Status::Ok();
}

// Substr(input, pos, len): the input's shape, strings.
Status SubstrShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  *o = {c.inputs[0]};
  return Status::Ok();
}

// StringJoin(inputs...): the shape of the non-scalar inputs (a scalar when all are).
Status StringJoinShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  TensorSpec r = Known(DType::kString, {});
  for (const TensorSpec& t : c.inputs) {
    if (t.unknown_rank) {
      r = UnknownRank(DType::kString);
      break;
    }
    if (!t.shape.empty()) r = t;
  }
  r.dtype = DType::kString;
  *o = {r};
  return Status::Ok();
}

// AsString: the input's shape, strings.
Status AsStringShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  TensorSpec s = c.inputs[0];
  s.dtype = DType::kString;
  *o = {s};
  return Status::Ok();
}

// Functional ops and host calls declare their outputs in attrs: Tout (dtypes as ints)
// and output_shapes (flattened, with output_ranks; -2 rank = unknown).
Status DeclaredOutputs(const ShapeContext& c, std::vector<TensorSpec>* o) {
  auto types = GetIntsAttr(*c.attrs, "Tout");
  auto ranks = GetIntsAttr(*c.attrs, "output_ranks");
  auto dims = GetIntsAttr(*c.attrs, "output_dims");
  o->clear();
  size_t p = 0;
  for (size_t i = 0; i < types.size(); ++i) {
    int64_t r = i < ranks.size() ? ranks[i] : -2;
    if (r < 0) {
      o->push_back(UnknownRank(static_cast<DType>(types[i])));
    } else {
      Shape s;
      for (int64_t k = 0; k < r && p < dims.size(); ++k) s.push_back(dims[p++]);
      o->push_back(Known(static_cast<DType>(types[i]), s));
    }
  }
  return Status::Ok();
}

// Structural ops: evaluate the kernel on zero-filled data inputs plus constant inputs.
struct EvalInfo {
  std::vector<int> data_inputs;  // inputs whose values do not affect the output shape
  int dtype_from;                 // input that gives the output dtype (-1: attr)
};
const std::map<std::string, EvalInfo>& EvalOps() {
  static const auto* m = new std::map<std::string, EvalInfo>{
      {"Reshape", {{0}, 0}}, {"Transpose", {{0}, 0}}, {"ConcatV2", {{-1}, 0}}, {"Pack", {{-1}, 0}},
      {"Unpack", {{0}, 0}}, {"ExpandDims", {{0}, 0}}, {"Squeeze", {{0}, 0}}, {"Fill", {{1}, 1}},
      {"Range", {{}, 0}}, {"Select", {{0, 1, 2}, 1}}, {"SelectV2", {{0, 1, 2}, 1}}, {"BroadcastTo", {{0}, 0}},
      {"Tile", {{0}, 0}}, {"GatherV2", {{0, 1}, 0}}, {"OneHot", {{0, 2, 3}, 2}}, {"StridedSlice", {{0}, 0}},
      {"ZerosLike", {{0}, 0}}, {"OnesLike", {{0}, 0}}, {"BroadcastGradientArgs", {{}, 0}},
      {"IdentityN", {{-1}, 0}}, {"StridedSliceGrad", {{4}, 4}},
  };
  return *m;
}

// Runs the kernel on zero data of the input shapes, with unknown dimensions set to
// `probe`; false when an input is not usable (unknown rank, non-constant shape input).
bool EvalWithProbe(const ShapeContext& c, const EvalInfo& info, int64_t probe, std::vector<Tensor>* out,
                   Status* kernel_status = nullptr) {
  bool all_data = !info.data_inputs.empty() && info.data_inputs[0] == -1;
  KernelContext k{.op = c.op, .node_name = c.node_name, .attrs = c.attrs};
  int64_t budget = 1 << 20;
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    bool is_data = all_data ? (c.op != "ConcatV2" || i + 1 < c.inputs.size())
                            : std::find(info.data_inputs.begin(), info.data_inputs.end(), static_cast<int>(i)) !=
                                  info.data_inputs.end();
    if (c.const_inputs[i]) {
      k.inputs.push_back(*c.const_inputs[i]);
      continue;
    }
    if (!is_data || c.inputs[i].unknown_rank) return false;
    Shape s = c.inputs[i].shape;
    for (int64_t& d : s)
      if (d < 0) d = probe;
    // (static dimensions whose product overflows int64 are past any budget: no probe)
    int64_t n = 1;
    for (int64_t d : s)
      if (__builtin_mul_overflow(n, d, &n)) return false;
    if ((budget -= n) < 0) return false;
    try {
      k.inputs.push_back(Tensor::Alloc(c.inputs[i].dtype, s));
    } catch (const std::length_error&) {  // past the tensor cap (SetMaxTensorBytes): no probe
      return false;
    }
  }
  Status st = RunKernel(k);
  if (!st.ok()) {
    if (kernel_status) *kernel_status = st;
    return false;
  }
  *out = std::move(k.outputs);
  return true;
}

std::string ShapeText(const Shape& s) {
  std::string t = "[";
  for (size_t i = 0; i < s.size(); ++i) t += (i ? "," : "") + (s[i] < 0 ? std::string("?") : std::to_string(s[i]));
  return t + "]";
}
// ConcatV2 of inputs with unknown dimensions (TensorFlow's ConcatShape): the dimensions
// other than the axis merged across the inputs (a known one wins over an unknown one), the
// axis's the sum when every input's is known. False when it cannot say (the axis not a
// constant, no input of known rank: the probes then decide), or when two known dimensions
// differ: TF's construction-time error, in `*error`.
bool ConcatShapeWithUnknowns(const ShapeContext& c, DType dt, std::vector<TensorSpec>* o, Status* error) {
  if (c.inputs.size() < 2) return false;
  const size_t n = c.inputs.size() - 1;
  const Tensor* ax = c.const_inputs.size() == c.inputs.size() ? c.const_inputs[n] : nullptr;
  if (!ax || ax->num_elements() != 1) return false;
  Shape out;
  bool ranked = false, axis_known = true;
  int64_t axis = ax->AsInt64(0);
  for (size_t i = 0; i < n; ++i) {
    const TensorSpec& in = c.inputs[i];
    if (in.unknown_rank) {
      axis_known = false;
      continue;
    }
    const auto r = static_cast<int64_t>(in.shape.size());
    if (!ranked) {
      if (axis < -r || axis >= r) return false;
      if (axis < 0) axis += r;
      out = in.shape;
      ranked = true;
      continue;
    }
    if (r != static_cast<int64_t>(out.size())) return false;
    for (int64_t d = 0; d < r; ++d) {
      const int64_t v = in.shape[static_cast<size_t>(d)];
      int64_t& m = out[static_cast<size_t>(d)];
      if (d == axis) {
        int64_t sum = -1;  // (declared dimensions past int64 together: unknown)
        m = m < 0 || v < 0 || __builtin_add_overflow(m, v, &sum) ? -1 : sum;
      } else if (m < 0) {
        m = v;
      } else if (v >= 0 && v != m) {
        // (TF merges the dimensions before the axis, then those after it, and numbers them in that part)
        const bool before = d < axis;
        auto part = [&](const Shape& sh) {
          return before ? Shape(sh.begin(), sh.begin() + axis) : Shape(sh.begin() + axis + 1, sh.end());
        };
        *error = InvalidArgument("Dimension " + std::to_string(before ? d : d - axis - 1) +
                                 " in both shapes must be equal, but are " + std::to_string(m) + " and " +
                                 std::to_string(v) + ". Shapes are " + ShapeText(part(out)) + " and " +
                                 ShapeText(part(in.shape)) + ".");
        return false;
      }
    }
  }
  if (!ranked) return false;
  if (!axis_known) out[static_cast<size_t>(axis)] = -1;
  *o = {Known(dt, out)};
  return true;
}

Status EvalShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const EvalInfo& info = EvalOps().at(c.op);
  DType dt = c.inputs.empty() ? DType::kInvalid : c.inputs[info.dtype_from].dtype;
  bool has_unknown = false;
  for (const auto& in : c.inputs)
    for (int64_t d : in.shape)
      if (d < 0) has_unknown = true;
  if (c.op == "ConcatV2" && has_unknown) {
    Status error = Status::Ok();
    if (ConcatShapeWithUnknowns(c, dt, o, &error)) return Status::Ok();
    if (!error.ok()) return error;
  }
  // Two probes for unknown dimensions: output dimensions that agree are static. A slice
  // clamps its bounds to the probed size, so small probes would make `x[:, 3:8]` of an
  // unknown dimension look static (0 wide): slices probe with sizes past any literal bound.
  int64_t p1 = 2, p2 = 3;
  if (c.op == "StridedSlice") p1 = 1009, p2 = 1013;
  // An unknown dimension may also be 0, which no bound survives: TF leaves every sliced
  // (not indexed) unknown dimension unknown, `x[:1]` included. Slices take a third probe
  // (skipped when it cannot run: an index into the empty dimension, as in `x[0]`).
  std::vector<Tensor> a, b, z;
  bool zero_probe = has_unknown && c.op == "StridedSlice";
  Status kernel_status;
  if (EvalWithProbe(c, info, p1, &a, has_unknown ? nullptr : &kernel_status) && (!has_unknown || (EvalWithProbe(c, info, p2, &b) && a.size() == b.size()))) {
    if (zero_probe && !(EvalWithProbe(c, info, 0, &z) && z.size() == a.size())) zero_probe = false;
    o->clear();
    for (size_t i = 0; i < a.size(); ++i) {
      Shape s = a[i].shape();
      if (has_unknown) {
        if (b[i].dims() != a[i].dims() || (zero_probe && z[i].dims() != a[i].dims())) {
          o->push_back(UnknownRank(a[i].dtype()));
          continue;
        }
        for (size_t d = 0; d < s.size(); ++d)
          if (b[i].shape()[d] != s[d] || (zero_probe && z[i].shape()[d] != s[d])) s[d] = -1;
      }
      o->push_back(Known(a[i].dtype(), s));
    }
    return Status::Ok();
  }
  // Every input known and the op still fails: the construction-time error TensorFlow's
  // shape function raises for the same inputs (a reshape to a wrong element count)
  if (!kernel_status.ok()) return InvalidArgument(kernel_status.message());
  // A shape input whose values are unknown but whose length is static gives the rank
  // (TensorFlow's Fill and Reshape shape functions: `tf.ones(tf.reshape(n, [1]))` is rank 1).
  int shape_input = c.op == "Fill" ? 0 : c.op == "Reshape" ? 1 : -1;
  if (shape_input >= 0 && static_cast<size_t>(shape_input) < c.inputs.size() &&
      !c.inputs[shape_input].unknown_rank && c.inputs[shape_input].shape.size() == 1 &&
      c.inputs[shape_input].shape[0] >= 0) {
    *o = {Known(dt, Shape(static_cast<size_t>(c.inputs[shape_input].shape[0]), -1))};
    return Status::Ok();
  }
  // Squeeze of named axes: an unknown squeezed dimension is taken to be 1 (TensorFlow's
  // shape function); the other dimensions stay as they are.
  if (c.op == "Squeeze" && !c.inputs.empty() && !c.inputs[0].unknown_rank) {
    auto axes = GetIntsAttr(*c.attrs, "squeeze_dims");
    const Shape& in = c.inputs[0].shape;
    const auto rank = static_cast<int64_t>(in.size());
    if (!axes.empty()) {
      std::vector<bool> drop(in.size(), false);
      for (int64_t a : axes) {
        if (a < -rank || a >= rank) break;
        drop[static_cast<size_t>(a < 0 ? a + rank : a)] = true;
      }
      Shape out;
      for (size_t d = 0; d < in.size(); ++d)
        if (!drop[d]) out.push_back(in[d]);
      *o = {Known(dt, out)};
      return Status::Ok();
    }
  }
  if (c.op == "Unpack") {
    // one output per slice: a count past what any tensor's dimension holds (a tensor of 2**24
    // slices takes at least that many elements) is refused, not allocated as outputs
    const int64_t num = GetIntAttr(*c.attrs, "num", 0);
    if (num < 0 || num > (int64_t{1} << 24))
      return InvalidArgument("Unpack's num " + std::to_string(num) + " is out of range for '{{node " + c.node_name +
                             "}} = Unpack'");
    o->assign(static_cast<size_t>(num), UnknownRank(dt));
    return Status::Ok();
  }
  int n = c.op == "BroadcastGradientArgs" ? 2 : c.op == "IdentityN" ? static_cast<int>(c.inputs.size()) : 1;
  o->clear();
  for (int i = 0; i < n; ++i) o->push_back(UnknownRank(c.op == "IdentityN" ? c.inputs[i].dtype : dt));
  return Status::Ok();
}

void AddArrayExtraOps(std::map<std::string, OpDef>& m);  // the "array extra" block at the end of this file

std::map<std::string, OpDef>& Table() {
  static auto* t = [] {
    auto* m = new std::map<std::string, OpDef>();
    auto add = [&](const char* n, ShapeFn f, bool stateful = false, bool ref0 = false) {
      (*m)[n] = OpDef{n, stateful, ref0, f};
    };
    for (const char* n : {"Neg", "Abs", "Sign", "Square", "Sqrt", "Rsqrt", "Exp", "Log", "Log1p", "Sin", "Cos", "Relu",
                          "Sigmoid", "Tanh", "Floor", "Ceil", "Round", "Reciprocal", "Softplus", "LogicalNot",
                          "Identity", "StopGradient", "Softmax", "LogSoftmax"})
      add(n, UnaryShape);
    for (const char* n : {"AddV2", "Add", "Sub", "Mul", "RealDiv", "Div", "FloorDiv", "FloorMod", "Pow", "Maximum",
                          "Minimum", "SquaredDifference", "LogicalAnd", "LogicalOr", "ReluGrad"})
      add(n, BinaryShape);
    for (const char* n : {"Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual"}) add(n, CompareShape);
    for (const char* n : {"Sum", "Mean", "Max", "Min", "Prod", "All", "Any", "ArgMax", "ArgMin"}) add(n, ReduceShape);
    add("MatMul", MatMulShape);
    add("BatchMatMulV2", BatchMatMulShape);
    add("CheckNumerics", UnaryShape, /*stateful=*/true);  // TF marks it stateful: never pruned or folded
    add("BiasAdd", UnaryShape);    // kernels_graph.cc
    add("BiasAddGrad", BiasAddGradShape);
    add("DivNoNan", BinaryShape);  // kernels_graph.cc (graph files)
    for (const char* n : {"Switch", "RefSwitch"}) add(n, SwitchShape);  // no kernel: Session::FrameRun
    for (const char* n : {"Merge", "RefMerge"}) add(n, MergeShape);
    for (const char* n : {"Enter", "RefEnter", "Exit", "RefExit", "NextIteration", "RefNextIteration", "LoopCond"})
      add(n, UnaryShape);  // v1 while loops (graph files): frames in Session::FrameRun
    add("Cast", CastShape);
    add("Slice", SliceShape);
    add("Const", ConstShape);
    add("Placeholder", DeclaredShape);
    add("PlaceholderWithDefault", PlaceholderWithDefaultShape);
    add("NoOp", NoOutputs);
    add("Shape", ShapeOfShape);
    add("Size", ShapeOfShape);
    add("Rank", ShapeOfShape);
    add("SoftmaxCrossEntropyWithLogits", XentShape);
    add("SparseSoftmaxCrossEntropyWithLogits", XentShape);
    add("L2Loss", ScalarSame);
    add("StringJoinSpace", ScalarString);
    for (const auto& [n, _] : EvalOps()) add(n.c_str(), EvalShape);
    add("VariableV2", DeclaredShape, true);
    add("Assign", RefUpdateShape, true, true);
    add("AssignAdd", RefUpdateShape, true, true);
    add("AssignSub", RefUpdateShape, true, true);
    add("IsVariableInitialized", ScalarBool, true, true);
    add("VarHandleOp", ScalarString, true);
    add("ReadVariableOp", DeclaredShape, true);
    add("AssignVariableOp", NoOutputs, true);
    add("AssignAddVariableOp", NoOutputs, true);
    add("AssignSubVariableOp", NoOutputs, true);
    add("VarIsInitializedOp", ScalarBool, true);
    add("RandomStandardNormal", RandomShape, true);
    add("RandomUniform", RandomShape, true);
    add("TruncatedNormal", RandomShape, true);
    add("RandomUniformInt", RandomShape, true);
    // kernels_special_math.cc, kernels_random.cc (Multinomial, candidate samplers), kernels_string.cc
    for (const char* n : {"Lgamma", "Digamma", "Erf", "Erfc"}) add(n, UnaryShape);
    add("Polygamma", BinaryShape);
    add("Multinomial", MultinomialShape, true);
    add("LogUniformCandidateSampler", CandidateSamplerShape, true);
    add("UniformCandidateSampler", CandidateSamplerShape, true);
    add("ComputeAccidentalHits", AccidentalHitsShape);
    add("StringToNumber", StringToNumberShape);
    add("Cumprod", SameAsInput0);
    add("Substr", SubstrShape);
    add("StringJoin", StringJoinShape);
    add("AsString", AsStringShape);
    add("Conv2D", ConvShape);
    add("Conv2DBackpropInput", ShapeFromInput<0, 1>);
    add("Conv2DBackpropFilter", ShapeFromInput<1, 0>);
    add("MaxPool", PoolShape);
    add("MaxPoolGrad", SameAsInput0);
    add("AvgPool", PoolShape);
    add("AvgPoolGrad", ShapeFromInput<0, 1>);
    add("Pad", PadShape);
    add("PadV2", PadShape);
    add("Cumsum", SameAsInput0);
    add("RandomShuffle", SameAsInput0, true);
    add("Where", WhereShape);
    add("TopKV2", TopKShape);
    add("GatherNd", GatherNdShape);
    add("ScatterNd", ShapeFromInput<2, 1>);
    // kernels_summary.cc
    for (const char* n : {"ScalarSummary", "HistogramSummary", "MergeSummary"}) add(n, ScalarString);
    add("Print", UnaryShape, true);
    add("PyFunc", DeclaredOutputs, true);
    add("EagerPyFunc", DeclaredOutputs, true);
    add("If", DeclaredOutputs, true);
    add("StatelessIf", DeclaredOutputs);
    add("While", DeclaredOutputs, true);
    add("StatelessWhile", DeclaredOutputs);
    add("PartitionedCall", DeclaredOutputs);
    add("StatefulPartitionedCall", DeclaredOutputs, true);
    AddArrayExtraOps(*m);
    RegisterLinalgImageOpDefs(*m);  // op_defs_linalg_image.cc
    for (auto& [n, d] : *m) d.signature = LookupOpSignature(n);  // op_signature.cc
    return m;
  }();
  return *t;
}

}  // namespace

int64_t WindowOutputSize(int64_t in, int64_t k, int64_t stride, int64_t dilation, const std::string& padding) {
  if (!WindowInRange(in, k, stride, dilation)) return -1;
  const int64_t eff = (k - 1) * dilation + 1;
  return padding == "VALID" ? std::max<int64_t>(0, (in - eff + stride) / stride) : (in + stride - 1) / stride;
}

const OpDef* LookupOpDef(const std::string& name) {
  auto& t = Table();
  auto it = t.find(name);
  return it == t.end() ? nullptr : &it->second;
}

std::vector<std::string> RegisteredOps() {
  std::vector<std::string> r;
  for (auto& [n, _] : Table()) r.push_back(n);
  return r;
}

Status InferShapes(const ShapeContext& ctx, std::vector<TensorSpec>* out) {
  const OpDef* def = LookupOpDef(ctx.op);
  if (!def) return NotFound("Op type not registered '" + ctx.op + "' in the bundled runtime");
  // Shape functions index their inputs as the signature lays them out.
  if (!def->signature) return Internal("op " + ctx.op + " has no signature in the bundled runtime");
  if (!ctx.attrs || ctx.inputs.size() != ctx.const_inputs.size())
    return Internal("shape context of " + ctx.node_name + " is incomplete");
  TFM_RETURN_IF_ERROR(CheckInputCount(*def->signature, ctx.node_name, ctx.inputs.size(), *ctx.attrs));
  return def->shape_fn(ctx, out);
}

}  // namespace tfm::rt

// ============================================================================ array extra
// Shape functions of reverse, roll, linspace, unique, setdiff1d, searchsorted and the tensor
// scatters (kernels/kernels_array.cc), segment reductions, bincount and histogram
// (kernels_segment.cc), in_top_k (kernels_nn.cc), atan2, truncatediv, rint, expm1, selu and
// relu6 (kernels_cwise.cc), and cumprod.
namespace tfm::rt {
namespace {

// A scalar constant input as a dimension (-1 when not constant).
int64_t ConstDim(const ShapeContext& c, size_t i) {
  const Tensor* t = c.const_inputs.size() > i ? c.const_inputs[i] : nullptr;
  return t && t->num_elements() == 1 ? t->AsInt64(0) : -1;
}
Status SegmentShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& d = c.inputs[0];
  if (d.unknown_rank) {
    *o = {UnknownRank(d.dtype)};
    return Status::Ok();
  }
  if (!c.inputs[1].unknown_rank && c.inputs[1].shape.size() != 1)
    return InvalidArgument("Shape must be rank 1 but is rank " + std::to_string(c.inputs[1].shape.size()) +
                           " for '{{node " + c.node_name + "}} = " + c.op + "' with input shapes: " +
                           InputShapesString(c) + ".");
  Shape s = d.shape;
  if (s.empty())
    return InvalidArgument("Shape must be at least rank 1 but is rank 0 for '{{node " + c.node_name + "}} = " + c.op +
                           "' with input shapes: " + InputShapesString(c) + ".");
  s[0] = -1;
  *o = {Known(d.dtype, s)};
  return Status::Ok();
}
Status UnsortedSegmentShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& d = c.inputs[0];
  const TensorSpec& ids = c.inputs[1];
  if (d.unknown_rank || ids.unknown_rank) {
    *o = {UnknownRank(d.dtype)};
    return Status::Ok();
  }
  Shape s{ConstDim(c, 2)};
  for (size_t i = ids.shape.size(); i < d.shape.size(); ++i) s.push_back(d.shape[i]);
  *o = {Known(d.dtype, s)};
  return Status::Ok();
}
Status LinSpaceShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  *o = {Known(c.inputs[0].dtype, {ConstDim(c, 2)})};
  return Status::Ok();
}
Status UniqueShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  DType it = GetTypeAttr(*c.attrs, "out_idx", DType::kInt32);
  const TensorSpec& x = c.inputs[0];
  if (!x.unknown_rank && x.shape.size() != 1)
    return InvalidArgument("Shape must be rank 1 but is rank " + std::to_string(x.shape.size()) + " for '{{node " +
                           c.node_name + "}} = " + c.op + "' with input shapes: " + InputShapesString(c) + ".");
  if (c.op == "ListDiff") *o = {Known(x.dtype, {-1}), Known(it, {-1})};
  else *o = {Known(x.dtype, {-1}), x.unknown_rank ? Known(it, {-1}) : Known(it, x.shape)};
  return Status::Ok();
}
Status BincountShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  *o = {Known(c.inputs[2].dtype, {ConstDim(c, 1)})};
  return Status::Ok();
}
Status BoundShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  TensorSpec s = c.inputs[1];
  s.dtype = GetTypeAttr(*c.attrs, "out_type", DType::kInt32);
  *o = {s};
  return Status::Ok();
}
Status HistogramShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  *o = {Known(GetTypeAttr(*c.attrs, "dtype", DType::kInt32), {ConstDim(c, 2)})};
  return Status::Ok();
}
Status InTopKShape(const ShapeContext& c, std::vector<TensorSpec>* o) {
  const TensorSpec& t = c.inputs[1];
  *o = {Known(DType::kBool, {t.unknown_rank || t.shape.empty() ? -1 : t.shape[0]})};
  return Status::Ok();
}

void AddArrayExtraOps(std::map<std::string, OpDef>& m) {
  auto add = [&](const char* n, ShapeFn f) { m[n] = OpDef{n, false, false, f}; };
  for (const char* n : {"ReverseV2", "Roll", "TensorScatterUpdate", "TensorScatterAdd", "InvertPermutation",
                        "Rint", "Expm1", "Selu", "Relu6", "Softsign"})
    add(n, SameAsInput0);
  add("Cross", SameAsInput0);
  add("Atan2", BinaryShape);
  add("TruncateDiv", BinaryShape);
  for (const char* n : {"SegmentSum", "SegmentMean", "SegmentMax", "SegmentMin", "SegmentProd"}) add(n, SegmentShape);
  for (const char* n : {"UnsortedSegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin", "UnsortedSegmentProd"})
    add(n, UnsortedSegmentShape);
  add("LinSpace", LinSpaceShape);
  add("Unique", UniqueShape);
  add("ListDiff", UniqueShape);
  add("Bincount", BincountShape);
  add("LowerBound", BoundShape);
  add("UpperBound", BoundShape);
  add("HistogramFixedWidth", HistogramShape);
  add("InTopKV2", InTopKShape);
}

}  // namespace
}  // namespace tfm::rt
