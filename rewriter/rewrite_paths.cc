// `tfmigrate rewrite PATH...`, the multi-file driver (as analyzer/project's
// AnalyzePaths is `check`'s): finds the inputs, rewrites each file on a worker thread
// (one parser per thread; rewriter/rewrite_file.h), and shows a unified diff (default),
// rewrites the files in place (atomically) or writes a mirrored tree, reporting in input
// order.
#include "rewriter/rewrite_paths.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <thread>

#include "analyzer/project/analyze.h"
#include "rewriter/diff.h"
#include "rewriter/rewrite_file.h"

namespace tfm {
namespace {

namespace fs = std::filesystem;

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

}  // namespace

int RewritePaths(const RewritePathsOptions& a, std::ostream& out_stream, std::ostream& err_stream) {
  const int modes = int(a.diff) + int(a.in_place) + int(!a.output_dir.empty());
  if (modes > 1) {
    err_stream << "error: choose one of --diff, --in-place, --output-dir\n";
    return 2;
  }
  if (!a.output_dir.empty()) {
    std::error_code ec;
    if (fs::exists(fs::symlink_status(a.output_dir, ec))) {
      err_stream << fmt::format("error: {}: the output directory exists; refusing to write into it (choose a new "
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
    if (!MirrorList(inputs, &all, err_stream)) input_error = true;
    std::map<fs::path, std::string> first_source;  // output path -> the input that gets it
    std::set<fs::path> dirs;
    for (auto& [src, rel] : all) {
      auto [it, fresh] = first_source.emplace(rel.lexically_normal(), src);
      if (!fresh) {  // two inputs with one relative path: the first one wins, always
        err_stream << fmt::format("error: {}: {} already receives {}; not written\n", src,
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
    err_stream << "error: " << e.message << "\n";
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
    const InputKind kind = ClassifyPath(job.source);
    if (a.verify && fr.Changed() && (kind == InputKind::kPython || kind == InputKind::kNotebook)) {
      RewriteVerdict v = a.verify(job.source, fr.original, fr.rewritten);
      if (!v.same) {
        err << v.report;
        res.error = true;
        res.refused = true;
        res.nothing_compared = v.nothing_compared;
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
    out_stream << r.out;
    err_stream << r.err;
    summary += r.summary;
    input_error |= r.error && !r.refused;
    refused |= r.refused && !r.nothing_compared;
    nothing_compared |= r.nothing_compared;
    files_changed += r.changed && !r.refused;
    total_edits += r.applied;
    total_left += r.left;
  }
  out_stream.flush();
  if (!a.quiet) {
    err_stream << summary;
    err_stream << fmt::format("{} file{} {}, {} edit{} applied, {} finding{} left for a person\n", files_changed,
                             files_changed == 1 ? "" : "s",
                             a.in_place ? "rewritten" : (!a.output_dir.empty() ? "rewritten into " + a.output_dir
                                                                              : "would change"),
                             total_edits, total_edits == 1 ? "" : "s", total_left, total_left == 1 ? "" : "s");
  }
  return input_error ? 2 : refused ? 1 : nothing_compared ? 5 : 0;
}

}  // namespace tfm
