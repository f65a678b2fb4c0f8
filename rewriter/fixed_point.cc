#include "rewriter/fixed_point.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string_view>

#include "analyzer/checks/registry.h"
#include "analyzer/python/parse.h"

// Why a pass of closed fixes leaves nothing to fix (safe fixes only; the rules that
// run in the loop are the ones that can offer a safe fix: TFM102 TFM103 TFM104
// TFM108 TFM111 TFM205 TFM208 TFM405 TFM504).
//
// A fixable finding of the result is either (1) a finding the input already had
// with an applicable fix, (2) one it had without one that gained a fix, or (3) a
// new one. (1): every applicable fix was applied (`deferred`/`held_back` zero),
// and an applied fix removes its own trigger (see the shapes). (2) and (3) are
// ruled out per edit shape below, given the runtime conditions checked here.
//
// Closed edit shapes (checked on the edit text, not assumed from the rule; a rule
// lists the shapes its safe fixes take in RuleInfo::closed_edits, ClosedEdit bits):
//  A  prefix:  root identifier `tf` -> `tf.compat.v1` (TFM102, TFM104's TF1-semantics
//     fix), and TFM111's `tf.logging.x` -> `tf.compat.v1.logging.x` /
//     `from tensorflow[.logging] import` -> `from tensorflow.compat.v1[.logging] import`.
//     The reference (and anything resolved through it) goes from tensorflow.P to
//     tensorflow.compat.v1.P: same path, namespace kTop -> kV1. The kTop-only rules
//     (TFM102/103/104/111) stop firing on it; every other rule and the semantic
//     model (sessions, graph regions, toggles, tf.function marks, DataFlow) read
//     the path and treat kTop and kV1 alike. No binding is added or removed.
//  B  toggle:  `\n<tf>.compat.v1.disable_v2_behavior()` after the first module-level
//     `import tensorflow`. A kV1 call no rule fixes; it moves code after it from
//     eager to graph context, which only turns TFM205's safe fix unsafe (graph never
//     becomes eager: no closed edit removes a session, graph region or toggle).
//  F  keywords (TFM104): `a=` -> `b=` and `keep_prob=v` / positional v -> `rate=1 - v`
//     inside a kTop call. The only rules reading a call's arguments are TFM104 and
//     TFM103's call templates; the tables are such that no kw rename source is a
//     target, no rename target or `rate` is a removed keyword, no renamed keyword
//     or keep_prob has a changed default, no keep_prob symbol has a default at
//     position <= 1, and no call-change rename symbol has argument changes
//     (tests/fixed_point_test.cc checks this on the tables).
//  D  `E.value` -> `<tf>.compat.v1.dimension_value(E)` or `E` (TFM504). A kV1 call;
//     E is a subscript or a name bound to a shape element (a new reference from a
//     name not bound to `tensorflow` cannot get a prefix fix). It makes DataFlow see
//     a tensor where it saw `E.value`, which can make a `print` of it in a
//     tf.function convertible: TFM405 findings without an applicable fix on the
//     input therefore keep the confirming pass (runtime condition).
//  E  `R.make_one_shot_iterator()` / `R.make_initializable_iterator()` ->
//     `<tf>.compat.v1.data.<method>(R)` (TFM208, no arguments, safe only when R
//     resolves under `data.`). A kV1 call; R may become a reference of its own, whose
//     table matches are prefixes of the chain's it ended (any fix there would have
//     overlapped this edit and been deferred); both forms are non-tensor `data.` paths.
//
// Runtime conditions (text facts the shapes cannot promise):
//  - no applied edit replaces text holding a `#` (a comment can hold a suppression);
//  - the substrings that make a guarded region (`__version__`, `hasattr(`,
//    `ImportError`, ...) occur as often after the pass as before;
//  - the nesting stays well under the parser's depth limit;
//  - not --unsafe-fixes, nothing deferred or held back, no finding of a rule whose
//    findings may gain a fix (RuleInfo::may_gain_fix: TFM405, see D) left without
//    an applicable fix.
// Newlines: A, D, E, F never add one; D/E/F may drop one inside the replaced
// expression, which only merges lines (a suppression then covers more, never less);
// B adds a line holding only the toggle. Line suppressions stay with their findings.

