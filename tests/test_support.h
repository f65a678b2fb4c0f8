// Helpers shared by the cross-cutting test suites.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "analyzer/project/analyze.h"

namespace tfm::testing_support {

inline std::filesystem::path SourceDir() { return TFMIGRATE_SOURCE_DIR; }
inline std::filesystem::path BinaryDir() { return TFMIGRATE_BINARY_DIR; }

inline std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void WriteFile(const std::filesystem::path& p, const std::string& s) {
  std::ofstream out(p, std::ios::binary);
  out << s;
}

// Golden files are rewritten instead of compared when this is set.
inline bool UpdateGoldens() {
  const char* v = std::getenv("TFMIGRATE_UPDATE_GOLDENS");
  return v && *v && std::string(v) != "0";
}

// A fresh temporary directory, removed (with everything below it, whatever its
// permissions) when the object goes out of scope.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::filesystem::path operator/(const std::string& s) const { return path_ / s; }
  const std::filesystem::path& path() const { return path_; }
  std::string str() const { return path_.string(); }
  // Writes `content` to `name` below the directory (creating parents); returns its path.
  std::filesystem::path Write(const std::string& name, const std::string& content) const;

 private:
  std::filesystem::path path_;
};

// Analyses Python text with only the given rules enabled.
inline FileResult AnalyzeText(const std::string& text, const std::string& display, std::vector<std::string> select,
                              SourceKind kind = SourceKind::kPython) {
  PythonParser parser;
  AnalyzeOptions opts;
  opts.select = std::move(select);
  auto src = SourceFromBytes(text, display, kind);
  if (!src) {
    FileResult r;
    r.path = display;
    r.error = src.error();
    return r;
  }
  return AnalyzeSource(parser, std::move(*src), nullptr, opts);
}

// Runs the tfmigrate binary; returns the exit code and fills stdout/stderr.
struct RunResult {
  int exit_code = -1;
  std::string out, err;
};
RunResult RunTfmigrate(const std::vector<std::string>& args, const std::string& stdin_text = "");
// The same from the working directory `cwd` with `env` ("NAME=VALUE") added to the
// environment.
RunResult RunTfmigrateIn(const std::string& cwd, const std::vector<std::string>& env,
                         const std::vector<std::string>& args);

}  // namespace tfm::testing_support
