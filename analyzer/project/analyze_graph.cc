// Graph files in `tfmigrate check`: load (analyzer/graph/) and run every enabled
// graph rule (RuleInput::kGraph) through a GraphContext.
#include <fmt/format.h>

#include <algorithm>

#include "analyzer/checks/registry.h"
#include "analyzer/graph/graph_file.h"
#include "analyzer/project/analyze.h"

namespace tfm {


FileResult AnalyzeGraphFile(const std::string& path, const Config* config, const AnalyzeOptions& opts,
                            bool explicit_path) {
  FileResult r;
  r.path = path;
  graph::LoadLimits limits;
  limits.max_bytes = opts.source.max_bytes;
  auto file = graph::LoadGraphFile(path, limits);
  if (!file) {
    if (!explicit_path && graph::IsNotAGraphError(file.error())) r.skipped = true;
    else r.error = file.error();
    return r;
  }
  r.path = file->path;
  std::vector<Diagnostic> diags;
  for (const Rule* rule : AllRules()) {
    const RuleInfo& info = rule->info();
    if (info.input != RuleInput::kGraph || !RuleEnabled(info, path, config, opts)) continue;
    GraphContext ctx(*file, info, &diags);
    rule->CheckGraph(ctx);
  }
  std::stable_sort(diags.begin(), diags.end(), DiagnosticLess);
  r.diagnostics = std::move(diags);
  if (file->text) {
    r.source = file->text;
    r.line_count = file->text->LineCount();
  }
  return r;
}

}  // namespace tfm
