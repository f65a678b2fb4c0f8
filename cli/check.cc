// `tfmigrate check PATH...`: static analysis with every report format.
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>

#include "analyzer/checks/registry.h"
#include "analyzer/graph/summary.h"
#include "analyzer/project/analyze.h"
#include "analyzer/report/emit.h"
#include "analyzer/report/ordered_writer.h"
#include "cli/commands.h"
#include "rewriter/atomic_write.h"

namespace tfm::cli {

namespace {

struct CheckArgs {
  std::vector<std::string> paths;
  std::string format = "text";
  std::string output;
  std::vector<std::string> select, extend_select, ignore;
  std::string fail_on;
  std::string config;
  bool isolated = false;
  bool preview = false;
  bool statistics = false;
  bool report_unused_ignores = false;
  bool no_color = false;
  bool force_color = false;
  bool exit_zero = false;
  bool quiet = false;
  bool no_source = false;
  unsigned jobs = 0;
  double max_file_mb = 32;
  std::string graph_summary;  // --graph-summary FILE
};

// `--graph-summary FILE`: the graph's facts instead of findings (exit 0, or 2 on bad input).
int RunGraphSummary(const CheckArgs& a) {
  graph::LoadLimits limits;
  limits.max_bytes = static_cast<uint64_t>(a.max_file_mb * 1048576.0);
  auto f = graph::LoadGraphFile(a.graph_summary, limits);
  if (!f) {
    std::cerr << "error: " << f.error().message << "\n";
    return 2;
  }
  std::cout << (a.format == "json" ? graph::SummarizeJson(*f) : graph::Summarize(*f));
  return 0;
}

int RunCheck(const CheckArgs& a) {
  if (!a.graph_summary.empty()) return RunGraphSummary(a);
  AnalyzeOptions opts;
  opts.select = a.select;
  opts.extend_select = a.extend_select;
  opts.ignore = a.ignore;
  if (!a.config.empty()) opts.config_file = a.config;
  opts.isolated = a.isolated;
  opts.preview = a.preview;
  opts.report_unused_ignores = a.report_unused_ignores;
  opts.jobs = a.jobs;
  opts.source.max_bytes = static_cast<uint64_t>(a.max_file_mb * 1048576.0);
  std::optional<Severity> cli_fail_on;
  if (!a.fail_on.empty()) cli_fail_on = ParseSeverity(a.fail_on);

  std::vector<std::string> paths = a.paths.empty() ? std::vector<std::string>{"."} : a.paths;
  // Reports go straight to stdout; with -o they are collected and written atomically.
  std::ostringstream collected;
  std::ostream& report = a.output.empty() ? static_cast<std::ostream&>(std::cout) : collected;
  bool color = a.force_color || (!a.no_color && a.output.empty() && isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR"));
  TextOptions t;
  t.color = color;
  t.show_source = a.format == "text" && !a.no_source;
  t.summary = !a.quiet;

  // The line formats and --statistics are streamed: each file's findings are formatted
  // (or counted) on the worker thread that analysed it and written in file order as
  // soon as the files before it are done, then dropped; only the counts, and the
  // syntax errors reported on stderr at the end, are kept. JSON, SARIF and JUnit are
  // written from the whole analysis.
  const bool line_format = a.format == "text" || a.format == "concise" || a.format == "github";
  const bool stream = a.statistics || line_format;
  OrderedWriter writer(report);
  RuleStatistics stats;
  std::mutex stats_mu;
  std::atomic<size_t> total{0}, fixable{0};
  std::atomic<bool> streamed_findings{false};
  if (stream) {
    opts.on_file = [&](size_t index, FileResult& f) {
      size_t n = 0, n_fixable = 0;
      bool over = false;
      Severity threshold = cli_fail_on.value_or(f.fail_on.value_or(Severity::kError));
      for (const auto& d : f.diagnostics)
        if (d.rule_id != "syntax-error" && d.severity >= threshold) over = true;
      // Counted as reported: one finding per token (FoldByToken).
      for (const FoldedFinding& g : FoldByToken(f.diagnostics)) {
        ++n;
        if (g.HasSafeFix()) ++n_fixable;
      }
      total += n;
      fixable += n_fixable;
      if (over) streamed_findings = true;
      if (a.statistics) {
        std::lock_guard<std::mutex> lock(stats_mu);
        stats.Add(f);
      } else {
        std::string text;
        if (a.format == "github") AppendFileGithub(f, text);
        else AppendFileText(f, t, text);
        writer.Put(index, std::move(text));
      }
      // Keep what the end of RunCheck needs: syntax errors (stderr), with their source.
      std::erase_if(f.diagnostics, [](const Diagnostic& d) { return d.rule_id != "syntax-error"; });
      if (f.diagnostics.empty()) {
        std::vector<Diagnostic>().swap(f.diagnostics);
        f.source.reset();
      }
    };
  }
  // Progress when the report is not written to this terminal (-o FILE, or stdout is a pipe
  // or file) but stderr is one: "[check] N files" on stderr, at most ten times a second,
  // erased at the end. Nothing in CI logs.
  const bool progress = isatty(STDERR_FILENO) && !(a.output.empty() && isatty(STDOUT_FILENO)) &&
                        !std::getenv("TFMIGRATE_NO_PROGRESS");
  if (progress) {
    auto inner = opts.on_file;
    auto done = std::make_shared<std::atomic<size_t>>(0);
    auto last = std::make_shared<std::atomic<int64_t>>(0);
    opts.on_file = [inner, done, last](size_t index, FileResult& f) {
      if (inner) inner(index, f);
      size_t n = ++*done;
      int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now().time_since_epoch()).count();
      int64_t prev = last->load();
      if (now - prev >= 100 && last->compare_exchange_strong(prev, now))
        std::cerr << "\r\033[K[check] " << n << " files" << std::flush;
    };
  }
  // The process ends right after the report: what the analysis keeps (for the
  // whole-analysis formats, hundreds of thousands of findings with strings and fixes)
  // is deliberately not freed one by one.
  Analysis& analysis = *new Analysis(AnalyzePaths(paths, opts));
  if (progress) std::cerr << "\r\033[K" << std::flush;

  if (a.statistics) {
    stats.Emit(report);
  } else if (line_format) {
    if (a.format != "github" && t.summary) {
      size_t failed = analysis.input_errors.size();
      for (const auto& f : analysis.files) failed += f.error ? 1 : 0;
      EmitTextSummary(total, fixable, failed, report);
    }
  } else if (a.format == "json") {
    EmitJson(analysis, report);
  } else if (a.format == "sarif") {
    std::vector<ReportedRule> catalogue;
    for (const Rule* r : AllRules())
      catalogue.push_back({r->info().id, r->info().name, r->info().summary, r->info().severity});
    EmitSarif(analysis, catalogue, report);
  } else if (a.format == "junit") {
    EmitJunit(analysis, report);
  }
  if (a.output.empty()) {
    std::cout.flush();
  } else if (!WriteFileAtomic(a.output, collected.str(), &std::cerr)) {
    return 2;
  }
  // Input problems: one line each on stderr.
  bool input_error = false;
  for (const auto& e : analysis.input_errors) {
    std::cerr << "error: " << e.message << "\n";
    input_error = true;
  }
  bool findings = streamed_findings;
  for (const auto& f : analysis.files) {
    if (f.error) {
      std::cerr << "error: " << f.error->message << "\n";
      input_error = true;
      continue;
    }
    Severity threshold = cli_fail_on.value_or(f.fail_on.value_or(Severity::kError));
    for (const auto& d : f.diagnostics) {
      if (d.rule_id == "syntax-error") {
        input_error = true;
        std::cerr << fmt::format("error: {}:{}: {}\n", d.path, f.source ? f.source->FormatPosition(d.start) : "",
                                 d.message);
      } else if (d.severity >= threshold) {
        findings = true;
      }
    }
  }
  if (input_error) return 2;
  if (findings && !a.exit_zero) return 1;
  return 0;
}

}  // namespace

Command AddCheckCommand(CLI::App& app) {
  auto args = std::make_shared<CheckArgs>();
  CLI::App* c = app.add_subcommand("check", "Report TF1->TF2 migration hazards in Python files, notebooks, graph files and C++ client code");
  c->add_option("paths", args->paths, "Files or directories (default: .)");
  c->add_option("--format", args->format, "Report format")
      ->check(CLI::IsMember({"text", "concise", "json", "sarif", "github", "junit"}));
  c->add_option("-o,--output", args->output, "Write the report to a file (atomically) instead of stdout");
  c->add_option("--select", args->select, "Only these rules (IDs or prefixes, comma-separated)")->delimiter(',')->allow_extra_args(false);
  c->add_option("--extend-select", args->extend_select, "Add rules to the selection")->delimiter(',')->allow_extra_args(false);
  c->add_option("--ignore", args->ignore, "Disable rules (IDs or prefixes)")->delimiter(',')->allow_extra_args(false);
  c->add_option("--fail-on", args->fail_on, "Lowest severity that makes the exit code 1 (default: error)")
      ->check(CLI::IsMember({"info", "warning", "error"}));
  c->add_option("--config", args->config, "Use this configuration file for every input");
  c->add_flag("--isolated", args->isolated, "Ignore configuration files");
  c->add_flag("--preview", args->preview, "Also run the rules in preview (see `tfmigrate rules --format markdown`)");
  c->add_flag("--statistics", args->statistics, "Print counts per rule instead of findings");
  c->add_flag("--report-unused-ignores", args->report_unused_ignores, "Report suppression comments that match nothing");
  c->add_flag("--no-color", args->no_color, "Never use ANSI colors");
  c->add_flag("--color", args->force_color, "Always use ANSI colors");
  c->add_flag("--no-source", args->no_source, "Text format without code frames");
  c->add_flag("-q,--quiet", args->quiet, "No summary line");
  c->add_flag("--exit-zero", args->exit_zero, "Exit 0 even when findings are at or above --fail-on");
  c->add_option("-j,--jobs", args->jobs, "Worker threads (default: all cores)");
  c->add_option("--graph-summary", args->graph_summary,
                "Print the facts of a graph file or SavedModel dir (producer, nodes, op types, variables, "
                "collections, signatures, v1 frames) instead of checking");
  c->add_option("--max-file-size", args->max_file_mb, "Refuse files larger than this many MB (default 32)");
  return [args] { return RunCheck(*args); };
}

}  // namespace tfm::cli
