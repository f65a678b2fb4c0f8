#include "analyzer/project/analyze.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <thread>

#include "analyzer/checks/api_tables.h"
#include "analyzer/checks/registry.h"
#include "analyzer/cpp/cpp_model.h"
#include "analyzer/python/semantic.h"
#include "analyzer/python/ts_util.h"

namespace tfm {
namespace fs = std::filesystem;

namespace {

bool EndsWith(std::string_view s, std::string_view suf) {
  return s.size() >= suf.size() && s.substr(s.size() - suf.size()) == suf;
}

bool SkipDirectory(const fs::path& p) {
  std::string name = p.filename().string();
  if (name.empty()) return false;
  if (name[0] == '.' && name != "." && name != "..") return true;
  if (name == "__pycache__" || name == "node_modules" || name == "site-packages") return true;
  std::error_code ec;
  return fs::exists(p / "pyvenv.cfg", ec);  // a virtual environment
}

// `# tfmigrate: ignore[TFM201, TFM202]`, `# tfmigrate: ignore` (all rules) and
// `# tfmigrate: ignore-file[...]`.
struct Suppression {
  uint32_t line0 = 0;
  uint32_t byte = 0;
  bool file_level = false;
  std::vector<std::string> ids;  // empty: every rule
  std::vector<bool> used;
  bool used_any = false;
};

std::vector<Suppression> FindSuppressions(const ParsedFile& pf) {
  std::vector<Suppression> out;
  const std::string& text = pf.source.text;
  const std::string_view key = "tfmigrate:";
  for (size_t pos = text.find(key); pos != std::string::npos; pos = text.find(key, pos + 1)) {
    TSNode n = ts_node_descendant_for_byte_range(pf.Root(), static_cast<uint32_t>(pos), static_cast<uint32_t>(pos));
    if (!ts::Is(n, "comment")) continue;
    size_t p = pos + key.size();
    while (p < text.size() && text[p] == ' ') ++p;
    Suppression s;
    if (text.compare(p, 11, "ignore-file") == 0) {
      s.file_level = true;
      p += 11;
    } else if (text.compare(p, 6, "ignore") == 0) {
      p += 6;
    } else {
      continue;
    }
    if (p < text.size() && text[p] == '[') {
      size_t close = text.find(']', p);
      size_t eol = text.find('\n', p);
      if (close == std::string::npos || close > eol) continue;
      std::string inner = text.substr(p + 1, close - p - 1);
      size_t start = 0;
      while (start <= inner.size()) {
        size_t comma = inner.find(',', start);
        std::string id = inner.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        id.erase(0, id.find_first_not_of(" \t"));
        id.erase(id.find_last_not_of(" \t") + 1);
        if (!id.empty()) s.ids.push_back(id);
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    }
    s.byte = ts_node_start_byte(n);  // the `#` of the comment
    s.line0 = pf.source.LineOf(s.byte);
    s.used.assign(s.ids.size(), false);
    out.push_back(std::move(s));
  }
  return out;
}

bool Suppresses(Suppression& s, const Diagnostic& d, uint32_t diag_line0) {
  if (!s.file_level && s.line0 != diag_line0) return false;
  if (s.ids.empty()) {
    s.used_any = true;
    return true;
  }
  for (size_t i = 0; i < s.ids.size(); ++i)
    if (SelectorMatches(s.ids[i], d.rule_id)) {
      s.used[i] = true;
      s.used_any = true;
      return true;
    }
  return false;
}

// std::sort by DiagnosticLess, done on pointers: a Diagnostic is ~300 bytes, and
// sorting pointers with the same comparator gives the same permutation (ties included:
// the algorithm makes the same comparisons) with one move per element.
void SortDiagnostics(std::vector<Diagnostic>& diags) {
  std::vector<Diagnostic*> order(diags.size());
  for (size_t i = 0; i < diags.size(); ++i) order[i] = &diags[i];
  std::sort(order.begin(), order.end(), [](const Diagnostic* a, const Diagnostic* b) { return DiagnosticLess(*a, *b); });
  std::vector<Diagnostic> sorted;
  sorted.reserve(diags.size());
  for (Diagnostic* d : order) sorted.push_back(std::move(*d));
  diags = std::move(sorted);
}

}  // namespace

InputKind ClassifyPath(const std::string& path) {
  if (EndsWith(path, ".py") || EndsWith(path, ".pyi")) return InputKind::kPython;
  if (EndsWith(path, ".ipynb")) return InputKind::kNotebook;
  if (EndsWith(path, ".pb") || EndsWith(path, ".pbtxt") || EndsWith(path, ".meta") || EndsWith(path, ".graphdef"))
    return InputKind::kGraph;
  if (EndsWith(path, ".cc") || EndsWith(path, ".cpp") || EndsWith(path, ".cxx")) return InputKind::kCpp;
  return InputKind::kOther;
}

std::vector<std::string> DiscoverFiles(const std::vector<std::string>& paths, ConfigResolver& configs,
                                       bool respect_excludes, std::vector<InputError>* errors) {
  std::vector<std::string> out;
  for (const auto& arg : paths) {
    std::error_code ec;
    auto st = fs::status(arg, ec);
    if (ec || !fs::exists(st)) {
      errors->push_back(InputError{arg, fmt::format("{}: no such file or directory", arg)});
      continue;
    }
    if (!fs::is_directory(st)) {
      out.push_back(arg);  // explicit files are always analysed
      continue;
    }
    std::vector<std::string> found;
    fs::recursive_directory_iterator it(arg, fs::directory_options::skip_permission_denied, ec), end;
    if (ec) {
      errors->push_back(InputError{arg, fmt::format("{}: cannot list directory: {}", arg, ec.message())});
      continue;
    }
    for (; it != end; it.increment(ec)) {
      if (ec) {
        errors->push_back(InputError{arg, fmt::format("{}: {}", arg, ec.message())});
        break;
      }
      const fs::path& p = it->path();
      std::error_code ec2;
      if (it->is_directory(ec2)) {
        if (SkipDirectory(p) || (respect_excludes && configs.For((p / "x").string())->Excluded(p.string())))
          it.disable_recursion_pending();
        continue;
      }
      std::string s = p.string();
      InputKind k = ClassifyPath(s);
      if (k == InputKind::kGraph) {  // graph files; SavedModel side files are not graphs
        std::string name = p.filename().string();
        if (name == "fingerprint.pb" || name == "keras_metadata.pb") continue;
      } else if (k != InputKind::kPython && k != InputKind::kNotebook && k != InputKind::kCpp) {
        continue;
      }
      if (respect_excludes && configs.For(s)->Excluded(s)) continue;
      found.push_back(s);
    }
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool RuleEnabled(const RuleInfo& info, const std::string& path, const Config* config, const AnalyzeOptions& opts) {
  if (info.lifecycle == Lifecycle::kPreview && !opts.preview) return false;
  const std::vector<std::string>* select = opts.select.empty() ? nullptr : &opts.select;
  bool enabled;
  if (config) {
    enabled = config->Enabled(info.id, path, select);
  } else {
    enabled = !select;
    if (select)
      for (const auto& s : *select) enabled |= SelectorMatches(s, info.id);
  }
  for (const auto& s : opts.extend_select) enabled |= SelectorMatches(s, info.id);
  for (const auto& s : opts.ignore) enabled &= !SelectorMatches(s, info.id);
  return enabled;
}

FileResult AnalyzeCppFile(SourceFile source, const Config* config, const AnalyzeOptions& opts) {
  FileResult r;
  r.path = source.path;
  r.line_count = source.LineCount();
  std::vector<Diagnostic> diags;
  if (MentionsTensorflow(source.text)) {
    auto model = AnalyzeCppSource(source);
    if (!model) {
      r.error = model.error();
      return r;
    }
    for (const Rule* rule : AllRules()) {
      const RuleInfo& info = rule->info();
      if (info.input != RuleInput::kCpp || !RuleEnabled(info, source.path, config, opts)) continue;
      CppContext ctx(source, *model, info, &diags);
      rule->CheckCpp(ctx);
    }
  }
  std::sort(diags.begin(), diags.end(), DiagnosticLess);
  r.diagnostics = std::move(diags);
  r.source = std::make_shared<const SourceFile>(std::move(source));
  return r;
}

FileResult AnalyzeSource(PythonParser& parser, SourceFile source, const Config* config, const AnalyzeOptions& opts) {
  FileResult r;
  r.path = source.path;
  r.line_count = source.LineCount();
  auto parsed = parser.Parse(std::move(source));
  if (!parsed) {
    r.error = parsed.error();
    return r;
  }
  ParsedFile& pf = *parsed;
  std::vector<Diagnostic> diags;
  if (pf.syntax_error) {
    Diagnostic d;
    d.rule_id = "syntax-error";
    d.rule_name = "syntax-error";
    d.severity = Severity::kError;
    d.message = fmt::format("parsing failed here ({}); findings inside the broken region may be missing",
                            pf.syntax_error->message);
    d.path = pf.source.path;
    d.begin_byte = d.end_byte = pf.syntax_error->byte;
    d.start = d.end = pf.source.PositionOf(d.begin_byte);
    diags.push_back(std::move(d));
  }
  SemanticModel model(pf);
  r.max_depth = model.max_depth();
  if (model.max_depth() > PythonParser::kMaxDepth) {
    Position p = pf.source.PositionOf(model.deepest_byte());
    r.error = InputError{pf.source.path, fmt::format("{}:{}: nesting too deep (more than {} levels)", pf.source.path,
                                                     pf.source.FormatPosition(p), PythonParser::kMaxDepth)};
    return r;
  }
  static const RuleInfo* toggle_rule = BehaviorToggleRule();
  if (model.imports_tensorflow() && opts.tf1_behavior && toggle_rule) {
    if (RuleEnabled(*toggle_rule, pf.source.path, config, opts) &&
        (!opts.rule_filter || opts.rule_filter(*toggle_rule))) {
      r.needs_tf1_behavior = NeedsTf1Behavior(model);
      r.behavior_toggle = BehaviorToggleEdit(model);
      r.tf1_semantics = Tf1SemanticsEdits(model);
    }
  }
  if (model.imports_tensorflow()) {
    for (const Rule* rule : AllRules()) {
      const RuleInfo& info = rule->info();
      if (info.input != RuleInput::kPython || !RuleEnabled(info, pf.source.path, config, opts)) continue;
      if (opts.rule_filter && !opts.rule_filter(info)) continue;
      PythonContext ctx(model, info, &diags);
      rule->CheckPython(ctx);
    }
  }
  // Suppressions.
  auto sups = FindSuppressions(pf);
  if (!sups.empty()) {
    std::vector<Diagnostic> kept;
    for (auto& d : diags) {
      uint32_t l0 = pf.source.LineOf(d.begin_byte);
      bool drop = false;
      for (auto& s : sups)
        if (d.rule_id != "syntax-error" && Suppresses(s, d, l0)) drop = true;
      if (!drop) kept.push_back(std::move(d));
    }
    diags = std::move(kept);
    if (opts.report_unused_ignores) {
      for (auto& s : sups) {
        std::vector<std::string> unused;
        if (s.ids.empty() && !s.used_any) unused.push_back("all rules");
        for (size_t i = 0; i < s.ids.size(); ++i)
          if (!s.used[i]) unused.push_back(s.ids[i]);
        if (unused.empty()) continue;
        Diagnostic d;
        d.rule_id = "unused-ignore";
        d.rule_name = "unused-ignore";
        d.severity = Severity::kWarning;
        d.message = fmt::format("unused suppression: {}", fmt::join(unused, ", "));
        d.path = pf.source.path;
        d.begin_byte = s.byte;
        d.end_byte = static_cast<uint32_t>(pf.source.LineStart(s.line0) + pf.source.LineText(s.line0).size());
        d.start = pf.source.PositionOf(d.begin_byte);
        d.end = pf.source.PositionOf(d.end_byte);
        diags.push_back(std::move(d));
      }
    }
  }
  SortDiagnostics(diags);
  r.diagnostics = std::move(diags);
  r.source = std::make_shared<const SourceFile>(std::move(pf.source));
  return r;
}

Analysis AnalyzePaths(const std::vector<std::string>& paths, const AnalyzeOptions& opts) {
  Analysis a;
  ConfigResolver configs(opts.isolated ? std::nullopt : opts.config_file);
  std::vector<std::string> files = DiscoverFiles(paths, configs, opts.respect_excludes, &a.input_errors);
  a.files.resize(files.size());
  std::vector<bool> explicit_file(files.size(), false);  // named on the command line
  for (size_t i = 0; i < files.size(); ++i) {
    std::string name = fs::path(files[i]).filename().string();
    explicit_file[i] = name == "saved_model.pb" || name == "saved_model.pbtxt" ||
                       std::find(paths.begin(), paths.end(), files[i]) != paths.end();
  }
  unsigned jobs = opts.jobs ? opts.jobs : std::max(1u, std::thread::hardware_concurrency());
  jobs = std::min<unsigned>(jobs, std::max<size_t>(1, files.size()));
  // Workers take files largest first, so no thread is left with one big file at
  // the end while the other idles; results stay in discovery order (a.files[i]).
  // With an on_file consumer they take them in discovery order (see analyze.h).
  std::vector<size_t> order(files.size());
  for (size_t i = 0; i < files.size(); ++i) order[i] = i;
  if (!opts.on_file) {
    std::vector<uintmax_t> size(files.size(), 0);
    for (size_t i = 0; i < files.size(); ++i) {
      std::error_code ec;
      uintmax_t s = fs::file_size(files[i], ec);
      size[i] = ec ? 0 : s;
    }
    std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return size[x] > size[y]; });
  }
  std::atomic<size_t> next{0};
  auto worker = [&] {
    PythonParser parser;
    for (size_t k = next++; k < files.size(); k = next++) {
      const size_t i = order[k];
      const std::string& path = files[i];
      std::shared_ptr<const Config> cfg = opts.isolated ? std::make_shared<const Config>() : configs.For(path);
      InputKind kind = ClassifyPath(path);
      FileResult r;
      if (kind == InputKind::kGraph) {
        r = AnalyzeGraphFile(path, cfg.get(), opts, explicit_file[i]);
      } else if (kind == InputKind::kCpp) {
        auto src = LoadSource(path, opts.source);
        if (!src) {
          r.path = path;
          r.error = src.error();
        } else {
          r = AnalyzeCppFile(std::move(*src), cfg.get(), opts);
        }
      } else {
        auto src = LoadSource(path, opts.source);
        if (!src) {
          r.path = path;
          r.error = src.error();
        } else {
          r = AnalyzeSource(parser, std::move(*src), cfg.get(), opts);
        }
      }
      r.fail_on = cfg->fail_on;
      if (opts.on_file) opts.on_file(i, r);
      a.files[i] = std::move(r);
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < jobs; ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  std::erase_if(a.files, [](const FileResult& f) { return f.skipped; });
  auto cfg_errors = configs.TakeErrors();
  a.input_errors.insert(a.input_errors.end(), cfg_errors.begin(), cfg_errors.end());
  return a;
}

}  // namespace tfm
