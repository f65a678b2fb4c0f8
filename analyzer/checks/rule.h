// Rule: one entry of the catalogue (rules/RULES.md) and the code that finds it.
//
// A rule is a fixed set of files: analyzer/checks/<id>_<name>.{h,cc} (a class
// deriving from Rule, and `rules::TfmNNN()` returning its one instance),
// docs/rules/<ID>.md and testdata/rules/<ID>/. Every rule is one line of the sorted
// registry (registry.inc); there is no self-registration.
//
// RuleInfo is everything the rest of the tool knows about a rule: the catalogue row
// and each page's header are generated from it (catalogue.h), the rewriter reads
// which fixes are closed edit shapes and which findings stop the tf2 conversion,
// and `tfmigrate diff` reads the divergences a rule predicts. Nothing outside a
// rule's own files tests its ID.
//
//   class SessionRun : public Rule {
//    public:
//     const RuleInfo& info() const override;
//     void CheckPython(PythonContext& ctx) const override;   // ctx.Report(node, msg, fix)
//   };
//   namespace rules { const Rule& Tfm201(); }
#pragma once

#include <tree_sitter/api.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/cpp/cpp_model.h"
#include "analyzer/python/semantic.h"
#include "analyzer/source/diagnostic.h"

namespace tfm {

enum class RuleInput { kPython, kGraph, kCpp, kDynamic };
// What kind of fix a rule can offer (catalogue column "fix").
enum class FixKind { kNone, kSafe, kUnsafe, kSafeOrUnsafe };
// As in ruff: a preview rule runs only when asked for (`check --preview`); a stable
// one by default.
enum class Lifecycle { kStable, kPreview };

// The divergences `tfmigrate diff` reports: the dynamic rules TFM901-TFM903 each
// report one (RuleInfo::reports), and static rules predict them (RuleInfo::symptoms).
enum class DivergenceKind { kNone, kBehavior, kException, kRetrace };

// A run-time symptom of a rule's hazard: the divergence it causes, and for
// exceptions a pattern over "Type: message" of the side that raised.
struct Symptom {
  DivergenceKind kind;
  std::string_view exception = {};  // std::regex (ECMAScript), searched; "" matches any
};

// What a finding says about how a script behaves, for ranking the causes of a
// divergence (diff/explain.cc).
enum class Impact {
  kNone,          // cannot explain a script's values: graph files, C++ client code, dynamic rules
  kSpelling,      // an API spelling TF2 lacks: what was migrated, rarely why results differ
  kGraphSession,  // graph and session structure: explains what it predicts
  kBehavior,      // code whose meaning TF2 changes: also explains a divergence on its line
};

// Edit shapes of safe fixes that cannot give another rule an applicable fix
// (rewriter/fixed_point.cc states and checks each shape on the edit text). When every
// fix a pass applied has one of its rule's shapes, the fix loop stops without
// re-analysing the result.
enum ClosedEdit : unsigned {
  kPrefixEdit = 1u << 0,          // A: `tf` -> `tf.compat.v1` (and `from tensorflow[.x] import`)
  kToggleEdit = 1u << 1,          // B: insert `tf.compat.v1.disable_v2_behavior()` after the import
  kKeywordEdit = 1u << 2,         // F: keyword rename, `keep_prob=v` -> `rate=1 - v`
  kDimensionValueEdit = 1u << 3,  // D: `E.value` -> `E` / `tf.compat.v1.dimension_value(E)`
  kIteratorEdit = 1u << 4,        // E: `R.make_one_shot_iterator()` -> `tf.compat.v1.data.make_one_shot_iterator(R)`
};

struct RuleInfo {
  std::string_view id;     // "TFM201"
  std::string_view name;   // "session-run"
  Severity severity;       // default severity
  FixKind fix;
  RuleInput input;
  std::string_view summary;  // one line, used by `tfmigrate rules` and SARIF

  // ---- the catalogue (rules/RULES.md) and the page header (docs/rules/<ID>.md)
  std::string_view trigger;        // what it flags (Markdown, the catalogue's "trigger" column)
  std::string_view severity_note;  // when the severity varies: "error when misplaced", or ""
  std::string_view fix_note;       // the fix in words (Markdown), or "" for the kind alone
  Lifecycle lifecycle = Lifecycle::kStable;

