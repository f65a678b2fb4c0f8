#include "analyzer/checks/tfm104_changed_arguments.h"

#include <fmt/format.h>

#include <charconv>

#include "analyzer/checks/api_tables.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

struct CallArgs {
  std::vector<TSNode> all;         // every argument in order
  std::vector<TSNode> positional;  // positional arguments (including *splat)
  bool splat = false;              // *args or **kwargs present: positions/keywords unknown
};

CallArgs ArgsOf(TSNode call) {
  CallArgs a;
  TSNode list = ts::Field(call, "arguments");
  if (!ts::Is(list, "argument_list")) return a;
  for (TSNode n : ts::NamedChildren(list)) {
    if (ts::Is(n, "comment")) continue;
    a.all.push_back(n);
    if (ts::Is(n, "list_splat") || ts::Is(n, "dictionary_splat")) a.splat = true;
    if (!ts::Is(n, "keyword_argument") && !ts::Is(n, "dictionary_splat")) a.positional.push_back(n);
  }
  return a;
}

// The keyword_argument node for `name`, or null.
TSNode Keyword(const SemanticModel& m, const CallArgs& a, std::string_view name) {
  for (TSNode n : a.all)
    if (ts::Is(n, "keyword_argument") && m.Text(ts::Field(n, "name")) == name) return n;
  return TSNode{};
}

// "stddev@1" -> {"stddev", 1}; position -1 when keyword-only.
std::pair<std::string, int> ParamAt(const std::string& s) {
  auto at = s.find('@');
  if (at == std::string::npos) return {s, -1};
  int pos = -1;
  std::from_chars(s.data() + at + 1, s.data() + s.size(), pos);
  return {s.substr(0, at), pos};
}

// Two names of one parameter: the tensor or data a call works on (`tensor` -> `input` of
// ones_like, `tensor` -> `data` of summary.scalar) or the device (`device_name_or_function`
// -> `device_name`). A positional argument there means the same in TF1 and TF2.
bool SameParameter(std::string_view a, std::string_view b) {
  auto data = [](std::string_view s) {
    return s == "tensor" || s == "input" || s == "data" || s == "values" || s == "value" || s == "x" ||
           s == "kernel" || s == "filters" || s == "filter";
  };
  auto device = [](std::string_view s) { return s == "device_name_or_function" || s == "device_name"; };
  return (data(a) && data(b)) || (device(a) && device(b));
}

std::vector<std::string> SplitBar(const std::string& s) {
  std::vector<std::string> out;
  if (s.empty()) return out;
  size_t at = 0;
  for (;;) {
    size_t bar = s.find('|', at);
    out.push_back(s.substr(at, bar == std::string::npos ? std::string::npos : bar - at));
    if (bar == std::string::npos) return out;
    at = bar + 1;
  }
}

// A device function (`tf.device(lambda op: ...)`, a def, `replica_device_setter(...)`)
// rather than a device name.
bool IsDeviceFunction(const SemanticModel& m, TSNode arg) {
  if (ts::Is(arg, "lambda")) return true;
  if ((ts::Is(arg, "identifier") || ts::Is(arg, "attribute")) && !ts_node_is_null(m.DefinitionOf(arg))) return true;
  if (ts::Is(arg, "call")) {
    const TfName* tf = m.ResolveTfName(ts::Field(arg, "function"));
    return tf && tf->path == "train.replica_device_setter";
  }
  return false;
}

