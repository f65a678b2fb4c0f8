// Micro-benchmarks (Google Benchmark) of the check pipeline on the bundled examples:
// bare parse, parse + semantic model, and the full per-file analysis.
//
//   build/bench/tfm_micro_bench
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "analyzer/project/analyze.h"
#include "analyzer/python/parse.h"
#include "analyzer/python/semantic.h"

namespace {

std::string Example() {
  std::ifstream in(std::string(TFMIGRATE_SOURCE_DIR) + "/examples/mnist_softmax_tf1.py");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string one = ss.str(), text;
  for (int i = 0; i < 20; ++i) text += one;  // ~1k lines
  return text;
}

void BM_BareParse(benchmark::State& state) {
  std::string text = Example();
  tfm::PythonParser parser;
  for (auto _ : state) benchmark::DoNotOptimize(parser.ParseText(text));
  state.SetBytesProcessed(state.iterations() * text.size());
}
BENCHMARK(BM_BareParse);

void BM_ParseAndModel(benchmark::State& state) {
  std::string text = Example();
  tfm::PythonParser parser;
  for (auto _ : state) {
    auto src = tfm::SourceFromBytes(text, "x.py", tfm::SourceKind::kPython);
    auto parsed = parser.Parse(std::move(*src));
    tfm::SemanticModel model(*parsed);
    benchmark::DoNotOptimize(model.refs().size());
  }
  state.SetBytesProcessed(state.iterations() * text.size());
}
BENCHMARK(BM_ParseAndModel);

void BM_FullCheck(benchmark::State& state) {
  std::string text = Example();
  tfm::PythonParser parser;
  tfm::AnalyzeOptions opts;
  for (auto _ : state) {
    auto src = tfm::SourceFromBytes(text, "x.py", tfm::SourceKind::kPython);
    auto r = tfm::AnalyzeSource(parser, std::move(*src), nullptr, opts);
    benchmark::DoNotOptimize(r.diagnostics.size());
  }
  state.SetBytesProcessed(state.iterations() * text.size());
}
BENCHMARK(BM_FullCheck);

}  // namespace

BENCHMARK_MAIN();
