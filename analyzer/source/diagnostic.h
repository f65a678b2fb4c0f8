// Diagnostic: one finding of one rule in one file, with an optional fix.
//
// Every front end (Python, graph files, C++) produces these; every emitter in
// report/ consumes them, and the rewriter applies their fixes. Positions are
// 1-based lines and columns counted in Unicode code points (as ruff does), plus
// the byte range in the analysed text for fixes and code frames.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tfm {

enum class Severity { kInfo = 0, kWarning = 1, kError = 2 };

std::string_view SeverityName(Severity s);
// Parses "info" / "warning" / "error"; nullopt otherwise.
std::optional<Severity> ParseSeverity(std::string_view s);

// How safe it is to apply a fix without a person looking at it.
enum class FixSafety {
  kSafe,         // applied by `rewrite` by default
  kUnsafe,       // behind --unsafe-fixes (or --level tf2): may change numbers or ordering
  kDisplayOnly,  // shown as a suggestion, never applied
};
std::string_view FixSafetyName(FixSafety s);

// Replace bytes [begin, end) of the analysed text with `replacement`.
struct Edit {
  uint32_t begin = 0;
  uint32_t end = 0;
  std::string replacement;
  bool operator==(const Edit&) const = default;
};

struct Fix {
  std::string title;  // "Replace with `tf.compat.v1.Session`"
  FixSafety safety = FixSafety::kSafe;
  std::vector<Edit> edits;  // non-overlapping, any order
};

// A position in a file. For notebooks `cell` is the 1-based code cell number and
// `line` counts within the cell; for other files `cell` is 0.
struct Position {
  uint32_t line = 0;    // 1-based
  uint32_t column = 0;  // 1-based, code points
  uint32_t cell = 0;
};

struct Diagnostic {
  std::string rule_id;    // "TFM201", or a non-rule code such as "syntax-error"
  std::string rule_name;  // "session-run"
  Severity severity = Severity::kWarning;
  std::string message;
  std::string path;  // as given on the command line (display form)
  Position start;
  Position end;
  uint32_t begin_byte = 0;  // range in the analysed text
  uint32_t end_byte = 0;
  std::optional<Fix> fix;
  std::vector<std::string> notes;  // extra `note:` lines
  // About the fetches of a TF1 `sess.run` site that `rewrite --level tf2`'s session conversion
  // rewrites into a function (which resolves the hazard): it does not stop that conversion.
  bool resolved_by_session_conversion = false;
  // For graph files: the node the finding is about (name and op), empty otherwise.
  std::string node_name;
  std::string node_op;

  bool HasApplicableFix() const { return fix && fix->safety != FixSafety::kDisplayOnly; }
};

// Sort order of every report: path, then position, then rule id, then message.
bool DiagnosticLess(const Diagnostic& a, const Diagnostic& b);

}  // namespace tfm
