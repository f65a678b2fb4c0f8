// Rule: one entry of the catalogue (rules/RULES.md) and the code that finds it.
//
// A rule is a fixed set of files: analyzer/checks/<id>_<name>.{h,cc} (a class
// deriving from Rule), docs/rules/<ID>.md and testdata/rules/<ID>/. Every rule is
// listed once in the sorted table of registry.cc; there is no self-registration.
//
//   class SessionRun : public Rule {
//    public:
//     const RuleInfo& info() const override;
//     void CheckPython(PythonContext& ctx) const override;   // ctx.Report(node, msg, fix)
//   };
#pragma once

#include <tree_sitter/api.h>

#include <optional>
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

struct RuleInfo {
  std::string_view id;     // "TFM201"
  std::string_view name;   // "session-run"
  Severity severity;       // default severity
  FixKind fix;
  RuleInput input;
  std::string_view summary;  // one line, used by `tfmigrate rules` and SARIF
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
