#include "runtime/graph/session.h"

#include "runtime/kernels/registry.h"

#include <algorithm>
#include <deque>
#include <set>
#include <tuple>

namespace tfm::rt {

namespace {
Status WithNode(const Status& s, const std::string& node) {
  if (s.ok()) return s;
  if (s.message().find("[[{{node") != std::string::npos) return s;
  return Status(s.code(), s.message() + "\n\t [[{{node " + node + "}}]]");
}
}  // namespace

bool IsNextIteration(const std::string& op) { return op == "NextIteration" || op == "RefNextIteration"; }
bool IsV1ControlFlow(const std::string& op) {
  static const std::set<std::string> kOps = {"Switch", "RefSwitch", "Merge", "RefMerge", "Enter", "RefEnter",
                                             "Exit", "RefExit", "NextIteration", "RefNextIteration", "LoopCond"};
  return kOps.count(op) > 0;
}

const std::vector<NodeOutput>& Session::Inputs(int node) const {
  if (!merge_inputs_.empty()) {
    auto it = merge_inputs_.find(node);
    if (it != merge_inputs_.end()) return it->second;
  }
  return graph_->node(node).inputs;
}

// Runs a plan holding v1 control flow (graph files' TF1 tf.cond and tf.while_loop) with
// TensorFlow's executor semantics; the plan's steps are the nodes to run, each with its
// kernel resolved once. Every value carries a tag: a frame instance (a v1 while loop
// entered from a given parent frame and iteration) and an iteration number. Enter passes
// a value into its child frame's iteration 0 (is_constant: into every iteration), NextIteration into
// the next iteration, Exit back to the parent frame. Switch sends its input to output 1
// (pred true) or 0 and marks the other dead; a node with a dead data or control input is
// dead and does not run; Merge forwards its first live input and that input's index and
// is dead when every input that can arrive in its iteration is dead. Dead NextIteration
// and Exit values are dropped (the loop ends; the live Exit comes on the last iteration).
// Total node executions are capped so a loop that never ends is an error, not a hang.
class Session::FrameRun {
 public:
  FrameRun(const Session& session, const Plan& plan, const std::map<NodeOutput, Tensor>& fed, SessionState* state)
      : session_(session), g_(*session.graph_), plan_(plan), fed_(fed), state_(state) {}

  Status Run(const std::vector<NodeOutput>& fetches, const std::vector<int>& targets, std::vector<Tensor>* outputs,
             std::vector<int>* ran) {
    const int n = g_.num_nodes();
    need_.assign(n, 0);
    for (const Step& st : plan_.steps) need_[st.node] = 1;
    consumers_.assign(n, {});
    for (int i = 0; i < n; ++i) {
      if (!need_[i]) continue;
      const auto& ins = Inputs(i);
      for (size_t k = 0; k < ins.size(); ++k)
        if (!fed_.count(ins[k])) consumers_[ins[k].node].push_back({i, static_cast<int>(k), ins[k].index});
      for (int c : g_.node(i).control_inputs) consumers_[c].push_back({i, -1, 0});
    }
    frames_.push_back({-1, 0, ""});  // the root frame instance
    for (int i = 0; i < n; ++i) {
      if (!need_[i]) continue;
      bool waits = !g_.node(i).control_inputs.empty();
      for (const auto& in : Inputs(i)) waits = waits || !fed_.count(in);
      if (!waits) Ready(i, {0, 0});
    }
    int64_t budget = session_.max_node_executions_;
    for (;;) {
      while (!queue_.empty()) {
        auto [id, tag] = queue_.front();
        queue_.pop_front();
        if (--budget < 0)
          return OutOfRange("the run executed more than " + std::to_string(session_.max_node_executions_) +
                            " nodes (a v1 while loop that does not end?)");
        TFM_RETURN_IF_ERROR(Execute(id, tag, ran));
      }
      if (!PropagateDeadFrames()) break;
    }
    outputs->clear();
    for (const auto& f : fetches) {
      auto fv = fed_.find(f);
      if (fv != fed_.end()) {
        outputs->push_back(fv->second);
        continue;
      }
      auto it = root_values_.find(f);
      if (it == root_values_.end() && in_frame_.count(f.node))
        return InvalidArgument("fetch " + g_.node(f.node).name + ":" + std::to_string(f.index) +
                               " is inside a v1 while loop; fetch the loop's Exit output instead");
      if (it == root_values_.end() || !it->second.first)
        return InvalidArgument("fetch " + g_.node(f.node).name + ":" + std::to_string(f.index) +
                               " has no value: it is on the branch of a v1 tf.cond that was not taken");
      if (!it->second.second.valid())
        return FailedPrecondition("Attempting to use uninitialized value " + g_.node(f.node).name);
      outputs->push_back(it->second.second);
    }
    for (int t : targets)
      if (!root_done_.count(t) || root_dead_.count(t))
        return InvalidArgument("target " + g_.node(t).name + " is on the branch of a v1 tf.cond that was not taken");
    return Status::Ok();
  }