// Does a while_loop call have two or more loop variables (then TF1 and TF2 return them
// alike)? Seen in the loop_vars list or tuple, written out or bound once to a name, or
// in the arity of the cond or body (a lambda or def takes one parameter per variable).
bool SeveralLoopVars(const SemanticModel& m, const CallArgs& args) {
  auto arg = [&](std::string_view name, size_t pos) {
    TSNode kw = Keyword(m, args, name);
    if (!ts_node_is_null(kw)) return ts::Field(kw, "value");
    return !args.splat && args.positional.size() > pos ? args.positional[pos] : TSNode{};
  };
  TSNode lv = arg("loop_vars", 2);
  if (ts::Is(lv, "identifier")) {
    const Binding* b = m.Lookup(m.Text(lv), ts_node_start_byte(lv));
    if (b && b->kind == BindingKind::kAssign && !ts_node_is_null(b->value)) lv = b->value;
  }
  if ((ts::Is(lv, "list") || ts::Is(lv, "tuple")) && ts_node_named_child_count(lv) >= 2) return true;
  for (TSNode fn : {arg("cond", 0), arg("body", 1)}) {
    TSNode params{};
    if (ts::Is(fn, "lambda")) {
      params = ts::Field(fn, "parameters");
    } else if (!ts_node_is_null(fn)) {
      TSNode def = m.DefinitionOf(fn);
      if (!ts_node_is_null(def)) params = ts::Field(def, "parameters");
    }
    if (ts_node_is_null(params)) continue;
    size_t n = 0;
    for (TSNode p : ts::NamedChildren(params))
      if (ts::Is(p, "identifier") || ts::Is(p, "default_parameter") || ts::Is(p, "typed_parameter")) ++n;
    if (ts::Is(fn, "attribute") && n > 0) --n;  // `self.body`: a method, `self` is bound
    if (n >= 2) return true;
  }
  return false;
}

bool Simple(TSNode n) {
  return ts::Is(n, "identifier") || ts::Is(n, "integer") || ts::Is(n, "float") || ts::Is(n, "attribute") ||
         ts::Is(n, "call") || ts::Is(n, "subscript") || ts::Is(n, "parenthesized_expression");
}

}  // namespace

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kBehavior},
};

