// `tfmigrate diff OLD.py NEW.py` (or `tfmigrate diff PAIRS_DIR`): runs both versions,
// compares their traces and explains each divergence (docs/diff.md).
// Exit codes: 0 equivalent (pair suite: every pair met its expectation), 1 divergent
// (a pair failed), 2 usage error or a side that could not be run, 5 nothing compared
// (neither run produced an observation: no verdict on behavior).
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include <unistd.h>

#include <filesystem>
#include <iterator>

#include "cli/commands.h"
#include "diff/diff.h"
#include "rewriter/atomic_write.h"
#include "runtime/graph/import_run.h"

namespace tfm::cli {
namespace {

struct DiffArgs {
  std::vector<std::string> paths;
  diff::DiffOptions opts;
  // Graph files: feeds and fetches for both sides, or per side (names differ between a
  // TF1 graph and a TF2 SavedModel signature).
  std::vector<std::string> feeds, old_feeds, new_feeds, fetches, old_fetches, new_fetches;
  std::string signature, old_signature, new_signature;  // SavedModel signatures (keys as names)
  std::string format = "text";
  std::string junit;   // also write JUnit XML here
  std::string output;  // report to this file instead of stdout
  bool no_random_rerun = false;
};

bool WriteReport(const std::string& path, const std::string& text) {
  std::ostringstream err;
  if (!WriteFileAtomic(path, text, &err)) {
    std::cerr << "tfmigrate diff: cannot write " << path << ": " << err.str() << "\n";
    return false;
  }
  return true;
}

// Two graph files (GraphDef, MetaGraph, SavedModel): each runs in process on the bundled
// runtime with its feeds, and the fetched values are compared in order.
diff::DiffResult DiffGraphs(const DiffArgs& a) {
  diff::DiffResult r;
  r.backend = "bundled";
  auto side = [&](int k, std::vector<std::string> feeds, std::vector<std::string> fetches, std::string signature,
                  diff::SideRun* out, std::string* trace) {
    out->path = a.paths[k];
    out->mode = "graph";
    std::filesystem::path tmp = std::filesystem::temp_directory_path() /
                                ("tfmigrate-diff-" + std::to_string(::getpid()) + "-" + std::to_string(k) + ".jsonl");
    rt::GraphRunOptions o{.path = a.paths[k], .feeds = std::move(feeds), .fetches = std::move(fetches),
                          .signature = std::move(signature), .trace_path = tmp.string()};
    rt::GraphRunResult g = rt::RunGraphFile(o);
    out->exit_code = g.exit_code;
    out->status = g.exit_code == 0 ? "ok" : g.exit_code == 3 ? "unsupported" : "exception";
    if (g.exit_code != 0) out->output_tail = g.error;
    std::ifstream in(tmp, std::ios::binary);
    *trace = std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::error_code ec;
    std::filesystem::remove(tmp, ec);
    return g;
  };
  auto pick = [](const std::vector<std::string>& own, const std::vector<std::string>& both) {
    return own.empty() ? both : own;
  };
  std::vector<std::string> old_fetches = pick(a.old_fetches, a.fetches), new_fetches = pick(a.new_fetches, a.fetches);
  std::string old_sig = a.old_signature.empty() ? a.signature : a.old_signature;
  std::string new_sig = a.new_signature.empty() ? a.signature : a.new_signature;
  if ((old_fetches.empty() && old_sig.empty()) || (new_fetches.empty() && new_sig.empty())) {
    r.error = "graph files: give what to compare with --fetch NAME (or --old-fetch / --new-fetch), or a --signature";
    return r;
  }
  if (!old_fetches.empty() && !new_fetches.empty() && old_fetches.size() != new_fetches.size()) {
    r.error = "graph files: the two sides fetch " + std::to_string(old_fetches.size()) + " and " +
              std::to_string(new_fetches.size()) + " values; give as many --old-fetch as --new-fetch";
    return r;
  }
  std::string old_trace, new_trace;
  rt::GraphRunResult og = side(0, pick(a.old_feeds, a.feeds), old_fetches, old_sig, &r.old_side, &old_trace);
  rt::GraphRunResult ng = side(1, pick(a.new_feeds, a.feeds), new_fetches, new_sig, &r.new_side, &new_trace);
  for (const auto* g : {&og, &ng})
    if (g->exit_code == 2) {
      r.error = (g == &og ? a.paths[0] : a.paths[1]) + ": " + g->error;
      return r;
    }
  diff::CompareTraces(old_trace, new_trace, a.opts, &r);
  for (const auto& n : og.notes) r.notes.push_back(a.paths[0] + ": " + n);
  for (const auto& n : ng.notes) r.notes.push_back(a.paths[1] + ": " + n);
  return r;
}

int RunDiff(DiffArgs a) {
  a.opts.random_rerun = !a.no_random_rerun;
  std::ostringstream report, junit;
  int code = 0;
  bool graphs = a.paths.size() == 2 && IsGraphInput(a.paths[0]) && IsGraphInput(a.paths[1]);
  bool graph_flags = !a.feeds.empty() || !a.old_feeds.empty() || !a.new_feeds.empty() || !a.fetches.empty() ||
                     !a.old_fetches.empty() || !a.new_fetches.empty() || !a.signature.empty() ||
                     !a.old_signature.empty() || !a.new_signature.empty();
  if (graph_flags && !graphs) {
    std::cerr << "tfmigrate diff: --feed, --fetch and --signature (and their --old-/--new- forms) apply to two graph "
                 "files\n";
    return 2;
  }
  if (a.paths.size() == 1) {
    std::vector<diff::PairResult> pairs;
    std::string err;
    // Progress on a terminal ("[3/48] 03_get_variable_to_variable"), erased when done;
    // nothing when stderr is a file or pipe (CI logs).
    diff::PairProgress progress;
    const bool tty = isatty(STDERR_FILENO) && !std::getenv("TFMIGRATE_NO_PROGRESS");
    if (tty)
      progress = [](size_t i, size_t n, const std::string& name) {
        std::cerr << "\r\033[K[" << (i + 1) << "/" << n << "] " << name << std::flush;
      };
    bool ok = diff::DiffPairs(a.paths[0], a.opts, &pairs, &err, progress);
    if (tty) std::cerr << "\r\033[K" << std::flush;
    if (!ok) {
      std::cerr << "tfmigrate diff: " << err << "\n";
      return 2;
    }
    if (a.format == "json") diff::EmitPairsJson(pairs, report);
    else if (a.format == "junit") diff::EmitPairsJunit(pairs, report);
    else diff::EmitPairsText(pairs, report);
    if (!a.junit.empty()) diff::EmitPairsJunit(pairs, junit);
    for (const auto& p : pairs)
      if (!p.passed && !p.skipped) code = 1;
  } else if (a.paths.size() == 2) {
    diff::DiffResult r = graphs ? DiffGraphs(a) : diff::DiffScripts(a.paths[0], a.paths[1], a.opts);
    if (!r.error.empty() && a.format == "text" && a.junit.empty()) {
      // no verdict: one line on stderr (plus what a crashed side printed last)
      std::cerr << "tfmigrate diff: " << r.error << "\n";
      for (const diff::SideRun* s : {&r.old_side, &r.new_side})
        if (s->exit_code != 0 && !s->output_tail.empty())
          std::cerr << "  last output of " << s->path << ":\n" << s->output_tail << (s->output_tail.back() == '\n' ? "" : "\n");
      return 2;
    }
    if (a.format == "json") diff::EmitJson(r, report);
    else if (a.format == "junit") diff::EmitJunit({&r}, {a.paths[1]}, report);
    else diff::EmitText(r, report);
    if (!a.junit.empty()) diff::EmitJunit({&r}, {a.paths[1]}, junit);
    code = !r.error.empty() ? 2 : r.NothingCompared() ? 5 : r.divergences.empty() ? 0 : 1;
    if (!r.error.empty() && a.format != "text") std::cerr << "tfmigrate diff: " << r.error << "\n";
  } else {
    std::cerr << "tfmigrate diff: give OLD NEW, or one directory of pairs (old.py + new.py in each)\n";
    return 2;
  }
  if (!a.output.empty()) {
    if (!WriteReport(a.output, report.str())) return 2;
  } else {
    std::cout << report.str();
  }
  if (!a.junit.empty() && !WriteReport(a.junit, junit.str())) return 2;
  return code;
}

}  // namespace

Command AddDiffCommand(CLI::App& app) {
  auto a = std::make_shared<DiffArgs>();
  CLI::App* c = app.add_subcommand(
      "diff", "Run a TF1 script and its TF2 version, compare what they compute and explain each divergence");
  c->add_option("paths", a->paths,
                "OLD.py NEW.py, two graph files (with --fetch), or a directory of pairs (DIR/*/old.py + new.py [+ expect.json])")
      ->required()
      ->check(CLI::ExistingPath);
  c->add_option("--old-mode", a->opts.old_mode, "mode for OLD (default tf1)")->check(CLI::IsMember({"tf1", "tf2"}));
  c->add_option("--new-mode", a->opts.new_mode, "mode for NEW (default tf2)")->check(CLI::IsMember({"tf1", "tf2"}));
  c->add_option("--backend", a->opts.backend, "bundled (default) or tensorflow (the venv's real TensorFlow)")
      ->check(CLI::IsMember({"bundled", "tensorflow"}));
  c->add_option("--rtol", a->opts.rtol,
                "relative tolerance for every floating value and printed number (default: per dtype, docs/tolerance.md)")
      ->check(CLI::NonNegativeNumber);
  c->add_option("--atol", a->opts.atol,
                "absolute tolerance for every floating value and printed number (default: per dtype, docs/tolerance.md)")
      ->check(CLI::NonNegativeNumber);
  c->add_option("--align", a->opts.align,
                "order (default): printed lines and values by position; by-name: only tfmigrate.observe names, "
                "variables and tests")
      ->check(CLI::IsMember({"order", "by-name"}));
  c->add_flag("--deterministic-random", a->opts.deterministic_random,
              "both versions draw the same random numbers for the same creation order of random ops");
  c->add_flag("--no-random-rerun", a->no_random_rerun,
              "do not run both versions again with --deterministic-random to tell values that differ because random "
              "numbers were drawn differently (by default done when values diverge and random ops ran)");
  c->add_flag("--rerun-old", a->opts.rerun_old,
              "when the versions diverge, run the old version again and compare only where its two runs agree "
              "(timings, temporary paths and dates that vary from run to run are not divergences)");
  auto multi = [&](const char* flag, std::vector<std::string>* v, const char* help) {
    c->add_option(flag, *v, help)->expected(1)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  };
  multi("--feed", &a->feeds, "graph files: NAME=VALUE or NAME=@FILE.npy fed to both sides");
  multi("--old-feed", &a->old_feeds, "graph files: a feed for OLD only (instead of --feed)");
  multi("--new-feed", &a->new_feeds, "graph files: a feed for NEW only (instead of --feed)");
  multi("--fetch", &a->fetches, "graph files: a tensor fetched on both sides");
  multi("--old-fetch", &a->old_fetches, "graph files: OLD's fetches (instead of --fetch), paired in order with NEW's");
  multi("--new-fetch", &a->new_fetches, "graph files: NEW's fetches (instead of --fetch)");
  c->add_option("--signature", a->signature, "graph files: a SavedModel signature for both sides (keys as names)");
  c->add_option("--old-signature", a->old_signature, "graph files: OLD's signature (instead of --signature)");
  c->add_option("--new-signature", a->new_signature, "graph files: NEW's signature (instead of --signature)");
  c->add_option("--format", a->format, "text (default), json or junit")->check(CLI::IsMember({"text", "json", "junit"}));
  c->add_option("--junit", a->junit, "also write a JUnit XML report to this file");
  c->add_option("-o,--output", a->output, "write the report to this file instead of standard output");
  c->add_option("--timeout", a->opts.timeout_seconds, "wall-time limit per run in seconds (default 120)");
  c->add_option("--memory-mb", a->opts.memory_mb, "address-space limit per run, bundled backend (default 4096)");
  return [a] { return RunDiff(*a); };
}

}  // namespace tfm::cli
