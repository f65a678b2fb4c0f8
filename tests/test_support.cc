#include "tests/test_support.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

namespace tfm::testing_support {

namespace {
std::string Quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') q += "'\\''";
    else q += c;
  }
  return q + "'";
}
}  // namespace

RunResult RunTfmigrate(const std::vector<std::string>& args, const std::string& stdin_text) {
  static int counter = 0;
  auto tmp = std::filesystem::temp_directory_path() / ("tfm_run_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
  std::filesystem::create_directories(tmp);
  std::string cmd = Quote((BinaryDir() / "tfmigrate").string());
  for (const auto& a : args) cmd += " " + Quote(a);
  WriteFile(tmp / "in", stdin_text);
  cmd += " <" + Quote((tmp / "in").string()) + " >" + Quote((tmp / "out").string()) + " 2>" +
         Quote((tmp / "err").string());
  int status = std::system(cmd.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = ReadFile(tmp / "out");
  r.err = ReadFile(tmp / "err");
  std::filesystem::remove_all(tmp);
  return r;
}

}  // namespace tfm::testing_support
