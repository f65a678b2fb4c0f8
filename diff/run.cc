// Running both sides of a diff (runtime/launch, each side in its own sandboxed child
// process with a trace file in a private temporary directory) and the pair suite.
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "analyzer/project/analyze.h"
#include "diff/diff.h"
#include "runtime/launch/launch.h"

namespace tfm::diff {
namespace fs = std::filesystem;
namespace {

std::string ReadAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string Tail(const std::string& text, int lines) {
  size_t pos = text.size();
  for (int i = 0; i <= lines && pos != std::string::npos && pos > 0; ++i) pos = text.rfind('\n', pos - 1);
  return pos == std::string::npos ? text : text.substr(pos + 1);
}

class TempDir {
 public:
  TempDir() {
    std::string t = (fs::temp_directory_path() / "tfmigrate-diff-XXXXXX").string();
    if (mkdtemp(t.data())) path_ = t;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace

DiffResult DiffScripts(const std::string& old_path, const std::string& new_path, const DiffOptions& o) {
  DiffResult r;
  r.backend = o.backend;
  r.old_side.path = old_path;
  r.old_side.mode = o.old_mode;
  r.new_side.path = new_path;
  r.new_side.mode = o.new_mode;
  for (const auto& p : {old_path, new_path}) {
    std::error_code ec;
    if (!fs::is_regular_file(p, ec)) {
      r.error = p + ": not a readable file";
      return r;
    }
  }
  TempDir tmp;
  if (tmp.path().empty()) {
    r.error = "cannot create a temporary directory";
    return r;
  }
  // Both sides run at once (two cores, two independent child processes).
  std::string traces[2];
  SideRun* sides[2] = {&r.old_side, &r.new_side};
  rt::LaunchOptions lo[2];
  rt::LaunchResult lr[2];
  for (int i = 0; i < 2; ++i) {
    lo[i].mode = sides[i]->mode;
    lo[i].backend = o.backend;
    lo[i].script = sides[i]->path;
    lo[i].trace_path = fmt::format("{}/{}.jsonl", tmp.path(), i ? "new" : "old");
    lo[i].output_path = fmt::format("{}/{}.out", tmp.path(), i ? "new" : "old");
    lo[i].timeout_seconds = o.timeout_seconds;
    lo[i].memory_mb = o.memory_mb;
    lo[i].python = o.python;
    lo[i].deterministic_random = o.deterministic_random;
  }
  // The static analysis (input check, then the explanation's findings) runs while the
  // sides run; input it rejects cancels them.
  std::atomic<bool> cancel{false};
  Analysis analysis;
  bool inputs_ok = true;
  {
    lo[0].cancel = lo[1].cancel = &cancel;
    std::thread sides_run[2] = {std::thread([&] { lr[0] = rt::LaunchScript(lo[0]); }),
                                std::thread([&] { lr[1] = rt::LaunchScript(lo[1]); })};
    inputs_ok = CheckInputs(&r, &analysis);
    if (!inputs_ok) cancel = true;
    for (auto& t : sides_run) t.join();
  }
  if (!inputs_ok) return r;
  for (int i = 0; i < 2; ++i) {
    sides[i]->exit_code = lr[i].exit_code;
    sides[i]->output_tail = Tail(ReadAll(lo[i].output_path), 6);
    if (!lr[i].error.empty()) {
      r.error = sides[i]->path + ": " + lr[i].error;
      return r;
    }
    traces[i] = ReadAll(lo[i].trace_path);
  }
  CompareTraces(traces[0], traces[1], o, &r);
  if (r.error.empty()) Explain(&r, &analysis);
  return r;
}

bool IsPairDirectory(const std::string& path) {
  std::error_code ec;
  return fs::is_regular_file(fs::path(path) / "old.py", ec) && fs::is_regular_file(fs::path(path) / "new.py", ec);
}

namespace {

std::optional<PairExpectation> ReadExpectation(const fs::path& dir, std::string* error) {
  fs::path p = dir / "expect.json";
  std::error_code ec;
  if (!fs::exists(p, ec)) return std::nullopt;
  nlohmann::json j = nlohmann::json::parse(ReadAll(p), nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    *error = p.string() + ": not a JSON object";
    return std::nullopt;
  }
  PairExpectation e;
  e.verdict = j.value("verdict", "");
  if (e.verdict != "equivalent" && e.verdict != "divergent") {
    *error = p.string() + ": \"verdict\" must be \"equivalent\" or \"divergent\"";
    return std::nullopt;
  }
  auto strings = [&](const char* key, std::vector<std::string>* out) {
    if (!j.contains(key) || j[key].is_null()) return;
    if (!j[key].is_array()) {
      *error = p.string() + ": \"" + key + "\" must be a list of strings";
      return;
    }
    for (const auto& x : j[key])
      if (x.is_string()) out->push_back(x.get<std::string>());
  };
  strings("rules", &e.rules);
  strings("options", &e.options);
  strings("skip_backends", &e.skip_backends);
  if (j.contains("dynamic") && j["dynamic"].is_string()) e.dynamic = j["dynamic"].get<std::string>();
  if (!error->empty()) return std::nullopt;
  return e;
}

// Does the outcome meet the expectation? Sets `why` when not.
bool Meets(const DiffResult& r, const PairExpectation& e, std::string* why) {
  if (!r.error.empty()) {
    *why = "no verdict: " + r.error;
    return false;
  }
  bool divergent = !r.divergences.empty();
  if (divergent != (e.verdict == "divergent")) {
    *why = fmt::format("expected {}, got {}", e.verdict, divergent ? "divergent" : "equivalent");
    if (divergent) *why += " (" + r.divergences[0].id + ": " + r.divergences[0].title + ")";
    return false;
  }
  if (!divergent) return true;
  if (!e.dynamic.empty()) {
    bool found = std::any_of(r.divergences.begin(), r.divergences.end(),
                             [&](const Divergence& d) { return d.id == e.dynamic; });
    if (!found) {
      *why = fmt::format("expected a {} divergence, got {}", e.dynamic, r.divergences[0].id);
      return false;
    }
  }
  for (const auto& rule : e.rules) {
    // the rule must be the first cause of at least one divergence of the expected kind
    bool named = false;
    for (const auto& d : r.divergences) {
      if (!e.dynamic.empty() && d.id != e.dynamic) continue;
      for (size_t i = 0; i < d.causes.size() && i < 3; ++i)
        if (d.causes[i].rule_id == rule) named = true;
    }
    if (!named) {
      std::string got;
      for (const auto& d : r.divergences)
        for (const auto& c : d.causes) got += (got.empty() ? "" : ", ") + c.rule_id;
      *why = fmt::format("expected {} among the probable causes, got {}", rule, got.empty() ? "none" : got);
      return false;
    }
  }
  return true;
}

}  // namespace

bool DiffPairs(const std::string& root, const DiffOptions& o, std::vector<PairResult>* out, std::string* error) {
  std::vector<fs::path> dirs;
  std::error_code ec;
  if (IsPairDirectory(root)) {
    dirs.push_back(root);
  } else {
    for (const auto& ent : fs::directory_iterator(root, ec))
      if (ent.is_directory() && IsPairDirectory(ent.path().string())) dirs.push_back(ent.path());
  }
  if (ec) {
    *error = root + ": " + ec.message();
    return false;
  }
  if (dirs.empty()) {
    *error = root + ": no pair directories (each needs old.py and new.py)";
    return false;
  }
  std::sort(dirs.begin(), dirs.end());
  for (const auto& d : dirs) {
    PairResult p;
    p.dir = d.string();
    p.name = d.filename().string();
    std::string err;
    p.expect = ReadExpectation(d, &err);
    if (!err.empty()) {
      *error = err;
      return false;
    }
    DiffOptions po = o;
    if (p.expect) {
      for (const auto& opt : p.expect->options)
        if (opt == "--deterministic-random") po.deterministic_random = true;
      if (std::find(p.expect->skip_backends.begin(), p.expect->skip_backends.end(), o.backend) !=
          p.expect->skip_backends.end()) {
        p.skipped = true;
        p.why = "not run on the " + o.backend + " backend (expect.json skip_backends)";
        out->push_back(std::move(p));
        continue;
      }
    }
    auto t0 = std::chrono::steady_clock::now();
    p.result = DiffScripts((d / "old.py").string(), (d / "new.py").string(), po);
    p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (p.expect) {
      p.passed = Meets(p.result, *p.expect, &p.why);
    } else {
      p.passed = p.result.Equivalent();
      if (!p.passed) p.why = p.result.error.empty() ? "the versions diverge" : p.result.error;
    }
    out->push_back(std::move(p));
  }
  return true;
}

}  // namespace tfm::diff
