// The one entry point of the Python front-end fuzzers (issue 19: no input makes `check`
// or `rewrite` abort): bytes -> a Python module (or, when they start with `{`, also a
// notebook) -> every rule, preview rules included -> every report format -> the compat
// rewrite and the tf2 rewrite (unsafe fixes on, the session conversion), all in memory.
// Whatever the bytes hold, this must return: an input the loader refuses is an
// InputError, never an exception or a crash. Used by the libFuzzer target
// (python_check_fuzzer.cc, clang, ASan and UBSan) and by the bounded replay in
// tests/python_fuzz_replay_test.cc with any compiler.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "analyzer/checks/registry.h"
#include "analyzer/project/analyze.h"
#include "analyzer/report/emit.h"
#include "rewriter/rewrite_file.h"

namespace tfm::fuzz {

struct PythonFuzzStats {
  size_t diagnostics = 0;
  size_t rewritten = 0;  // rewrites that changed the text (compat and tf2 counted apart)
  size_t refused = 0;    // inputs the loader refused (one line, as `check` prints)
};

inline void PythonFuzzAs(PythonParser& parser, const std::string& bytes, const std::string& path,
                         PythonFuzzStats* stats) {
  const bool notebook = ClassifyPath(path) == InputKind::kNotebook;
  AnalyzeOptions opts;
  opts.select = {"ALL"};
  opts.preview = true;
  opts.isolated = true;
  opts.jobs = 1;
  auto src = SourceFromBytes(bytes, path, notebook ? SourceKind::kNotebook : SourceKind::kPython, opts.source);
  if (!src) {
    ++stats->refused;
    return;
  }
  Analysis a;
  a.files.push_back(AnalyzeSource(parser, std::move(*src), nullptr, opts));
  stats->diagnostics += a.files.back().diagnostics.size();
  std::ostringstream out;
  EmitText(a, out, TextOptions{});
  EmitJson(a, out);
  // SARIF's rule table: the rules that fired, plus the catalogue's first rule so that the
  // table is never empty. The whole catalogue with its help pages is the same text on every
  // input; rendering it took about 40% of each execution and fuzzed nothing.
  std::vector<ReportedRule> catalogue;
  const std::span<const Rule* const> all = AllRules();
  for (size_t i = 0; i < all.size(); ++i) {
    const Rule* r = all[i];
    bool fired = i == 0;
    for (const auto& d : a.files.back().diagnostics)
      if (d.rule_id == r->info().id) {
        fired = true;
        break;
      }
    if (fired) catalogue.push_back({r->info().id, r->info().name, r->info().summary, r->info().severity});
  }
  EmitSarif(a, catalogue, out);
  EmitGithub(a, out);
  EmitJunit(a, out);
  for (bool tf2 : {false, true}) {
    RewriteFileOptions ro;
    ro.tf2 = tf2;
    ro.unsafe = tf2;
    ro.analyze.isolated = true;
    ro.analyze.jobs = 1;
    FileRewrite fr;
    fr.path = path;
    fr.original = bytes;
    fr = RewriteBytes(parser, std::move(fr), ro);
    if (fr.Changed()) ++stats->rewritten;
  }
}

inline PythonFuzzStats PythonFuzzOne(const uint8_t* data, size_t size) {
  static PythonParser parser;
  std::string bytes(reinterpret_cast<const char*>(data), size);
  PythonFuzzStats stats;
  PythonFuzzAs(parser, bytes, "fuzz.py", &stats);
  if (!bytes.empty() && bytes[0] == '{') PythonFuzzAs(parser, bytes, "fuzz.ipynb", &stats);
  return stats;
}

}  // namespace tfm::fuzz
