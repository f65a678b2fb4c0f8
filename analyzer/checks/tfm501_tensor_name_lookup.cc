#include "analyzer/checks/tfm501_tensor_name_lookup.h"

#include <fmt/format.h>

#include <cctype>
#include <unordered_set>

#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kException, "(KeyError|ValueError|AttributeError|TypeError)"},
    {DivergenceKind::kBehavior},
};

const RuleInfo& TensorNameLookup::info() const {
  static const RuleInfo kInfo{
      .id = "TFM501",
      .name = "tensor-name-lookup",
      .severity = Severity::kWarning,
      .fix = FixKind::kNone,
      .input = RuleInput::kPython,
      .summary = "tensors and ops looked up or compared by generated name; eager tensors have no names",
      .trigger = "guide pattern 3: `get_tensor_by_name`, `get_operation_by_name`, `as_graph_element`, string fetches "
                 "or feeds (`\"input:0\"`), logic that reads or compares `.name` of a tensor or op. Eager tensors "
                 "have no names; generated names differ between TF1 and TF2",
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm501() {
  static const TensorNameLookup kRule;
  return kRule;
}

namespace {

// "input:0", "scope/logits:0"
bool LooksLikeTensorName(std::string_view s) {
  auto colon = s.rfind(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 >= s.size()) return false;
  for (size_t i = colon + 1; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  for (size_t i = 0; i < colon; ++i) {
    char c = s[i];
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '/' || c == '-' || c == '.')) return false;
  }
  return true;
}

std::string_view StringContent(const SemanticModel& m, TSNode s) {
  for (TSNode c : ts::NamedChildren(s))
    if (ts::Is(c, "string_content")) return m.Text(c);
  return {};
}

// Is the string value `e` matched — compared (`==`, `in`), tested with startswith / endswith /
// find / split, or handed to a `re` function — where it is used?
bool MatchedHere(const SemanticModel& m, TSNode e) {
  TSNode parent = ts::Parent(e);
  if (ts::Is(parent, "comparison_operator")) return true;
  if (ts::Is(parent, "attribute") && ts::Same(ts::Field(parent, "object"), e)) {
    std::string_view a = m.Text(ts::Field(parent, "attribute"));
    return a == "startswith" || a == "endswith" || a == "split" || a == "find";
  }
  if (ts::Is(parent, "argument_list")) {
    TSNode call = ts::Parent(parent);
    const std::string* q = ts::Is(call, "call") ? m.ResolveName(ts::Field(call, "function")) : nullptr;
    return q && (*q == "re.match" || *q == "re.search" || *q == "re.fullmatch" || *q == "re.findall" ||
                 *q == "re.sub" || *q == "re.split");
  }
  return false;
}

// `v.name` handed to a function of this file (`should_prune(w.name)`) whose parameter the body
// matches: `any(e in name for e in white_list)`.
bool MatchedInCallee(const SemanticModel& m, const DataFlow& df, TSNode name_attr) {
  TSNode args = ts::Parent(name_attr);
  if (!ts::Is(args, "argument_list")) return false;
  TSNode call = ts::Parent(args);
  if (!ts::Is(call, "call")) return false;
  const auto& pos = m.PositionalArgs(call);
  size_t k = 0;
  while (k < pos.size() && !ts::Same(pos[k], name_attr)) ++k;
  if (k == pos.size()) return false;
  TSNode def = df.CalleeDef(call);
  if (ts_node_is_null(def) || ts::Contains(def, call)) return false;
  std::vector<TSNode> params;
  for (TSNode p : ts::NamedChildren(ts::Field(def, "parameters")))
    if (ts::Is(p, "identifier") || ts::Is(p, "default_parameter") || ts::Is(p, "typed_parameter"))
      params.push_back(ts::Is(p, "identifier") ? p : ts::Field(p, "name"));
  // A method called through an attribute (`self.f(x)`) binds its first parameter to the receiver.
  if (ts::Is(ts::Field(call, "function"), "attribute") && !params.empty() && m.Text(params[0]) == "self")
    params.erase(params.begin());
  if (k >= params.size() || !ts::Is(params[k], "identifier")) return false;
  const std::string_view pname = m.Text(params[k]);
  const int scope = df.ScopeOfDef(def);
  bool matched = false;
  ts::Walk<false>(
      ts::Field(def, "body"),
      [&](TSNode n, const char*) {
        if (matched) return false;
        if (ts::Is(n, "identifier") && m.Text(n) == pname) {
          const Binding* b = m.Lookup(pname, ts_node_start_byte(n));
          if (b && b->kind == BindingKind::kParameter && b->scope == scope && MatchedHere(m, n)) matched = true;
          return false;
        }
        return true;
      },
      [](TSNode) {});
  return matched;
}

// `lambda x: x.name` as the `key=` of sorted / min / max / `.sort` over a variable list
// (`min(var_list, key=lambda x: x.name)`): the variables ordered by their names. `var_list`,
// the TF1 API's name for a list of variables, counts as one where its value is not visible.
bool SortKeyOverVariables(const SemanticModel& m, const DataFlow& df, TSNode name_attr) {
  TSNode lam = ts::Parent(name_attr);
  if (!ts::Is(lam, "lambda") || !ts::Same(ts::Field(lam, "body"), name_attr)) return false;
  TSNode obj = ts::Field(name_attr, "object");
  auto lparams = ts::NamedChildren(ts::Field(lam, "parameters"));
  if (lparams.size() != 1 || !ts::Is(obj, "identifier") || m.Text(lparams[0]) != m.Text(obj)) return false;
  TSNode kw = ts::Parent(lam);
  if (!ts::Is(kw, "keyword_argument") || m.Text(ts::Field(kw, "name")) != "key") return false;
  TSNode call = ts::Parent(ts::Parent(kw));
  if (!ts::Is(call, "call")) return false;
  TSNode fn = ts::Field(call, "function");
  TSNode list;
  if (ts::Is(fn, "identifier") && (m.Text(fn) == "sorted" || m.Text(fn) == "min" || m.Text(fn) == "max")) {
    const auto& pos = m.PositionalArgs(call);
    if (pos.size() != 1) return false;
    list = pos[0];
  } else if (ts::Is(fn, "attribute") && m.Text(ts::Field(fn, "attribute")) == "sort") {
    list = ts::Field(fn, "object");
  } else {
    return false;
  }
  if (df.IsVariableList(list)) return true;
  if (!ts::Is(list, "identifier")) return false;
  std::string_view t = m.Text(list);
  return (t == "var_list" || t.ends_with("_var_list")) && df.AssignedValues(list).empty();
}

}  // namespace

void TensorNameLookup::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  for (TSNode call : m.calls()) {
    TSNode fn = ts::Field(call, "function");
    if (!ts::Is(fn, "attribute")) continue;
    std::string_view meth = ctx.Text(ts::Field(fn, "attribute"));
    if (meth == "get_tensor_by_name" || meth == "get_operation_by_name" || meth == "as_graph_element") {
      ctx.Report(call, fmt::format("`{}(...)` looks a tensor or op up by its generated name; eager tensors have "
                                   "no names and TF2 generates different ones. Keep a Python reference to the "
                                   "object (or use a SavedModel signature)",
                                   ctx.Text(fn)));
    }
  }
  // String fetches and feeds in sess.run.
  for (const DataFlow::RunSite& site : df.run_sites()) {
    std::vector<TSNode> todo;
    if (!ts_node_is_null(site.fetches)) todo.push_back(site.fetches);
    TSNode feed = m.KeywordArg(site.call, "feed_dict");
    if (ts_node_is_null(feed)) {
      const auto& pos = m.PositionalArgs(site.call);
      if (pos.size() > 1) feed = pos[1];
    }
    if (ts::Is(feed, "dictionary"))
      for (TSNode pair : ts::NamedChildren(feed))
        if (ts::Is(pair, "pair")) todo.push_back(ts::Field(pair, "key"));
    while (!todo.empty()) {
      TSNode n = todo.back();
      todo.pop_back();
      if (ts::Is(n, "list") || ts::Is(n, "tuple")) {
        for (TSNode c : ts::NamedChildren(n)) todo.push_back(c);
      } else if (ts::Is(n, "string") && LooksLikeTensorName(StringContent(m, n))) {
        ctx.Report(n, fmt::format("`sess.run` addresses the tensor {} by its generated name; TF2 has no graph "
                                  "names to look up. Pass the tensor object (or call a function returning it)",
                                  ctx.Text(n)));
      }
    }
  }
  // `.name` of tensors and ops (any read); of variables when compared or matched.
  auto visit = [&](TSNode n, const char*) {
        if (!ts::Is(n, "attribute") || ctx.Text(ts::Field(n, "attribute")) != "name") return true;
        TSNode obj = ts::Field(n, "object");
        TSNode parent = df.Parent(n);
        if (ts::Is(parent, "assignment") && ts::Same(ts::Field(parent, "left"), n)) return false;
        // An op from a graph listing (`for op in g.get_operations()`): only matching its name counts.
        bool listed_op = false;
        if (ts::Is(obj, "identifier")) {
          TSNode it = df.LoopIterable(obj);
          TSNode fn = ts::Is(it, "call") ? ts::Field(it, "function") : TSNode{};
          listed_op = ts::Is(fn, "attribute") && ctx.Text(ts::Field(fn, "attribute")) == "get_operations";
        }
        // Cues that the object is a graph tensor or op even where its type is not known:
        // `x.op.name`; `x.name.split(':')`; `x.name` compared with a tensor name ("w:0",
        // `name + ':0'`); `{x.name: x for x in xs}` (objects keyed by their names).
        bool cue = false;
        const bool sort_key = SortKeyOverVariables(m, df, n);
        if (!listed_op && !df.IsTensor(obj)) {
          if (m.ResolveTfName(obj)) return true;  // a TF object of a known kind that is not a tensor
          if (ts::Is(obj, "attribute") && ctx.Text(ts::Field(obj, "attribute")) == "op") cue = true;
          if (ts::Is(parent, "attribute") && ctx.Text(ts::Field(parent, "attribute")) == "split") {
            TSNode call = df.Parent(parent);
            const auto& args = ts::Is(call, "call") ? m.PositionalArgs(call) : std::vector<TSNode>{};
            if (!args.empty() && ts::Is(args[0], "string") && StringContent(m, args[0]) == ":") cue = true;
          }
          if (ts::Is(parent, "comparison_operator")) {
            for (TSNode side : ts::NamedChildren(parent)) {
              if (ts::Same(side, n)) continue;
              std::vector<TSNode> strs;
              ts::Walk<false>(
                  side,
                  [&](TSNode x, const char*) {
                    if (ts::Is(x, "string")) strs.push_back(x);
                    return !ts::Is(x, "string");
                  },
                  [](TSNode) {});
              for (TSNode str : strs) {
                std::string_view c = StringContent(m, str);
                if (LooksLikeTensorName(c) || (c.size() >= 2 && c[c.size() - 2] == ':' && std::isdigit(
                                                   static_cast<unsigned char>(c.back()))))
                  cue = true;
              }
            }
          }
          if (ts::Is(parent, "pair") && ts::Same(ts::Field(parent, "key"), n) && ts::Is(obj, "identifier") &&
              ts::Is(df.Parent(parent), "dictionary_comprehension") &&
              m.Text(ts::Field(parent, "value")) == m.Text(obj) && !ts_node_is_null(df.LoopIterable(obj)))
            cue = true;
          if (!cue && !sort_key) return true;
        }
        if (cue) {
          ctx.Report(n, fmt::format("`{}` reads the generated name of a graph tensor, op or variable (the code "
                                    "{}): eager tensors have no name and TF2 generates different ones; do not let "
                                    "logic depend on it",
                                    ctx.Text(n),
                                    ts::Is(parent, "pair") ? "keys objects by it"
                                    : ts::Is(parent, "comparison_operator") ? "compares it with a tensor name"
                                    : ts::Is(obj, "attribute") ? "reads the name of its op"
                                                               : "splits off the output index"));
          return true;
        }
        bool variable = listed_op || df.IsVariable(obj) || sort_key;
        const bool here = MatchedHere(m, n);
        const bool in_callee = !here && !sort_key && variable && MatchedInCallee(m, df, n);
        if (variable && !here && !sort_key && !in_callee) return true;
        std::string how;
        if (sort_key) how = " (the variables are ordered by it)";
        else if (in_callee)
          how = fmt::format(" (`{}` matches it)", ctx.Text(ts::Field(ts::Parent(ts::Parent(n)), "function")));
        ctx.Report(n, fmt::format("`{}` reads the generated name of {}{}: {}; do not let logic depend on it",
                                  ctx.Text(n), listed_op ? "a graph op" : variable ? "a variable" : "a tensor or op",
                                  how,
                                  listed_op  ? "op names generated by TF2 (and by control flow v2) differ from TF1"
                                  : variable ? "variable names are not guaranteed to match between TF1 and TF2"
                                             : "eager tensors have no name, and names made inside tf.function "
                                               "differ from TF1"));
        return true;
      };
  for (TSNode n : m.AttributesNamed("name")) visit(n, nullptr);
  // String literals that only TF1's name generation produces: a name this file gives to an op,
  // summary or variable with a uniquifying suffix (`"count_1"` next to `tf.summary.scalar("count",
  // ...)`), and TF1 optimizer slot suffixes (`'/Adam_1'`, `'/Momentum'`).
  {
    std::unordered_set<std::string> given;
    for (const TfRef& r : m.refs()) {
      if (ts_node_is_null(r.call)) continue;
      const std::string& p = r.tf.path;
      if (p == "train.create_global_step" || p == "train.get_or_create_global_step") given.insert("global_step");
      TSNode name = m.KeywordArg(r.call, "name");
      if (ts_node_is_null(name) && (p.rfind("summary.", 0) == 0 || p == "get_variable"))
        name = m.Arg(r.call, 0, "name");
      if (ts::Is(name, "string")) given.insert(std::string(StringContent(m, name)));
    }
    static const std::unordered_set<std::string_view> kSlotSuffixes = {
        "/Adam", "/Adam_1", "/Momentum", "/RMSProp", "/RMSProp_1", "/Adagrad", "/Adadelta", "/Adadelta_1",
        "/Ftrl", "/Ftrl_1", "/ExponentialMovingAverage"};
    // Slot suffixes: one finding per function, at the first, naming the others.
    std::vector<std::pair<int, std::vector<TSNode>>> slot_groups;
    for (TSNode str : m.NodesOfType("string")) {
      std::string_view c = StringContent(m, str);
      if (kSlotSuffixes.count(c)) {
        int fn = m.FunctionScopeAt(ts_node_start_byte(str));
        if (slot_groups.empty() || slot_groups.back().first != fn) slot_groups.push_back({fn, {}});
        slot_groups.back().second.push_back(str);
        continue;
      }
      auto us = c.rfind('_');
      if (us == std::string_view::npos || us == 0 || us + 1 >= c.size()) continue;
      bool digits = true;
      for (size_t i = us + 1; i < c.size(); ++i) digits &= std::isdigit(static_cast<unsigned char>(c[i])) != 0;
      if (!digits || given.count(std::string(c)) || !given.count(std::string(c.substr(0, us)))) continue;
      TSNode up = df.Parent(str);
      if (ts::Is(up, "keyword_argument")) continue;  // a name given, not one looked up
      ctx.Report(str, fmt::format("`{}` is the name TF1 generated by uniquifying `{}` (given in this file) in the "
                                  "graph; TF2 does not uniquify names that way (summaries keep their tags, eager "
                                  "ops have no names): refer to the object, not to a generated name",
                                  ctx.Text(str), c.substr(0, us)));
    }
    for (const auto& [fn, strs] : slot_groups) {
      std::string others;
      for (size_t i = 1; i < strs.size(); ++i) others += fmt::format("{}{}", i == 1 ? "" : ", ", ctx.Text(strs[i]));
      ctx.Report(strs.front(), fmt::format("`{}`{} match the slot variables a TF1 optimizer names after itself; TF2 "
                                           "(Keras) optimizers name and track their slots differently: ask the "
                                           "optimizer for its variables instead",
                                           ctx.Text(strs.front()),
                                           others.empty() ? std::string() : fmt::format(" (and {})", others)));
    }
  }
  // `x.op.type`: graph tensors classified by the type of the op that made them (eager tensors
  // have no op).
  for (TSNode n : m.AttributesNamed("type")) {
    TSNode obj = ts::Field(n, "object");
    if (!ts::Is(obj, "attribute") || ctx.Text(ts::Field(obj, "attribute")) != "op") continue;
    TSNode base = ts::Field(obj, "object");
    if (m.ResolveTfName(base) && !df.IsTensor(base)) continue;
    ctx.Report(n, fmt::format("`{}` classifies a tensor by the type of the graph op that produced it: eager "
                              "tensors have no op, and TF2 (control flow v2, resource variables) produces "
                              "other op types",
                              ctx.Text(n)));
  }
}

}  // namespace tfm
