#include "runtime/function/function.h"

#include <map>
#include <mutex>

#include "runtime/graph/session.h"

namespace tfm::rt {
namespace {
struct Fn {
  std::vector<NodeOutput> args, outputs;
  std::vector<int> targets;
  std::unique_ptr<Session> session;
};
std::map<int64_t, std::shared_ptr<Fn>>& Library() {
  static auto* m = new std::map<int64_t, std::shared_ptr<Fn>>();
  return *m;
}
std::mutex& LibMu() {
  static auto* m = new std::mutex();
  return *m;
}
}  // namespace

int64_t RegisterFunction(std::shared_ptr<Graph> graph, std::vector<NodeOutput> args, std::vector<NodeOutput> outputs,
                         std::vector<int> targets) {
  std::lock_guard<std::mutex> l(LibMu());
  auto fn = std::make_shared<Fn>();
  fn->args = std::move(args);
  fn->outputs = std::move(outputs);
  fn->targets = std::move(targets);
  fn->session = std::make_unique<Session>(std::move(graph));
  int64_t id = static_cast<int64_t>(Library().size()) + 1;
  Library()[id] = fn;
  return id;
}

Status CallFunction(int64_t id, const std::vector<Tensor>& args, std::vector<Tensor>* outputs) {
  std::shared_ptr<Fn> fn;
  {
    std::lock_guard<std::mutex> l(LibMu());
    auto it = Library().find(id);
    if (it == Library().end()) return NotFound("function " + std::to_string(id) + " is not registered");
    fn = it->second;
  }
  if (args.size() != fn->args.size())
    return InvalidArgument("function expects " + std::to_string(fn->args.size()) + " arguments, got " +
                           std::to_string(args.size()));
  std::vector<std::pair<NodeOutput, Tensor>> feeds;
  for (size_t i = 0; i < args.size(); ++i) feeds.emplace_back(fn->args[i], args[i]);
  return fn->session->Run(feeds, fn->outputs, fn->targets, outputs);
}

}  // namespace tfm::rt
