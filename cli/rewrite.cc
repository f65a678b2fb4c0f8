// `tfmigrate rewrite PATH... --level compat`: applies the safe fixes (and with
// --unsafe-fixes the unsafe ones) to a fixed point, then shows a unified diff
// (default), rewrites the files in place (atomically), or writes a mirrored tree.
// Exit codes: 0 done, 1 --verify refused a rewrite whose behavior changed, 2 input
// error, 5 --verify compared nothing (neither version produced an observation).
#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <unistd.h>
#include <iostream>
#include <map>
#include <memory>
#include <set>

#include "analyzer/project/analyze.h"
#include "cli/commands.h"
#include "diff/diff.h"
#include "rewriter/atomic_write.h"
#include "rewriter/diff.h"
#include "rewriter/rewrite_file.h"

namespace tfm::cli {
namespace {

namespace fs = std::filesystem;

struct RewriteArgs {
  std::vector<std::string> paths;
  std::string level = "compat";
  bool unsafe = false;
  bool diff = false;
  bool in_place = false;
  std::string output_dir;
  std::vector<std::string> select, ignore;
  std::string config;
  bool isolated = false;
  bool quiet = false;
  unsigned jobs = 0;
  bool verify = false;            // run original (tf1) and result (tf2), refuse divergent results
  std::string verify_backend = "bundled";
  bool deterministic_random = false;
};

// --verify: the rewritten text goes to a hidden file next to the original (so the
// script's sibling imports still resolve), runs against the original, and is removed.
diff::DiffResult VerifyRewrite(const std::string& source, const std::string& original, const std::string& rewritten,
                               const RewriteArgs& a) {
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
  o.backend = a.verify_backend;
  o.deterministic_random = a.deterministic_random;
  r = diff::DiffScripts(source, probe.string(), o);
  if (r.error.empty()) diff::ExplainRewrite(&r, source, original, rewritten);
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

bool IsRewritable(const fs::path& p) {
  InputKind k = ClassifyPath(p.string());
  return k == InputKind::kPython || k == InputKind::kNotebook;
}

// (source file, path relative to the output root) for --output-dir: every regular
// file under a directory argument (hidden entries and __pycache__ skipped), or the
// file argument itself.
bool MirrorList(const std::vector<std::string>& paths, std::vector<std::pair<std::string, fs::path>>* out,
                std::ostream& err) {
  bool ok = true;
  for (const std::string& p : paths) {
    std::error_code ec;
    fs::file_status st = fs::status(p, ec);
    if (ec || !fs::exists(st)) {
      err << fmt::format("error: {}: no such file or directory\n", p);
      ok = false;
      continue;
    }
    if (fs::is_directory(st)) {
      fs::recursive_directory_iterator it(p, fs::directory_options::skip_permission_denied, ec), end;
      for (; !ec && it != end; it.increment(ec)) {
        std::string name = it->path().filename().string();
        if ((name.size() > 1 && name[0] == '.') || name == "__pycache__") {
          if (it->is_directory()) it.disable_recursion_pending();
          continue;
        }
        // lexically: no system calls, and a symlink keeps its own name in the mirror
        if (it->is_regular_file()) out->emplace_back(it->path().string(), it->path().lexically_relative(p));
      }
      if (ec) {
        err << fmt::format("error: {}: {}\n", p, ec.message());
        ok = false;
      }
    } else {
      out->emplace_back(p, fs::path(p).filename());
    }
  }
  return ok;
}

int RunRewrite(const RewriteArgs& a) {
  const int modes = int(a.diff) + int(a.in_place) + int(!a.output_dir.empty());
  if (modes > 1) {
    std::cerr << "error: choose one of --diff, --in-place, --output-dir\n";
    return 2;
  }
  if (!a.output_dir.empty()) {
    std::error_code ec;
    if (fs::exists(fs::symlink_status(a.output_dir, ec))) {
      std::cerr << fmt::format("error: {}: the output directory exists; refusing to write into it (choose a new "
                               "directory)\n",
                               a.output_dir);
      return 2;
    }
  }
  std::vector<std::string> inputs = a.paths.empty() ? std::vector<std::string>{"."} : a.paths;

  AnalyzeOptions aopts;
  aopts.select = a.select;
  aopts.ignore = a.ignore;
  ConfigResolver configs(a.config.empty() ? std::nullopt : std::optional<std::string>(a.config));
  std::vector<InputError> errors;
  bool input_error = false;

  // (source, output target or "", relative path)
  struct Job {
    std::string source;
    fs::path rel;
    bool rewrite;
  };
  std::vector<Job> jobs;
  // --output-dir: the directories of the mirror, each created once before the
  // workers start (a failure is reported by every file that needed it).
  std::map<fs::path, std::string> dir_errors;
  if (!a.output_dir.empty()) {
    std::vector<std::pair<std::string, fs::path>> all;
    if (!MirrorList(inputs, &all, std::cerr)) input_error = true;
    std::map<fs::path, std::string> first_source;  // output path -> the input that gets it
    std::set<fs::path> dirs;
    for (auto& [src, rel] : all) {
      auto [it, fresh] = first_source.emplace(rel.lexically_normal(), src);
      if (!fresh) {  // two inputs with one relative path: the first one wins, always
        std::cerr << fmt::format("error: {}: {} already receives {}; not written\n", src,
                                 (fs::path(a.output_dir) / rel).string(), it->second);
        input_error = true;
        continue;
      }
      jobs.push_back({src, rel, IsRewritable(src)});
      dirs.insert((fs::path(a.output_dir) / rel).parent_path());
    }
    for (const fs::path& d : dirs) {
      std::error_code ec;
      fs::create_directories(d, ec);
      if (ec && !fs::is_directory(d)) dir_errors[d] = ec.message();
    }
  } else {
    for (const std::string& f : DiscoverFiles(inputs, configs, true, &errors)) jobs.push_back({f, {}, true});
  }
  for (const InputError& e : errors) {
    std::cerr << "error: " << e.message << "\n";
    input_error = true;
  }

  // Files are independent: rewrite them on worker threads (one parser each) and
  // report in input order.
  struct JobResult {
    std::string out, err, summary;
    bool error = false, changed = false, refused = false, verified = false, nothing_compared = false;
    size_t applied = 0, left = 0;
  };
  std::vector<JobResult> results(jobs.size());
  auto work = [&](PythonParser& parser, size_t k) {
    const Job& job = jobs[k];
    JobResult& res = results[k];
    std::ostringstream err;
    auto copy_original = [&](const fs::path& target) {
      if (a.output_dir.empty()) return;
      std::error_code ec;
      fs::copy_file(job.source, target, fs::copy_options::none, ec);
    };
    fs::path target = a.output_dir.empty() ? fs::path() : fs::path(a.output_dir) / job.rel;
    if (!a.output_dir.empty()) {
      std::error_code ec;
      if (auto bad = dir_errors.find(target.parent_path()); bad != dir_errors.end()) {
        err << fmt::format("error: {}: cannot create directory: {}\n", target.parent_path().string(), bad->second);
        res.error = true;
        res.err = err.str();
        return;
      }
      if (!job.rewrite) {
        fs::copy_file(job.source, target, fs::copy_options::none, ec);
        if (ec) {
          err << fmt::format("error: {}: cannot copy to {}: {}\n", job.source, target.string(), ec.message());
          res.error = true;
        }
        res.err = err.str();
        return;
      }
    }
    RewriteFileOptions ro;
    ro.unsafe = a.unsafe || a.level == "tf2";  // the catalogue: unsafe fixes apply at the tf2 level
    ro.tf2 = a.level == "tf2";
    ro.analyze = aopts;
    // -q shows no summary, so the findings left for a person are not needed: only
    // the rules that can fix run.
    ro.want_remaining = !a.quiet;
    std::shared_ptr<const Config> cfg = a.isolated ? nullptr : configs.For(job.source);
    ro.config = cfg.get();
    FileRewrite fr = RewriteFile(parser, job.source, ro);
    if (!fr.ok) {
      err << "error: " << fr.error << "\n";
      res.error = true;
      if (!a.output_dir.empty()) {  // the tree stays complete: copy the original
        std::error_code ec;
        fs::copy_file(job.source, target, fs::copy_options::none, ec);
      }
      res.err = err.str();
      return;
    }
    res.changed = fr.Changed();
    res.applied = fr.applied;
    res.left = fr.remaining.size();
    if (a.verify && fr.Changed() && ClassifyPath(job.source) == InputKind::kPython) {
      diff::DiffResult v = VerifyRewrite(job.source, fr.original, fr.rewritten, a);
      if (!v.Equivalent()) {
        std::ostringstream why;
        if (!v.error.empty()) {
          err << fmt::format("error: {}: --verify could not compare the versions: {}\n", job.source, v.error);
        } else if (v.NothingCompared()) {
          // No observation on either side: "same behavior" would be a claim about nothing.
          err << fmt::format("error: {}: --verify: nothing compared (neither version printed, fetched, returned or "
                             "observed anything); nothing written (add tfmigrate.observe calls, or rewrite without "
                             "--verify)\n",
                             job.source);
          res.nothing_compared = true;
        } else {
          err << fmt::format("error: {}: --verify: the rewrite changes behavior; nothing written\n", job.source);
          diff::EmitText(v, why);
          err << why.str();
        }
        res.error = true;
        res.refused = true;
        copy_original(target);
        res.err = err.str();
        return;
      }
      res.verified = true;
    }
    res.summary = fmt::format("{}: {} edit{} applied, {} finding{} left for a person{}\n", job.source, fr.applied,
                              fr.applied == 1 ? "" : "s", fr.remaining.size(), fr.remaining.size() == 1 ? "" : "s",
                              fr.converged ? "" : " (stopped before a fixed point)");
    if (!fr.tf2_note.empty()) res.summary.insert(res.summary.size() - 1, "; " + fr.tf2_note);
    if (res.verified) res.summary.insert(res.summary.size() - 1, "; verified: same behavior");
    if (a.in_place) {
      if (fr.Changed() && !CommitRewrite(fr, job.source, true, ro, &err)) res.error = true;
    } else if (!a.output_dir.empty()) {
      // created with the source's permission bits
      if (!CommitRewrite(fr, target.string(), false, ro, &err)) res.error = true;
    } else if (fr.Changed()) {
      res.out = UnifiedDiff(fr.original, fr.rewritten, "a/" + job.source, "b/" + job.source);
    }
    res.err = err.str();
  };
  unsigned n_threads = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
  n_threads = static_cast<unsigned>(std::min<size_t>(n_threads, std::max<size_t>(1, jobs.size())));
  std::atomic<size_t> next{0};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < n_threads; ++t)
    threads.emplace_back([&] {
      PythonParser parser;
      for (size_t k; (k = next.fetch_add(1)) < jobs.size();) work(parser, k);
    });
  for (auto& t : threads) t.join();

  size_t files_changed = 0, total_edits = 0, total_left = 0;
  bool refused = false, nothing_compared = false;
  std::string summary;
  for (const JobResult& r : results) {
    std::cout << r.out;
    std::cerr << r.err;
    summary += r.summary;
    input_error |= r.error && !r.refused;
    refused |= r.refused && !r.nothing_compared;
    nothing_compared |= r.nothing_compared;
    files_changed += r.changed && !r.refused;
    total_edits += r.applied;
    total_left += r.left;
  }
  std::cout.flush();
  if (!a.quiet) {
    std::cerr << summary;
    std::cerr << fmt::format("{} file{} {}, {} edit{} applied, {} finding{} left for a person\n", files_changed,
                             files_changed == 1 ? "" : "s",
                             a.in_place ? "rewritten" : (!a.output_dir.empty() ? "rewritten into " + a.output_dir
                                                                              : "would change"),
                             total_edits, total_edits == 1 ? "" : "s", total_left, total_left == 1 ? "" : "s");
  }
  return input_error ? 2 : refused ? 1 : nothing_compared ? 5 : 0;
}

}  // namespace

Command AddRewriteCommand(CLI::App& app) {
  auto args = std::make_shared<RewriteArgs>();
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
  c->add_flag("--verify", args->verify,
              "Run each original (tf1) and its rewrite (tf2) and refuse to write a rewrite whose behavior diverges "
              "(exit 1)");
  c->add_option("--backend", args->verify_backend, "Runtime for --verify: bundled (default) or tensorflow")
      ->check(CLI::IsMember({"bundled", "tensorflow"}));
  c->add_flag("--deterministic-random", args->deterministic_random,
              "For --verify: both versions draw the same random numbers");
  return [args] { return RunRewrite(*args); };
}

}  // namespace tfm::cli
