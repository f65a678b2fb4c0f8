// `tfmigrate rewrite PATH... --level compat`: applies the safe fixes (and with
// --unsafe-fixes the unsafe ones) to a fixed point, then shows a unified diff
// (default), rewrites the files in place (atomically), or writes a mirrored tree.
// The driver is rewriter/rewrite_paths.h; --verify runs both versions here (diff/).
// Exit codes: 0 done, 1 --verify refused a rewrite whose behavior changed, 2 input
// error, 5 --verify compared nothing (neither version produced an observation).
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>

#include "cli/commands.h"
#include "diff/diff.h"
#include "rewriter/rewrite_paths.h"

namespace tfm::cli {
namespace {

namespace fs = std::filesystem;

struct VerifyArgs {
  bool on = false;  // run original (tf1) and result (tf2), refuse divergent results
  std::string backend = "bundled";
  bool deterministic_random = false;
};

// --verify: the rewritten text goes to a hidden file next to the original (so the
// script's sibling imports still resolve), runs against the original, and is removed.
diff::DiffResult VerifyRewrite(const std::string& source, const std::string& original, const std::string& rewritten,
                               const VerifyArgs& a) {
  fs::path src(source);
  fs::path probe = src.parent_path() / fmt::format(".tfmigrate-verify-{}-{}", ::getpid(), src.filename().string());
  diff::DiffResult r;
  {
    std::ofstream out(probe, std::ios::binary);
    out << rewritten;
    if (!out) {
      r.error = "cannot write the verification copy " + probe.string();
      return r;
    }
  }
  diff::DiffOptions o;
  o.backend = a.backend;
  o.deterministic_random = a.deterministic_random;
  r = diff::DiffScripts(source, probe.string(), o);
  // (a notebook's trace lines are lines of its virtual module, not of the JSON texts the
  // explanation maps: its divergences keep the causes diff found)
  if (r.error.empty() && src.extension() != ".ipynb") diff::ExplainRewrite(&r, source, original, rewritten);
  std::error_code ec;
  fs::remove(probe, ec);
  // report the probe under the name a person knows
  std::string shown = source + " (rewritten)";
  r.new_side.path = shown;
  for (auto& d : r.divergences)
    for (auto& c : d.causes)
      if (c.path == probe.string()) c.path = shown;
  return r;
}

RewriteVerdict Verify(const std::string& source, const std::string& original, const std::string& rewritten,
                      const VerifyArgs& a) {
  diff::DiffResult v = VerifyRewrite(source, original, rewritten, a);
  RewriteVerdict verdict;
  if (v.Equivalent()) return verdict;
  verdict.same = false;
  if (!v.error.empty()) {
    verdict.report = fmt::format("error: {}: --verify could not compare the versions: {}\n", source, v.error);
  } else if (v.NothingCompared()) {
    // No observation on either side: "same behavior" would be a claim about nothing.
    verdict.nothing_compared = true;
    verdict.report = fmt::format("error: {}: --verify: nothing compared (neither version printed, fetched, returned or "
                                 "observed anything); nothing written (add tfmigrate.observe calls, or rewrite without "
                                 "--verify)\n",
                                 source);
  } else {
    std::ostringstream why;
    diff::EmitText(v, why);
    verdict.report = fmt::format("error: {}: --verify: the rewrite changes behavior; nothing written\n", source) + why.str();
  }
  return verdict;
}

}  // namespace

Command AddRewriteCommand(CLI::App& app) {
  auto args = std::make_shared<RewritePathsOptions>();
  auto verify = std::make_shared<VerifyArgs>();
  CLI::App* c = app.add_subcommand("rewrite", "Apply the fixes: source-preserving rewrite of Python files and notebooks");
  c->add_option("paths", args->paths, "Files or directories (default: .)");
  c->add_option("--level", args->level, "Rewrite level (compat: runs on TF2 through tf.compat.v1; tf2: also the unsafe fixes, and a "
                 "module-level session block becomes tf.functions)")
      ->check(CLI::IsMember({"compat", "tf2"}));
  c->add_flag("--unsafe-fixes", args->unsafe, "Also apply fixes that may change numbers or ordering");
  c->add_flag("--diff", args->diff, "Print a unified diff and change nothing (the default)");
  c->add_flag("--in-place", args->in_place, "Rewrite the files in place (atomically)");
  c->add_option("--output-dir", args->output_dir, "Write a mirrored tree here (must not exist); other files are copied");
  c->add_option("--select", args->select, "Only these rules' fixes (IDs or prefixes)")->delimiter(',');
  c->add_option("--ignore", args->ignore, "Not these rules' fixes")->delimiter(',');
  c->add_option("--config", args->config, "Use this configuration file for every input");
  c->add_flag("--isolated", args->isolated, "Ignore configuration files");
  c->add_flag("-q,--quiet", args->quiet, "No per-file summary");
  c->add_option("-j,--jobs", args->jobs, "Worker threads (default: all cores)");
  c->add_flag("--verify", verify->on,
              "Run each original (tf1) and its rewrite (tf2) and refuse to write a rewrite whose behavior diverges "
              "(exit 1)");
  c->add_option("--backend", verify->backend, "Runtime for --verify: bundled (default) or tensorflow")
      ->check(CLI::IsMember({"bundled", "tensorflow"}));
  c->add_flag("--deterministic-random", verify->deterministic_random,
              "For --verify: both versions draw the same random numbers");
  return [args, verify] {
    // --verify runs two programs per rewritten file: on a terminal, stderr shows which file
    // is being verified ("[verify 3] path"), erased when its verdict is in; nothing otherwise.
    const bool progress = verify->on && isatty(STDERR_FILENO) && !std::getenv("TFMIGRATE_NO_PROGRESS");
    auto count = std::make_shared<std::atomic<size_t>>(0);
    auto mu = std::make_shared<std::mutex>();
    if (verify->on)
      args->verify = [verify, progress, count, mu](const std::string& source, const std::string& original,
                                                    const std::string& rewritten) {
        if (progress) {
          std::lock_guard<std::mutex> lock(*mu);
          std::cerr << "\r\033[K[verify " << ++*count << "] " << source << std::flush;
        }
        auto verdict = Verify(source, original, rewritten, *verify);
        if (progress) {  // the driver's own lines start on an empty line
          std::lock_guard<std::mutex> lock(*mu);
          std::cerr << "\r\033[K" << std::flush;
        }
        return verdict;
      };
    return RewritePaths(*args, std::cout, std::cerr);
  };
}

}  // namespace tfm::cli