 private:
  struct Tag {
    int frame = 0;
    int64_t iter = 0;
    bool operator<(const Tag& o) const { return frame != o.frame ? frame < o.frame : iter < o.iter; }
  };
  struct Consumer {
    int node, slot, port;  // slot -1: control edge
  };
  struct Pending {
    std::vector<Tensor> in;
    std::vector<char> arrived, dead;
    int count = 0;
    bool control_dead = false;
    int controls = 0;
    bool fired = false;
  };
  struct Frame {
    int parent;
    int64_t parent_iter;
    std::string name;
    int64_t iterations = 1;  // iterations started
    std::vector<std::pair<int, Tensor>> invariants;  // constant Enter nodes and their values
  };

  const std::vector<NodeOutput>& Inputs(int i) const { return session_.Inputs(i); }
  static bool IsMerge(const std::string& op) { return op == "Merge" || op == "RefMerge"; }

  Pending& PendingFor(int id, Tag tag) {
    auto key = std::make_pair(id, tag);
    auto it = pending_.find(key);
    if (it != pending_.end()) return it->second;
    Pending& p = pending_[key];
    const auto& ins = Inputs(id);
    p.in.resize(ins.size());
    p.arrived.assign(ins.size(), 0);
    p.dead.assign(ins.size(), 0);
    for (size_t k = 0; k < ins.size(); ++k) {
      auto f = fed_.find(ins[k]);
      if (f != fed_.end()) {
        p.in[k] = f->second;
        p.arrived[k] = 1;
        ++p.count;
      }
    }
    return p;
  }

  void Ready(int id, Tag tag) { queue_.push_back({id, tag}); }

  // One value (or deadness) arrives at consumer c under `tag`.
  void Deliver(const Consumer& c, Tag tag, const Tensor& v, bool dead) {
    const Node& node = g_.node(c.node);
    Pending& p = PendingFor(c.node, tag);
    if (p.fired) return;
    if (c.slot < 0) {
      ++p.controls;
      p.control_dead = p.control_dead || dead;
    } else if (!p.arrived[c.slot]) {
      p.arrived[c.slot] = 1;
      p.dead[c.slot] = dead;
      p.in[c.slot] = v;
      ++p.count;
    }
    int controls = static_cast<int>(node.control_inputs.size());
    if (IsMerge(node.op)) {
      if (p.controls < controls) return;
      bool live = false;
      int arrived_dead = 0;
      for (size_t k = 0; k < p.in.size(); ++k) {
        if (p.arrived[k] && !p.dead[k]) live = true;
        if (p.arrived[k] && p.dead[k]) ++arrived_dead;
      }
      // Inputs that can arrive in this iteration: for a loop's Merge (it has back edges)
      // the forward inputs in iteration 0 and the back edges after; else all of them.
      int expected = 0;
      const auto& ins = Inputs(c.node);
      bool loop_merge = session_.merge_inputs_.count(c.node) > 0;
      for (const auto& in : ins) {
        bool back = IsNextIteration(g_.node(in.node).op);
        if (!loop_merge || back == (tag.iter > 0)) ++expected;
      }
      if (live || arrived_dead >= expected) {
        p.fired = true;
        Ready(c.node, tag);
      }
      return;
    }
    if (p.count == static_cast<int>(p.in.size()) && p.controls == controls) {
      p.fired = true;
      Ready(c.node, tag);
    }
  }

