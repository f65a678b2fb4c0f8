// Stateful kernels: TF1 ref variables (VariableV2/Assign*), resource variables
// (VarHandleOp/ReadVariableOp/Assign*VariableOp), random ops, host callbacks (PyFunc),
// and functional control flow (If/While/PartitionedCall) that calls the function library.
#include <cmath>

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

Status ReadVariableOpK(KernelContext& c) {
  const std::string& name = c.inputs[0].strings()[0];
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
  const std::string& name = c.inputs[0].strings()[0];
  Tensor old;
  if (ResourceMgr::Global().Lookup(name, &old) && old.dtype() != c.inputs[1].dtype())
    return InvalidArgument("Trying to assign variable with wrong dtype. Expected " + std::string(DTypeName(old.dtype())) +
                           " got " + DTypeName(c.inputs[1].dtype()));
  ResourceMgr::Global().Assign(name, c.inputs[1]);
  return Status::Ok();
}

Status ResourceUpdate(KernelContext& c, const char* op) {
  const std::string& name = c.inputs[0].strings()[0];
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
  Tensor t;
  c.outputs = {Tensor::Scalar<bool>(ResourceMgr::Global().Lookup(c.inputs[0].strings()[0], &t))};
  return Status::Ok();
}

std::mt19937_64& RngFor(KernelContext& c) {
  int64_t seed = GetIntAttr(*c.attrs, "seed", 0), seed2 = GetIntAttr(*c.attrs, "seed2", 0);
  if (c.session) {
    auto it = c.session->rngs.find(c.node_name);
    if (it == c.session->rngs.end()) {
      uint64_t s = (seed || seed2) ? static_cast<uint64_t>(seed) * 1000003u + static_cast<uint64_t>(seed2)
                                   : std::random_device{}();
      it = c.session->rngs.emplace(c.node_name, std::mt19937_64(s)).first;
    }
    return it->second;
  }
  return EagerRng(seed, seed2);
}

Status RandomK(KernelContext& c) {
  Shape s;
  for (int64_t i = 0; i < c.inputs[0].num_elements(); ++i) s.push_back(c.inputs[0].AsInt64(i));
  DType dt = GetTypeAttr(*c.attrs, "dtype", DType::kFloat);
  Tensor d = Tensor::Alloc(DType::kDouble, s);
  auto& g = RngFor(c);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> uni(0.0, 1.0);
  for (int64_t i = 0; i < d.num_elements(); ++i) {
    double v;
    if (c.op == "RandomUniform") {
      v = uni(g);
    } else if (c.op == "TruncatedNormal") {
      do { v = normal(g); } while (std::abs(v) > 2.0);
    } else {
      v = normal(g);
    }
    d.data<double>()[i] = v;
  }
  c.outputs = {d.CastTo(dt)};
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
  bool cond = p.dtype() == DType::kString ? !p.strings()[0].empty() : p.AsDouble(0) != 0;
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
std::map<std::pair<int64_t, int64_t>, std::mt19937_64>& EagerRngs() {
  static auto* rngs = new std::map<std::pair<int64_t, int64_t>, std::mt19937_64>();
  return *rngs;
}
}  // namespace

void ResetEagerRngs() { EagerRngs().clear(); }

std::mt19937_64& EagerRng(int64_t seed, int64_t seed2) {
  auto* rngs = &EagerRngs();
  auto key = std::make_pair(seed, seed2);
  auto it = rngs->find(key);
  if (it == rngs->end()) {
    uint64_t s = (seed || seed2) ? static_cast<uint64_t>(seed) * 1000003u + static_cast<uint64_t>(seed2) : std::random_device{}();
    it = rngs->emplace(key, std::mt19937_64(s)).first;
  }
  return it->second;
}

void RegisterStateKernels(std::map<std::string, KernelFn>& m) {
  m["VariableV2"] = VariableV2K; m["Assign"] = AssignK; m["AssignAdd"] = AssignAddK; m["AssignSub"] = AssignSubK;
  m["IsVariableInitialized"] = IsVariableInitializedK;
  m["VarHandleOp"] = VarHandleOpK; m["ReadVariableOp"] = ReadVariableOpK; m["AssignVariableOp"] = AssignVariableOpK;
  m["AssignAddVariableOp"] = AssignAddVariableOpK; m["AssignSubVariableOp"] = AssignSubVariableOpK;
  m["VarIsInitializedOp"] = VarIsInitializedOpK;
  m["RandomStandardNormal"] = RandomK; m["RandomUniform"] = RandomK; m["TruncatedNormal"] = RandomK;
  m["PyFunc"] = PyFuncK; m["EagerPyFunc"] = PyFuncK;
  m["If"] = IfK; m["StatelessIf"] = IfK; m["While"] = WhileK; m["StatelessWhile"] = WhileK;
  m["PartitionedCall"] = PartitionedCallK; m["StatefulPartitionedCall"] = PartitionedCallK;
}

}  // namespace tfm::rt
