#include "analyzer/checks/tfm208_v1_dataset_iterator.h"

#include <fmt/format.h>

#include "analyzer/checks/tf_spelling.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace {

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool EndsWith(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// A resolved path (below tensorflow) that is a TF1 iterator object.
bool IsIteratorPath(std::string_view p) {
  return EndsWith(p, ".make_one_shot_iterator()") || EndsWith(p, ".make_initializable_iterator()") ||
         p == "data.make_one_shot_iterator()" || p == "data.make_initializable_iterator()" ||
         p == "data.Iterator.from_structure()" || p == "data.Iterator.from_string_handle()";
}

bool IsInitializableIteratorPath(std::string_view p) {
  return EndsWith(p, "make_initializable_iterator()") || p == "data.Iterator.from_structure()" ||
         p == "data.Iterator.from_string_handle()";
}

}  // namespace

const RuleInfo& V1DatasetIterator::info() const {
  static const RuleInfo kInfo{
      .id = "TFM208",
      .name = "v1-dataset-iterator",
      .severity = Severity::kWarning,
      .fix = FixKind::kSafeOrUnsafe,
      .input = RuleInput::kPython,
      .summary = "TF1 dataset iterators; TF2 iterates datasets in Python",
      .trigger = "`make_one_shot_iterator`, `make_initializable_iterator`, `iterator.initializer`, `get_next()` in a "
                 "session",
      .fix_note = "safe (`tf.compat.v1.data.make_one_shot_iterator(ds)`, "
                  "`tf.compat.v1.data.make_initializable_iterator(ds)`), unsafe when the receiver's origin is "
                  "unknown; the catalogue's Python-iteration rewrite is not offered",
      .closed_edits = kIteratorEdit,
      .impact = Impact::kGraphSession,
  };
  return kInfo;
}

const Rule& rules::Tfm208() {
  static const V1DatasetIterator kRule;
  return kRule;
}

void V1DatasetIterator::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  // Method calls on datasets and iterators, resolved or not.
  for (TSNode call : m.calls()) {
    TSNode fn = ts::Field(call, "function");
    if (!ts::Is(fn, "attribute")) continue;
    std::string_view method = ctx.Text(ts::Field(fn, "attribute"));
    if (method != "make_one_shot_iterator" && method != "make_initializable_iterator" && method != "get_next")
      continue;
    TSNode recv = ts::Field(fn, "object");
    std::optional<TfName> recv_tf;
    if (auto q = m.Resolve(recv)) {
      recv_tf = SplitTfName(*q);
      if (!recv_tf) continue;  // something that is not TensorFlow
    }
    if (method == "get_next") {
      // Only TF1 iterators, and only where a session will run the op.
      if (!recv_tf || !IsIteratorPath(recv_tf->path)) continue;
      if (m.ContextOf(call) != ExecContext::kGraph) continue;
      ctx.Report(fn, fmt::format("`{}()` adds a graph op that yields the next element each time a session runs "
                                 "it; in TF2 iterate the dataset (`for batch in dataset:`) or call "
                                 "`next(iterator)` on `iter(dataset)`",
                                 ctx.Text(fn)));
      continue;
    }
    // A resolved receiver must be a dataset (a path under `data.`); an unresolved one
    // (a parameter) is taken as one: only tf.data v1 datasets have these methods.
    if (recv_tf && !StartsWith(recv_tf->path, "data.")) continue;
    // The fix spells the method as the tf.compat.v1.data function of the same name, with the
    // receiver as first argument (both methods take their optional arguments after `self`, as
    // the functions take them after `dataset`).
    std::optional<Fix> fix;
    TSNode args = ts::Field(call, "arguments");
    if (ts::Is(args, "argument_list") &&
        (ts_node_named_child_count(args) == 0 || method == "make_initializable_iterator")) {
      if (auto prefix = CompatV1PrefixAt(m, ts_node_start_byte(call))) {
        std::string rest;
        if (ts_node_named_child_count(args) > 0) {
          // The text between the parentheses, kept as written.
          std::string_view inner = ctx.Text(args);
          inner = inner.substr(1, inner.size() - 2);
          rest = fmt::format(", {}", inner);
        }
        std::string repl = fmt::format("{}data.{}({}{})", *prefix, method, ctx.Text(recv), rest);
        // Safe when the receiver is known to be a tf.data dataset; for a receiver of unknown
        // origin (a parameter) the method name is the only evidence, so the fix is unsafe.
        fix = ReplaceNode(call, repl, fmt::format("Replace with `{}`", repl),
                          recv_tf ? FixSafety::kSafe : FixSafety::kUnsafe);
      }
    }
    if (method == "make_initializable_iterator") {
      ctx.Report(fn,
                 fmt::format("`{}()` is the TF1 re-initializable iterator; TF2 datasets have no such "
                             "method (AttributeError): start a new pass with `iter(dataset)` or a `for` loop, "
                             "or keep it in graph code as `tf.compat.v1.data.make_initializable_iterator(dataset)`",
                             ctx.Text(fn)),
                 std::move(fix));
      continue;
    }
    ctx.Report(fn, fmt::format("`{}()` exists only on TF1 (`tf.compat.v1.data`) datasets; a TF2 "
                               "`tf.data.Dataset` has no such method (AttributeError): iterate the dataset "
                               "directly, or keep the TF1 iterator with "
                               "`tf.compat.v1.data.make_one_shot_iterator(dataset)`",
                               ctx.Text(fn)),
               std::move(fix));
  }
  // Function forms and iterator attributes.
  for (const TfRef& r : m.refs()) {
    if (r.tf.ns == TfNs::kV2) continue;
    const std::string& p = r.tf.path;
    if (!ts_node_is_null(r.call) &&
        (p == "data.make_initializable_iterator" || p == "data.Iterator.from_structure" ||
         p == "data.Iterator.from_string_handle")) {
      ctx.Report(r.node, fmt::format("`{}` builds a TF1 re-initializable iterator, which raises under eager "
                                     "execution; in TF2 start a new pass with `iter(dataset)` or a `for` loop",
                                     DisplayName(r)));
      continue;
    }
    constexpr std::string_view kInit = ".initializer";
    if (EndsWith(p, kInit) && IsInitializableIteratorPath(std::string_view(p).substr(0, p.size() - kInit.size()))) {
      ctx.Report(r.node, fmt::format("`{}` re-initializes a TF1 iterator inside a session; in TF2 a new "
                                     "`iter(dataset)` (or a new `for` loop) starts a fresh pass",
                                     ctx.Text(r.node)));
    }
  }
}

}  // namespace tfm
