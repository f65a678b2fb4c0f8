// Behavior diffing: run an old (TF1) and a new (TF2) version of a script, compare their
// run traces (docs/trace-format.md) observation by observation, and explain each
// divergence with the static findings that predict it (docs/diff.md).
//
//   tfm::diff::DiffOptions o;                       // modes, backend, tolerances
//   tfm::diff::DiffResult r = tfm::diff::DiffScripts("train_tf1.py", "train_tf2.py", o);
//   if (!r.error.empty()) ...                      // a side could not be run or compared
//   else if (r.NothingCompared()) ...              // neither run produced an observation
//   else if (r.Equivalent()) ...                   // r.observations lists what was compared
//   else for (auto& d : r.divergences) ...         // d.id is TFM901/TFM902/TFM903, d.causes ranked
//
// CompareTraces() is the pure part (two trace texts in, divergences out) and
// Explain() adds the causes from the analyzer; DiffScripts() does launch + both.
#pragma once

#include <optional>
#include <ostream>
#include <functional>
#include <string>
#include <vector>

#include "analyzer/checks/rule.h"

namespace tfm {
struct Analysis;
}

namespace tfm::diff {

struct DiffOptions {
  std::string old_mode = "tf1";
  std::string new_mode = "tf2";
  std::string backend = "bundled";  // or "tensorflow"
  // |a-b| <= atol + rtol*max(|a|,|b|). Unset: each dtype's tolerance from the policy
  // (runtime/trace/tolerance.h, docs/tolerance.md); set: for every floating value.
  std::optional<double> rtol;
  std::optional<double> atol;
  std::string align = "order";       // "order": prints, values, observations by position;
                                     // "by-name": only named observations and variables
  bool deterministic_random = false;
  // When values diverge and either run created random ops, run both again with
  // deterministic_random: a divergence that disappears is random numbers drawn
  // differently (Divergence::random_draws). Costs a second pair of runs.
  bool random_rerun = true;
  // When the versions diverge, run the old version a second time: what differs between
  // its two runs (timings, temporary paths, dates) is compared only where they agree
  // (CompareTraces' old_again). Costs one more run of the old version.
  bool rerun_old = false;
  double timeout_seconds = 120;
  long memory_mb = 4096;
  std::string python;                // interpreter override for the bundled backend
};

// A static finding offered as the probable cause of a divergence.
struct Cause {
  std::string rule_id;
  std::string rule_name;
  std::string path;
  int line = 0;
  int column = 0;
  std::string message;
  bool on_line = false;      // on a source line that produced one of the two values
  bool predicts = false;     // the rule predicts this kind of divergence
};

// One thing compared between the two runs.
struct Observation {
  std::string name;      // "printed line 3", "value 2", "variable dense/kernel", "observe loss #1"
  bool ok = true;
  std::string detail;    // for a failure: why ("values differ: max |a-b| 0.5 at [1]")
};

struct Divergence {
  std::string id;            // TFM901 behavior, TFM902 exception, TFM903 retrace
  std::string observation;   // the Observation it failed ("printed line 2")
  std::string title;         // "printed line 2 differs"
  std::string detail;
  std::string old_value;     // rendered, may be empty (nothing on that side)
  std::string new_value;
  int old_line = 0;          // source lines (0: unknown)
  int new_line = 0;
  std::vector<Cause> causes; // best first
  // The versions agree here when both draw the same random numbers (the re-run with
  // --deterministic-random): the divergence is random numbers drawn differently.
  bool random_draws = false;
};

// One test (unittest / tf.test / absltest) as both runs reported it.
struct TestVerdict {
  std::string name;          // "MathTest.test_add"
  std::string old_outcome;   // passed, failed, error, skipped, expected_failure,
  std::string new_outcome;   // unexpected_success; empty: the test did not run there
  std::string old_detail;    // "AssertionError: 6 != 7" for failed / error, the reason
  std::string new_detail;    // for skipped
  int old_line = 0, new_line = 0;
  bool same = true;
};
struct TestCounts {
  int run = 0, passed = 0, failed = 0, errors = 0, skipped = 0;
};

// A random op a run created (trace `random_op` records), where the script made it.
struct RandomOp {
  std::string op;  // random_normal, truncated_normal, random_uniform
  int line = 0;
};

struct SideRun {
  std::string path;
  std::string mode;
  int exit_code = 0;
  std::string status;        // end status from the trace: ok, exception, unsupported, ...
  std::string unsupported;   // bundled backend: the TF symbol it lacks
  std::string output_tail;   // last lines the script printed (stdout+stderr), for errors
  TestCounts tests;          // the tests this run ran
  std::vector<RandomOp> random_ops;
};

struct DiffResult {
  SideRun old_side, new_side;
  std::string backend;
  std::vector<Observation> observations;
  std::vector<Divergence> divergences;
  std::vector<TestVerdict> tests;  // per test, in the old run's order, then the new run's others
  std::vector<std::string> notes;  // what was not compared and why
  std::string error;               // non-empty: no verdict (a side could not run, a bad trace)
  // Neither run produced anything to compare (no printed line, value, observation,
  // variable, test or exception): no verdict on behavior, `diff` exits 5.
  bool NothingCompared() const { return error.empty() && observations.empty(); }
  bool Equivalent() const { return error.empty() && divergences.empty() && !observations.empty(); }
};

// The ID of the dynamic rule that reports a kind of divergence (RuleInfo::reports):
// "TFM901" for kBehavior.
std::string DivergenceId(DivergenceKind kind);

// The verdict of a result: "error", "nothing-compared", "equivalent" or "divergent".
std::string Verdict(const DiffResult& r);

// Compares two traces. Fills observations, divergences and notes; never sets causes.
// `old_again` (optional) is a second trace of the old version: what differs between its
// two runs (timings, temporary paths, dates) is masked token by token in printed lines
// and string values, and other values (fetched, observed, final variables) that differ
// between them are not judged; a note counts them.
void CompareTraces(const std::string& old_trace, const std::string& new_trace, const DiffOptions& o,
                   DiffResult* r, const std::string* old_again = nullptr);

// Attaches ranked causes to each divergence from the analyzer's findings on both
// scripts (`analysis`, or a fresh analysis when null).
void Explain(DiffResult* r, const Analysis* analysis = nullptr);

// For `rewrite --verify`: the new side is `rewritten`, the rewrite of `original` (read
// from `original_path`). Each divergence's line in the rewritten text is mapped back
// to the original, and a fix the rewrite applied there (a finding of the original on
// that line whose fix changed it) becomes the first cause: the edit that changed the
// behavior, named by its rule.
void ExplainRewrite(DiffResult* r, const std::string& original_path, const std::string& original,
                    const std::string& rewritten);

// Both scripts through the analyzer before anything runs: a file that is not UTF-8, too
// large, too deeply nested or not valid Python is an input error (one line, exit 2), not
// a divergence. Returns false and sets r->error then; `analysis` (may be null) receives
// the analysis for Explain().
bool CheckInputs(DiffResult* r, Analysis* analysis);

// Launches both scripts (runtime/launch), compares, explains.
DiffResult DiffScripts(const std::string& old_path, const std::string& new_path, const DiffOptions& o);

// The pair suite: every directory under `root` (or `root` itself) holding old.py and
// new.py. An optional expect.json ({"verdict", "rules", "dynamic", "options"}) states the
// expected outcome; a pair passes when the outcome matches it (without one: when the
// two versions are equivalent).
struct PairExpectation {
  std::string verdict;             // "equivalent", "divergent" or "nothing-compared"
  std::vector<std::string> rules;  // static rules that must be among the causes
  std::string dynamic;             // TFM901/902/903 expected among the divergences
  std::vector<std::string> options;
  std::vector<std::string> skip_backends;  // backends this pair cannot run on yet
  bool random = false;             // a divergence must be explained as random draws
};
struct PairResult {
  std::string name;  // directory name
  std::string dir;
  std::optional<PairExpectation> expect;
  DiffResult result;
  bool skipped = false;
  bool passed = false;
  std::string why;   // failed or skipped: the reason
  double seconds = 0;
};
// Returns false with `error` set when `root` has no pairs or an expect.json is malformed.
// `progress`, when set, is called before each pair runs (its 0-based index, the number of
// pairs, its name): `tfmigrate diff DIR` shows it on a terminal.
using PairProgress = std::function<void(size_t index, size_t total, const std::string& name)>;
bool DiffPairs(const std::string& root, const DiffOptions& o, std::vector<PairResult>* out, std::string* error,
               const PairProgress& progress = {});
bool IsPairDirectory(const std::string& path);

// Reports.
void EmitText(const DiffResult& r, std::ostream& out);
void EmitJson(const DiffResult& r, std::ostream& out);
void EmitJunit(const std::vector<const DiffResult*>& results, const std::vector<std::string>& suite_names,
               std::ostream& out);
void EmitPairsText(const std::vector<PairResult>& pairs, std::ostream& out);
void EmitPairsJson(const std::vector<PairResult>& pairs, std::ostream& out);
void EmitPairsJunit(const std::vector<PairResult>& pairs, std::ostream& out);

}  // namespace tfm::diff
