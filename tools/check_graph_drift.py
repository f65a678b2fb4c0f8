#!/usr/bin/env python3
"""Drift check for testdata/graphs/: regenerates every graph with the installed
TensorFlow (tools/gen_graphs.py into a temporary directory) and compares what
`tfmigrate check` reports on each regenerated file with its report on the committed
file (rule, node, op, message). A difference means TensorFlow now writes these
graphs differently and the committed files (and fixtures) need a refresh.

Run with the oracle venv: .venv/bin/python tools/check_graph_drift.py BUILD_DIR
Exit 0 same, 1 drift, 77 when TensorFlow is not importable (CTest skip).
"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
try:
    import tensorflow  # noqa: F401
except Exception as e:  # pragma: no cover
    print("SKIP: TensorFlow is not importable here (%s)" % e)
    sys.exit(77)


def report(path):
    r = subprocess.run([str(BUILD / "tfmigrate"), "check", "--isolated", "--format", "json", str(path)],
                       capture_output=True, text=True)
    if r.returncode == 2:
        return ["input error: " + r.stderr.strip().split(": ", 2)[-1]]
    return sorted((d["code"], (d.get("node") or {}).get("name", ""), (d.get("node") or {}).get("op", ""), d["message"])
                  for d in json.loads(r.stdout))


committed = ROOT / "testdata" / "graphs"
drift = []
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([sys.executable, str(ROOT / "tools" / "gen_graphs.py"), tmp], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    fresh = pathlib.Path(tmp)
    names = sorted(p.relative_to(committed) for p in committed.rglob("*")
                   if p.suffix in (".pb", ".pbtxt", ".meta") and p.name not in ("fingerprint.pb", "keras_metadata.pb"))
    for rel in names:
        new = fresh / rel
        if not new.exists():
            drift.append("%s: not produced any more" % rel)
            continue
        a, b = report(committed / rel), report(new)
        if a != b:
            drift.append("%s: committed %s\n   regenerated %s" % (rel, a, b))
for d in drift:
    print("DRIFT:", d)
print("compared %d graph files with freshly generated ones" % len(names))
sys.exit(1 if drift else 0)
