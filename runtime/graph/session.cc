#include "runtime/graph/session.h"

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
    std::vector<int> plan;
    for (int i = 0; i < g.num_nodes(); ++i)
      if (need[i]) plan.push_back(i);
    pit = plans_.emplace(key, std::move(plan)).first;
  }
  std::map<int, std::vector<Tensor>> values;
  last_executed_.clear();
  for (int id : pit->second) {
    const Node& node = g.node(id);
    const OpDef* def = LookupOpDef(node.op);
    KernelContext ctx{.op = node.op, .node_name = node.name, .attrs = &node.attrs, .session = &state_};
    for (size_t k = 0; k < node.inputs.size(); ++k) {
      const NodeOutput& in = node.inputs[k];
      auto f = fed.find(in);
      Tensor t = f != fed.end() ? f->second : values[in.node][in.index];
      bool ref_ok = def && def->ref_input0 && k == 0;
      if (!t.valid() && !ref_ok) {
        const Node& src = g.node(in.node);
        return WithNode(FailedPrecondition("Attempting to use uninitialized value " + src.name), node.name);
      }
      ctx.inputs.push_back(t);
      ctx.input_nodes.push_back(g.node(in.node).name);
    }
    Status s = RunKernel(ctx);
    last_executed_.push_back(node.name);
    if (!s.ok()) return WithNode(s, node.name);
    if (ctx.outputs.size() < node.outputs.size()) ctx.outputs.resize(node.outputs.size());
    values[id] = std::move(ctx.outputs);
  }
  outputs->clear();
  for (auto& o : fetches) {
    auto f = fed.find(o);
    Tensor t = f != fed.end() ? f->second : values[o.node][o.index];
    if (!t.valid()) {
      const Node& n = g.node(o.node);
      return WithNode(FailedPrecondition("Attempting to use uninitialized value " + n.name),
                      "_retval_" + n.name + "_0_0");
    }
    outputs->push_back(t);
  }
  return Status::Ok();
}

}  // namespace tfm::rt
