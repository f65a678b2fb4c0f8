// Report emitters: the same diagnostics as text (ruff/rustc style code frames),
// JSON, SARIF 2.1.0, GitHub workflow annotations and JUnit XML.
//
//   tfm::EmitText(analysis, std::cout, {.color = false});
//   tfm::EmitSarif(analysis, std::cout);
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "analyzer/project/analyze.h"

namespace tfm {

struct TextOptions {
  bool color = false;
  bool show_source = true;     // code frames
  bool statistics = false;     // counts per rule instead of findings
  bool summary = true;         // "Found N findings" line
};

void EmitText(const Analysis& a, std::ostream& out, const TextOptions& opts);
void EmitStatistics(const Analysis& a, std::ostream& out);
void EmitJson(const Analysis& a, std::ostream& out);
void EmitSarif(const Analysis& a, std::ostream& out);
void EmitGithub(const Analysis& a, std::ostream& out);
void EmitJunit(const Analysis& a, std::ostream& out);

// One diagnostic as text with its code frame (used by EmitText and snapshots).
std::string FormatDiagnostic(const Diagnostic& d, const SourceFile* src, bool color);

// The rule page (docs/rules/<ID>.md embedded at build time), or empty.
std::string_view RuleDoc(std::string_view id);

}  // namespace tfm
