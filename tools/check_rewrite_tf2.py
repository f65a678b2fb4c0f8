#!/usr/bin/env python3
"""Behavior of `tfmigrate rewrite --level tf2`: every converted result must run like its
input. For each testdata/rewrite_tf2/CASE/ whose note.txt says the session was converted,
`tfmigrate diff CASE/input.py CASE/expected.py --backend B` must say "equivalent"; with
--compat-programs, every TF1 program of the repository (testdata/programs/compat/,
testdata/programs/, the old sides of testdata/diff/, examples/) is rewritten at the tf2
level too (examples/mnist_softmax_tf1.py and examples/gan_tf1.py must convert, with no
tf.compat.v1 left) and each converted one must be equivalent to its original and a fixed point (a
second `rewrite --level tf2` on it changes nothing; the golden cases' fixed point is
checked by tests/rewrite_tf2_test.cc). Where the rewrite's summary says the result draws
other random numbers (a random op without an op seed), the comparison is the migration
guide's, with the same random numbers on both sides (`diff --deterministic-random`).

    python3 tools/check_rewrite_tf2.py build/tfmigrate --backend bundled|tensorflow [--compat-programs]

Exit 0 when every converted result is equivalent, 1 otherwise; 77 (skipped) for
--backend tensorflow when .venv has no TensorFlow.
"""
import argparse
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


# the rewrite's summary when a random op without an op seed draws other numbers in TF2:
# then the versions are compared as the migration guide compares them, with the same
# random numbers on both sides
OWN_DRAWS = "draws other random numbers"
# the README's examples the tf2 rewrite must convert, with no tf.compat.v1 left (issue 17)
MUST_CONVERT = ("examples/mnist_softmax_tf1.py", "examples/gan_tf1.py")


def diff(tfmigrate, old, new, backend, same_random=False):
    p = subprocess.run([tfmigrate, "diff", str(old), str(new), "--backend", backend] +
                       (["--deterministic-random"] if same_random else []),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT)
    lines = [l for l in p.stdout.splitlines() if l.strip()]
    return p.returncode, lines[-1] if lines else "(no output)", p.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tfmigrate")
    ap.add_argument("--backend", default="bundled")
    ap.add_argument("--compat-programs", action="store_true")
    a = ap.parse_args()
    if a.backend == "tensorflow":
        py = ROOT / ".venv" / "bin" / "python"
        if not py.exists() or subprocess.run([str(py), "-c", "import tensorflow"], stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL).returncode != 0:
            print("SKIPPED: .venv has no tensorflow (scripts/setup.sh); tf2 rewrites not run on real TensorFlow")
            return 77
    pairs = []
    for case in sorted((ROOT / "testdata" / "rewrite_tf2").iterdir()):
        note = (case / "note.txt").read_text()
        if note.startswith("session converted"):
            ext = ".py" if (case / "input.py").exists() else ".ipynb"
            pairs.append((case.name, case / ("input" + ext), case / ("expected" + ext), OWN_DRAWS in note))
    tmp = tempfile.TemporaryDirectory()
    not_fixed = not_converted = 0
    if a.compat_programs:
        # every TF1 program of the repository: the compat programs, the runtime's
        # conformance programs, the old sides of the diff pairs and the examples
        corpus = sorted((ROOT / "testdata" / "programs" / "compat").glob("*.py"))
        corpus += sorted((ROOT / "testdata" / "programs").glob("*.py"))
        corpus += sorted((ROOT / "testdata" / "diff").glob("*/old.py"))
        corpus += sorted((ROOT / "examples").glob("*.py")) + sorted((ROOT / "examples").glob("*.ipynb"))
        corpus += sorted((ROOT / "testdata" / "programs").glob("*.ipynb"))
        for k, src in enumerate(corpus):
            # a runtime conformance program that prints the exact bits of float sums whose
            # order TF2's form changes (tf.gradients' AddN order against GradientTape's) says
            # so in a `# tf2 rewrite: not compared (...)` line: its rewrite is not compared
            marker = next((l for l in src.read_text(errors="replace").splitlines()[:12]
                           if l.startswith("# tf2 rewrite: not compared")), None)
            if marker:
                print("%-52s skipped: %s" % (src.relative_to(ROOT), marker[2:]))
                continue
            out = pathlib.Path(tmp.name) / str(k)
            p = subprocess.run([a.tfmigrate, "rewrite", "--level", "tf2", str(src), "--output-dir", str(out)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            rel = str(src.relative_to(ROOT))
            if rel in MUST_CONVERT and ("session converted" not in p.stdout or
                                        "compat.v1" in (out / src.name).read_text()):
                print("%-52s FAILED: not converted to TF2 without tf.compat.v1" % rel)
                print(p.stdout)
                not_converted += 1
            if "session converted" in p.stdout:
                pairs.append((rel, src, out / src.name, OWN_DRAWS in p.stdout))
                again = subprocess.run([a.tfmigrate, "rewrite", "--level", "tf2", str(out / src.name)],
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
                if again.returncode != 0 or again.stdout.strip():
                    print("%-52s FAILED: a second tf2 rewrite changes the result" % src.relative_to(ROOT))
                    print(again.stdout)
                    not_fixed += 1
    failed = not_fixed + not_converted
    for name, old, new, same_random in pairs:
        rc, last, full = diff(a.tfmigrate, old, new, a.backend, same_random)
        ok = rc == 0 and last.startswith("equivalent")
        if not ok and "is not yet in the bundled runtime" in full and a.backend == "bundled":
            print("%-52s skipped: %s" % (name, last[:100]))
            continue
        print("%-52s %s" % (name, "ok: " + last if ok else "FAILED"))
        if not ok:
            failed += 1
            print(full)
    print("%d converted results, %d not equivalent, %d not a fixed point, %d required examples not converted "
          "(%s backend)" % (len(pairs), failed - not_fixed - not_converted, not_fixed, not_converted, a.backend))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
