// A helper the session is passed to moves into the session block: see tf2_session_helper.h.
#include "rewriter/tf2_session_helper.h"

#include <fmt/format.h>

#include <string_view>

#include "analyzer/python/semantic.h"
#include "analyzer/python/ts_util.h"
#include "analyzer/source/source.h"
#include "rewriter/tf2_text.h"

namespace tfm {
namespace {

using std::string;
using std::string_view;

struct Mover {
  const ParsedFile& file;
  const SemanticModel& m;
  string_view src;
  std::vector<ByteEdit> edits;
  std::vector<string> notes;

  string_view Text(TSNode n) const { return ts::Text(n, src); }

  // The parameters or arguments of a list, comments left out.
  static std::vector<TSNode> Items(TSNode list) {
    std::vector<TSNode> out;
    for (TSNode c : ts::NamedChildren(list))
      if (!ts::Is(c, "comment")) out.push_back(c);
    return out;
  }
  static bool Literal(TSNode v) {
    return ts::Is(v, "integer") || ts::Is(v, "float") || ts::Is(v, "true") || ts::Is(v, "false") ||
           ts::Is(v, "none") || (ts::Is(v, "string") && ts_node_start_point(v).row == ts_node_end_point(v).row);
  }
  // Identifiers named `name` in `n` (not attribute or keyword names).
  template <typename F>
  void Uses(TSNode n, string_view name, F&& f) const {
    ts::Walk(
        n,
        [&](TSNode c, const char*) {
          if (!ts::Is(c, "identifier")) return true;
          TSNode p = ts::Parent(c);
          bool attr_name = ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), c);
          bool kw_name = ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), c);
          if (!attr_name && !kw_name && Text(c) == name) f(c);
          return false;
        },
        [](TSNode) {});
  }
  // The comment lines written just above statement `st` (no blank line between), from the
  // first of them: where the statement's lines start with its comments.
  uint32_t StartWithComments(TSNode st) const {
    TSNode first = st;
    for (TSNode p = ts_node_prev_named_sibling(st); ts::Is(p, "comment"); p = ts_node_prev_named_sibling(p)) {
      if (ts_node_end_point(p).row + 1 != ts_node_start_point(first).row || !AloneOnLines(src, p)) break;
      first = p;
    }
    return LineStartAt(src, ts_node_start_byte(first));
  }
  static bool MultilineString(TSNode n) {
    bool found = false;
    ts::Walk(
        n,
        [&](TSNode c, const char*) {
          if (ts::Is(c, "string") && ts_node_start_point(c).row != ts_node_end_point(c).row) found = true;
          return !found && !ts::Is(c, "string");
        },
        [](TSNode) {});
    return found;
  }

  // `def` before the session block `with` (session `sess`), in the same statement list.
  void Try(TSNode def, TSNode with, string_view sess) {
    if (!AloneOnLines(src, def) || MultilineString(def)) return;
    const string name(Text(ts::Field(def, "name")));
    TSNode body = ts::Field(def, "body");
    std::vector<TSNode> params = Items(ts::Field(def, "parameters"));
    // the session parameter: used, and only as `P.run(...)`
    size_t k = params.size();
    for (size_t i = 0; i < params.size(); ++i) {
      TSNode p = params[i];
      if (ts::Is(p, "default_parameter") && Literal(ts::Field(p, "value"))) continue;
      if (!ts::Is(p, "identifier")) return;  // *args, annotations, computed defaults: stays
      int runs = 0;
      bool other = false;
      Uses(body, Text(p), [&](TSNode u) {
        TSNode a = ts::Parent(u), call = ts::Parent(a);
        if (ts::Is(a, "attribute") && Text(ts::Field(a, "attribute")) == "run" && ts::Is(call, "call") &&
            ts::Same(ts::Field(call, "function"), a))
          ++runs;
        else
          other = true;
      });
      if (runs && !other) {
        if (k != params.size()) return;  // two of them
        k = i;
      }
    }
    if (k == params.size()) return;
    const string param(Text(params[k]));
    if (param != sess) {
      bool reads_sess = false;
      Uses(body, sess, [&](TSNode) { reads_sess = true; });
      if (reads_sess) return;
    }
    // every use of the helper: a call in the block, passing the block's session there
    std::vector<TSNode> calls;
    bool other = false;
    Uses(file.Root(), name, [&](TSNode u) {
      if (ts::Same(u, ts::Field(def, "name"))) return;
      TSNode call = ts::Parent(u);
      if (!ts::Contains(ts::Field(with, "body"), u) || !ts::Is(call, "call") ||
          !ts::Same(ts::Field(call, "function"), u)) {
        other = true;
        return;
      }
      calls.push_back(call);
    });
    if (other || calls.empty()) return;
    std::vector<std::pair<std::vector<TSNode>, size_t>> drops;
    for (TSNode call : calls) {
      std::vector<TSNode> args = Items(ts::Field(call, "arguments"));
      size_t at = args.size();
      for (size_t i = 0; i < args.size(); ++i) {
        TSNode a = args[i];
        if (ts::Is(a, "list_splat") || ts::Is(a, "dictionary_splat")) return;
        bool keyword = ts::Is(a, "keyword_argument");
        if ((keyword && Text(ts::Field(a, "name")) == param) || (!keyword && i == k)) {
          TSNode v = keyword ? ts::Field(a, "value") : a;
          if (!ts::Is(v, "identifier") || Text(v) != sess) return;
          at = i;
        }
      }
      if (at == args.size()) return;  // the session not passed (a default?): stays
      drops.emplace_back(std::move(args), at);
    }
    // the block's statement that first calls it: the helper goes just above it (and its comments)
    TSNode first{};
    for (TSNode st : ts::NamedChildren(ts::Field(with, "body")))
      if (!first.id && !ts::Is(st, "comment") && ts::Contains(st, calls.front())) first = st;
    for (TSNode c : calls)
      for (TSNode st : ts::NamedChildren(ts::Field(with, "body")))
        if (ts::Contains(st, c) && ts_node_start_byte(st) < ts_node_start_byte(first)) first = st;
    if (!first.id || !AloneOnLines(src, first)) return;
    uint32_t from = StartWithComments(def), to = LineEndAt(src, ts_node_end_byte(def) - 1);
    uint32_t def_col = ts_node_start_point(def).column, to_col = ts_node_start_point(first).column;
    if (to_col <= def_col) return;
    // the helper without the parameter (the session's name where it differs), its lines
    // indented as the block's
    std::vector<ByteEdit> own;
    DropListItem(params, k, &own);
    if (param != sess)
      Uses(body, param, [&](TSNode u) { own.emplace_back(ts_node_start_byte(u), ts_node_end_byte(u), string(sess)); });
    for (auto& [b, e, r] : own) {
      b -= from;
      e -= from;
    }
    string text = ApplyByteEdits(src.substr(from, to - from), std::move(own));
    if (text.empty()) return;
    string moved;
    for (size_t at = 0; at < text.size();) {
      size_t e = text.find('\n', at);
      e = e == string::npos ? text.size() : e + 1;
      string_view line = string_view(text).substr(at, e - at);
      if (line.find_first_not_of(" \r\n") != string_view::npos) {
        if (line.find_first_not_of(' ') < def_col) return;  // tabs, or a continuation less indented
        moved += string(to_col - def_col, ' ');
      }
      moved += line;
      at = e;
    }
    moved += "\n";
    // the lines it leaves, with the blank line after it when one is above it
    uint32_t cut_to = to;
    if (from >= 2 && src[from - 1] == '\n' && src[from - 2] == '\n')
      while (cut_to < src.size() && src[cut_to] == '\n') ++cut_to;
    edits.emplace_back(from, cut_to, "");
    edits.emplace_back(StartWithComments(first), StartWithComments(first), moved);
    for (auto& [args, at] : drops) DropListItem(args, at, &edits);
    notes.push_back(fmt::format("`{}` ran the session passed to it, `{}`, which each of its calls passes: it moves "
                                "into the session block, and its runs convert with the block's",
                                name, param));
  }

  void Run() {
    ts::Walk(
        file.Root(),
        [&](TSNode n, const char*) {
          if (!ts::Is(n, "with_statement")) return true;
          TSNode clause = ts_node_named_child(n, 0);
          if (!ts::Is(clause, "with_clause") || ts_node_named_child_count(clause) != 1) return true;
          TSNode v = ts::Field(ts_node_named_child(clause, 0), "value");
          if (!ts::Is(v, "as_pattern")) return true;
          TSNode call = ts_node_named_child(v, 0), alias = ts::Field(v, "alias");
          alias = alias.id ? ts_node_named_child(alias, 0) : TSNode{};
          auto q = ts::Is(call, "call") ? m.Resolve(ts::Field(call, "function")) : std::nullopt;
          if (!q || (*q != "tensorflow.compat.v1.Session" && *q != "tensorflow.compat.v1.InteractiveSession") ||
              !ts::Is(alias, "identifier"))
            return true;
          for (TSNode st : ts::NamedChildren(ts::Parent(n))) {
            if (ts_node_start_byte(st) >= ts_node_start_byte(n)) break;
            if (ts::Is(st, "function_definition")) Try(st, n, Text(alias));
          }
          return true;
        },
        [](TSNode) {});
  }
};

}  // namespace

std::string MoveSessionHelpers(PythonParser& parser, const std::string& text, std::vector<std::string>* notes) {
  auto src = SourceFromBytes(text, "<tf2>", SourceKind::kPython);
  if (!src) return "";
  auto parsed = parser.Parse(std::move(*src));
  if (!parsed || parsed->syntax_error) return "";
  SemanticModel model(*parsed);
  Mover mv{*parsed, model, parsed->source.text};
  mv.Run();
  if (mv.edits.empty()) return "";
  std::string out = ApplyByteEdits(parsed->source.text, std::move(mv.edits));
  if (out.empty()) return "";
  notes->insert(notes->end(), mv.notes.begin(), mv.notes.end());
  return out;
}

}  // namespace tfm
