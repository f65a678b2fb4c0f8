#include "analyzer/checks/tfm504_dimension_value.h"

#include <fmt/format.h>

#include "analyzer/checks/tf_spelling.h"
#include "analyzer/python/dataflow.h"
#include "analyzer/python/ts_util.h"

namespace tfm {

constexpr Symptom kSymptoms[] = {
    {DivergenceKind::kException, "AttributeError.*value"},
};

const RuleInfo& DimensionValue::info() const {
  static const RuleInfo kInfo{
      .id = "TFM504",
      .name = "dimension-value",
      .severity = Severity::kError,
      .fix = FixKind::kSafeOrUnsafe,
      .input = RuleInput::kPython,
      .summary = "`.value` and Dimension methods on TensorShape elements, which are int or None in TF2",
      .trigger = "`shape[i].value`, `dim.value` when iterating a shape, `Dimension` methods on shape elements "
                 "(`assert_is_compatible_with`, `merge_with`): TF2 `TensorShape` holds `int`/`None` → AttributeError",
      .fix_note = "safe: drop `.value` on a shape element (applied); unsafe `tf.compat.v1.Dimension(...)` for method "
                  "calls (not applied)",
      .closed_edits = kDimensionValueEdit,
      .blocks_tf2_conversion = true,
      .impact = Impact::kBehavior,
      .symptoms = kSymptoms,
  };
  return kInfo;
}

const Rule& rules::Tfm504() {
  static const DimensionValue kRule;
  return kRule;
}

void DimensionValue::CheckPython(PythonContext& ctx) const {
  const SemanticModel& m = ctx.model();
  const DataFlow& df = DataFlow::Of(m);
  auto visit = [&](TSNode n, const char*) {
        if (!ts::Is(n, "attribute")) return true;
        std::string_view attr = ctx.Text(ts::Field(n, "attribute"));
        TSNode obj = ts::Field(n, "object");
        if (attr == "value") {
          if (!df.IsShapeElement(obj)) return true;
          TSNode p = df.Parent(n);
          if (ts::Is(p, "assignment") && ts::Same(ts::Field(p, "left"), n)) return true;
          // `tf.compat.v1.dimension_value(d)` is `d.value` under TF1 shapes and `d` under TF2
          // shapes, so the fix keeps behavior whichever shape behavior the file ends up with
          // (the compat rewrite may add `disable_v2_behavior()`); without a visible
          // tensorflow name the fix drops `.value`, which is right under TF2 shapes.
          auto prefix = CompatV1PrefixAt(m, ts_node_start_byte(n));
          std::string replacement = prefix ? fmt::format("{}dimension_value({})", *prefix, ctx.Text(obj))
                                           : std::string(ctx.Text(obj));
          std::string title = prefix ? fmt::format("Replace with `{}`", replacement) : "drop `.value`";
          ctx.Report(n, fmt::format("`{}`: TF2 `TensorShape` elements are `int` or `None`, which have no "
                                    "`.value` (AttributeError); use `{}` directly",
                                    ctx.Text(n), ctx.Text(obj)),
                     ReplaceNode(n, std::move(replacement), std::move(title), FixSafety::kSafe));
          return false;
        }
        if (attr == "assert_is_compatible_with" || attr == "merge_with" || attr == "is_compatible_with") {
          TSNode p = df.Parent(n);
          if (!ts::Is(p, "call") || !df.IsShapeElement(obj)) return true;
          ctx.Report(n, fmt::format("`{}` calls a `Dimension` method on a shape element, which is `int` or `None` "
                                    "in TF2 (AttributeError); take the element from `shape.dims[i]`, or wrap it in "
                                    "`tf.compat.v1.Dimension(...)`",
                                    ctx.Text(n)));
        }
        return true;
      };
  for (TSNode n : m.AttributesNamedAny({"value", "assert_is_compatible_with", "merge_with", "is_compatible_with"}))
    visit(n, nullptr);
}

}  // namespace tfm