  // Sends node `id`'s outputs (executed under `tag`) to its consumers.
  void Emit(int id, Tag tag, const std::vector<Tensor>& outs, const std::vector<char>& dead, bool node_dead) {
    const Node& node = g_.node(id);
    Tag to = tag;
    bool constant_enter = false;
    if (node.op == "Enter" || node.op == "RefEnter") {
      std::string name = GetStringAttr(node.attrs, "frame_name", node.name);
      to = {ChildFrame(tag, name), 0};
      constant_enter = GetBoolAttr(node.attrs, "is_constant", false);
    } else if (node.op == "Exit" || node.op == "RefExit") {
      if (node_dead) {  // kept: if this turns out to be the frame's last iteration, the loop is dead
        dead_exits_.push_back({id, tag});
        return;
      }
      const Frame& f = frames_[tag.frame];
      to = {f.parent < 0 ? 0 : f.parent, f.parent_iter};
    } else if (IsNextIteration(node.op)) {
      if (node_dead) return;
      to = {tag.frame, tag.iter + 1};
      StartIteration(to);
    }
    if (tag.frame != 0) in_frame_.insert(id);
    if (to.frame == 0) {
      root_done_.insert(id);
      if (node_dead) root_dead_.insert(id);
      for (size_t k = 0; k < outs.size(); ++k) root_values_[{id, static_cast<int>(k)}] = {!dead[k], outs[k]};
    }
    auto send = [&](Tag t) {
      for (const Consumer& c : consumers_[id]) {
        if (c.slot < 0) Deliver(c, t, Tensor(), node_dead);
        else Deliver(c, t, c.port < static_cast<int>(outs.size()) ? outs[c.port] : Tensor(), dead[c.port]);
      }
    };
    if (constant_enter && !node_dead) {
      Frame& f = frames_[to.frame];
      f.invariants.push_back({id, outs.empty() ? Tensor() : outs[0]});
      for (int64_t it = 0; it < f.iterations; ++it) send({to.frame, it});
      return;
    }
    send(to);
  }

  // Once no work is left, a dead Exit in its frame's last iteration means the whole loop
  // ran dead (it was entered with dead values, e.g. inside an untaken tf.cond branch):
  // as TensorFlow does, its deadness goes on to the parent frame. False when none is left.
  bool PropagateDeadFrames() {
    std::vector<std::pair<int, Tag>> exits;
    exits.swap(dead_exits_);
    bool any = false;
    for (auto [id, tag] : exits) {
      const Frame& f = frames_[tag.frame];
      if (tag.iter != f.iterations - 1) continue;
      Tag to{f.parent < 0 ? 0 : f.parent, f.parent_iter};
      const Node& node = g_.node(id);
      if (to.frame == 0) {
        root_done_.insert(id);
        root_dead_.insert(id);
        for (size_t k = 0; k < node.outputs.size(); ++k) root_values_[{id, static_cast<int>(k)}] = {false, Tensor()};
      }
      for (const Consumer& c : consumers_[id]) Deliver(c, to, Tensor(), true);
      any = true;
    }
    return any;
  }

  int ChildFrame(Tag parent, const std::string& name) {
    auto key = std::make_tuple(parent.frame, parent.iter, name);
    auto it = frame_ids_.find(key);
    if (it != frame_ids_.end()) return it->second;
    frames_.push_back({parent.frame, parent.iter, name});
    int id = static_cast<int>(frames_.size()) - 1;
    frame_ids_[key] = id;
    return id;
  }

  void StartIteration(Tag t) {
    Frame& f = frames_[t.frame];
    while (f.iterations <= t.iter) {
      Tag it{t.frame, f.iterations++};
      for (const auto& [enter, v] : f.invariants)
        for (const Consumer& c : consumers_[enter])
          Deliver(c, it, c.slot < 0 ? Tensor() : v, false);
    }
  }

