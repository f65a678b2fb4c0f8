// Configuration: `[tool.tfmigrate]` in pyproject.toml or a `.tfmigrate.toml`,
// found by walking up from each analysed file (the nearest one wins, as in ruff).
//
//   [tool.tfmigrate]
//   select = ["TFM1", "TFM201"]          # ID prefixes; default: every rule
//   ignore = ["TFM105"]
//   fail-on = "warning"                  # info | warning | error (default error)
//   exclude = ["build/**", "legacy/*.py"]
//   [tool.tfmigrate.per-file-ignores]
//   "tests/*.py" = ["TFM201"]
//
// Command-line flags override the file (see cli/check.cc).
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/source/diagnostic.h"
#include "analyzer/source/source.h"

namespace tfm {

struct Config {
  std::string file;  // path of the config file ("" for defaults)
  std::string root;  // its directory; patterns are relative to it
  std::vector<std::string> select;  // empty: all rules
  std::vector<std::string> extend_select;
  std::vector<std::string> ignore;
  std::vector<std::pair<std::string, std::vector<std::string>>> per_file_ignores;
  std::optional<Severity> fail_on;
  std::vector<std::string> exclude;

  // Is rule `id` enabled for the file at `path`? `select_override` (the command
  // line's --select) replaces `select`; ignore and per-file-ignores still apply.
  bool Enabled(std::string_view id, const std::string& path,
               const std::vector<std::string>* select_override = nullptr) const;
  // Is `path` excluded by `exclude` (matched against the path relative to root and the basename)?
  bool Excluded(const std::string& path) const;
};

// Matches `id` against a selector: "ALL", a full ID, or an ID prefix ("TFM2").
bool SelectorMatches(std::string_view selector, std::string_view id);
// fnmatch-style glob where `**` crosses directories.
bool GlobMatch(std::string_view pattern, std::string_view path);

// Parses a config file; nullopt + error when it is not TOML or has wrong types.
// Returns an empty optional without error for a pyproject.toml with no [tool.tfmigrate].
std::optional<Config> LoadConfigFile(const std::string& path, std::optional<InputError>* error);

// Finds and caches the configuration that applies to each file. Thread-safe.
class ConfigResolver {
 public:
  // `forced`: a --config file that applies everywhere.
  explicit ConfigResolver(std::optional<std::string> forced = std::nullopt);
  std::shared_ptr<const Config> For(const std::string& file_path);
  std::vector<InputError> TakeErrors();

 private:
  std::shared_ptr<const Config> ForDir(const std::string& dir);
  std::mutex mu_;
  std::map<std::string, std::shared_ptr<const Config>> by_dir_;
  std::shared_ptr<const Config> forced_;
  std::vector<InputError> errors_;
};

}  // namespace tfm
