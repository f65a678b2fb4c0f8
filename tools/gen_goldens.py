#!/usr/bin/env python3
"""Regenerates the golden traces of testdata/programs/ from real TensorFlow (the venv).

For every program and every mode in its `# modes:` header, runs
`tfmigrate run --backend tensorflow --mode M PROGRAM --trace golden/NAME.M.jsonl`.
  tools/gen_goldens.py [--build build] [--check] [NAME...]
--check regenerates into a temporary directory and fails (exit 1) when a golden would
change (drift), without touching the committed files. Exit 77 when the venv has no
TensorFlow (CTest treats it as skipped)."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAMS = os.path.join(ROOT, "testdata", "programs")


_NUM = re.compile(r"[-+]?(?:\d+\.\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\d+(?:[eE][-+]?\d+)?)|\bnan\b|\binf\b")


def _normalized(path):
    """A golden's records with floats rounded to 6 significant digits and printed numbers
    masked, so drift means a behavior change, not last-bit differences between CPUs."""
    def norm(v):
        if isinstance(v, float):
            return float("%.6g" % v)
        if isinstance(v, list):
            return [norm(x) for x in v]
        if isinstance(v, dict):
            return {k: norm(x) for k, x in v.items()}
        return v
    out = []
    with open(path) as f:
        for line in f:
            rec = json.loads(line)
            if rec.get("kind") in ("start", "random_op"):  # as runtime/trace/trace_compare.cc
                continue
            if rec.get("kind") != "exception":
                rec.pop("line", None)   # where a value came from: the script's, not TensorFlow's
            if "text" in rec:
                rec["text"] = re.sub(r"\s+", "", _NUM.sub("#", rec["text"]))
            out.append(norm(rec))
    return out


def modes_of(path):
    with open(path) as f:
        for line in f:
            m = re.match(r"#\s*modes:\s*(.*)", line)
            if m:
                return m.group(1).split()
    return []


def programs(names):
    for fn in sorted(os.listdir(PROGRAMS)):
        if fn.endswith(".py") and (not names or fn[:-3] in names):
            yield os.path.join(PROGRAMS, fn)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    py = os.environ.get("TFMIGRATE_ORACLE_PYTHON", os.path.join(ROOT, ".venv", "bin", "python"))
    if subprocess.run([py, "-c", "import tensorflow"], capture_output=True).returncode != 0:
        print("gen_goldens: SKIPPED: no TensorFlow in %s" % py)
        return 77
    tool = os.path.join(a.build, "tfmigrate")
    out_dir = tempfile.mkdtemp() if a.check else os.path.join(PROGRAMS, "golden")
    drift = []
    for prog in programs(a.names):
        name = os.path.basename(prog)[:-3]
        for mode in modes_of(prog):
            out = os.path.join(out_dir, "%s.%s.jsonl" % (name, mode))
            r = subprocess.run([tool, "run", "--backend", "tensorflow", "--mode", mode, "--timeout", "300",
                                "--trace", out, prog], capture_output=True, text=True)
            print("%-40s %s exit=%d" % (name, mode, r.returncode))
            if a.check:
                committed = os.path.join(PROGRAMS, "golden", os.path.basename(out))
                if not os.path.exists(committed) or _normalized(committed) != _normalized(out):
                    drift.append(os.path.basename(out))
    if drift:
        print("gen_goldens: golden traces drifted from real TensorFlow: %s" % ", ".join(drift))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