  Status Execute(int id, Tag tag, std::vector<int>* ran) {
    const Node& node = g_.node(id);
    size_t nout = node.outputs.size();
    std::vector<Tensor> outs(nout);
    std::vector<char> dead(nout, 0);
    if (!pending_.count({id, tag})) PendingFor(id, tag);  // a root whose inputs are all fed
    auto pit = pending_.find({id, tag});
    Pending in = std::move(pit->second);
    pending_.erase(pit);
    if (ran->size() < 10000) ran->push_back(id);
    if (IsMerge(node.op)) {
      for (size_t k = 0; k < in.in.size(); ++k)
        if (in.arrived[k] && !in.dead[k]) {
          outs = {in.in[k], Tensor::Scalar<int32_t>(static_cast<int32_t>(k))};
          Emit(id, tag, outs, dead, false);
          return Status::Ok();
        }
      dead.assign(nout, 1);
      Emit(id, tag, outs, dead, true);
      return Status::Ok();
    }
    bool is_dead = in.control_dead;
    for (char d : in.dead) is_dead = is_dead || d;
    if (is_dead) {
      ran->pop_back();
      dead.assign(nout, 1);
      Emit(id, tag, outs, dead, true);
      return Status::Ok();
    }
    if (node.op == "Switch" || node.op == "RefSwitch") {
      const Tensor& pred = in.in[1];
      if (pred.dtype() != DType::kBool || pred.num_elements() != 1)
        return WithNode(InvalidArgument("The second input to Switch must be a bool scalar, got " +
                                        std::string(DTypeName(pred.dtype())) + pred.ShapeString()), node.name);
      int taken = pred.data<bool>()[0] ? 1 : 0;
      outs[taken] = in.in[0];
      dead[1 - taken] = 1;
      Emit(id, tag, outs, dead, false);
      return Status::Ok();
    }
    if (IsV1ControlFlow(node.op)) {  // Enter, Exit, NextIteration, LoopCond: forward
      outs = {in.in[0]};
      Emit(id, tag, outs, dead, false);
      return Status::Ok();
    }
    const Step& st = plan_.steps[plan_.step_of_node[id]];
    KernelContext ctx{.op = node.op, .node_name = node.name, .attrs = &node.attrs, .session = state_};
    const auto& ins = Inputs(id);
    for (size_t k = 0; k < in.in.size(); ++k) {
      bool ref_ok = st.ref_input0 && k == 0;
      if (!in.in[k].valid() && !ref_ok)
        return WithNode(FailedPrecondition("Attempting to use uninitialized value " + g_.node(ins[k].node).name), node.name);
      ctx.inputs.push_back(in.in[k]);
      ctx.input_nodes.push_back(g_.node(ins[k].node).name);
    }
    Status s = st.kernel ? RunKernel(*st.kernel, ctx) : RunKernel(ctx);
    if (!s.ok()) return WithNode(s, node.name);
    if (ctx.outputs.size() < nout) ctx.outputs.resize(nout);
    Emit(id, tag, ctx.outputs, dead, false);
    return Status::Ok();
  }

  const Session& session_;
  const Graph& g_;
  const Plan& plan_;
  const std::map<NodeOutput, Tensor>& fed_;
  SessionState* state_;
  std::vector<char> need_;
  std::vector<std::vector<Consumer>> consumers_;
  std::vector<Frame> frames_;
  std::map<std::tuple<int, int64_t, std::string>, int> frame_ids_;
  std::map<std::pair<int, Tag>, Pending> pending_;
  std::deque<std::pair<int, Tag>> queue_;
  std::map<NodeOutput, std::pair<bool, Tensor>> root_values_;  // (live, value) in the root frame
  std::set<int> root_done_, root_dead_, in_frame_;
  std::vector<std::pair<int, Tag>> dead_exits_;
};


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
      for (const NodeOutput& in : Inputs(n))  // a loop Merge's back edges too
        if (!fed.count(in)) want(in.node);
      for (int c : g.node(n).control_inputs) want(c);
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
      plan.frames = plan.frames || IsV1ControlFlow(node.op);
    }
    if (plan.frames) plan.step_of_node = position;
    for (const NodeOutput& o : fetches) plan.fetches.push_back(source(o));
    pit = plans_.emplace(key, std::move(plan)).first;
  }
  const Plan& plan = pit->second;
  if (plan.frames) {
    last_executed_.clear();
    return FrameRun(*this, plan, fed, &state_).Run(fetches, targets, outputs, &last_executed_);
  }
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
