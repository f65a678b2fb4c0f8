#include "analyzer/checks/tfm103_renamed_api.h"

#include <fmt/format.h>

#include "analyzer/checks/api_tables.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

// Expands a call-change template over the call's arguments: {tf} the root alias,
// {0} {1} positional arguments, {rest} ", " + every other argument. Returns
// nullopt when the call does not fit (too few positionals, a positional or a
// `*args` among the rest).
std::optional<std::string> ExpandTemplate(const PythonContext& ctx, std::string_view tmpl, TSNode call,
                                          const std::string& root) {
  TSNode args = ts::Field(call, "arguments");
  if (!ts::Is(args, "argument_list")) return std::nullopt;
  std::vector<TSNode> all;
  for (TSNode a : ts::NamedChildren(args))
    if (!ts::Is(a, "comment")) all.push_back(a);
  size_t used = 0;
  for (size_t i = 0; i + 2 < tmpl.size(); ++i)
    if (tmpl[i] == '{' && tmpl[i + 1] >= '0' && tmpl[i + 1] <= '9' && tmpl[i + 2] == '}')
      used = std::max<size_t>(used, tmpl[i + 1] - '0' + 1);
  for (size_t i = 0; i < all.size(); ++i) {
    bool positional = !ts::Is(all[i], "keyword_argument") && !ts::Is(all[i], "dictionary_splat");
    if (i < used && (!positional || ts::Is(all[i], "list_splat"))) return std::nullopt;
    if (i >= used && positional) return std::nullopt;
  }
  if (all.size() < used) return std::nullopt;
  std::string rest;
  for (size_t i = used; i < all.size(); ++i) rest += fmt::format(", {}", ctx.Text(all[i]));
  std::string out;
  for (size_t i = 0; i < tmpl.size();) {
    if (tmpl.compare(i, 4, "{tf}") == 0) {
      out += root;
      i += 4;
    } else if (tmpl.compare(i, 6, "{rest}") == 0) {
      out += rest;
      i += 6;
    } else if (i + 2 < tmpl.size() && tmpl[i] == '{' && tmpl[i + 2] == '}' && tmpl[i + 1] >= '0' &&
               tmpl[i + 1] <= '9') {
      out += ctx.Text(all[tmpl[i + 1] - '0']);
      i += 3;
    } else {
      out += tmpl[i++];
    }
  }
  return out;
}

}  // namespace

const RuleInfo& RenamedApi::info() const {
  static const RuleInfo kInfo{
      .id = "TFM103",
      .name = "renamed-api",
      .severity = Severity::kError,
      .fix = FixKind::kSafeOrUnsafe,
      .input = RuleInput::kPython,
      .summary = "TF1 symbol that TF2 has under another name or as another call",
      .trigger = "TF2 has the same function under another name (`tf.log`→`tf.math.log`, "
                 "`tf.random_normal`→`tf.random.normal`) or as another call (`tf.to_float(x)`→`tf.cast(x, "
                 "tf.float32)`)",
      .fix_note = "safe (rename) / unsafe (call change)",
      .impact = Impact::kSpelling,
  };
  return kInfo;
}

const Rule& rules::Tfm103() {
  static const RenamedApi kRule;
  return kRule;
}

void RenamedApi::CheckPython(PythonContext& ctx) const {
  const ApiTables& t = ApiTables::Get();
  for (const TfRef& r : ctx.model().refs()) {
    if (r.tf.ns != TfNs::kTop) continue;
    const RefChain* chain = CachedChainOf(ctx.model(), r);
    if (!chain) continue;
    std::string sym;
    const RenameEntry* e = t.FindRename(r.tf.path, &sym);
    if (!e) continue;
    TSNode at = PrefixNode(*chain, ComponentCount(sym));
    if (ts_node_is_null(at)) at = r.node;
    if (e->call_change) {
      // Only a call of the symbol itself can be rewritten into the TF2 call.
      std::optional<Fix> fix;
      std::string shown = e->target;
      for (auto [from, to] : {std::pair<std::string_view, std::string_view>{"{tf}", "tf"}, {"{0}", "x"},
                              {"{1}", "y"}, {"{rest}", ""}}) {
        for (size_t p; (p = shown.find(from)) != std::string::npos;) shown.replace(p, from.size(), to);
      }
      if (!ts_node_is_null(r.call) && IsCallee(r.call, r.node) && chain->root_is_tf &&
          ComponentCount(sym) == ComponentCount(r.tf.path)) {
        if (auto text = ExpandTemplate(ctx, e->target, r.call, chain->root_text))
          fix = ReplaceNode(r.call, *text, fmt::format("Replace with `{}`", *text), e->safety);
      }
      ctx.Report(at, fmt::format("`tf.{}` is gone from TF2; the TF2 call is `{}`", sym, shown), std::move(fix));
      continue;
    }
    std::optional<Fix> fix;
    if (chain->root_is_tf) {
      Fix f;
      f.title = fmt::format("Replace with `tf.{}`", e->target);
      f.safety = e->safety;
      f.edits.push_back(Edit{ts_node_start_byte(chain->nodes[0]), ts_node_end_byte(at),
                             chain->root_text + "." + e->target});
      fix = std::move(f);
    }
    ctx.Report(at, fmt::format("`tf.{}` is `tf.{}` in TF2", sym, e->target), std::move(fix));
  }
}

}  // namespace tfm
