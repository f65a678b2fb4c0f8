// The UPDATE_OPS collection of a script with batch-normalization layers, and the control
// dependencies of its minimize() on it: see tf2_update_ops.h.
#include "rewriter/tf2_update_ops.h"

#include <fmt/format.h>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/python/ts_util.h"

namespace tfm {

UpdateOpsEdits PlanUpdateOpsBlocks(const ParsedFile& file, const SemanticModel& m) {
  UpdateOpsEdits out;
  const std::string_view src = file.source.text;
  auto text = [&](TSNode n) { return std::string(ts::Text(n, src)); };
  auto resolved = [&](TSNode call) {
    return ts::Is(call, "call") ? ResolvedName(m, ts::Field(call, "function")) : std::string();
  };
  auto row = [](TSNode n) { return ts_node_start_point(n).row + 1; };
  bool batch_norm = false;
  for (TSNode c : m.calls()) batch_norm |= resolved(c) == "tensorflow.compat.v1.layers.batch_normalization";
  if (!batch_norm) return {};
  // `tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.UPDATE_OPS)` (or the key's string)
  auto is_collection = [&](TSNode n) {
    if (resolved(n) != "tensorflow.compat.v1.get_collection") return false;
    std::vector<TSNode> args;
    for (TSNode a : ts::NamedChildren(ts::Field(n, "arguments")))
      if (!ts::Is(a, "comment")) args.push_back(a);
    return args.size() == 1 && (ResolvedName(m, args[0]) == "tensorflow.compat.v1.GraphKeys.UPDATE_OPS" ||
                                text(args[0]) == "\"update_ops\"" || text(args[0]) == "'update_ops'");
  };
  // the statements binding a name to the collection
  std::set<std::string> names;
  std::vector<TSNode> bindings;
  for (TSNode c : m.calls()) {
    if (!is_collection(c)) continue;
    TSNode p = ts::Parent(c);
    if (ts::Is(p, "assignment") && ts::Same(ts::Field(p, "right"), c) && ts::Is(ts::Field(p, "left"), "identifier") &&
        ts::Is(ts::Parent(p), "expression_statement") && AloneOnLines(src, ts::Parent(p))) {
      names.insert(text(ts::Field(p, "left")));
      bindings.push_back(ts::Parent(p));
    }
  }
  // `with tf.control_dependencies(<the collection>):` blocks of minimize() statements
  std::vector<TSNode> blocks;
  bool ok = true;
  std::set<uint32_t> collection_reads;  // start bytes of the reads the edits take away
  for (TSNode b : bindings) collection_reads.insert(ts_node_start_byte(ts::Field(ts_node_named_child(b, 0), "right")));
  ts::Walk(
      file.Root(),
      [&](TSNode n, const char*) {
        if (!ts::Is(n, "with_statement")) return true;
        TSNode clause = ts_node_named_child(n, 0);
        if (!ts::Is(clause, "with_clause") || ts_node_named_child_count(clause) != 1) return true;
        TSNode item = ts_node_named_child(clause, 0);
        TSNode call = ts_node_named_child_count(item) == 1 ? ts_node_named_child(item, 0) : TSNode{};
        const std::string q = resolved(call);
        if (q != "tensorflow.control_dependencies" && q != "tensorflow.compat.v1.control_dependencies") return true;
        std::vector<TSNode> args;
        for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments")))
          if (!ts::Is(a, "comment")) args.push_back(a);
        const bool over = args.size() == 1 && ((ts::Is(args[0], "identifier") && names.count(text(args[0]))) ||
                                               is_collection(args[0]));
        if (!over) return true;
        if (!AloneOnLines(src, n)) ok = false;
        for (TSNode st : ts::NamedChildren(ts::Field(n, "body"))) {
          if (ts::Is(st, "comment")) continue;
          TSNode a = ts::Is(st, "expression_statement") && ts_node_named_child_count(st) == 1 ? ts_node_named_child(st, 0)
                                                                                            : TSNode{};
          TSNode fn = ts::Is(a, "assignment") && ts::Is(ts::Field(a, "right"), "call")
                          ? ts::Field(ts::Field(a, "right"), "function")
                          : TSNode{};
          TSNode left = ts::Field(a, "left");
          if (!(ts::Is(left, "identifier") || ts::Is(left, "attribute")) || !ts::Is(fn, "attribute") ||
              text(ts::Field(fn, "attribute")) != "minimize")
            ok = false;
        }
        collection_reads.insert(ts_node_start_byte(args[0]));
        blocks.push_back(n);
        return false;
      },
      [](TSNode) {});
  if (!ok || blocks.empty()) return {};
  // every minimize() is in such a block, no apply_gradients; the collection's names are read
  // nowhere else
  for (TSNode c : m.calls()) {
    TSNode fn = ts::Field(c, "function");
    if (!ts::Is(fn, "attribute")) continue;
    const std::string attr = text(ts::Field(fn, "attribute"));
    if (attr == "apply_gradients") return {};
    if (attr != "minimize") continue;
    bool inside = false;
    for (TSNode b : blocks) inside |= ts::Contains(b, c);
    if (!inside) return {};
  }
  bool other_reads = false;
  ts::Walk(
      file.Root(),
      [&](TSNode n, const char*) {
        if (ts::Is(n, "identifier") && names.count(text(n)) && !collection_reads.count(ts_node_start_byte(n))) {
          TSNode p = ts::Parent(n);
          const bool bound = ts::Is(p, "assignment") && ts::Same(ts::Field(p, "left"), n);
          if (!bound) other_reads = true;
        }
        return true;
      },
      [](TSNode) {});
  if (other_reads) return {};
  for (TSNode b : bindings) {
    out.edits.emplace_back(LineStartAt(src, ts_node_start_byte(b)), LineEndAt(src, ts_node_end_byte(b)), "");
    out.lines.emplace_back(row(b), ts_node_end_point(b).row + 1);
  }
  for (TSNode w : blocks) {
    TSNode body = ts::Field(w, "body");
    const uint32_t col = ts_node_start_point(w).column, body_col = ts_node_start_point(body).column;
    out.edits.emplace_back(LineStartAt(src, ts_node_start_byte(w)), LineEndAt(src, ts_node_end_byte(w)),
                           std::string(col, ' ') + ReindentLines(text(body), body_col, col) + "\n");
    out.lines.emplace_back(row(w), row(w));
    out.notes.push_back(fmt::format(
        "line {}: the control dependencies on the UPDATE_OPS collection go: a Keras BatchNormalization called with "
        "training=True updates its moving statistics itself, in the step that calls it (TF1 ran the updates in each "
        "run of minimize())",
        row(w)));
  }
  out.minimize_runs_updates = true;
  return out;
}

}  // namespace tfm
