#!/usr/bin/env python3
"""`tfmigrate run` on the README's example scripts, in both modes, on both backends.

    tools/check_examples_run.py build/tfmigrate [--backends bundled,tensorflow]

For every examples/*.py and each of --mode tf1 / tf2 the script runs on the bundled
runtime and on the venv's real TensorFlow, each with a trace. The two backends must end
the same way: both complete, or both raise the same exception type (a TF1 script run in
tf2 mode stops at its first TF1-only symbol on both). Scripts that complete must print the
same number of lines; their text and numbers are compared (under the tolerance policy,
docs/tolerance.md, through tfm_compare next to the tfmigrate given) only when the script
draws no random numbers (the two backends' random streams differ by design; `tfmigrate
diff --deterministic-random` is the tool for that). Exit 0 all agree, 1 a disagreement, 77 the venv has no TensorFlow.
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

import tolerance

ROOT = pathlib.Path(__file__).resolve().parent.parent
SKIP = 77
RANDOM = ("random", "initializers", "layers.dense", "glorot", "dropout")


def run(tfm, backend, mode, script, tmp):
    trace = os.path.join(tmp, f"{script.stem}.{mode}.{backend}.jsonl")
    p = subprocess.run([tfm, "run", "--mode", mode, "--backend", backend, "--trace", trace, str(script)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    records = []
    with open(trace, encoding="utf-8") as f:
        for line in f:
            records.append(json.loads(line))
    exc = [r for r in records if r.get("kind") == "exception"]
    prints = [r.get("text", "") for r in records if r.get("kind") == "print"]
    return {"rc": p.returncode, "exception": exc[-1]["type"] if exc else None, "prints": prints,
            "stderr": p.stderr.strip().splitlines()[-1:] if p.stderr.strip() else []}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tfmigrate")
    ap.add_argument("--backends", default="bundled,tensorflow")
    a = ap.parse_args()
    backends = a.backends.split(",")
    venv_python = ROOT / ".venv" / "bin" / "python"
    if "tensorflow" in backends and subprocess.run([str(venv_python), "-c", "import tensorflow"],
                                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
        print("SKIPPED: no .venv with TensorFlow (scripts/setup.sh); examples not run on real TensorFlow")
        return SKIP
    scripts = sorted((ROOT / "examples").glob("*.py"))
    if not scripts:
        print("no examples/*.py")
        return 1
    cmp = tolerance.Comparer.next_to(a.tfmigrate)
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for script in scripts:
            random = any(word in script.read_text(encoding="utf-8") for word in RANDOM)
            for mode in ("tf1", "tf2"):
                res = {b: run(a.tfmigrate, b, mode, script, tmp) for b in backends}
                first = res[backends[0]]
                problems = []
                for b in backends[1:]:
                    r = res[b]
                    if (r["rc"] == 0) != (first["rc"] == 0) or r["exception"] != first["exception"]:
                        problems.append(f"ends differently: {backends[0]} rc {first['rc']} {first['exception']} "
                                        f"{first['stderr']}, {b} rc {r['rc']} {r['exception']} {r['stderr']}")
                    elif first["rc"] == 0 and len(r["prints"]) != len(first["prints"]):
                        problems.append(f"{len(first['prints'])} printed lines on {backends[0]}, {len(r['prints'])} on {b}")
                    elif first["rc"] == 0 and not random and (
                            diffs := cmp.text("\n".join(r["prints"]) + "\n", "\n".join(first["prints"]) + "\n")):
                        problems.append(f"printed output on {b} vs {backends[0]}: " + "\n     ".join(diffs))
                outcome = "completes" if first["rc"] == 0 else f"raises {first['exception']}"
                if any(r["rc"] not in (0, 1) for r in res.values()):
                    problems.append("exit codes " + ", ".join(f"{b} {r['rc']}" for b, r in res.items()))
                status = "FAIL" if problems else "ok  "
                failures += bool(problems)
                print(f"{status} {script.name:24} --mode {mode}: {outcome} on {', '.join(backends)}"
                      + (" (values not compared: random)" if random and first["rc"] == 0 else ""))
                for pr in problems:
                    print("     " + pr)
    print(f"{len(scripts) * 2 - failures} of {len(scripts) * 2} example runs agree")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
