// Report emitters: the same diagnostics as text (ruff/rustc style code frames),
// JSON, SARIF 2.1.0, GitHub workflow annotations and JUnit XML. They read an
// Analysis (analyzer/source/analysis.h) and know nothing of how it was made; what
// SARIF says about the catalogue is passed in by the caller.
//
//   tfm::EmitText(analysis, std::cout, {.color = false});
//   tfm::EmitSarif(analysis, catalogue, std::cout);
#pragma once

#include <map>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/source/analysis.h"

namespace tfm {

struct TextOptions {
  bool color = false;
  bool show_source = true;     // code frames
  bool statistics = false;     // counts per rule instead of findings
  bool summary = true;         // "Found N findings" line
};

// One finding per token: the rule findings of a file that start at the same place (the
// same token: `tf.Session` is v1-only API, a session and a name-based graph at once) are
// reported as one entry, the primary, with the others folded in as related notes, in every
// format (text, concise, JSON, SARIF, GitHub annotations, JUnit); in a graph file, where
// every finding sits at 1:1, only the findings about one node fold. The primary is the most
// severe; among equals a behavior rule (TFM2xx and up) before an API-spelling rule (TFM1xx),
// then the lower rule id. Related findings keep their own rule, message and fix (`rewrite`
// applies every fix as before; folding is how findings are reported). Findings that are not
// a rule's (syntax errors) are never folded. `--statistics` still counts every rule's findings.
struct FoldedFinding {
  const Diagnostic* primary = nullptr;
  std::vector<const Diagnostic*> related;  // in report order
  bool HasSafeFix() const;                 // the primary's or a related finding's fix is safe
};
// `ds` in report order (DiagnosticLess), as FileResult::diagnostics are.
std::vector<FoldedFinding> FoldByToken(const std::vector<Diagnostic>& ds);

void EmitText(const Analysis& a, std::ostream& out, const TextOptions& opts);
void EmitStatistics(const Analysis& a, std::ostream& out);
void EmitJson(const Analysis& a, std::ostream& out);
// One rule of the catalogue as SARIF's tool.driver.rules lists it (with its page,
// RuleDoc(id), as help text).
struct ReportedRule {
  std::string_view id;       // "TFM201"
  std::string_view name;     // "session-run"
  std::string_view summary;  // one line
  Severity severity;         // default severity
};
void EmitSarif(const Analysis& a, std::span<const ReportedRule> catalogue, std::ostream& out);
void EmitGithub(const Analysis& a, std::ostream& out);
void EmitJunit(const Analysis& a, std::ostream& out);

// Pieces of the line-oriented reports, for a report written file by file while the
// analysis runs (cli/check.cc streams with AnalyzeOptions::on_file and OrderedWriter):
// concatenated in file order they are byte for byte what EmitText, EmitGithub and
// EmitStatistics write for the whole analysis.
//
// The text (or concise, per `opts`) findings of one file, appended to `out`.
void AppendFileText(const FileResult& f, const TextOptions& opts, std::string& out);
// The GitHub annotations of one file, appended to `out`.
void AppendFileGithub(const FileResult& f, std::string& out);
// The text report's closing line: `total` findings, `fixable` of them with a safe fix,
// `failed` inputs that could not be analysed.
void EmitTextSummary(size_t total, size_t fixable, size_t failed, std::ostream& out);
// Counts per rule for --statistics, added up file by file.
class RuleStatistics {
 public:
  void Add(const FileResult& f);
  void Merge(const RuleStatistics& other);
  void Emit(std::ostream& out) const;

 private:
  struct Row {
    size_t count = 0;
    size_t fixable = 0;
    std::string name;
  };
  std::map<std::string, Row, std::less<>> rows_;  // by rule id
};

// One diagnostic as text with its code frame (used by EmitText and snapshots); `related`
// are the findings folded into it (FoldByToken), shown as `= related:` notes.
std::string FormatDiagnostic(const Diagnostic& d, const SourceFile* src, bool color,
                             std::span<const Diagnostic* const> related = {});

// The rule page (docs/rules/<ID>.md embedded at build time), or empty.
std::string_view RuleDoc(std::string_view id);

}  // namespace tfm
