// Byte-level helpers the tf2 conversions share (tf2_session.cc, tf2_sessions.cc,
// tf2_layer_helper.cc): line bounds of a byte, whether a statement has its lines to
// itself, and applying (begin, end, replacement) edits in one pass.
//
//   uint32_t b = LineStartAt(src, ts_node_start_byte(st));   // first byte of its line
//   std::string out = ApplyByteEdits(src, std::move(edits));  // "" when two edits overlap
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <tree_sitter/api.h>

#include "analyzer/python/semantic.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

using ByteEdit = std::tuple<uint32_t, uint32_t, std::string>;  // [begin, end) -> replacement

// What a TF1-level rewrite of the compat text plans (tf2_session.cc's RewriteIdioms applies
// it before the session conversion).
struct IdiomEdits {
  std::vector<ByteEdit> edits;                       // on the file's text
  std::vector<std::pair<uint32_t, uint32_t>> lines;  // 1-based rows rewritten (their findings are handled)
  std::vector<std::string> notes;                    // for the summary
};

// First byte of the line holding `byte`.
inline uint32_t LineStartAt(std::string_view src, uint32_t byte) {
  size_t p = byte ? src.rfind('\n', byte - 1) : std::string_view::npos;
  return p == std::string_view::npos ? 0u : static_cast<uint32_t>(p + 1);
}
// End of the line holding `byte` (past its newline).
inline uint32_t LineEndAt(std::string_view src, uint32_t byte) {
  size_t p = src.find('\n', byte);
  return p == std::string_view::npos ? static_cast<uint32_t>(src.size()) : static_cast<uint32_t>(p + 1);
}
// A statement alone on its lines (blanks before it, at most a comment after it), so its
// lines can be deleted, copied or moved.
inline bool AloneOnLines(std::string_view src, TSNode st) {
  uint32_t b = ts_node_start_byte(st), e = ts_node_end_byte(st);
  for (uint32_t i = LineStartAt(src, b); i < b; ++i)
    if (src[i] != ' ' && src[i] != '\t') return false;
  for (uint32_t i = e; i < src.size() && src[i] != '\n'; ++i) {
    if (src[i] == '#') break;
    if (src[i] != ' ' && src[i] != '\t' && src[i] != '\r') return false;
  }
  return true;
}
// The comment lines right above a statement (no blank line between, each at the
// statement's column; not a shebang, a coding line or a notebook's cell marker): where the
// first of them starts (the statement's line start when there are none), and their text,
// one line each without the indentation. The tf2 conversions move them with a statement
// that moves into functions.
inline std::pair<uint32_t, std::string> StatementComments(std::string_view src, TSNode stmt) {
  const uint32_t col = ts_node_start_point(stmt).column;
  uint32_t at = LineStartAt(src, ts_node_start_byte(stmt));
  std::vector<std::string_view> lines;
  while (at > 0) {
    const uint32_t prev = LineStartAt(src, at - 1);
    std::string_view line = src.substr(prev, at - prev);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
    const size_t ind = line.find_first_not_of(" \t");
    if (ind == std::string_view::npos || line[ind] != '#' || ind != col) break;
    if (prev == 0 && line.substr(0, 2) == "#!") break;  // (a shebang)
    if (line.find("coding") != std::string_view::npos && line.find("-*-") != std::string_view::npos) break;
    if (line.substr(ind, 12) == "# tfmigrate:") break;  // (a notebook's cell marker: MarkCells)
    lines.insert(lines.begin(), line.substr(ind));
    at = prev;
  }
  std::string text;
  for (std::string_view l : lines) {
    text.append(l);
    text += '\n';
  }
  return {at, text};
}
// `text` (a statement's, its first line's indentation not included) with its later lines
// moved from column `from_col` to `to_col`, keeping their indentation relative to it.
inline std::string ReindentLines(std::string_view text, uint32_t from_col, uint32_t to_col) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] != '\n') continue;
    size_t sp = 0;
    while (i + 1 + sp < text.size() && text[i + 1 + sp] == ' ') ++sp;
    out.append(sp >= from_col ? sp - from_col + to_col : to_col, ' ');
    i += sp;
  }
  return out;
}
// Removes item `k` of `items` (a call's arguments, a definition's parameters) with the comma
// that joins it to its neighbour.
inline void DropListItem(const std::vector<TSNode>& items, size_t k, std::vector<ByteEdit>* out) {
  if (k > 0) out->emplace_back(ts_node_end_byte(items[k - 1]), ts_node_end_byte(items[k]), "");
  else if (items.size() > 1) out->emplace_back(ts_node_start_byte(items[0]), ts_node_start_byte(items[1]), "");
  else out->emplace_back(ts_node_start_byte(items[0]), ts_node_end_byte(items[0]), "");
}
// The text with the edits applied (sorted here); "" when two of them overlap.
inline std::string ApplyByteEdits(std::string_view src, std::vector<ByteEdit> edits) {
  std::sort(edits.begin(), edits.end());
  std::string out;
  uint32_t at = 0;
  for (const auto& [b, e, r] : edits) {
    if (b < at) return "";
    out.append(src, at, b - at);
    out += r;
    at = e;
  }
  out.append(src, at, std::string_view::npos);
  return out;
}

// A Python identifier (ASCII): letters, digits and `_`, not starting with a digit.
inline bool IsPythonIdentifier(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
}

// The value of a plain, non-empty string literal (`"disc"`, `'w'`: no prefix, escape or
// inner quote), or nullopt.
inline std::optional<std::string> PlainStringLiteral(TSNode n, std::string_view src) {
  if (!ts::Is(n, "string")) return std::nullopt;
  std::string_view t = ts::Text(n, src);
  if (t.size() < 3 || (t[0] != '"' && t[0] != '\'') || t.back() != t[0]) return std::nullopt;
  std::string v(t.substr(1, t.size() - 2));
  if (v.find('\\') != std::string::npos || v.find(t[0]) != std::string::npos) return std::nullopt;
  return v;
}