  // ---- the rewriter
  unsigned closed_edits = 0;          // ClosedEdit bits its safe fixes take (0: none is closed)
  bool may_gain_fix = false;          // a finding without a safe fix may gain one when other fixes apply
  bool blocks_tf2_conversion = false;  // a TF2 hazard: `rewrite --level tf2` converts no session
                                       // in a file with such a finding (its meaning changes under TF2)
  bool owns_behavior_toggle = false;   // the compat rewrite gives a TF1 program TF1 behavior
                                       // (`disable_v2_behavior()`) when this rule is enabled

  // ---- `tfmigrate diff`
  Impact impact = Impact::kNone;
  std::span<const Symptom> symptoms = {};       // divergences its hazard causes
  DivergenceKind reports = DivergenceKind::kNone;  // dynamic rules: the divergence they name
};

// Collects the diagnostics of one rule on one Python file.
class PythonContext {
 public:
  PythonContext(const SemanticModel& model, const RuleInfo& rule, std::vector<Diagnostic>* out)
      : model_(model), rule_(rule), out_(out) {}
  const SemanticModel& model() const { return model_; }
  const SourceFile& source() const { return model_.source(); }
  std::string_view Text(TSNode n) const { return model_.Text(n); }

  // Reports a finding at `node` (dropped when the node is in a guarded region).
  void Report(TSNode node, std::string message, std::optional<Fix> fix = std::nullopt,
              std::optional<Severity> severity = std::nullopt);
  void ReportRange(uint32_t begin, uint32_t end, std::string message, std::optional<Fix> fix = std::nullopt,
                   std::optional<Severity> severity = std::nullopt);
  // Reports a finding about a `sess.run` site that the tf2 session conversion resolves
  // (Diagnostic::resolved_by_session_conversion).
  void ReportAtSessionRun(TSNode node, std::string message);

 private:
  const SemanticModel& model_;
  const RuleInfo& rule_;
  std::vector<Diagnostic>* out_;
};

// Collects the diagnostics of one rule on one C++ file (see analyzer/cpp/cpp_model.h).
class CppContext {
 public:
  CppContext(const SourceFile& source, const CppModel& model, const RuleInfo& rule, std::vector<Diagnostic>* out)
      : source_(source), model_(model), rule_(rule), out_(out) {}
  const SourceFile& source() const { return source_; }
  const CppModel& model() const { return model_; }
  std::string_view Text(uint32_t begin, uint32_t end) const {
    return std::string_view(source_.text).substr(begin, end - begin);
  }
  void Report(uint32_t begin, uint32_t end, std::string message);

 private:
  const SourceFile& source_;
  const CppModel& model_;
  const RuleInfo& rule_;
  std::vector<Diagnostic>* out_;
};

namespace graph {
struct GraphFile;
struct MetaGraph;
struct Graph;
struct Node;
}  // namespace graph

// Collects the diagnostics of one rule on one graph file (analyzer/graph/). A
// finding points at a node (name, op; for text files its line) or at a line.
class GraphContext {
 public:
  GraphContext(const graph::GraphFile& file, const RuleInfo& rule, std::vector<Diagnostic>* out)
      : file_(file), rule_(rule), out_(out) {}
  const graph::GraphFile& file() const { return file_; }
  // Reports `node` of `g`; the message should name the node.
  void ReportNode(const graph::Graph& g, const graph::Node& node, std::string message,
                  std::optional<Severity> severity = std::nullopt);
  // Reports a finding without a node (collections, signatures): at a 1-based line of
  // a text file, or at the file for binary files (line 0).
  void ReportLine(uint32_t line, std::string message, std::optional<Severity> severity = std::nullopt);

 private:
  const graph::GraphFile& file_;
  const RuleInfo& rule_;
  std::vector<Diagnostic>* out_;
};

class Rule {
 public:
  virtual ~Rule() = default;
  virtual const RuleInfo& info() const = 0;
  virtual void CheckPython(PythonContext& ctx) const {}
  virtual void CheckGraph(GraphContext& ctx) const {}
  virtual void CheckCpp(CppContext& ctx) const {}
};

// Helpers shared by rules.
// Source text for a message: whitespace runs collapsed, text over `max` shortened with "...".
std::string Compact(std::string_view s, size_t max = 60);
// A fix replacing `node`'s text.
Fix ReplaceNode(TSNode node, std::string replacement, std::string title, FixSafety safety);
// The `tf.` spelling a diagnostic should show for a reference ("tf.Session").
std::string DisplayName(const TfRef& ref);
// Prefix spelling used in a fix to reach tf.compat.v1 from this reference: if the
// reference is `tf.Session` with `tf` bound to tensorflow, returns "tf.compat.v1.".
std::optional<std::string> CompatV1Spelling(const SemanticModel& m, const TfRef& ref);

}  // namespace tfm
