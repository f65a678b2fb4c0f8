// A module-level helper that makes and runs an RNN cell, written where its one call was: see
// tf2_inline_helper.h.
#include "rewriter/tf2_inline_helper.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <vector>

#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

using std::string;

}  // namespace

IdiomEdits PlanRnnHelperInlining(const ParsedFile& file, const SemanticModel& m) {
  IdiomEdits out;
  const std::string_view src = file.source.text;
  auto text = [&](TSNode n) { return string(ts::Text(n, src)); };
  const std::vector<TSNode> module = ts::NamedChildren(file.Root());
  for (TSNode def : module) {
    if (!ts::Is(def, "function_definition")) continue;
    const string name = text(ts::Field(def, "name"));
    // its body makes an RNN cell
    bool cell = false;
    for (TSNode c : m.calls())
      cell |= ts::Contains(def, c) &&
              ResolvedName(m, ts::Field(c, "function")).rfind("tensorflow.compat.v1.nn.rnn_cell.", 0) == 0;
    if (!cell) continue;
    std::vector<string> params;
    bool plain = true;
    for (TSNode p : ts::NamedChildren(ts::Field(def, "parameters"))) {
      if (!ts::Is(p, "identifier")) plain = false;
      else params.push_back(text(p));
    }
    if (!plain) continue;
    // the body: assignments (a docstring first, comments), then `return VALUE`
    std::vector<TSNode> body = ts::NamedChildren(ts::Field(def, "body"));
    std::vector<TSNode> stmts;
    for (TSNode s : body)
      if (!ts::Is(s, "comment")) stmts.push_back(s);
    if (stmts.empty() || !ts::Is(stmts.back(), "return_statement") || ts_node_named_child_count(stmts.back()) != 1)
      continue;
    std::set<string> locals;
    bool shape = true;
    for (size_t i = 0; i + 1 < stmts.size(); ++i) {
      TSNode s = stmts[i];
      TSNode e = ts::Is(s, "expression_statement") && ts_node_named_child_count(s) == 1 ? ts_node_named_child(s, 0)
                                                                                        : TSNode{};
      if (i == 0 && ts::Is(e, "string")) continue;  // a docstring
      if (!ts::Is(e, "assignment") || ts::Field(e, "type").id || !ts::Field(e, "right").id) {
        shape = false;
        break;
      }
      if (ts::Is(ts::Field(e, "right"), "assignment")) {  // (a chained assignment)
        shape = false;
        break;
      }
      TargetNames(ts::Field(e, "left"), [&](TSNode n) { locals.insert(text(n)); });
      bool only_names = true;
      ts::Walk(
          ts::Field(e, "left"),
          [&](TSNode q, const char*) {
            if (ts::Is(q, "attribute") || ts::Is(q, "subscript") || ts::Is(q, "list_splat_pattern")) only_names = false;
            return true;
          },
          [](TSNode) {});
      if (!only_names) shape = false;
    }
    if (!shape) continue;
    // its one use: `T = helper(args)`, a module-level statement after it
    std::vector<TSNode> uses;
    ValueIdentifiers(file.Root(), [&](TSNode n) {
      if (text(n) == name && !ts::Same(n, ts::Field(def, "name"))) uses.push_back(n);
    });
    if (uses.size() != 1) continue;
    TSNode call = ts::Parent(uses[0]);
    if (!ts::Is(call, "call") || !ts::Same(ts::Field(call, "function"), uses[0])) continue;
    TSNode asg = ts::Parent(call);
    TSNode stmt = ts::Parent(asg);
    if (!ts::Is(asg, "assignment") || !ts::Same(ts::Field(asg, "right"), call) ||
        !ts::Is(ts::Field(asg, "left"), "identifier") || !ts::Is(stmt, "expression_statement") ||
        !ts::Same(ts::Parent(stmt), file.Root()) || ts_node_start_byte(stmt) < ts_node_end_byte(def) ||
        !AloneOnLines(src, stmt) || !AloneOnLines(src, def))
      continue;
    std::vector<TSNode> args;
    for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments")))
      if (!ts::Is(a, "comment")) args.push_back(a);
    if (args.size() != params.size()) continue;
    std::map<string, string> arg_of;
    bool simple = true;
    for (size_t i = 0; i < args.size(); ++i) {
      TSNode a = args[i];
      simple = simple && (ts::Is(a, "identifier") || ts::Is(a, "integer") || ts::Is(a, "float") ||
                          ts::Is(a, "string") || ts::Is(a, "true") || ts::Is(a, "false"));
      arg_of[params[i]] = text(a);
    }
    if (!simple) continue;
    // the body's names are its own: none is read or bound elsewhere in the module (the
    // parameters included: the body may bind them again)
    // (a parameter given the module's name of its own name, `RNN(X, weights, biases)`, and not
    // bound again, is that name)
    std::set<string> own = locals;
    for (const string& p : params)
      if (arg_of[p] != p || locals.count(p)) own.insert(p);
    bool clash = false;
    ValueIdentifiers(file.Root(), [&](TSNode n) {
      if (!ts::Contains(def, n) && own.count(text(n))) clash = true;
    });
    for (const Binding& b : m.bindings())
      if (b.scope == 0 && own.count(b.name) && !ts::Contains(def, b.target)) clash = true;
    if (clash) continue;
    // the inlined statements: each parameter read as its argument until a statement binds it
    const uint32_t col = ts_node_start_point(stmts.front()).column, to = ts_node_start_point(stmt).column;
    std::set<string> rebound;
    string inline_text;
    for (TSNode s : body) {
      if (ts::Same(s, stmts.front()) && ts::Is(ts_node_named_child(s, 0), "string")) continue;
      std::vector<ByteEdit> subs;
      const uint32_t base = ts_node_start_byte(s);
      TSNode value = s;
      TSNode e = ts::Is(s, "expression_statement") ? ts_node_named_child(s, 0) : TSNode{};
      if (ts::Is(e, "assignment")) value = ts::Field(e, "right");
      if (ts::Is(s, "return_statement")) value = ts_node_named_child(s, 0);
      if (!ts::Is(s, "comment"))
        ValueIdentifiers(value, [&](TSNode n) {
          auto it = arg_of.find(text(n));
          if (it != arg_of.end() && !rebound.count(it->first))
            subs.emplace_back(ts_node_start_byte(n) - base, ts_node_end_byte(n) - base, it->second);
        });
      string st = ApplyByteEdits(ts::Text(s, src), std::move(subs));
      if (ts::Is(s, "return_statement")) {
        const string ret = "return";
        st = text(ts::Field(asg, "left")) + " =" + st.substr(ret.size());
      }
      if (!inline_text.empty()) inline_text += "\n" + string(to, ' ');
      inline_text += ReindentLines(st, col, to);
      if (ts::Is(e, "assignment")) TargetNames(ts::Field(e, "left"), [&](TSNode n) { rebound.insert(text(n)); });
    }
    out.edits.emplace_back(ts_node_start_byte(stmt), ts_node_end_byte(stmt), inline_text);
    const uint32_t def_from = LineStartAt(src, ts_node_start_byte(def));
    uint32_t def_to = LineEndAt(src, ts_node_end_byte(def));
    // (with the blank lines after it)
    while (def_to < src.size() && (src[def_to] == '\n' || (src[def_to] == '\r' && def_to + 1 < src.size() &&
                                                           src[def_to + 1] == '\n')))
      def_to += src[def_to] == '\r' ? 2 : 1;
    out.edits.emplace_back(def_from, def_to, "");
    out.lines.emplace_back(ts_node_start_point(def).row + 1, ts_node_end_point(def).row + 1);
    out.lines.emplace_back(ts_node_start_point(stmt).row + 1, ts_node_end_point(stmt).row + 1);
    out.notes.push_back(fmt::format("line {}: the helper `{}`, which makes an RNN cell, is written where its one call "
                                    "was (line {}), so that its cell is made once",
                                    ts_node_start_point(def).row + 1, name, ts_node_start_point(stmt).row + 1));
  }
  return out;
}

}  // namespace tfm
