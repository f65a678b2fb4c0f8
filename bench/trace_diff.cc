// tfm_trace_diff: compares two run traces that already exist (docs/trace-format.md) with
// the comparison `tfmigrate diff` uses (diff::CompareTraces: printed lines, values, named
// observations, final variables, exceptions, trace counts, with tolerances), and prints
// the verdict as `tfmigrate diff --format json` does.
//
//   tfm_trace_diff OLD.jsonl NEW.jsonl [--rtol R] [--atol A] [--old-again OLD2.jsonl]
//
// --old-again: a second trace of the old version; what differs between its two runs
// (timings, temporary paths) is compared only where they agree (diff::CompareTraces).
//
// `tfmigrate diff` launches both sides itself, on one backend; bench/real_programs.py
// needs one reference trace (the original on real TensorFlow) compared with traces from
// other backends and other versions of the program, so it records each trace once with
// `tfmigrate run --trace` and compares them here. Exit codes: 0 equivalent, 1 divergent,
// 2 usage error or a trace that cannot be read, 5 nothing compared (as `tfmigrate diff`).
#include <fstream>
#include <iostream>
#include <sstream>
#include <optional>
#include <string>

#include "diff/diff.h"

namespace {

bool Slurp(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  *out = s.str();
  return true;
}

// An explicit --rtol/--atol overrides the tolerance policy's per-dtype value
// (runtime/trace/tolerance.h), as in `tfmigrate diff`.
bool ParseTolerance(const char* text, std::optional<double>* out) {
  try {
    size_t used = 0;
    double v = std::stod(text, &used);
    if (used != std::string(text).size() || v < 0) return false;
    *out = v;
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace

int main(int argc, char** argv) {
  tfm::diff::DiffOptions o;
  std::string paths[2], again_path;
  int n = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if ((a == "--rtol" || a == "--atol") && i + 1 < argc) {
      if (!ParseTolerance(argv[++i], a == "--rtol" ? &o.rtol : &o.atol)) {
        std::cerr << "tfm_trace_diff: " << a << " needs a non-negative number\n";
        return 2;
      }
    } else if (a == "--old-again" && i + 1 < argc) {
      again_path = argv[++i];
    } else if (n < 2 && !a.empty() && a[0] != '-') {
      paths[n++] = a;
    } else {
      std::cerr << "usage: tfm_trace_diff OLD.jsonl NEW.jsonl [--rtol R] [--atol A] [--old-again OLD2.jsonl]\n";
      return 2;
    }
  }
  if (n != 2) {
    std::cerr << "usage: tfm_trace_diff OLD.jsonl NEW.jsonl [--rtol R] [--atol A] [--old-again OLD2.jsonl]\n";
    return 2;
  }
  std::string traces[2];
  for (int i = 0; i < 2; ++i)
    if (!Slurp(paths[i], &traces[i])) {
      std::cerr << "tfm_trace_diff: cannot read " << paths[i] << "\n";
      return 2;
    }
  tfm::diff::DiffResult r;
  r.old_side.path = paths[0];
  r.new_side.path = paths[1];
  r.backend = "traces";
  std::string again;
  if (!again_path.empty() && !Slurp(again_path, &again)) {
    std::cerr << "tfm_trace_diff: cannot read " << again_path << "\n";
    return 2;
  }
  tfm::diff::CompareTraces(traces[0], traces[1], o, &r, again_path.empty() ? nullptr : &again);
  tfm::diff::EmitJson(r, std::cout);
  return !r.error.empty() ? 2 : r.NothingCompared() ? 5 : r.divergences.empty() ? 0 : 1;
}
