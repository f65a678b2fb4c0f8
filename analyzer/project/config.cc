#include "analyzer/project/config.h"

#include <fmt/format.h>
#include <fnmatch.h>

#include <filesystem>
#include <toml++/toml.h>

namespace tfm {
namespace fs = std::filesystem;

bool SelectorMatches(std::string_view sel, std::string_view id) {
  if (sel == "ALL") return true;
  return id.substr(0, sel.size()) == sel;
}

bool GlobMatch(std::string_view pattern, std::string_view path) {
  // `**/` and `/**` cross directories: fnmatch without FNM_PATHNAME treats `*` as
  // matching `/`, which is the semantics we want for `**`; plain `*` stays within
  // a segment by also trying FNM_PATHNAME.
  std::string p(pattern), s(path);
  if (p.find("**") != std::string::npos) return fnmatch(p.c_str(), s.c_str(), 0) == 0;
  return fnmatch(p.c_str(), s.c_str(), FNM_PATHNAME) == 0;
}

namespace {

std::string Relative(const std::string& path, const std::string& root) {
  if (root.empty()) return path;
  std::error_code ec;
  auto rel = fs::relative(fs::absolute(path, ec), fs::absolute(root, ec), ec);
  if (ec || rel.empty()) return path;
  return rel.generic_string();
}

bool MatchesPathOrName(const std::string& pattern, const std::string& rel) {
  if (GlobMatch(pattern, rel)) return true;
  auto slash = rel.rfind('/');
  std::string base = slash == std::string::npos ? rel : rel.substr(slash + 1);
  if (pattern.find('/') == std::string::npos && GlobMatch(pattern, base)) return true;
  // a directory pattern excludes everything below it
  std::string dir_pat = pattern;
  while (!dir_pat.empty() && dir_pat.back() == '/') dir_pat.pop_back();
  for (size_t pos = rel.find('/'); pos != std::string::npos; pos = rel.find('/', pos + 1))
    if (GlobMatch(dir_pat, rel.substr(0, pos))) return true;
  return false;
}

bool ReadStringList(const toml::node* n, std::vector<std::string>* out, std::string* why, const char* key) {
  if (!n) return true;
  const toml::array* arr = n->as_array();
  if (!arr) {
    *why = fmt::format("`{}` must be a list of strings", key);
    return false;
  }
  for (const auto& e : *arr) {
    auto v = e.value<std::string>();
    if (!v) {
      *why = fmt::format("`{}` must be a list of strings", key);
      return false;
    }
    out->push_back(*v);
  }
  return true;
}

}  // namespace

bool Config::Enabled(std::string_view id, const std::string& path,
                     const std::vector<std::string>* select_override) const {
  const std::vector<std::string>& sel = select_override ? *select_override : select;
  bool on = sel.empty();
  for (const auto& s : sel)
    if (SelectorMatches(s, id)) on = true;
  for (const auto& s : extend_select)
    if (SelectorMatches(s, id)) on = true;
  for (const auto& s : ignore)
    if (SelectorMatches(s, id)) on = false;
  if (on && !per_file_ignores.empty()) {
    std::string rel = Relative(path, root);
    for (const auto& [pat, ids] : per_file_ignores)
      if (MatchesPathOrName(pat, rel))
        for (const auto& s : ids)
          if (SelectorMatches(s, id)) on = false;
  }
  return on;
}

bool Config::Excluded(const std::string& path) const {
  if (exclude.empty()) return false;
  std::string rel = Relative(path, root);
  for (const auto& pat : exclude)
    if (MatchesPathOrName(pat, rel)) return true;
  return false;
}

std::optional<Config> LoadConfigFile(const std::string& path, std::optional<InputError>* error) {
  toml::table doc;
  try {
    doc = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    *error = InputError{path, fmt::format("{}:{}:{}: invalid TOML: {}", path, e.source().begin.line,
                                          e.source().begin.column, e.description())};
    return std::nullopt;
  }
  const toml::table* t = nullptr;
  bool is_pyproject = fs::path(path).filename() == "pyproject.toml";
  if (is_pyproject) {
    t = doc["tool"]["tfmigrate"].as_table();
    if (!t) return std::nullopt;
  } else {
    t = doc["tool"]["tfmigrate"].as_table();
    if (!t) t = &doc;
  }
  Config c;
  c.file = path;
  c.root = fs::path(path).parent_path().string();
  if (c.root.empty()) c.root = ".";
  std::string why;
  bool ok = ReadStringList(t->get("select"), &c.select, &why, "select") &&
            ReadStringList(t->get("extend-select"), &c.extend_select, &why, "extend-select") &&
            ReadStringList(t->get("ignore"), &c.ignore, &why, "ignore") &&
            ReadStringList(t->get("exclude"), &c.exclude, &why, "exclude");
  if (ok && t->get("fail-on")) {
    auto v = t->get("fail-on")->value<std::string>();
    auto sev = v ? ParseSeverity(*v) : std::nullopt;
    if (!sev) {
      ok = false;
      why = "`fail-on` must be \"info\", \"warning\" or \"error\"";
    } else {
      c.fail_on = sev;
    }
  }
  if (ok && t->get("per-file-ignores")) {
    const toml::table* pfi = t->get("per-file-ignores")->as_table();
    if (!pfi) {
      ok = false;
      why = "`per-file-ignores` must be a table of pattern = [IDs]";
    } else {
      for (const auto& [k, v] : *pfi) {
        std::vector<std::string> ids;
        if (!ReadStringList(&v, &ids, &why, "per-file-ignores")) {
          ok = false;
          break;
        }
        c.per_file_ignores.emplace_back(std::string(k.str()), std::move(ids));
      }
    }
  }
  if (!ok) {
    *error = InputError{path, fmt::format("{}: invalid [tool.tfmigrate] configuration: {}", path, why)};
    return std::nullopt;
  }
  return c;
}

ConfigResolver::ConfigResolver(std::optional<std::string> forced) {
  if (forced) {
    std::optional<InputError> err;
    auto c = LoadConfigFile(*forced, &err);
    if (err) errors_.push_back(*err);
    forced_ = std::make_shared<const Config>(c ? *c : Config{});
  }
}

std::vector<InputError> ConfigResolver::TakeErrors() {
  std::lock_guard<std::mutex> lock(mu_);
  return std::exchange(errors_, {});
}

std::shared_ptr<const Config> ConfigResolver::For(const std::string& file_path) {
  if (forced_) return forced_;
  std::error_code ec;
  fs::path abs = fs::absolute(file_path, ec);
  std::lock_guard<std::mutex> lock(mu_);
  return ForDir(abs.parent_path().lexically_normal().string());
}

std::shared_ptr<const Config> ConfigResolver::ForDir(const std::string& dir) {
  auto it = by_dir_.find(dir);
  if (it != by_dir_.end()) return it->second;
  std::shared_ptr<const Config> result;
  for (const char* name : {".tfmigrate.toml", "pyproject.toml"}) {
    fs::path candidate = fs::path(dir) / name;
    std::error_code ec;
    if (!fs::is_regular_file(candidate, ec)) continue;
    std::optional<InputError> err;
    auto c = LoadConfigFile(candidate.string(), &err);
    if (err) {
      errors_.push_back(*err);
      result = std::make_shared<const Config>();
      break;
    }
    if (c) {
      result = std::make_shared<const Config>(std::move(*c));
      break;
    }
  }
  if (!result) {
    fs::path parent = fs::path(dir).parent_path();
    if (parent.empty() || parent == fs::path(dir)) result = std::make_shared<const Config>();
    else result = ForDir(parent.string());
  }
  by_dir_[dir] = result;
  return result;
}

}  // namespace tfm