namespace tfm {
namespace {

bool IsIdentChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool IsIdentifier(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  return std::all_of(s.begin(), s.end(), IsIdentChar);
}

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool EndsWith(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// `tf.compat.v1.`, `tf.` (an alias of tensorflow.compat.v1) or `v1.`.
bool IsPrefixSpelling(std::string_view p) {
  if (!EndsWith(p, ".")) return false;
  p.remove_suffix(1);
  if (EndsWith(p, ".compat.v1")) p.remove_suffix(10);
  return IsIdentifier(p);
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r' || s.back() == '\\'))
    s.remove_suffix(1);
  return s;
}

// A: `old` is `X` + `Y` and `repl` is `X.compat.v1` + `Y` (X an identifier, Y empty
// or a dotted tail).
bool IsPrefixEdit(std::string_view old, std::string_view repl) {
  size_t dot = old.find('.');
  std::string_view x = old.substr(0, dot), y = dot == std::string_view::npos ? std::string_view() : old.substr(dot);
  if (!IsIdentifier(x)) return false;
  if (!y.empty() && !std::all_of(y.begin(), y.end(), [](char c) { return IsIdentChar(c) || c == '.'; })) return false;
  return repl.size() == old.size() + 10 && StartsWith(repl, x) && repl.substr(x.size(), 10) == ".compat.v1" &&
         repl.substr(x.size() + 10) == y;
}

// B: an insertion `\n<ident>.compat.v1.disable_v2_behavior()`.
bool IsToggleEdit(const Edit& e, std::string_view repl) {
  if (e.begin != e.end) return false;
  if (StartsWith(repl, "\r\n")) repl.remove_prefix(2);
  else if (StartsWith(repl, "\n")) repl.remove_prefix(1);
  else return false;
  constexpr std::string_view kTail = ".compat.v1.disable_v2_behavior()";
  return EndsWith(repl, kTail) && IsIdentifier(repl.substr(0, repl.size() - kTail.size()));
}

// F: a keyword rename `a` -> `b`, or `keep_prob=v` / `v` -> `rate=1 - v` / `rate=1 - (v)`.
bool IsKeywordEdit(std::string_view old, std::string_view repl) {
  if (IsIdentifier(old) && IsIdentifier(repl)) return true;
  std::string_view v = old;
  if (StartsWith(v, "keep_prob")) {
    v.remove_prefix(9);
    while (!v.empty() && (v[0] == ' ' || v[0] == '\t')) v.remove_prefix(1);
    if (v.empty() || v[0] != '=') return false;
    v.remove_prefix(1);
    while (!v.empty() && (v[0] == ' ' || v[0] == '\t')) v.remove_prefix(1);
  }
  return repl == fmt::format("rate=1 - {}", v) || repl == fmt::format("rate=1 - ({})", v);
}

// D: `E.value` -> `<p>dimension_value(E)` or `E`.
bool IsDimensionValueEdit(std::string_view old, std::string_view repl) {
  if (!EndsWith(old, "value")) return false;
  std::string_view e = Trim(old.substr(0, old.size() - 5));
  if (e.empty() || e.back() != '.') return false;
  e = Trim(e.substr(0, e.size() - 1));
  if (e.empty()) return false;
  if (repl == e) return true;
  return EndsWith(repl, fmt::format("dimension_value({})", e)) &&
         IsPrefixSpelling(repl.substr(0, repl.size() - e.size() - 17));
}

// TFM208's argument-free shape: `R.m()` -> `<p>data.m(R)`.
bool IsIteratorEdit(std::string_view old, std::string_view repl) {
  for (std::string_view m : {"make_one_shot_iterator", "make_initializable_iterator"}) {
    std::string tail = fmt::format("{}()", m);
    if (!EndsWith(old, tail)) continue;
    std::string_view r = Trim(old.substr(0, old.size() - tail.size()));
    if (r.empty() || r.back() != '.') return false;
    r = Trim(r.substr(0, r.size() - 1));
    if (r.empty()) return false;
    std::string want = fmt::format("data.{}({})", m, r);
    return EndsWith(repl, want) && IsPrefixSpelling(repl.substr(0, repl.size() - want.size()));
  }
  return false;
}

}  // namespace

bool IsClosedFix(const Diagnostic& d, const std::string& text) {
  if (!d.fix || d.fix->safety != FixSafety::kSafe || d.fix->edits.empty()) return false;
  const RuleInfo* info = FindRuleInfo(d.rule_id);
  const unsigned shapes = info ? info->closed_edits : 0;
  if (!shapes) return false;
  for (const Edit& e : d.fix->edits) {
    if (e.end < e.begin || e.end > text.size()) return false;
    std::string_view old = std::string_view(text).substr(e.begin, e.end - e.begin);
    std::string_view repl = e.replacement;
    bool ok = ((shapes & kPrefixEdit) && IsPrefixEdit(old, repl)) || ((shapes & kToggleEdit) && IsToggleEdit(e, repl)) ||
              ((shapes & kKeywordEdit) && IsKeywordEdit(old, repl)) ||
              ((shapes & kDimensionValueEdit) && IsDimensionValueEdit(old, repl)) ||
              ((shapes & kIteratorEdit) && IsIteratorEdit(old, repl));
    if (!ok) return false;
  }
  return true;
}

namespace {

// The substrings that make a guarded region (semantic.cc: if-conditions and except
// clauses), and their occurrences in `text`, counted in one scan.
constexpr std::string_view kGuardKeys[] = {"__version__",   "VERSION",     "hasattr(",
                                           "tf2.enabled",   "version.parse", "ImportError",
                                           "ModuleNotFoundError", "AttributeError"};
constexpr size_t kNumGuardKeys = sizeof(kGuardKeys) / sizeof(kGuardKeys[0]);
constexpr size_t kKeyWindow = 19;  // the longest key: an occurrence touching an edit lies this close

std::array<uint32_t, kNumGuardKeys> CountGuardKeys(std::string_view text) {
  static const std::array<bool, 256> kFirst = [] {
    std::array<bool, 256> t{};
    for (std::string_view k : kGuardKeys) t[static_cast<unsigned char>(k[0])] = true;
    return t;
  }();
  std::array<uint32_t, kNumGuardKeys> n{};
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (!kFirst[static_cast<unsigned char>(c)]) continue;
    for (size_t k = 0; k < kNumGuardKeys; ++k)
      if (kGuardKeys[k][0] == c && text.compare(i, kGuardKeys[k].size(), kGuardKeys[k]) == 0) ++n[k];
  }
  return n;
}

bool Fail(std::string* why, std::string msg) {
  if (why) *why = std::move(msg);
  return false;
}

}  // namespace

bool PassIsFixedPoint(const PassFacts& f, std::string* why) {
  if (f.unsafe) return Fail(why, "--unsafe-fixes");
  if (f.deferred) return Fail(why, fmt::format("{} fix(es) deferred", f.deferred));
  if (f.held_back) return Fail(why, fmt::format("{} fix(es) held back at cell boundaries", f.held_back));
  if (f.max_depth + 16 > PythonParser::kMaxDepth) return Fail(why, "nesting close to the depth limit");
  for (const Diagnostic& d : *f.applied)
    if (!IsClosedFix(d, *f.before)) return Fail(why, fmt::format("{} fix `{}` is not closed", d.rule_id, d.fix->title));
  for (const Diagnostic& d : *f.findings) {
    if (d.fix && d.fix->safety == FixSafety::kSafe) continue;
    const RuleInfo* info = FindRuleInfo(d.rule_id);
    if (info && info->may_gain_fix) return Fail(why, fmt::format("a {} finding without a fix may gain one", d.rule_id));
  }
  for (const Edit& e : *f.edits)
    if (std::string_view(*f.before).substr(e.begin, e.end - e.begin).find('#') != std::string_view::npos)
      return Fail(why, "an edit replaces text holding `#`");
  // Guard keys: only occurrences touching an edited range can differ, and those lie
  // within kKeyWindow bytes of it, so the texts are compared around each cluster of
  // edits (whose windows overlap) instead of whole.
  std::string_view before(*f.before), after(*f.after);
  const std::vector<Edit>& edits = *f.edits;
  int64_t delta = 0;  // after-offset minus before-offset in front of the current cluster
  for (size_t i = 0; i < edits.size();) {
    size_t j = i;
    int64_t grow = 0;
    uint32_t end = edits[i].end;
    for (; j < edits.size() && (j == i || edits[j].begin <= end + 2 * kKeyWindow); ++j) {
      end = std::max(end, edits[j].end);
      grow += static_cast<int64_t>(edits[j].replacement.size()) - (edits[j].end - edits[j].begin);
    }
    size_t b0 = edits[i].begin > kKeyWindow ? edits[i].begin - kKeyWindow : 0;
    size_t e0 = std::min<size_t>(before.size(), end + kKeyWindow);
    size_t b1 = static_cast<size_t>(static_cast<int64_t>(b0) + delta);
    size_t e1 = static_cast<size_t>(static_cast<int64_t>(e0) + delta + grow);
    if (e1 > after.size() || b1 > e1) return Fail(why, "edit ranges out of order");
    std::string_view w0 = before.substr(b0, e0 - b0), w1 = after.substr(b1, e1 - b1);
    auto n0 = CountGuardKeys(w0), n1 = CountGuardKeys(w1);
    for (size_t k = 0; k < kNumGuardKeys; ++k)
      if (n0[k] != n1[k])
        return Fail(why, fmt::format("the edits change the occurrences of `{}` (guarded regions)", kGuardKeys[k]));
    delta += grow;
    i = j;
  }
  return true;
}

}  // namespace tfm
