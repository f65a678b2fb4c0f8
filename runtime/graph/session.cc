#include "runtime/graph/session.h"

#include "runtime/kernels/registry.h"

#include <algorithm>
#include <set>

namespace tfm::rt {

namespace {
Status WithNode(const Status& s, const std::string& node) {
  if (s.ok()) return s;
  if (s.message().find("[[{{node") != std::string::npos) return s;
  return Status(s.code(), s.message() + "\n\t [[{{node " + node + "}}]]");
}
}  // namespace

Status Session::Run(const std::vector<std::pair<NodeOutput, Tensor>>& feeds, const std::vector<NodeOutput>& fetches,
                    const std::vector<int>& targets, std::vector<Tensor>* outputs) {
  const Graph& g = *graph_;
  std::map<NodeOutput, Tensor> fed;
  std::string key;
  for (auto& [o, t] : feeds) {
    if (o.node < 0 || o.node >= g.num_nodes()) return InvalidArgument("feed refers to a missing node");
    fed[o] = t;
    key += "f" + std::to_string(o.node) + ":" + std::to_string(o.index) + ",";
  }
  for (auto& o : fetches) {
    if (o.node < 0 || o.node >= g.num_nodes()) return InvalidArgument("fetch refers to a missing node");
    key += "o" + std::to_string(o.node) + ":" + std::to_string(o.index) + ",";
  }
  for (int t : targets) {
    if (t < 0 || t >= g.num_nodes()) return InvalidArgument("target refers to a missing node");
    key += "t" + std::to_string(t) + ",";
  }
  auto pit = plans_.find(key);
  if (pit == plans_.end()) {
    // Prune: walk back from fetches and targets, stopping at fed tensors. Node ids are
    // already a topological order (inputs always precede their consumers).
    std::vector<char> need(g.num_nodes(), 0);
    std::vector<int> stack;
    auto want = [&](int n) {
      if (!need[n]) { need[n] = 1; stack.push_back(n); }
    };
    for (auto& o : fetches)
      if (!fed.count(o)) want(o.node);
    for (int t : targets) want(t);
    while (!stack.empty()) {
      int n = stack.back();
      stack.pop_back();
      const Node& node = g.node(n);
      for (const NodeOutput& in : node.inputs)
        if (!fed.count(in)) want(in.node);
      for (int c : node.control_inputs) want(c);
    }
    // Each step's kernel and input sources are resolved here, once per plan (TensorFlow
    // creates a kernel once per node): a run does no name lookups.
    Plan plan;
    std::vector<int> position(g.num_nodes(), -1);
    auto source = [&](const NodeOutput& o) {
      for (size_t f = feeds.size(); f-- > 0;)  // the last feed of a tensor wins, as before
        if (feeds[f].first == o) return Source{-1, static_cast<int>(f)};
      return Source{position[o.node], o.index};
    };
    for (int i = 0; i < g.num_nodes(); ++i) {
      if (!need[i]) continue;
      const Node& node = g.node(i);
      const OpDef* def = LookupOpDef(node.op);
      Step st{.node = i, .kernel = FindKernel(node.op), .ref_input0 = def && def->ref_input0};
      for (const NodeOutput& in : node.inputs) {
        st.inputs.push_back(source(in));
        st.types.push_back(g.node(in.node).outputs[in.index].dtype);
      }
      position[i] = static_cast<int>(plan.steps.size());
      plan.steps.push_back(std::move(st));
    }
    for (const NodeOutput& o : fetches) plan.fetches.push_back(source(o));
    pit = plans_.emplace(key, std::move(plan)).first;
  }
  const Plan& plan = pit->second;
  std::vector<std::vector<Tensor>> values(plan.steps.size());
  auto value = [&](const Source& src) -> const Tensor& {
    static const Tensor kNone;
    if (src.step < 0) return feeds[src.index].second;
    const std::vector<Tensor>& v = values[src.step];
    return src.index < static_cast<int>(v.size()) ? v[src.index] : kNone;
  };
  last_executed_.clear();
  ScopedFlushDenormal flush;  // once for every kernel of the run
  for (size_t p = 0; p < plan.steps.size(); ++p) {
    const Step& st = plan.steps[p];
    const Node& node = g.node(st.node);
    KernelContext ctx{.op = node.op, .node_name = node.name, .attrs = &node.attrs, .session = &state_};
    ctx.inputs.reserve(st.inputs.size());
    bool types_seen = true;  // every input has the type ValidateNode saw (a feed may not)
    for (size_t k = 0; k < st.inputs.size(); ++k) {
      const Tensor& t = value(st.inputs[k]);
      if (!t.valid() && !(st.ref_input0 && k == 0)) {
        const Node& src = g.node(node.inputs[k].node);
        return WithNode(FailedPrecondition("Attempting to use uninitialized value " + src.name), node.name);
      }
      if (t.valid() && (st.types[k] == DType::kInvalid || t.dtype() != st.types[k])) types_seen = false;
      ctx.inputs.push_back(t);
    }
    ctx.input_types_checked = types_seen;
    // The ref kernels (Assign*, IsVariableInitialized) find their variable by its node.
    if (st.ref_input0 && !node.inputs.empty()) ctx.input_nodes.push_back(g.node(node.inputs[0].node).name);
    Status s = st.kernel ? RunKernel(*st.kernel, ctx) : RunKernel(ctx);
    last_executed_.push_back(st.node);
    if (!s.ok()) return WithNode(s, node.name);
    if (ctx.outputs.size() < node.outputs.size()) ctx.outputs.resize(node.outputs.size());
    values[p] = std::move(ctx.outputs);
  }
  outputs->clear();
  for (size_t i = 0; i < fetches.size(); ++i) {
    const Tensor& t = value(plan.fetches[i]);
    if (!t.valid()) {
      const Node& n = g.node(fetches[i].node);
      return WithNode(FailedPrecondition("Attempting to use uninitialized value " + n.name),
                      "_retval_" + n.name + "_0_0");
    }
    outputs->push_back(t);
  }
  return Status::Ok();
}

std::vector<std::string> Session::last_executed() const {
  std::vector<std::string> names;
  names.reserve(last_executed_.size());
  for (int id : last_executed_) names.push_back(graph_->node(id).name);
  return names;
}

}  // namespace tfm::rt
