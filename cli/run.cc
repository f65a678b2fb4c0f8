// `tfmigrate run --mode tf1|tf2 [--backend bundled|tensorflow] SCRIPT [-- ARGS] [--trace FILE]`:
// runs a script on the bundled dual-mode runtime (or real TensorFlow) in a child Python
// process under time and memory limits, writing a JSON-lines trace (docs/trace-format.md).
// `tfmigrate run GRAPH --feed NAME=VALUE|@FILE.npy ... --fetch NAME ...`: when the path is
// a graph file or SavedModel directory (detected by content), runs it in-process on the
// runtime's C++ kernels (runtime/graph/import_run.h; docs/run-graph.md).
#include <filesystem>
#include <iostream>
#include <memory>

#include "analyzer/graph/graph_file.h"
#include "analyzer/source/source.h"
#include "cli/commands.h"
#include "runtime/graph/import_run.h"
#include "runtime/launch/launch.h"

namespace tfm::cli {

namespace {

struct RunArgs {
  rt::LaunchOptions launch;
  std::vector<std::string> feeds, fetches;
  bool no_init = false, no_restore = false;
  std::string checkpoint, signature;
};

}  // namespace

// A SavedModel directory, or a file whose content is a graph (not a Python script).
bool IsGraphInput(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return true;
  std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".py" || ext == ".ipynb") return false;
  auto f = graph::LoadGraphFile(path);
  if (f) return true;
  return graph::LooksLikeGraphPath(path) || !graph::IsNotAGraphError(f.error());
}

namespace {

int RunGraph(const RunArgs& a) {
  if (a.launch.backend != "bundled") {
    std::cerr << "tfmigrate run: graph files run on the bundled runtime only (no --backend tensorflow)\n";
    return 2;
  }
  if (!a.launch.args.empty()) {
    std::cerr << "tfmigrate run: a graph takes no script arguments; use --feed NAME=VALUE\n";
    return 2;
  }
  rt::GraphRunOptions o{.path = a.launch.script, .feeds = a.feeds, .fetches = a.fetches,
                        .init_variables = !a.no_init, .checkpoint = a.checkpoint, .restore = !a.no_restore,
                        .signature = a.signature, .trace_path = a.launch.trace_path};
  rt::GraphRunResult r = rt::RunGraphFile(o);
  for (const auto& n : r.notes) std::cerr << "tfmigrate run: note: " << n << "\n";
  if (r.exit_code != 0) {
    std::cerr << "tfmigrate run: " << r.error << "\n";
    return r.exit_code;
  }
  for (const auto& f : r.fetches) std::cout << rt::FormatFetch(f) << "\n";
  return 0;
}

}  // namespace

Command AddRunCommand(CLI::App& app) {
  auto a = std::make_shared<RunArgs>();
  rt::LaunchOptions* o = &a->launch;
  CLI::App* c = app.add_subcommand(
      "run", "Run a script on the bundled TF1/TF2 runtime and record a trace, or run a graph file's fetches");
  c->add_option("--mode", o->mode, "tf1 (TF 1.15 graph semantics) or tf2 (eager); required for scripts")
      ->check(CLI::IsMember({"tf1", "tf2"}));
  c->add_option("--backend", o->backend, "bundled (default) or tensorflow (the venv's real TensorFlow)")
      ->check(CLI::IsMember({"bundled", "tensorflow"}));
  c->add_option("--trace", o->trace_path, "write the JSON-lines trace here");
  c->add_option("--timeout", o->timeout_seconds, "wall-time limit in seconds (default 120)");
  c->add_option("--memory-mb", o->memory_mb, "address-space limit in MiB for the bundled backend (default 4096)");
  c->add_flag("--deterministic-random", o->deterministic_random,
              "the n-th random op the script creates draws the same numbers on every run and backend");
  c->add_option("--python", o->python, "Python interpreter to use");
  c->add_option("--feed", a->feeds, "graphs: NAME=VALUE (a number, true/false or nested list) or NAME=@FILE.npy")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  c->add_option("--fetch", a->fetches, "graphs: a tensor (NAME or NAME:N) or op to run and print")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  c->add_flag("--no-init", a->no_init,
              "graphs: leave the variables the fetches read unset (no checkpoint restore, no initializers)");
  c->add_option("--checkpoint", a->checkpoint,
                "graphs: restore variables from this checkpoint prefix (default: a SavedModel's variables/, "
                "MODEL.ckpt next to MODEL.ckpt.meta)");
  c->add_option("--signature", a->signature,
                "graphs: a SavedModel signature (serving_default); --feed/--fetch then name its input and output keys, "
                "and no --fetch fetches all its outputs");
  c->add_flag("--no-restore", a->no_restore, "graphs: run the variables' initializers even when a checkpoint comes with the graph");
  c->add_option("script", o->script, "the Python script, or a graph file / SavedModel directory")
      ->required()
      ->check(CLI::ExistingPath);
  c->add_option("args", o->args, "arguments for the script (after --)");
  return [a, o] {
    bool graph = IsGraphInput(o->script);
    if (graph) return RunGraph(*a);
    if (!a->feeds.empty() || !a->fetches.empty() || a->no_init || !a->checkpoint.empty() || a->no_restore ||
        !a->signature.empty()) {
      std::cerr << "tfmigrate run: --feed, --fetch, --signature, --checkpoint, --no-restore and --no-init apply to "
                   "graph files; "
                << o->script
                << " is not a graph file\n";
      return 2;
    }
    if (o->mode.empty()) {
      std::cerr << "tfmigrate run: --mode tf1|tf2 is required to run a script\n";
      return 2;
    }
    if (std::filesystem::is_directory(o->script)) {
      std::cerr << "tfmigrate run: " << o->script << " is a directory\n";
      return 2;
    }
    if (std::filesystem::path(o->script).extension() == ".ipynb") {
      // code cells in order (the recorder runs them); a broken notebook is one line, exit 2
      if (auto nb = LoadSource(o->script); !nb) {
        std::cerr << "tfmigrate run: " << nb.error().message << "\n";
        return 2;
      }
    }
    rt::LaunchResult r = rt::LaunchScript(*o);
    if (!r.error.empty()) std::cerr << "tfmigrate run: " << r.error << "\n";
    if (r.timed_out) std::cerr << "tfmigrate run: the script exceeded the " << o->timeout_seconds << " s time limit\n";
    if (r.exit_code == 4) std::cerr << "tfmigrate run: the script exceeded the memory limit\n";
    if (r.signal) std::cerr << "tfmigrate run: the script was killed by signal " << r.signal << "\n";
    return r.exit_code;
  };
}

}  // namespace tfm::cli
