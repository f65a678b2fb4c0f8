// tfm_parse_tree: the baseline for `tfmigrate check` throughput — a bare
// tree-sitter parse of the same files with the same threading (one parser per
// worker, files handed out in order), no semantic model and no rules.
//
//   build/bench/tfm_parse_tree DIR [-j N]      prints: files, lines, seconds, lines/s
#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "analyzer/project/analyze.h"
#include "analyzer/python/parse.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: tfm_parse_tree DIR [-j N]\n");
    return 2;
  }
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  if (argc >= 4 && std::strcmp(argv[2], "-j") == 0) jobs = static_cast<unsigned>(std::atoi(argv[3]));
  auto t0 = std::chrono::steady_clock::now();
  tfm::ConfigResolver configs;
  std::vector<tfm::InputError> errors;
  std::vector<std::string> files = tfm::DiscoverFiles({argv[1]}, configs, true, &errors);
  std::atomic<size_t> next{0}, lines{0};
  auto worker = [&] {
    tfm::PythonParser parser;
    for (size_t i = next++; i < files.size(); i = next++) {
      auto src = tfm::LoadSource(files[i]);
      if (!src) continue;
      auto tree = parser.ParseText(src->text);
      lines += src->LineCount();
      if (!tree) continue;
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < jobs; ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  fmt::print("files {} lines {} seconds {:.3f} lines_per_second {:.0f}\n", files.size(), lines.load(), secs,
             lines.load() / secs);
  return 0;
}
