#!/usr/bin/env python3
"""Dual-run proof of `tfmigrate rewrite --level compat` on real TensorFlow.

For every testdata/programs/compat/<name>.py (a TF1 script, synthetic data):
  1. the original runs under TF1 behavior (tools/tf1_shim.py: TF 2.21 with v2
     behavior disabled and `import tensorflow` bound to tf.compat.v1);
  2. `tfmigrate rewrite --level compat --output-dir` rewrites it;
  3. the rewritten file runs under plain TF 2.21 (`python rewritten.py`);
both outputs must agree with the committed golden <name>.out under the tolerance policy
(docs/tolerance.md; tfm_compare next to the tfmigrate given). --update rewrites the
goldens from run 1 (review them before committing).

    .venv/bin/python tools/run_compat_programs.py --tfmigrate build/tfmigrate [--update] [NAME...]

Exit 0 all match, 1 a mismatch or failure, 77 when TensorFlow is missing (skip).
"""
import argparse
import concurrent.futures
import os
import pathlib
import subprocess
import sys
import tempfile

import tolerance

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "testdata" / "programs" / "compat"


def run(cmd, cwd):
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONHASHSEED="0", CUDA_VISIBLE_DEVICES="",
               TF_ENABLE_ONEDNN_OPTS="0", OMP_NUM_THREADS="1")
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def one(prog, tfmigrate, update, cmp):
    name = prog.stem
    golden = prog.with_suffix(".out")
    with tempfile.TemporaryDirectory(prefix="tfm_compat_") as tmp:
        rc, out1, err1 = run([sys.executable, str(ROOT / "tools" / "tf1_shim.py"), str(prog)], tmp)
        if rc != 0:
            return name, False, f"original failed under TF1 behavior (exit {rc}):\n{err1[-2000:]}"
        outdir = pathlib.Path(tmp) / "out"
        rc, _, err = run([tfmigrate, "rewrite", "--level", "compat", "-q", str(prog), "--output-dir", str(outdir)],
                         tmp)
        if rc != 0:
            return name, False, f"tfmigrate rewrite failed (exit {rc}):\n{err}"
        rewritten = outdir / prog.name
        if rewritten.read_text() == prog.read_text():
            return name, False, "the rewrite changed nothing (a TF1 program must need edits)"
        rc, out2, err2 = run([sys.executable, str(rewritten)], tmp)
        if update:
            golden.write_text(out1)
        expected = golden.read_text() if golden.exists() else None
        problems = []
        if expected is None:
            problems.append(f"no golden {golden.name} (run with --update)")
        elif diffs := cmp.text(expected, out1):
            problems.append(f"original (TF1 behavior) output differs from {golden.name}:\n{out1}\n" + "\n".join(diffs))
        if rc != 0:
            problems.append(f"rewritten file failed on TF 2.21 (exit {rc}):\n{err2[-2000:]}\n--- rewritten:\n"
                            f"{rewritten.read_text()}")
        elif expected is not None and (diffs := cmp.text(expected, out2)):
            problems.append(f"rewritten output on TF 2.21 differs from {golden.name}:\n--- got\n{out2}--- expected\n"
                            f"{expected}--- differences\n" + "\n".join(diffs))
        return name, not problems, "\n".join(problems)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tfmigrate", default=str(ROOT / "build" / "tfmigrate"))
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    try:
        import tensorflow  # noqa: F401
    except ImportError:
        print("SKIPPED: this Python has no tensorflow; compat programs not run")
        return 77
    cmp = tolerance.Comparer.next_to(a.tfmigrate)
    progs = sorted(PROGRAMS.glob("*.py"))
    if a.names:
        progs = [p for p in progs if p.stem in a.names]
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for name, ok, why in ex.map(lambda p: one(p, a.tfmigrate, a.update, cmp), progs):
            print(f"{'ok  ' if ok else 'FAIL'} {name}")
            if not ok:
                failed += 1
                print("  " + why.replace("\n", "\n  "))
    print(f"{len(progs) - failed}/{len(progs)} compat programs match on TF 2.21 after rewrite")
    return 1 if failed or not progs else 0


if __name__ == "__main__":
    sys.exit(main())
