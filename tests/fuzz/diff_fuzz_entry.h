// The one entry point the diff fuzzers drive: bytes -> two run traces (split at the
// first NUL byte, or the same bytes on both sides; after a second NUL, the old side's
// second run) -> CompareTraces -> every report
// (text, JSON, JUnit, the pair formats) and the verdict. Whatever a trace holds, this
// must return (no exception, no crash). Used by the libFuzzer target (diff_trace_fuzzer.cc,
// built with clang) and by the bounded replay in tests/diff_test.cc that runs in CTest
// with any compiler.
#pragma once

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "diff/diff.h"

namespace tfm::fuzz {

// Returns the number of observations compared.
inline size_t DiffTraceFuzzOne(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  size_t nul = bytes.find('\0');
  std::string old_trace = nul == std::string::npos ? bytes : bytes.substr(0, nul);
  std::string new_trace = nul == std::string::npos ? bytes : bytes.substr(nul + 1);
  // a second NUL: what follows is the old side's second run (--rerun-old's masking)
  std::string old_again;
  size_t nul2 = nul == std::string::npos ? std::string::npos : new_trace.find('\0');
  if (nul2 != std::string::npos) {
    old_again = new_trace.substr(nul2 + 1);
    new_trace.resize(nul2);
  }
  diff::DiffResult r;
  r.old_side.path = "old.py";
  r.new_side.path = "new.py";
  diff::DiffOptions o;
  if (size % 2) o.align = "by-name";
  diff::CompareTraces(old_trace, new_trace, o, &r, nul2 != std::string::npos ? &old_again : nullptr);
  std::ostringstream out;
  diff::EmitText(r, out);
  diff::EmitJson(r, out);
  diff::EmitJunit({&r}, {"new.py"}, out);
  diff::PairResult p;
  p.name = "pair";
  p.result = r;
  diff::EmitPairsText({p}, out);
  diff::EmitPairsJson({p}, out);
  diff::EmitPairsJunit({p}, out);
  (void)diff::Verdict(r);
  return r.observations.size();
}

}  // namespace tfm::fuzz
