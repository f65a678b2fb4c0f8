// `tfmigrate run --mode tf1|tf2 [--backend bundled|tensorflow] SCRIPT [-- ARGS] [--trace FILE]`:
// runs a script on the bundled dual-mode runtime (or real TensorFlow) in a child Python
// process under time and memory limits, writing a JSON-lines trace (docs/trace-format.md).
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "runtime/launch/launch.h"

namespace tfm::cli {

Command AddRunCommand(CLI::App& app) {
  auto o = std::make_shared<rt::LaunchOptions>();
  CLI::App* c = app.add_subcommand("run", "Run a script on the bundled TF1/TF2 runtime and record a trace");
  c->add_option("--mode", o->mode, "tf1 (TF 1.15 graph semantics) or tf2 (eager)")
      ->required()
      ->check(CLI::IsMember({"tf1", "tf2"}));
  c->add_option("--backend", o->backend, "bundled (default) or tensorflow (the venv's real TensorFlow)")
      ->check(CLI::IsMember({"bundled", "tensorflow"}));
  c->add_option("--trace", o->trace_path, "write the JSON-lines trace here");
  c->add_option("--timeout", o->timeout_seconds, "wall-time limit in seconds (default 120)");
  c->add_option("--memory-mb", o->memory_mb, "address-space limit in MiB for the bundled backend (default 4096)");
  c->add_flag("--deterministic-random", o->deterministic_random,
              "the n-th random op the script creates draws the same numbers on every run and backend");
  c->add_option("--python", o->python, "Python interpreter to use");
  c->add_option("script", o->script, "the Python script")->required()->check(CLI::ExistingFile);
  c->add_option("args", o->args, "arguments for the script (after --)");
  return [o] {
    rt::LaunchResult r = rt::LaunchScript(*o);
    if (!r.error.empty()) std::cerr << "tfmigrate run: " << r.error << "\n";
    if (r.timed_out) std::cerr << "tfmigrate run: the script exceeded the " << o->timeout_seconds << " s time limit\n";
    if (r.exit_code == 4) std::cerr << "tfmigrate run: the script exceeded the memory limit\n";
    if (r.signal) std::cerr << "tfmigrate run: the script was killed by signal " << r.signal << "\n";
    return r.exit_code;
  };
}

}  // namespace tfm::cli
