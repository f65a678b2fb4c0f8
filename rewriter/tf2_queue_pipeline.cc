// A TF1 queue input pipeline over arrays as a tf.data pipeline: see tf2_queue_pipeline.h.
#include "rewriter/tf2_queue_pipeline.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <string_view>

#include "analyzer/python/ts_util.h"
#include "rewriter/tf2_keras.h"

namespace tfm {
namespace {

using std::string;

// The statement's assignment `targets = call(...)` at module level, or nulls.
bool ModuleAssignment(TSNode st, TSNode* left, TSNode* right) {
  TSNode a = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
  if (!ts::Is(st, "expression_statement") || !ts::Is(a, "assignment")) return false;
  *left = ts::Field(a, "left");
  *right = ts::Field(a, "right");
  return right->id != nullptr && ts::Is(*right, "call");
}

// The items of a list or tuple literal (or of a pattern list), comments aside; {} for anything else.
std::vector<TSNode> Items(TSNode n) {
  std::vector<TSNode> out;
  if (!ts::Is(n, "list") && !ts::Is(n, "tuple") && !ts::Is(n, "pattern_list") && !ts::Is(n, "tuple_pattern") &&
      !ts::Is(n, "list_pattern"))
    return out;
  for (TSNode c : ts::NamedChildren(n))
    if (!ts::Is(c, "comment")) out.push_back(c);
  return out;
}

}  // namespace

IdiomEdits PlanQueuePipelines(const ParsedFile& file, const SemanticModel& m, const std::string& tf) {
  IdiomEdits out;
  const std::string_view src = file.source.text;
  auto text = [&](TSNode n) { return string(ts::Text(n, src)); };
  auto resolved = [&](TSNode call) { return ResolvedName(m, ts::Field(call, "function")); };
  std::vector<TSNode> module = ts::NamedChildren(file.Root());
  // the queue calls of the file: exactly one producer and one batch, at module level
  std::vector<TSNode> producers, batches, runners, other_queues;
  for (TSNode c : m.calls()) {
    const string q = resolved(c);
    if (q == "tensorflow.compat.v1.train.slice_input_producer") producers.push_back(c);
    else if (q == "tensorflow.compat.v1.train.batch") batches.push_back(c);
    else if (q == "tensorflow.compat.v1.train.start_queue_runners") runners.push_back(c);
    else if (q.find("input_producer") != string::npos || q.find("Queue") != string::npos ||
             q.find("shuffle_batch") != string::npos || q.find("batch_join") != string::npos ||
             q.find("queue_runner") != string::npos || q.find("QueueRunner") != string::npos)
      other_queues.push_back(c);
  }
  if (producers.size() != 1 || batches.size() != 1 || runners.empty() || !other_queues.empty()) return out;
  TSNode prod_stmt{}, batch_stmt{};
  for (TSNode st : module) {
    if (ts::Contains(st, producers[0])) prod_stmt = st;
    if (ts::Contains(st, batches[0])) batch_stmt = st;
  }
  TSNode pl, pr, bl, br;
  if (!prod_stmt.id || !batch_stmt.id || !ModuleAssignment(prod_stmt, &pl, &pr) ||
      !ModuleAssignment(batch_stmt, &bl, &br) || !ts::Same(pr, producers[0]) || !ts::Same(br, batches[0]) ||
      !AloneOnLines(src, prod_stmt) || !AloneOnLines(src, batch_stmt) ||
      ts_node_start_byte(prod_stmt) > ts_node_start_byte(batch_stmt))
    return out;
  // the producer: slice_input_producer(tensor_list, num_epochs=None, shuffle=True, seed=None, capacity=32, ...)
  string why;
  auto pargs = CallArgsByName(src, pr, {"tensor_list", "num_epochs", "shuffle", "seed", "capacity", "shared_name",
                                        "name"},
                              &why);
  if (!why.empty() || !pargs.count("tensor_list") || !pargs.count("shuffle") || !ts::Is(pargs["shuffle"], "false"))
    return out;
  std::vector<TSNode> arrays = Items(pargs["tensor_list"]);
  if (arrays.empty()) return out;
  // each a name bound at module level to no TensorFlow value (arrays)
  for (TSNode a : arrays) {
    if (!ts::Is(a, "identifier")) return out;
    int bound = 0;
    for (TSNode st : module) {
      TSNode l, r;
      TSNode asg = ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0) : TSNode{};
      if (!ts::Is(st, "expression_statement") || !ts::Is(asg, "assignment")) continue;
      l = ts::Field(asg, "left");
      r = ts::Field(asg, "right");
      bool binds = false;
      TargetNames(l, [&](TSNode n) { binds |= text(n) == text(a); });
      if (!binds) continue;
      if (RefersToTf(m, r)) return out;
      ++bound;
    }
    if (bound == 0) return out;
  }
  string epochs;
  if (pargs.count("num_epochs") && text(pargs["num_epochs"]) != "None") {
    auto n = LiteralInt(src, pargs["num_epochs"]);
    if (!n || *n <= 0) return out;
    epochs = std::to_string(*n);
  }
  // its outputs: one name each, read only by the batch call's list
  std::vector<TSNode> outputs = Items(pl);
  if (outputs.size() != arrays.size()) return out;
  // the batch: batch(tensors, batch_size, num_threads=1, capacity=32, enqueue_many=False, shapes=None,
  // dynamic_pad=False, allow_smaller_final_batch=False, shared_name=None, name=None)
  auto bargs = CallArgsByName(src, br, {"tensors", "batch_size", "num_threads", "capacity", "enqueue_many", "shapes",
                                        "dynamic_pad", "allow_smaller_final_batch", "shared_name", "name"},
                              &why);
  if (!why.empty() || !bargs.count("tensors") || !bargs.count("batch_size")) return out;
  auto size = LiteralInt(src, bargs["batch_size"]);
  if (!size || *size <= 0) return out;
  if (bargs.count("num_threads") && text(bargs["num_threads"]) != "1") return out;
  for (const char* k : {"enqueue_many", "dynamic_pad"})
    if (bargs.count(k) && !ts::Is(bargs[k], "false")) return out;
  if (bargs.count("shapes") && text(bargs["shapes"]) != "None") return out;
  bool smaller = false;
  if (bargs.count("allow_smaller_final_batch")) {
    TSNode a = bargs["allow_smaller_final_batch"];
    if (!ts::Is(a, "true") && !ts::Is(a, "false")) return out;
    smaller = ts::Is(a, "true");
  }
  std::vector<TSNode> tensors = Items(bargs["tensors"]);
  std::vector<TSNode> batched = Items(bl);
  if (tensors.size() != outputs.size() || batched.size() != outputs.size()) return out;
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (!ts::Is(outputs[i], "identifier") || !ts::Is(tensors[i], "identifier") || !ts::Is(batched[i], "identifier") ||
        text(outputs[i]) != text(tensors[i]))
      return out;
    int uses = 0;
    ValueIdentifiers(file.Root(), [&](TSNode n) {
      if (text(n) == text(outputs[i]) && !ts::Same(n, outputs[i])) ++uses;
    });
    if (uses != 1) return out;
  }
  // The queue runners' threads and their Coordinator go: `threads =
  // start_queue_runners(...)` and `coord = tf.train.Coordinator()`, each read only by
  // `coord.request_stop()`, `coord.join(threads)` (statements that go too) and
  // `coord.should_stop()` (False: no thread stops the loop; `not coord.should_stop()` is
  // True).
  std::vector<TSNode> dropped;              // statements that go
  std::vector<std::pair<TSNode, string>> replaced;  // expressions replaced
  std::vector<string> coords, threads;
  auto statement_of = [](TSNode c) {
    TSNode st = ts::Parent(c);
    if (ts::Is(st, "assignment")) st = ts::Parent(st);
    return ts::Is(st, "expression_statement") ? st : TSNode{};
  };
  for (TSNode c : runners) {
    TSNode st = statement_of(c);
    if (!st.id || !AloneOnLines(src, st)) return out;
    TSNode a = ts_node_named_child(st, 0);
    if (ts::Is(a, "assignment")) {
      if (!ts::Is(ts::Field(a, "left"), "identifier")) return out;
      threads.push_back(text(ts::Field(a, "left")));
    }
    TSNode coord = ArgAt(m, c, 1, "coord");
    if (coord.id && !ts::Is(coord, "identifier")) return out;
    dropped.push_back(st);
  }
  for (TSNode c : m.calls()) {
    const string q = resolved(c);
    if (q != "tensorflow.train.Coordinator" && q != "tensorflow.compat.v1.train.Coordinator") continue;
    TSNode st = statement_of(c);
    TSNode a = st.id ? ts_node_named_child(st, 0) : TSNode{};
    if (!ts::Is(a, "assignment") || !ts::Is(ts::Field(a, "left"), "identifier") || !AloneOnLines(src, st)) return out;
    coords.push_back(text(ts::Field(a, "left")));
    dropped.push_back(st);
  }
  bool other_use = false;
  ValueIdentifiers(file.Root(), [&](TSNode n) {
    const string name = text(n);
    const bool coord = std::find(coords.begin(), coords.end(), name) != coords.end();
    const bool thread = std::find(threads.begin(), threads.end(), name) != threads.end();
    if (!coord && !thread) return;
    TSNode p = ts::Parent(n);
    if (ts::Is(p, "assignment") && ts::Same(ts::Field(p, "left"), n)) return;  // (its statement goes)
    if (ts::Is(p, "keyword_argument") || ts::Is(p, "argument_list")) {
      TSNode call = ts::Parent(ts::Is(p, "keyword_argument") ? ts::Parent(p) : p);
      if (std::find_if(runners.begin(), runners.end(), [&](TSNode r) { return ts::Same(r, call); }) != runners.end())
        return;  // an argument of a start that goes
      TSNode fn = ts::Field(call, "function");
      if (thread && ts::Is(fn, "attribute") && text(ts::Field(fn, "attribute")) == "join") return;  // coord.join(threads)
      other_use = true;
      return;
    }
    if (!coord || !ts::Is(p, "attribute") || !ts::Is(ts::Parent(p), "call")) {
      other_use = true;
      return;
    }
    TSNode call = ts::Parent(p);
    const string method = text(ts::Field(p, "attribute"));
    if (method == "should_stop") {
      TSNode up = ts::Parent(call);
      if (ts::Is(up, "not_operator")) replaced.push_back({up, "True"});
      else replaced.push_back({call, "False"});
    } else if (method == "request_stop" || method == "join") {
      TSNode st = statement_of(call);
      if (!st.id || !ts::Same(ts_node_named_child(st, 0), call) || !AloneOnLines(src, st)) other_use = true;
      else dropped.push_back(st);
    } else {
      other_use = true;
    }
  });
  if (other_use) return out;
  const string base = text(batched[0]);
  const string ds = base + "_dataset", it = base + "_iterator";
  bool taken = false;
  ValueIdentifiers(file.Root(), [&](TSNode n) { taken |= text(n) == ds || text(n) == it; });
  if (taken) return out;
  std::vector<string> names;
  for (TSNode a : arrays) names.push_back(text(a));
  string pipeline = fmt::format("{} = {}.data.Dataset.from_tensor_slices(({}{}))", ds, tf, fmt::join(names, ", "),
                                names.size() == 1 ? "," : "");
  pipeline += epochs.empty() ? ".repeat()" : fmt::format(".repeat({})", epochs);
  pipeline += fmt::format(".batch({}{})", *size, smaller ? "" : ", drop_remainder=True");
  const string indent(ts_node_start_point(batch_stmt).column, ' ');
  out.edits.emplace_back(ts_node_start_byte(prod_stmt), ts_node_end_byte(prod_stmt), pipeline);
  out.edits.emplace_back(ts_node_start_byte(batch_stmt), ts_node_start_byte(bl),
                         fmt::format("{} = {}.compat.v1.data.make_one_shot_iterator({})\n{}", it, tf, ds, indent));
  out.edits.emplace_back(ts_node_start_byte(br), ts_node_end_byte(br), it + ".get_next()");
  for (const auto& [n, rep] : replaced) {
    out.edits.emplace_back(ts_node_start_byte(n), ts_node_end_byte(n), rep);
    out.lines.emplace_back(ts_node_start_point(n).row + 1, ts_node_end_point(n).row + 1);
  }
  // a dropped statement's lines go; a block left empty: a `finally:` clause beside an
  // `except` goes whole, another block keeps `pass`
  std::set<uintptr_t> gone;
  for (TSNode st : dropped) gone.insert(reinterpret_cast<uintptr_t>(st.id));
  std::set<uintptr_t> blocks_done;
  for (TSNode st : dropped) {
    out.lines.emplace_back(ts_node_start_point(st).row + 1, ts_node_end_point(st).row + 1);
    TSNode block = ts::Parent(st);
    bool all = true;
    for (TSNode c : ts::NamedChildren(block))
      if (!ts::Is(c, "comment")) all = all && gone.count(reinterpret_cast<uintptr_t>(c.id));
    const uint32_t from = LineStartAt(src, ts_node_start_byte(st)), to = LineEndAt(src, ts_node_end_byte(st));
    if (!all || ts::Is(block, "module")) {
      out.edits.emplace_back(from, to, "");
      continue;
    }
    if (!blocks_done.insert(reinterpret_cast<uintptr_t>(block.id)).second) continue;
    TSNode clause = ts::Parent(block);
    bool has_except = false;
    if (ts::Is(clause, "finally_clause"))
      for (TSNode c : ts::NamedChildren(ts::Parent(clause))) has_except |= ts::Is(c, "except_clause");
    if (has_except) {
      out.edits.emplace_back(LineStartAt(src, ts_node_start_byte(clause)), LineEndAt(src, ts_node_end_byte(clause)), "");
      continue;
    }
    // (the block's statements: the first becomes `pass`, the others go)
    bool first = true;
    for (TSNode c : ts::NamedChildren(block)) {
      if (ts::Is(c, "comment")) continue;
      if (first) out.edits.emplace_back(ts_node_start_byte(c), ts_node_end_byte(c), "pass");
      else out.edits.emplace_back(LineStartAt(src, ts_node_start_byte(c)), LineEndAt(src, ts_node_end_byte(c)), "");
      first = false;
    }
  }
  out.lines.emplace_back(ts_node_start_point(prod_stmt).row + 1, ts_node_end_point(batch_stmt).row + 1);
  out.notes.push_back(fmt::format(
      "line {}: the queue pipeline (tf.train.slice_input_producer, tf.train.batch) is the tf.data pipeline `{}`, the "
      "same batches in the same order; its queue runners and their Coordinator go",
      ts_node_start_point(prod_stmt).row + 1, ds));
  return out;
}

}  // namespace tfm
