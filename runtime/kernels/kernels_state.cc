// Stateful kernels: TF1 ref variables (VariableV2/Assign*), resource variables
// (VarHandleOp/ReadVariableOp/Assign*VariableOp), random ops, host callbacks (PyFunc),
// and functional control flow (If/While/PartitionedCall) that calls the function library.
#include <cmath>
#include <tuple>

#include "runtime/function/function.h"
#include "runtime/kernels/kernel.h"

namespace tfm::rt {

ResourceMgr& ResourceMgr::Global() {
  static ResourceMgr* m = new ResourceMgr();
  return *m;
}
bool ResourceMgr::Lookup(const std::string& name, Tensor* out) {
  std::lock_guard<std::mutex> l(mu_);
  auto it = vars_.find(name);
  if (it == vars_.end()) return false;
  *out = it->second;
  return true;
}
void ResourceMgr::Assign(const std::string& name, Tensor t) {
  std::lock_guard<std::mutex> l(mu_);
  vars_[name] = std::move(t);
}
void ResourceMgr::Erase(const std::string& name) {
  std::lock_guard<std::mutex> l(mu_);
  vars_.erase(name);
}

namespace {
HostCallback& Callback() {
  static HostCallback* cb = new HostCallback();
  return *cb;
}

Status Uninit(const std::string& name) { return FailedPrecondition("Attempting to use uninitialized value " + name); }

Status VariableV2K(KernelContext& c) {
  auto it = c.session ? c.session->ref_vars.find(c.node_name) : decltype(c.session->ref_vars.end()){};
  if (c.session && it != c.session->ref_vars.end()) c.outputs = {it->second};
  else c.outputs = {Tensor()};  // uninitialized: consumers report FailedPrecondition
  return Status::Ok();
}

Status CheckAssignShape(const KernelContext& c, const Tensor& old, const Tensor& v) {
  if (old.valid() && old.shape() != v.shape())
    return InvalidArgument("Assign requires shapes of both tensors to match. lhs shape= " + old.ShapeString() +
                           " rhs shape= " + v.ShapeString());
  return Status::Ok();
}

Status AssignK(KernelContext& c) {
  if (!c.session || c.input_nodes.empty()) return Internal("Assign outside a session");
  const Tensor& v = c.inputs[1];
  auto& slot = c.session->ref_vars[c.input_nodes[0]];
  if (GetBoolAttr(*c.attrs, "validate_shape", true)) {
    Status s = CheckAssignShape(c, slot, v);
    if (!s.ok()) return s;
  }
  if (slot.valid() && slot.dtype() == v.dtype() && slot.shape() == v.shape()) {
    slot.CopyDataFrom(v);  // in place: reads that alias the variable see the new value
  } else {
    slot = v.DeepCopy();   // never alias the assigned value (e.g. a Const's buffer)
  }
  c.outputs = {slot};
  return Status::Ok();
}

Status AssignUpdate(KernelContext& c, const char* op) {
  if (!c.session || c.input_nodes.empty()) return Internal("Assign outside a session");
  auto it = c.session->ref_vars.find(c.input_nodes[0]);
  if (it == c.session->ref_vars.end()) return Uninit(c.input_nodes[0]);
  KernelContext k{.op = op, .node_name = c.node_name, .attrs = c.attrs, .inputs = {it->second, c.inputs[1]}};
  TFM_RETURN_IF_ERROR(RunKernel(k));
  TFM_RETURN_IF_ERROR(CheckAssignShape(c, it->second, k.outputs[0]));
  it->second.CopyDataFrom(k.outputs[0]);  // in place, as TF1's ref kernels
  c.outputs = {it->second};
  return Status::Ok();
}
Status AssignAddK(KernelContext& c) { return AssignUpdate(c, "AddV2"); }
Status AssignSubK(KernelContext& c) { return AssignUpdate(c, "Sub"); }

Status IsVariableInitializedK(KernelContext& c) {
  bool init = c.session && !c.input_nodes.empty() && c.session->ref_vars.count(c.input_nodes[0]);
  c.outputs = {Tensor::Scalar<bool>(init)};
  return Status::Ok();
}

// Resource handles are string scalars holding the variable's shared_name.
Status VarHandleOpK(KernelContext& c) {
  c.outputs = {Tensor::String({GetStringAttr(*c.attrs, "shared_name", c.node_name)}, {})};
  return Status::Ok();
}

// A resource input: a handle is one string (the variable's shared name), as VarHandleOp
// makes it; anything else is TF's "Expected a resource handle".
Status HandleName(const KernelContext& c, std::string* name) {
  const Tensor& h = c.inputs[0];
  if (h.dtype() != DType::kString || h.num_elements() != 1)
    return InvalidArgument("Expected a scalar resource handle for " + c.op + ", got " + std::string(DTypeName(h.dtype())) +
                           " of shape " + h.ShapeString());
  *name = h.strings()[0];
  return Status::Ok();
}

Status ReadVariableOpK(KernelContext& c) {
  std::string name;
  TFM_RETURN_IF_ERROR(HandleName(c, &name));
  Tensor t;
  if (!ResourceMgr::Global().Lookup(name, &t))
    return FailedPrecondition("Could not find variable " + name +
                              ". This could mean that the variable has been deleted. In TF1, it can also mean "
                              "the variable is uninitialized. Debug info: container=localhost, status error "
                              "message=Resource localhost/" + name + " does not exist.");
  c.outputs = {t};
  return Status::Ok();
}

Status AssignVariableOpK(KernelContext& c) {
  std::string name;
  TFM_RETURN_IF_ERROR(HandleName(c, &name));
  Tensor old;
  if (ResourceMgr::Global().Lookup(name, &old) && old.dtype() != c.inputs[1].dtype())
    return InvalidArgument("Trying to assign variable with wrong dtype. Expected " + std::string(DTypeName(old.dtype())) +
                           " got " + DTypeName(c.inputs[1].dtype()));
  ResourceMgr::Global().Assign(name, c.inputs[1]);
  return Status::Ok();
}

Status ResourceUpdate(KernelContext& c, const char* op) {
  std::string name;
  TFM_RETURN_IF_ERROR(HandleName(c, &name));
  Tensor old;
  if (!ResourceMgr::Global().Lookup(name, &old))
    return FailedPrecondition("Error while reading resource variable " + name + ". This could mean that the variable was uninitialized.");
  KernelContext k{.op = op, .node_name = c.node_name, .attrs = c.attrs, .inputs = {old, c.inputs[1]}};
  TFM_RETURN_IF_ERROR(RunKernel(k));
  if (k.outputs[0].shape() != old.shape())
    return InvalidArgument("Cannot update variable with shape " + old.ShapeString() + " using a Tensor with shape " +
                           c.inputs[1].ShapeString() + ", shapes must be equal.");
  ResourceMgr::Global().Assign(name, k.outputs[0]);
  return Status::Ok();
}
Status AssignAddVariableOpK(KernelContext& c) { return ResourceUpdate(c, "AddV2"); }
Status AssignSubVariableOpK(KernelContext& c) { return ResourceUpdate(c, "Sub"); }

Status VarIsInitializedOpK(KernelContext& c) {
  std::string name;
  TFM_RETURN_IF_ERROR(HandleName(c, &name));
  Tensor t;
  c.outputs = {Tensor::Scalar<bool>(ResourceMgr::Global().Lookup(name, &t))};
  return Status::Ok();
}


template <typename T>
void FillRandom(const std::string& op, PhiloxRandom g, T* out, int64_t n) {
  if (op == "RandomUniform")
    FillUniform(g, out, n);
  else if (op == "TruncatedNormal")
    FillTruncatedNormal(g, out, n);
  else
    FillNormal(g, out, n);
}

Status RandomK(KernelContext& c) {
  Shape s;
  for (int64_t i = 0; i < c.inputs[0].num_elements(); ++i) s.push_back(c.inputs[0].AsInt64(i));
  DType dt = GetTypeAttr(*c.attrs, "dtype", DType::kFloat);
  DType compute = dt == DType::kDouble ? DType::kDouble : DType::kFloat;
  Tensor d = Tensor::Alloc(compute, s);
  PhiloxRandom run = KernelRng(c, dt).Reserve(static_cast<uint64_t>(d.num_elements()));
  if (compute == DType::kDouble)
    FillRandom(c.op, run, d.data<double>(), d.num_elements());
  else
    FillRandom(c.op, run, d.data<float>(), d.num_elements());
  c.outputs = {compute == dt ? d : d.CastTo(dt)};
  return Status::Ok();
}

// RandomUniformInt(shape, minval, maxval): lo + (bits % range), 32 bits a value for
// int32 (4 a block), 64 for int64 (2 a block).
Status RandomUniformIntK(KernelContext& c) {
  Shape s;
  for (int64_t i = 0; i < c.inputs[0].num_elements(); ++i) s.push_back(c.inputs[0].AsInt64(i));
  DType dt = c.inputs[1].dtype();
  TFM_RETURN_IF_ERROR(NeedScalar(c, 1, "minval"));
  TFM_RETURN_IF_ERROR(NeedScalar(c, 2, "maxval"));
  int64_t lo = c.inputs[1].AsInt64(0), hi = c.inputs[2].AsInt64(0);
  if (lo >= hi) return InvalidArgument("Need minval < maxval, got " + std::to_string(lo) + " >= " + std::to_string(hi));
  Tensor out = Tensor::Alloc(dt, s);
  int64_t n = out.num_elements();
  PhiloxRandom g = KernelRng(c, dt).Reserve(static_cast<uint64_t>(n));
  if (dt == DType::kInt64) {
    uint64_t range = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
    for (int64_t i = 0; i < n; i += 2) {
      auto b = g.Next();
      for (int j = 0; j < 2 && i + j < n; ++j) {
        uint64_t bits = b.v[2 * j] | (static_cast<uint64_t>(b.v[2 * j + 1]) << 32);
        // (lo + an offset below the range's span, in unsigned: it may pass int64's maximum on the way)
        out.data<int64_t>()[i + j] = static_cast<int64_t>(static_cast<uint64_t>(lo) + bits % range);
      }
    }
  } else {
    uint32_t range = static_cast<uint32_t>(hi) - static_cast<uint32_t>(lo);
    Tensor t32 = dt == DType::kInt32 ? out : Tensor::Alloc(DType::kInt32, s);
    for (int64_t i = 0; i < n; i += 4) {
      auto b = g.Next();
      for (int j = 0; j < 4 && i + j < n; ++j)
        t32.data<int32_t>()[i + j] = static_cast<int32_t>(static_cast<uint32_t>(lo) + b.v[j] % range);
    }
    out = dt == DType::kInt32 ? t32 : t32.CastTo(dt);
  }
  c.outputs = {out};
  return Status::Ok();
}

Status PyFuncK(KernelContext& c) {
  if (!Callback()) return Internal("no host callback registered for " + c.op);
  std::vector<Tensor> out;
  TFM_RETURN_IF_ERROR(Callback()(GetIntAttr(*c.attrs, "token", -1), c.inputs, &out));
  c.outputs = std::move(out);
  return Status::Ok();
}

Status IfK(KernelContext& c) {
  const Tensor& p = c.inputs[0];
  if (p.num_elements() != 1) return InvalidArgument("The first input to If must be a scalar, got shape " + p.ShapeString());
  bool cond = p.dtype() == DType::kString ? !p.strings().empty() && !p.strings()[0].empty() : p.AsDouble(0) != 0;
  std::vector<Tensor> args(c.inputs.begin() + 1, c.inputs.end());
  int64_t fn = GetIntAttr(*c.attrs, cond ? "then_branch" : "else_branch", -1);
  return CallFunction(fn, args, &c.outputs);
}

Status WhileK(KernelContext& c) {
  int64_t cond_fn = GetIntAttr(*c.attrs, "cond", -1), body_fn = GetIntAttr(*c.attrs, "body", -1);
  int64_t max_iter = GetIntAttr(*c.attrs, "maximum_iterations", -1);
  std::vector<Tensor> vars = c.inputs;
  for (int64_t it = 0; max_iter < 0 || it < max_iter; ++it) {
    std::vector<Tensor> r;
    TFM_RETURN_IF_ERROR(CallFunction(cond_fn, vars, &r));
    if (!r.empty() && (r[0].num_elements() != 1 || r[0].dtype() == DType::kString))
      return InvalidArgument("the condition of While must be a scalar, got shape " + r[0].ShapeString());
    if (r.empty() || r[0].AsDouble(0) == 0) break;
    std::vector<Tensor> next;
    TFM_RETURN_IF_ERROR(CallFunction(body_fn, vars, &next));
    for (size_t i = 0; i < vars.size() && i < next.size(); ++i) {
      if (next[i].dtype() != vars[i].dtype())
        return InvalidArgument("While loop variable " + std::to_string(i) + " changed dtype from " +
                               DTypeName(vars[i].dtype()) + " to " + DTypeName(next[i].dtype()));
    }
    vars = std::move(next);
  }
  c.outputs = std::move(vars);
  return Status::Ok();
}

Status PartitionedCallK(KernelContext& c) { return CallFunction(GetIntAttr(*c.attrs, "f", -1), c.inputs, &c.outputs); }

}  // namespace

void SetHostCallback(HostCallback cb) { Callback() = std::move(cb); }

namespace {
using EagerKey = std::tuple<std::string, int, int64_t, int64_t>;
std::map<EagerKey, PhiloxRandom>& EagerRngs() {
  static auto* rngs = new std::map<EagerKey, PhiloxRandom>();
  return *rngs;
}
}  // namespace

// seed == seed2 == 0: TF draws a non-deterministic seed pair for the kernel.
PhiloxRandom SeededPhilox(int64_t seed, int64_t seed2) {
  if (seed == 0 && seed2 == 0) {
    std::random_device rd;
    uint64_t a = (static_cast<uint64_t>(rd()) << 32) | rd(), b = (static_cast<uint64_t>(rd()) << 32) | rd();
    return PhiloxRandom(a, b);
  }
  return PhiloxRandom(static_cast<uint64_t>(seed), static_cast<uint64_t>(seed2));
}

PhiloxRandom& KernelRng(KernelContext& c, DType dt) {
  int64_t seed = GetIntAttr(*c.attrs, "seed", 0), seed2 = GetIntAttr(*c.attrs, "seed2", 0);
  if (c.session) {
    auto it = c.session->rngs.find(c.node_name);
    if (it == c.session->rngs.end()) it = c.session->rngs.emplace(c.node_name, SeededPhilox(seed, seed2)).first;
    return it->second;
  }
  return EagerRng(c.op, static_cast<int>(dt), seed, seed2);
}

void ResetEagerRngs() { EagerRngs().clear(); }

PhiloxRandom& EagerRng(const std::string& op, int dtype, int64_t seed, int64_t seed2) {
  auto& rngs = EagerRngs();
  EagerKey key{op, dtype, seed, seed2};
  auto it = rngs.find(key);
  if (it == rngs.end()) it = rngs.emplace(key, SeededPhilox(seed, seed2)).first;
  return it->second;
}

void RegisterStateKernels(std::map<std::string, KernelFn>& m) {
  m["VariableV2"] = VariableV2K; m["Assign"] = AssignK; m["AssignAdd"] = AssignAddK; m["AssignSub"] = AssignSubK;
  m["IsVariableInitialized"] = IsVariableInitializedK;
  m["VarHandleOp"] = VarHandleOpK; m["ReadVariableOp"] = ReadVariableOpK; m["AssignVariableOp"] = AssignVariableOpK;
  m["AssignAddVariableOp"] = AssignAddVariableOpK; m["AssignSubVariableOp"] = AssignSubVariableOpK;
  m["VarIsInitializedOp"] = VarIsInitializedOpK;
  m["RandomStandardNormal"] = RandomK; m["RandomUniform"] = RandomK; m["TruncatedNormal"] = RandomK;
  m["RandomUniformInt"] = RandomUniformIntK;
  m["PyFunc"] = PyFuncK; m["EagerPyFunc"] = PyFuncK;
  m["If"] = IfK; m["StatelessIf"] = IfK; m["While"] = WhileK; m["StatelessWhile"] = WhileK;
  m["PartitionedCall"] = PartitionedCallK; m["StatefulPartitionedCall"] = PartitionedCallK;
}

}  // namespace tfm::rt
