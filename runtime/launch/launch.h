// Launching a user script under the trace recorder (runtime/python/tfmigrate_runner.py,
// which imports tfmigrate_recorder.py)
// in a child Python process with a wall-time and memory limit. Used by `tfmigrate run`
// and, later, by `tfmigrate diff` (two launches, two traces).
//
//   LaunchOptions o{.mode = "tf2", .script = "train.py", .trace_path = "t.jsonl"};
//   LaunchResult r = LaunchScript(o);   // r.exit_code, r.timed_out
#pragma once

#include <atomic>
#include <string>
#include <vector>

namespace tfm::rt {

struct LaunchOptions {
  std::string mode;                 // "tf1" or "tf2"
  std::string backend = "bundled";  // or "tensorflow" (the venv's real TensorFlow)
  std::string script;
  std::vector<std::string> args;
  std::string trace_path;           // empty: no trace file
  double timeout_seconds = 120;
  long memory_mb = 4096;            // address-space limit for the bundled backend; 0 = none
  std::string python;               // interpreter override (else python3, or .venv/bin/python)
  bool deterministic_random = false;  // the n-th random op draws numpy's numbers for seed n (both backends)
  std::string output_path;          // non-empty: the script's stdout and stderr go to this file, not the terminal
  const std::atomic<bool>* cancel = nullptr;  // set from another thread: the child is killed (error "cancelled")
};

struct LaunchResult {
  int exit_code = 0;       // runner's code: 0 ok, 1 script raised, 3 unsupported symbol, 4 out of memory
  bool timed_out = false;  // exit_code is 124 then
  int signal = 0;          // the child died of this signal (exit_code 128 + signal)
  std::string error;       // launch failure (no interpreter, missing files)
};

// Where the facade package, the extension module and the venv's python live.
std::string RuntimePythonDir();
std::string RuntimeExtensionDir();
std::string OracleInterpreter();
// The interpreter for the bundled backend: $TFMIGRATE_PYTHON, else the one the `_tfrt`
// extension was built for (resolved path), else `python3` on PATH.
std::string BundledInterpreter();

LaunchResult LaunchScript(const LaunchOptions& opts);

}  // namespace tfm::rt
