#include "analyzer/checks/tfm501_tensor_name_lookup.h"

#include <fmt/format.h>

#include <cctype>

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
        if (!listed_op && !df.IsTensor(obj)) return true;
        bool variable = listed_op || df.IsVariable(obj);
        bool compared = ts::Is(parent, "comparison_operator");
        if (ts::Is(parent, "attribute")) {
          std::string_view a = ctx.Text(ts::Field(parent, "attribute"));
          compared |= a == "startswith" || a == "endswith" || a == "split" || a == "find";
        }
        if (variable && !compared) return true;
        ctx.Report(n, fmt::format("`{}` reads the generated name of {}: {}; do not let logic depend on it",
                                  ctx.Text(n), listed_op ? "a graph op" : variable ? "a variable" : "a tensor or op",
                                  listed_op  ? "op names generated by TF2 (and by control flow v2) differ from TF1"
                                  : variable ? "variable names are not guaranteed to match between TF1 and TF2"
                                             : "eager tensors have no name, and names made inside tf.function "
                                               "differ from TF1"));
        return true;
      };
  for (TSNode n : m.AttributesNamed("name")) visit(n, nullptr);
}

}  // namespace tfm