// Calls `f` on each identifier of `n` that names something: not an attribute's name
// (`x.NAME`) nor a keyword argument's (`f(NAME=...)`).
template <typename F>
void ValueIdentifiers(TSNode n, F&& f) {
  ts::Walk(
      n,
      [&](TSNode c, const char*) {
        if (ts::Is(c, "identifier")) {
          TSNode p = ts::Parent(c);
          bool attr_name = ts::Is(p, "attribute") && !ts::Same(ts::Field(p, "object"), c);
          bool kw_name = ts::Is(p, "keyword_argument") && ts::Same(ts::Field(p, "name"), c);
          if (!attr_name && !kw_name) f(c);
          return false;
        }
        return true;
      },
      [](TSNode) {});
}

// What a binding node binds: an assignment's, augmented assignment's or for loop's target
// (`left`); with `more`, also a comprehension's `for` target and a `with`/`except` clause's
// `as` alias. Null for another node.
inline TSNode BindingTarget(TSNode n, bool more = false) {
  if (ts::Is(n, "assignment") || ts::Is(n, "augmented_assignment") || ts::Is(n, "for_statement") ||
      (more && ts::Is(n, "for_in_clause")))
    return ts::Field(n, "left");
  return more && ts::Is(n, "as_pattern") ? ts::Field(n, "alias") : TSNode{};
}

// Calls `f` on each name a binding target binds (`a`, `a, (b, *c)`): not the names in an
// attribute or a subscript it assigns (`self.a`, `d[k]`).
template <typename F>
void TargetNames(TSNode target, F&& f) {
  ts::Walk(
      target,
      [&](TSNode q, const char*) {
        if (ts::Is(q, "attribute") || ts::Is(q, "subscript")) return false;
        if (ts::Is(q, "identifier")) f(q);
        return true;
      },
      [](TSNode) {});
}

// `with CALL:` or `with CALL as NAME:`, one clause: the call and the name (null without
// `as`); false for another form (several clauses, `as` something other than a name, no call).
inline bool SingleWithCall(TSNode with, TSNode* call, TSNode* alias) {
  TSNode clause = ts_node_named_child(with, 0);
  if (!ts::Is(clause, "with_clause") || ts::NamedChildren(clause).size() != 1 || !ts::Field(with, "body").id)
    return false;
  TSNode v = ts::Field(ts_node_named_child(clause, 0), "value");
  *call = v;
  *alias = TSNode{};
  if (ts::Is(v, "as_pattern")) {
    *call = ts_node_named_child(v, 0);
    TSNode al = ts::Field(v, "alias");
    *alias = al.id ? ts_node_named_child(al, 0) : TSNode{};
    if (!ts::Is(*alias, "identifier")) return false;
  }
  return ts::Is(*call, "call");
}

// Argument `k` of a call, positional or by `name`; null if absent.
inline TSNode ArgAt(const SemanticModel& m, TSNode call, size_t k, const char* name) {
  const auto& pos = m.PositionalArgs(call);
  return k < pos.size() ? pos[k] : m.KeywordArg(call, name);
}
// The qualified name `n` resolves to in `m` ("tensorflow.compat.v1.Session"), "" if none.
inline std::string ResolvedName(const SemanticModel& m, TSNode n) {
  auto q = m.Resolve(n);
  return q ? *q : std::string();
}
// Whether a name or attribute chain under `n` resolves into tensorflow; `skip(c)` true: the
// name or chain `c` does not count (nor what it holds).
template <typename Skip>
bool RefersToTf(const SemanticModel& m, TSNode n, Skip&& skip) {
  bool tf = false;
  ts::Walk(
      n,
      [&](TSNode c, const char*) {
        if (tf) return false;
        if (ts::Is(c, "identifier") || ts::Is(c, "attribute")) {
          if (skip(c)) return false;
          tf = ResolvedName(m, c).rfind("tensorflow", 0) == 0;
          return !tf && ts::Is(c, "attribute");
        }
        return true;
      },
      [](TSNode) {});
  return tf;
}
inline bool RefersToTf(const SemanticModel& m, TSNode n) {
  return RefersToTf(m, n, [](TSNode) { return false; });
}

// Whether a call of `q` (a qualified name) reads or changes TF1's graph-wide state (variable
// scopes, collections, the default graph, savers, v1 summaries, queues, v1 iterators), which
// a tf.function of the converted program would not see as the TF1 graph did.
inline bool ReadsTf1GraphState(std::string_view q) {
  if (q.rfind("tensorflow", 0) != 0) return false;
  if (q.rfind("tensorflow.keras.", 0) == 0) return false;  // a Keras layer, metric, ... keeps its own state
  // TF2's summaries: the writer and its methods, the writes (a compat text names v1's
  // under tensorflow.compat.v1.summary)
  if (q.rfind("tensorflow.summary.", 0) == 0) return false;
  for (std::string_view bad : {"get_variable", "layers.", "variable_scope", "get_collection", "trainable_variables",
                          "global_variables", "local_variables", "all_variables", "model_variables",
                          "moving_average_variables", "get_global_step", "Saver", "summary.", "get_default_graph",
                          "add_to_collection", "reset_default_graph", "assert_variables_initialized",
                          "report_uninitialized_variables", "metrics.", "Queue", "queue_runner",
                          "start_queue_runners", "make_one_shot_iterator", "make_initializable_iterator",
                          "Iterator"})
    if (q.find(bad) != std::string_view::npos) return true;
  return false;
}

}  // namespace tfm
