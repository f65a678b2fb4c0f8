#!/usr/bin/env python3
"""The golden drift checks still catch behavior changes under the tolerance policy
(docs/tolerance.md): a golden value moved beyond its tolerance is reported as drift, one
moved within it is not.

    python3 tests/drift_check_test.py BUILD traces     # tools/gen_goldens.py --check
    python3 tests/drift_check_test.py BUILD graph-run  # tools/gen_graph_run_goldens.py --check

`traces` needs no TensorFlow: the committed golden of a program stands in for the fresh
run (--traces) and a perturbed copy for the golden (--goldens). `graph-run` runs real
TensorFlow (exit 77 when the venv lacks it). The perturbations are sized from the policy
itself (`tfm_compare policy`), so the test follows the numbers when they change.
Exit 0 when every case gives the expected verdict, 1 otherwise.
"""
import copy
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROGRAM = "tf1_gradient_descent"  # fetched float32 values, printed integers and floats, variables
GOLDEN = ROOT / "testdata" / "programs" / "golden" / (PROGRAM + ".tf1.jsonl")
GRAPH_CASE = "dense_pbtxt"


def float32_policy(build):
    out = subprocess.run([str(build / "tfm_compare"), "policy"], capture_output=True, text=True, check=True).stdout
    m = re.search(r"^float32 rtol (\S+) atol (\S+)$", out, re.M)
    return float(m.group(1)), float(m.group(2))


class Moves:
    """Moves a number by a multiple of what the policy allows at it."""

    def __init__(self, build):
        self.rtol, self.atol = float32_policy(build)

    def __call__(self, x, factor):
        return x + factor * (self.atol + self.rtol * abs(x))


def read_trace(path):
    return [json.loads(line) for line in open(path)]


def write_trace(path, records):
    with open(path, "w") as f:
        for r in records:
            f.write(json.dumps(r, sort_keys=True) + "\n")


def trace_cases(move):
    """(name, perturbation of the golden's records, drift expected)."""
    def fetches(records):
        return [r for r in records if r["kind"] == "fetch" and any(v.get("dtype") == "float32" for v in r["values"])]

    def move_all_values(records, factor):
        for r in fetches(records):
            for v in r["values"]:
                if v.get("dtype") == "float32":
                    v["values"] = [move(x, factor) for x in v["values"]]

    def move_one_value(records, factor):
        v = next(v for v in fetches(records)[3]["values"] if v.get("dtype") == "float32")
        v["values"][0] = move(v["values"][0], factor)

    def printed(records):
        # "10 0.023808306": an integer step and a float loss
        return next(r for r in records if r["kind"] == "print" and re.fullmatch(r"10 \S+", r["text"]))

    def move_printed_float(records, factor):
        r = printed(records)
        step, loss = r["text"].split()
        r["text"] = "%s %.9g" % (step, move(float(loss), factor))

    def change_printed_integer(records):
        r = printed(records)
        r["text"] = "11 " + r["text"].split()[1]

    def move_variable(records, factor):
        r = next(r for r in records if r["kind"] == "variables")
        v = next(iter(r["values"].values()))
        v["values"][0] = move(v["values"][0], factor)

    def within(records):
        move_all_values(records, 0.4)
        move_printed_float(records, 0.4)
        move_variable(records, 0.4)

    return [
        ("unchanged", lambda records: None, False),
        ("every float32 value, a printed float and a variable moved within the tolerance", within, False),
        ("one fetched value moved beyond the tolerance", lambda records: move_one_value(records, 3), True),
        ("a printed float moved beyond the tolerance", lambda records: move_printed_float(records, 3), True),
        ("a printed integer changed by one", change_printed_integer, True),
        ("a final variable moved beyond the tolerance", lambda records: move_variable(records, 3), True),
    ]


def check_traces(build):
    move = Moves(build)
    failures = 0
    with tempfile.TemporaryDirectory(prefix="tfm_drift_test_") as tmp:
        fresh = pathlib.Path(tmp, "fresh")
        fresh.mkdir()
        shutil.copy(GOLDEN, fresh / GOLDEN.name)
        for name, perturb, expect_drift in trace_cases(move):
            goldens = pathlib.Path(tmp, "goldens")
            shutil.rmtree(goldens, ignore_errors=True)
            goldens.mkdir()
            records = read_trace(GOLDEN)
            perturb(records)
            write_trace(goldens / GOLDEN.name, records)
            p = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_goldens.py"), "--check", "--build", str(build),
                                "--goldens", str(goldens), "--traces", str(fresh), PROGRAM],
                               capture_output=True, text=True)
            drift = p.returncode == 1 and "drifted" in p.stdout
            ok = drift == expect_drift and p.returncode in (0, 1)
            failures += not ok
            print("%s trace golden, %s: %s" % ("ok  " if ok else "FAIL", name, "drift" if drift else "no drift"))
            if not ok:
                print(p.stdout + p.stderr)
    return failures


def check_graph_run(build):
    py = ROOT / ".venv" / "bin" / "python"
    if not py.exists() or subprocess.run([str(py), "-c", "import tensorflow"], capture_output=True).returncode != 0:
        print("SKIPPED: no .venv with TensorFlow (scripts/setup.sh); graph-run drift check not exercised")
        return None
    move = Moves(build)
    golden = json.loads((ROOT / "testdata" / "graphs" / "run" / (GRAPH_CASE + ".json")).read_text())
    assert golden["expected"][0]["dtype"] == "float32"
    failures = 0
    for name, factor, expect_drift in (("within the tolerance", 0.4, False), ("beyond the tolerance", 3, True)):
        g = copy.deepcopy(golden)
        g["expected"][0]["values"] = [move(x, factor) for x in g["expected"][0]["values"]]
        with tempfile.TemporaryDirectory(prefix="tfm_drift_test_") as tmp:
            pathlib.Path(tmp, GRAPH_CASE + ".json").write_text(json.dumps(g))
            p = subprocess.run([str(py), str(ROOT / "tools" / "gen_graph_run_goldens.py"), "--check", "--build",
                                str(build), "--goldens", tmp, GRAPH_CASE], capture_output=True, text=True, cwd=ROOT)
        drift = p.returncode == 1 and GRAPH_CASE + ": " in p.stdout
        ok = drift == expect_drift and p.returncode in (0, 1)
        failures += not ok
        print("%s graph-run golden, every value of a fetch moved %s: %s" %
              ("ok  " if ok else "FAIL", name, "drift" if drift else "no drift"))
        if not ok:
            print(p.stdout + p.stderr)
    return failures


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("traces", "graph-run"):
        print(__doc__)
        return 2
    build = pathlib.Path(sys.argv[1]).resolve()
    failures = check_traces(build) if sys.argv[2] == "traces" else check_graph_run(build)
    if failures is None:
        return 77
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
