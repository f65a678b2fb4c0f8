#include "analyzer/checks/tfm503_tensor_hash.h"

#include <fmt/format.h>

#include <optional>
#include <utility>

#include "analyzer/checks/tf_spelling.h"
#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kException, "TypeError.*(unhashable|hash)"},
};

const RuleInfo& TensorHash::info() const {
  static const RuleInfo kInfo{
      .id = "TFM503",
      .name = "tensor-hash",
      .severity = Severity::kError,
      .fix = FixKind::kUnsafe,
      .input = RuleInput::kPython,
      .summary = "tensor or variable used as a dict key, set member or lru_cache argument: unhashable in TF2",
      .trigger = "tensor or variable as a dict key, set member, `in dict` test, or `lru_cache` argument: "
                 "\"TypeError: Variable is unhashable\" in TF2",
      .fix_note = "unsafe: a `tf.case(..., exclusive=True)` dict becomes a list of (predicate, fn) pairs; other uses "
                  "(`.ref()` keys, `.deref()`) are not applied automatically",
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm503() {
  static const TensorHash kRule;
  return kRule;
}

namespace {

enum class Container { kNone, kDict, kSet };

Container KindOfValue(const SemanticModel& m, TSNode v) {
  if (ts::Is(v, "dictionary") || ts::Is(v, "dictionary_comprehension")) return Container::kDict;
  if (ts::Is(v, "set") || ts::Is(v, "set_comprehension")) return Container::kSet;
  if (ts::Is(v, "call")) {
    std::string_view f = m.Text(ts::Field(v, "function"));
    if (f == "dict" || f == "collections.defaultdict" || f == "defaultdict" || f == "OrderedDict" ||
        f == "collections.OrderedDict" || f == "Counter" || f == "collections.Counter")
      return Container::kDict;
    if (f == "set" || f == "frozenset") return Container::kSet;
  }
  return Container::kNone;
}

Container KindOf(const SemanticModel& m, const DataFlow& df, TSNode e) {
  Container k = KindOfValue(m, e);
  if (k != Container::kNone) return k;
  for (TSNode v : df.AssignedValues(e)) {
    k = KindOfValue(m, v);
    if (k != Container::kNone) return k;
  }
  return Container::kNone;
}

bool MentionsPlaceholder(const SemanticModel& m, TSNode n) {
  if (auto q = m.Resolve(n)) {
    auto tf = SplitTfName(*q);
    if (tf && tf->path.find("placeholder") != std::string::npos) return true;
  }
  return false;
}

// A feed dict's keys are placeholders (or other graph tensors) fed in a session: graph
// tensors outside a function stay hashable in TF2, so such keys are not the hazard.
// Fed: a placeholder key (directly, or a name or `self.x` assigned one anywhere in the
// file), a dict passed as `feed_dict=` or as run's second argument, or one assigned to a
// name that a `.run(...)` of the same function feeds (`td_map = {...}; sess.run(ops, td_map)`).
// Is the dict named `name` (in the function around `at`) fed to a `.run(...)` there?
bool NameFedToRun(const SemanticModel& m, std::string_view name, TSNode at) {
  int scope = m.FunctionScopeAt(ts_node_start_byte(at));
  for (TSNode call : m.calls()) {
    TSNode fn = ts::Field(call, "function");
    if (!ts::Is(fn, "attribute") || m.Text(ts::Field(fn, "attribute")) != "run") continue;
    if (m.FunctionScopeAt(ts_node_start_byte(call)) != scope) continue;
    TSNode fed = m.KeywordArg(call, "feed_dict");
    const auto& pos = m.PositionalArgs(call);
    if (!fed.id && pos.size() > 1) fed = pos[1];
    // `op.run(feed)` / `op.run(feed_dict)`: Operation.run's first parameter is the feed dict
    TSNode recv = ts::Field(fn, "object");
    if (!fed.id && pos.size() == 1 && !LooksLikeSession(m.Text(recv))) fed = pos[0];
    if (ts::Is(fed, "identifier") && m.Text(fed) == name) return true;
  }
  return false;
}

// Is the dict named `name` (in the function around `at`) handed to a call that is not a run
// (`copy(graph, swap_dict)`: a graph-rewriting map keyed by tensors, not a feed)?
bool NamePassedToNonRun(const SemanticModel& m, std::string_view name, TSNode at) {
  int scope = m.FunctionScopeAt(ts_node_start_byte(at));
  for (TSNode call : m.calls()) {
    if (m.FunctionScopeAt(ts_node_start_byte(call)) != scope) continue;
    TSNode fn = ts::Field(call, "function");
    std::string_view meth = ts::Is(fn, "attribute") ? m.Text(ts::Field(fn, "attribute")) : m.Text(fn);
    if (meth == "run" || meth == "eval" || meth == "partial_run" || meth == "update" || meth == "items" ||
        meth == "len" || meth == "print" || meth == "dict" || meth == "list" || meth == "isinstance")
      continue;
    for (TSNode a : ts::NamedChildren(ts::Field(call, "arguments"))) {
      TSNode v = ts::Is(a, "keyword_argument") ? ts::Field(a, "value") : a;
      if (ts::Is(a, "keyword_argument") && m.Text(ts::Field(a, "name")) == "feed_dict") continue;
      if (ts::Is(v, "identifier") && m.Text(v) == name) return true;
    }
  }
  return false;
}

bool IsFeedKey(const SemanticModel& m, const DataFlow& df, TSNode key, TSNode dict) {
  bool placeholder = MentionsPlaceholder(m, key);
  if (!placeholder && (ts::Is(key, "identifier") || ts::Is(key, "attribute")))
    for (TSNode v : df.AssignedValues(key))
      if (MentionsPlaceholder(m, v)) placeholder = true;
  // a placeholder key is fed, unless the dict goes to some other function and never to a run
  if (placeholder)
    return !(ts::Is(dict, "identifier") && !NameFedToRun(m, m.Text(dict), dict) &&
             NamePassedToNonRun(m, m.Text(dict), dict));
  if (ts::Is(dict, "identifier")) return NameFedToRun(m, m.Text(dict), dict);  // `feed[key] = value`
  TSNode p = df.Parent(dict);
  if (ts::Is(p, "keyword_argument") && m.Text(ts::Field(p, "name")) == "feed_dict") return true;
  if (ts::Is(p, "argument_list")) {  // `sess.run(fetches, {x: ...})`
    TSNode call = df.Parent(p);
    TSNode fn = ts::Field(call, "function");
    const auto& pos = m.PositionalArgs(call);
    return ts::Is(fn, "attribute") && m.Text(ts::Field(fn, "attribute")) == "run" && pos.size() > 1 &&
           ts::Same(pos[1], dict);
  }
  if (!ts::Is(p, "assignment") || !ts::Same(ts::Field(p, "right"), dict)) return false;
  TSNode target = ts::Field(p, "left");
  return ts::Is(target, "identifier") && NameFedToRun(m, m.Text(target), dict);
}

// `tf.case({pred: fn, ...}, exclusive=True)`: TF1 sorted a dict's pairs by the predicates'
// names; with exclusive=True at most one predicate holds, so the pairs' order does not
// change the result, and the list of (pred, fn) pairs TF2 takes (in the dict's order) is
// the same case. The dict -> list fix, or nothing when the dict is not such an argument.
std::optional<Fix> CaseListFix(const SemanticModel& m, TSNode dict) {
  TSNode p = ts::Parent(dict), call{};
  if (ts::Is(p, "argument_list") && !m.PositionalArgs(ts::Parent(p)).empty() &&
      ts::Same(m.PositionalArgs(ts::Parent(p))[0], dict))
    call = ts::Parent(p);
  if (ts::Is(p, "keyword_argument") && m.Text(ts::Field(p, "name")) == "pred_fn_pairs") call = ts::Parent(ts::Parent(p));
  if (!ts::Is(call, "call")) return std::nullopt;
  auto q = m.Resolve(ts::Field(call, "function"));
  if (!q || (*q != "tensorflow.case" && *q != "tensorflow.compat.v1.case")) return std::nullopt;
  TSNode exclusive = m.KeywordArg(call, "exclusive");
  if (!exclusive.id || m.Text(exclusive) != "True") return std::nullopt;
  Fix fix{"pass `tf.case` a list of (predicate, fn) pairs", FixSafety::kUnsafe, {}};
  fix.edits.push_back({ts_node_start_byte(dict), ts_node_start_byte(dict) + 1, "["});
  for (TSNode pair : ts::NamedChildren(dict)) {
    if (ts::Is(pair, "comment")) continue;
    if (!ts::Is(pair, "pair")) return std::nullopt;  // `**other`
    fix.edits.push_back({ts_node_start_byte(pair), ts_node_end_byte(pair),
                         fmt::format("({}, {})", m.Text(ts::Field(pair, "key")), m.Text(ts::Field(pair, "value")))});
  }
  fix.edits.push_back({ts_node_end_byte(dict) - 1, ts_node_end_byte(dict), "]"});
  return fix;
}

}  // namespace

void TensorHash::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  bool has_cached_defs = false;
  for (const Scope& sc : m.scopes()) {
    if (sc.kind != ScopeKind::kFunction) continue;
    TSNode dd = ts::Parent(sc.node);
    if (ts::Is(dd, "decorated_definition") && ctx.Text(dd).substr(0, ts_node_start_byte(sc.node) - ts_node_start_byte(dd)).find("cache") != std::string_view::npos)
      has_cached_defs = true;
  }
  auto what = [&](TSNode e) { return df.IsVariable(e) ? "variable" : "tensor"; };
  auto report = [&](TSNode e, std::string_view use, std::optional<Fix> fix = std::nullopt, bool case_list = false) {
    ctx.Report(e,
               fmt::format("`{}` is a {} used as {}: TF2 tensors and variables are unhashable (\"TypeError: "
                           "{} is unhashable\"). {}",
                           ctx.Text(e), what(e), use, df.IsVariable(e) ? "Variable" : "Tensor",
                           case_list ? "`tf.case` takes a list of (predicate, fn) pairs"
                               : fmt::format("Use `{}.ref()` as the key and `.deref()` to get it back", ctx.Text(e))),
               std::move(fix));
  };
  auto visit = [&](TSNode n, const char*) {
        auto t = ts::KindOf(n);
        if (t == "dictionary") {
          std::optional<Fix> case_fix = CaseListFix(m, n);  // (on the first key reported)
          const bool is_case = case_fix.has_value();
          for (TSNode pair : ts::NamedChildren(n)) {
            if (!ts::Is(pair, "pair")) continue;
            TSNode key = ts::Field(pair, "key");
            if (df.IsTensor(key) && !IsFeedKey(m, df, key, n))
              report(key, is_case ? "a key of `tf.case`'s dict" : "a dict key", std::exchange(case_fix, std::nullopt), is_case);
          }
        } else if (t == "set") {
          for (TSNode c : ts::NamedChildren(n))
            if (df.IsTensor(c)) report(c, "a set member");
        } else if (t == "call") {
          TSNode fn = ts::Field(n, "function");
          std::string_view f = ctx.Text(fn);
          if ((f == "set" || f == "frozenset") && !m.Lookup(f, ts_node_start_byte(fn))) {
            TSNode arg = m.Arg(n, 0, "");
            if (ts::Is(arg, "list") || ts::Is(arg, "tuple")) {
              for (TSNode c : ts::NamedChildren(arg))
                if (df.IsTensor(c)) report(c, "a set member");
            } else if (!ts_node_is_null(arg) && !ts::Is(arg, "list_comprehension") && df.IsTensorList(arg)) {
              // `set(tf.trainable_variables())`, `set(var_list)` of a list of graph objects
              ctx.Report(n, fmt::format("`{}` hashes every element of `{}`, a list of {}: TF2 tensors and "
                                        "variables are unhashable (\"TypeError: ... is unhashable\"). Use a set of "
                                        "`.ref()`s (`{{v.ref() for v in {}}}`)",
                                        ctx.Text(n), ctx.Text(arg), df.IsVariableList(arg) ? "variables" : "tensors",
                                        ctx.Text(arg)));
            }
          } else if (ts::Is(fn, "attribute")) {
            std::string_view meth = ctx.Text(ts::Field(fn, "attribute"));
            if (meth != "add" && meth != "discard" && meth != "get" && meth != "setdefault" && meth != "pop")
              return true;
            TSNode recv = ts::Field(fn, "object");
            const auto& args = m.PositionalArgs(n);
            if (!args.empty() && df.IsTensor(args[0])) {
              Container k = KindOf(m, df, recv);
              if (k == Container::kSet && (meth == "add" || meth == "discard")) report(args[0], "a set member");
              if (k == Container::kDict && (meth == "get" || meth == "setdefault" || meth == "pop"))
                report(args[0], "a dict key");
            }
          } else if (ts::Is(fn, "identifier") && has_cached_defs) {
            // a function decorated with functools.lru_cache / cache
            TSNode def = m.DefinitionOf(fn);
            TSNode dd = ts_node_is_null(def) ? TSNode{} : df.Parent(def);
            if (ts::Is(dd, "decorated_definition")) {
              bool cached = false;
              for (TSNode d : ts::NamedChildren(dd)) {
                if (!ts::Is(d, "decorator")) continue;
                std::string_view dt = ctx.Text(d);
                cached |= dt.find("lru_cache") != std::string_view::npos || dt == "@cache" ||
                          dt == "@functools.cache";
              }
              if (cached)
                for (TSNode a : m.PositionalArgs(n))
                  if (df.IsTensor(a)) report(a, "an argument of an `lru_cache` function (a cache key)");
            }
          }
        } else if (t == "comparison_operator") {
          auto ops = ts::NamedChildren(n);
          std::string_view text = ctx.Text(n);
          if (ops.size() == 2 && (text.find(" in ") != std::string_view::npos) && df.IsTensor(ops[0]) &&
              KindOf(m, df, ops[1]) != Container::kNone)
            report(ops[0], KindOf(m, df, ops[1]) == Container::kDict ? "a dict key (`in`)" : "a set member (`in`)");
        } else if (t == "subscript") {
          TSNode v = ts::Field(n, "value");
          TSNode k = ts::Field(n, "subscript");
          auto kt = ts::KindOf(k);
          if (kt != "identifier" && kt != "attribute" && kt != "call") return true;
          if (df.IsTensor(k) && KindOf(m, df, v) == Container::kDict && !IsFeedKey(m, df, k, v))
            report(k, "a dict key");
        }
        return true;
      };
  for (TSNode n : df.NodesOfType("dictionary")) visit(n, nullptr);
  for (TSNode n : df.NodesOfType("set")) visit(n, nullptr);
  for (TSNode n : df.NodesOfType("call")) visit(n, nullptr);
  for (TSNode n : df.NodesOfType("comparison_operator")) visit(n, nullptr);
  for (TSNode n : df.NodesOfType("subscript")) visit(n, nullptr);
}

}  // namespace tfm
