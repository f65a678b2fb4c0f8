// Running both sides of a diff (runtime/launch, each side in its own sandboxed child
// process with a trace file in a private temporary directory) and the pair suite.
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <thread>

#include "analyzer/project/analyze.h"
#include "diff/diff.h"
#include "runtime/launch/launch.h"

#include "analyzer/source/source.h"

namespace tfm::diff {
namespace fs = std::filesystem;
namespace {

std::string ReadAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The last `lines` lines of `text` (a final newline does not start another line).
std::string Tail(const std::string& text, int lines) {
  size_t pos = text.size();
  if (pos > 0 && text[pos - 1] == '\n') --pos;
  for (int i = 0; i < lines; ++i) {
    size_t nl = pos == 0 ? std::string::npos : text.rfind('\n', pos - 1);
    if (nl == std::string::npos) return text;
    pos = nl;
  }
  return text.substr(pos + 1);
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

namespace {

// Launches both sides at once (two cores, two independent child processes) with traces in
// `tmp`; `check` (may be empty) runs on this thread meanwhile and cancels the runs when it
// returns false. Fills exit codes and output tails; returns false with r->error set when a
// side could not be launched.
// How one side is launched: its trace and output files in `tmp` named by `tag`.
rt::LaunchOptions SideLaunch(const SideRun& side, const DiffOptions& o, bool deterministic_random,
                             const std::string& tmp, const char* tag) {
  rt::LaunchOptions lo;
  lo.mode = side.mode;
  lo.backend = o.backend;
  lo.script = side.path;
  lo.trace_path = fmt::format("{}/{}.jsonl", tmp, tag);
  lo.output_path = fmt::format("{}/{}.out", tmp, tag);
  lo.timeout_seconds = o.timeout_seconds;
  lo.memory_mb = o.memory_mb;
  lo.python = o.python;
  lo.deterministic_random = deterministic_random;
  return lo;
}

bool RunSides(DiffResult* r, const DiffOptions& o, bool deterministic_random, const std::string& tmp,
              const std::function<bool()>& check, std::string traces[2]) {
  SideRun* sides[2] = {&r->old_side, &r->new_side};
  // A notebook runs its code cells in order (the recorder reads it); one that is not a
  // valid notebook is the one-line input error `check` gives, before anything runs.
  for (SideRun* s : sides) {
    if (fs::path(s->path).extension() != ".ipynb") continue;
    if (auto nb = LoadSource(s->path); !nb) {
      r->error = nb.error().message;
      return false;
    }
  }
  rt::LaunchOptions lo[2] = {SideLaunch(*sides[0], o, deterministic_random, tmp, "old"),
                             SideLaunch(*sides[1], o, deterministic_random, tmp, "new")};
  rt::LaunchResult lr[2];
  std::atomic<bool> cancel{false};
  bool ok = true;
  {
    lo[0].cancel = lo[1].cancel = &cancel;
    std::thread sides_run[2] = {std::thread([&] { lr[0] = rt::LaunchScript(lo[0]); }),
                                std::thread([&] { lr[1] = rt::LaunchScript(lo[1]); })};
    if (check && !check()) {
      ok = false;
      cancel = true;
    }
    for (auto& t : sides_run) t.join();
  }
  if (!ok) return false;
  for (int i = 0; i < 2; ++i) {
    sides[i]->exit_code = lr[i].exit_code;
    sides[i]->output_tail = Tail(ReadAll(lo[i].output_path), 6);
    if (!lr[i].error.empty()) {
      r->error = sides[i]->path + ": " + lr[i].error;
      return false;
    }
    traces[i] = ReadAll(lo[i].trace_path);
  }
  return true;
}

// Values diverged and random ops ran: runs both sides again drawing the same random
// numbers; each behavior divergence whose observation agrees there is random numbers
// drawn differently.
void ExplainRandomDraws(DiffResult* r, const DiffOptions& o) {
  bool values_differ = std::any_of(r->divergences.begin(), r->divergences.end(),
                                   [](const Divergence& d) { return d.id == DivergenceId(DivergenceKind::kBehavior); });
  if (!values_differ || (r->old_side.random_ops.empty() && r->new_side.random_ops.empty())) return;
  TempDir tmp;
  if (tmp.path().empty()) return;
  DiffResult det;
  det.old_side = r->old_side;
  det.new_side = r->new_side;
  std::string traces[2];
  if (!RunSides(&det, o, true, tmp.path(), {}, traces)) return;
  CompareTraces(traces[0], traces[1], o, &det);
  if (!det.error.empty()) return;
  std::set<std::string> agreed;
  for (const auto& ob : det.observations)
    if (ob.ok) agreed.insert(ob.name);
  size_t explained = 0;
  for (auto& d : r->divergences)
    if (d.id == DivergenceId(DivergenceKind::kBehavior) && agreed.count(d.observation)) {
      d.random_draws = true;
      ++explained;
    }
  if (explained > 0)
    r->notes.push_back(fmt::format(
        "{} of {} divergences disappear when both versions draw the same random numbers (the versions were run again "
        "with --deterministic-random){}",
        explained, r->divergences.size(), det.divergences.empty() ? "; there they are equivalent" : ""));
}

// The versions diverged: runs the old version once more and compares again with that
// run as the old side's second run; what varies between runs of the old version no
// longer counts as a divergence.
void RerunOld(DiffResult* r, const DiffOptions& o, const std::string traces[2]) {
  TempDir tmp;
  if (tmp.path().empty()) return;
  rt::LaunchOptions lo = SideLaunch(r->old_side, o, o.deterministic_random, tmp.path(), "old_again");
  if (!rt::LaunchScript(lo).error.empty()) return;
  std::string old_again = ReadAll(lo.trace_path);
  DiffResult redo;
  redo.old_side = r->old_side;
  redo.new_side = r->new_side;
  redo.backend = r->backend;
  CompareTraces(traces[0], traces[1], o, &redo, &old_again);
  if (!redo.error.empty()) return;
  size_t before = r->divergences.size();
  r->observations = std::move(redo.observations);
  r->divergences = std::move(redo.divergences);
  r->tests = std::move(redo.tests);
  r->notes = std::move(redo.notes);
  if (r->divergences.size() < before)
    r->notes.push_back(fmt::format("{} of {} divergences vary between two runs of the old version (--rerun-old)",
                                   before - r->divergences.size(), before));
}

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
  // The static analysis (input check, then the explanation's findings) runs while the
  // sides run; input it rejects cancels them.
  Analysis analysis;
  std::string traces[2];
  if (!RunSides(&r, o, o.deterministic_random, tmp.path(), [&] { return CheckInputs(&r, &analysis); }, traces))
    return r;
  CompareTraces(traces[0], traces[1], o, &r);
  if (!r.error.empty()) return r;
  if (o.rerun_old && !r.divergences.empty()) RerunOld(&r, o, traces);
  Explain(&r, &analysis);
  if (o.random_rerun && !o.deterministic_random) ExplainRandomDraws(&r, o);
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
  if (j.contains("verdict") && j["verdict"].is_string()) e.verdict = j["verdict"].get<std::string>();
  if (e.verdict != "equivalent" && e.verdict != "divergent" && e.verdict != "nothing-compared") {
    *error = p.string() + ": \"verdict\" must be \"equivalent\", \"divergent\" or \"nothing-compared\"";
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
  if (j.contains("random")) {
    if (!j["random"].is_boolean()) *error = p.string() + ": \"random\" must be true or false";
    else e.random = j["random"].get<bool>();
  }
  if (!error->empty()) return std::nullopt;
  return e;
}

// Does the outcome meet the expectation? Sets `why` when not.
bool Meets(const DiffResult& r, const PairExpectation& e, std::string* why) {
  if (!r.error.empty()) {
    *why = "no verdict: " + r.error;
    return false;
  }
  std::string got = Verdict(r);
  if (got != e.verdict) {
    *why = fmt::format("expected {}, got {}", e.verdict, got);
    if (!r.divergences.empty()) *why += " (" + r.divergences[0].id + ": " + r.divergences[0].title + ")";
    return false;
  }
  if (got != "divergent") return true;
  if (e.random && std::none_of(r.divergences.begin(), r.divergences.end(),
                               [](const Divergence& d) { return d.random_draws; })) {
    *why = "expected a divergence explained as random numbers drawn differently, got none";
    return false;
  }
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

bool DiffPairs(const std::string& root, const DiffOptions& o, std::vector<PairResult>* out, std::string* error,
               const PairProgress& progress) {
  std::vector<fs::path> dirs;
  std::error_code ec;
  if (IsPairDirectory(root)) {
    dirs.push_back(root);
  } else {
    for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
      std::error_code dir_ec;
      if (it->is_directory(dir_ec) && IsPairDirectory(it->path().string())) dirs.push_back(it->path());
    }
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
  for (size_t k = 0; k < dirs.size(); ++k) {
    const fs::path& d = dirs[k];
    if (progress) progress(k, dirs.size(), d.filename().string());
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
      if (!p.passed)
        p.why = !p.result.error.empty()        ? p.result.error
                : p.result.NothingCompared() ? "nothing compared"
                                             : "the versions diverge";
    }
    out->push_back(std::move(p));
  }
  return true;
}

}  // namespace tfm::diff