const RuleInfo& ChangedArguments::info() const {
  static const RuleInfo kInfo{
      .id = "TFM104",
      .name = "changed-arguments",
      .severity = Severity::kError,
      .fix = FixKind::kSafeOrUnsafe,
      .input = RuleInput::kPython,
      .summary = "call uses a keyword, positional order or default that changed in TF2",
      .trigger = "keyword renamed or removed, positional order changed, or a default changed (`keep_dims`, "
                 "`dim`/`dimension`→`axis`, `reduction_indices`, `tf.nn.dropout(keep_prob)`→`rate=1-…`, "
                 "`softmax_cross_entropy_with_logits` label gradient)",
      .fix_note = "safe (keyword rename, `rate=1 - p`, `tf.compat.v1.X`)",
      .closed_edits = kPrefixEdit | kToggleEdit | kKeywordEdit,
      .impact = Impact::kSpelling,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm104() {
  static const ChangedArguments kRule;
  return kRule;
}

void ChangedArguments::CheckPython(PythonContext& ctx) const {
  const ApiTables& t = ApiTables::Get();
  const SemanticModel& m = ctx.model();
  // Code written for TF1: it runs sessions or names a symbol TF2 keeps only under
  // tf.compat.v1 (tf.placeholder, tf.get_variable, tf.variable_scope, ...). Computed once.
  int tf1 = -1;
  auto tf1_code = [&] {
    if (tf1 < 0) {
      tf1 = m.uses_sessions() ? 1 : 0;
      for (const TfRef& r : m.refs()) {
        if (tf1) break;
        if (r.tf.ns == TfNs::kV1 || (r.tf.ns == TfNs::kTop && !t.V1OnlyPrefix(r.tf.path).empty())) tf1 = 1;
      }
    }
    return tf1 == 1;
  };
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns != TfNs::kTop || ts_node_is_null(r.call) || !IsCallee(r.call, r.node)) continue;
    const std::vector<ArgChange>* changes = t.FindArgs(r.tf.path);
    if (!changes) continue;
    const RefChain* chain = CachedChainOf(m, r);
    if (!chain) continue;
    const std::string sym = "tf." + r.tf.path;
    const std::string v1 = "tf.compat.v1." + r.tf.path;
    CallArgs args = ArgsOf(r.call);
    // Does a behavior change apply to this call? Only TF1 code (it runs sessions or names
    // TF1-only symbols) means the TF1 behavior; a TF2 summary call passes a `step`; a while_loop with two or
    // more loop variables written out returns them the same way in both.
    auto behavior_applies = [&](const ArgChange& c) {
      if (c.detail == "condition_xy") {
        // where(c) alone returns coordinates in both; with x and y, TF1 code (it uses
        // sessions or TF1-only symbols such as placeholders) means the row selection
        if (!tf1_code()) return false;
        return args.positional.size() >= 3 || !ts_node_is_null(Keyword(m, args, "x")) ||
               !ts_node_is_null(Keyword(m, args, "y"));
      }
      if (!tf1_code()) return false;
      if (c.detail == "summary" && !ts_node_is_null(Keyword(m, args, "step"))) return false;
      if (c.detail == "labels") {
        // labels=tf.stop_gradient(...): no gradient reaches them in TF2 either (the v1
        // function's own definition)
        TSNode kw = Keyword(m, args, "labels");
        TSNode l = ts_node_is_null(kw) ? TSNode{} : ts::Field(kw, "value");
        auto q = ts::Is(l, "call") ? m.Resolve(ts::Field(l, "function")) : std::nullopt;
        if (q && *q == "tensorflow.stop_gradient") return false;
      }
      if (c.detail == "loop_vars") {
        if (!ts_node_is_null(Keyword(m, args, "return_same_structure"))) return false;
        return !SeveralLoopVars(m, args);
      }
      return true;
    };
    bool keep_prob_rule = false, behavior = false;
    for (const ArgChange& c : *changes) {
      keep_prob_rule |= c.kind == ArgChange::kKeepProbToRate;
      // (a summary call's other rows stay quiet either way; a while_loop's keyword and
      // positional rows speak where its behavior row does not apply)
      behavior |= c.kind == ArgChange::kBehavior &&
                  ((c.detail != "loop_vars" && c.detail != "condition_xy") || behavior_applies(c));
    }
    auto compat_fix = [&] { return CompatV1Fix(*chain, fmt::format("Call `{}` (TF1 semantics)", v1)); };

    for (const ArgChange& c : *changes) {
      switch (c.kind) {
        case ArgChange::kKwRename: {
          // A behavior row respells the call `tf.compat.v1.X`, which keeps the TF1 keyword
          // (and may refuse the TF2 one beside its own default: v1
          // softmax_cross_entropy_with_logits raises "Cannot specify both 'dim' and 'axis'"
          // for axis=, TF 2.21).
          if (behavior) break;
          TSNode kw = Keyword(m, args, c.detail);
          if (ts_node_is_null(kw)) break;
          std::optional<Fix> fix;
          if (ts_node_is_null(Keyword(m, args, c.detail2)))
            fix = ReplaceNode(ts::Field(kw, "name"), c.detail2,
                              fmt::format("Rename keyword `{}` to `{}`", c.detail, c.detail2), FixSafety::kSafe);
          ctx.Report(kw, fmt::format("keyword `{}` of `{}` is `{}` in TF2", c.detail, sym, c.detail2), std::move(fix));
          break;
        }
        case ArgChange::kKwRemoved: {
          if ((keep_prob_rule && c.detail == "keep_prob") || behavior) break;  // covered by the other entry
          TSNode kw = Keyword(m, args, c.detail);
          if (ts_node_is_null(kw)) break;
          ctx.Report(kw, fmt::format("`{}` in TF2 has no keyword `{}`; `{}` keeps it", sym, c.detail, v1),
                     compat_fix());
          break;
        }
        case ArgChange::kPositional: {
          if (keep_prob_rule || behavior || args.splat) break;
          int index = 0;
          std::from_chars(c.detail.data(), c.detail.data() + c.detail.size(), index);
          if (index < 0 || static_cast<int>(args.positional.size()) <= index) break;
          auto gt = c.detail2.find('>');
          std::vector<std::string> tf1 = SplitBar(c.detail2.substr(0, gt));
          std::vector<std::string> tf2 = SplitBar(gt == std::string::npos ? "" : c.detail2.substr(gt + 1));
          // The first argument passed whose parameter changed, not only its name.
          for (size_t j = static_cast<size_t>(index); j < args.positional.size(); ++j) {
            size_t k = j - static_cast<size_t>(index);
            std::string was = k < tf1.size() ? tf1[k] : "", now = k < tf2.size() ? tf2[k] : "";
            if (was == now || SameParameter(was, now)) continue;
            std::string now_text = now.empty() ? std::string("nothing (too many arguments)") : "`" + now + "`";
            ctx.Report(args.positional[j],
                       fmt::format("positional argument {} of `{}` is `{}` in TF1 but {} in TF2", j + 1, sym, was,
                                   now_text),
                       compat_fix());
            break;
          }
          // TF2's tf.device takes a name only: it raises on a device function, in graph
          // mode too (checked on TF 2.21); tf.compat.v1.device keeps them.
          if (r.tf.path == "device" && index == 0 && IsDeviceFunction(m, args.positional[0]))
            ctx.Report(args.positional[0],
                       fmt::format("`{}` is given a device function; TF2's `tf.device` takes a device name only "
                                   "(`RuntimeError: tf.device does not support functions`, graph mode included; "
                                   "eager execution has no ops to place by a function); `{}` keeps device "
                                   "functions for graph code",
                                   sym, v1),
                       tf1_code() ? compat_fix() : std::nullopt);
          break;
        }
        case ArgChange::kDefault: {
          if (args.splat) break;
          auto [param, pos] = ParamAt(c.detail);
          if (!ts_node_is_null(Keyword(m, args, param))) break;
          if (pos >= 0 && static_cast<int>(args.positional.size()) > pos) break;
          auto gt = c.detail2.find('>');
          std::string tf1 = c.detail2.substr(0, gt), tf2 = c.detail2.substr(gt + 1);
          ctx.Report(r.call,
                     fmt::format("the default of `{}` in `{}` changed from {} (TF1) to {} (TF2); `{}` keeps the "
                                 "TF1 default and its random stream",
                                 param, sym, tf1, tf2, v1),
                     compat_fix());
          break;
        }
        case ArgChange::kKeepProbToRate: {
          TSNode kw = Keyword(m, args, "keep_prob");
          TSNode value{};
          TSNode target{};
          if (!ts_node_is_null(kw)) {
            target = kw;
            value = ts::Field(kw, "value");
          } else if (args.positional.size() > 1 && !args.splat) {
            target = value = args.positional[1];
          } else {
            break;
          }
          std::string v(m.Text(value));
          std::string rate = Simple(value) ? "1 - " + v : "1 - (" + v + ")";
          std::optional<Fix> fix;
          bool later_positional = ts_node_is_null(kw) && args.positional.size() > 2;
          if (ts_node_is_null(Keyword(m, args, "rate")) && !later_positional) {
            fix = ReplaceNode(target, "rate=" + rate, fmt::format("Replace with `rate={}`", rate), FixSafety::kSafe);
          }
          ctx.Report(target,
                     fmt::format("`{}` takes `rate` (the drop probability) in TF2, not `keep_prob`: keep_prob `{}` "
                                 "is `rate={}`",
                                 sym, v, rate),
                     std::move(fix));
          break;
        }
        case ArgChange::kBehavior:
          if (!behavior_applies(c)) break;
          // where(c, x, y) differs only for a condition of lower rank than x and y, which
          // nothing here shows: a note (the compat fix keeps TF1's meaning regardless).
          ctx.Report(r.node, fmt::format("`{}` changed behavior: {}; `{}` keeps the TF1 behavior", sym, c.detail2, v1),
                     compat_fix(),
                     c.detail == "condition_xy" ? std::optional<Severity>(Severity::kInfo) : std::nullopt);
          break;
      }
    }
  }
}

}  // namespace tfm
