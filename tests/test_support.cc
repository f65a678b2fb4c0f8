#include "tests/test_support.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

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

TempDir::TempDir() {
  std::string tmpl = (std::filesystem::temp_directory_path() / "tfm_test_XXXXXX").string();
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  path_ = mkdtemp(buf.data());
}

TempDir::~TempDir() {
  std::error_code ec;
  // restore permissions first: tests make read-only files and directories
  for (auto it = std::filesystem::recursive_directory_iterator(path_, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
    std::filesystem::permissions(it->path(), std::filesystem::perms::owner_all, std::filesystem::perm_options::add,
                                 ec);
  std::filesystem::permissions(path_, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
  std::filesystem::remove_all(path_, ec);
}

std::filesystem::path TempDir::Write(const std::string& name, const std::string& content) const {
  std::filesystem::path p = path_ / name;
  std::filesystem::create_directories(p.parent_path());
  WriteFile(p, content);
  return p;
}

namespace {
RunResult Run(const std::string& prefix, const std::vector<std::string>& args, const std::string& stdin_text) {
  static int counter = 0;
  auto tmp = std::filesystem::temp_directory_path() / ("tfm_run_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
  std::filesystem::create_directories(tmp);
  std::string cmd = prefix + Quote((BinaryDir() / "tfmigrate").string());
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
}  // namespace

RunResult RunTfmigrate(const std::vector<std::string>& args, const std::string& stdin_text) {
  return Run("", args, stdin_text);
}

RunResult RunTfmigrateIn(const std::string& cwd, const std::vector<std::string>& env,
                         const std::vector<std::string>& args) {
  std::string prefix = "cd " + Quote(cwd) + " && env";
  for (const auto& kv : env) prefix += " " + Quote(kv);
  return Run(prefix + " ", args, "");
}

}  // namespace tfm::testing_support
