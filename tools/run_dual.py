#!/usr/bin/env python3
"""Run a Python program under real TensorFlow twice: with TF1 behavior (the driver
calls tf.compat.v1.disable_v2_behavior() before the script runs) and with TF2
behavior, and compare each output with its golden file under the tolerance policy
(docs/tolerance.md: same text once numbers are masked, numbers within the printed-number
tolerance; through BUILD/tfm_compare, --build, default build/).

    tools/run_dual.py --python .venv/bin/python testdata/programs/hazards/tfm404_accumulating_list.py
    tools/run_dual.py --update ...   # rewrite <script>.tf1.out / <script>.tf2.out
    tools/run_dual.py --mode tf1 ... # print one mode's output

Exit codes: 0 outputs match, 1 mismatch or a run failed, 77 the interpreter has no
tensorflow (CTest treats 77 as SKIP).
"""
import argparse
import difflib
import os
import pathlib
import subprocess
import sys

import tolerance

SKIP = 77

# Executed with `python -c`; argv[1] is the script, argv[2] the mode.
BOOT = r"""
import os, runpy, sys
script, mode = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
import tensorflow as tf
if mode == "tf1":
    tf.compat.v1.disable_v2_behavior()
tf.random.set_seed(0) if mode == "tf2" else tf.compat.v1.set_random_seed(0)
sys.argv = [script]
runpy.run_path(script, run_name="__main__")
"""


def run(python, script, mode):
    env = dict(os.environ)
    env.update(TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="", PYTHONHASHSEED="0",
               TF_ENABLE_ONEDNN_OPTS="0", PYTHONWARNINGS="ignore")
    p = subprocess.run([python, "-c", BOOT, str(script), mode], capture_output=True, text=True, env=env,
                       timeout=600)
    if p.returncode != 0:
        sys.stderr.write(p.stderr[-4000:])
        raise RuntimeError(f"{script.name} [{mode}] exited with {p.returncode}")
    return p.stdout


def has_tensorflow(python):
    if not pathlib.Path(python).exists():
        return False
    p = subprocess.run([python, "-c", "import importlib.util, sys; "
                        "sys.exit(0 if importlib.util.find_spec('tensorflow') else 1)"], capture_output=True)
    return p.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("scripts", nargs="+", type=pathlib.Path)
    ap.add_argument("--python", default=str(pathlib.Path(__file__).resolve().parent.parent / ".venv" / "bin" / "python"))
    ap.add_argument("--mode", choices=["tf1", "tf2"], help="run one mode and print its output")
    ap.add_argument("--update", action="store_true", help="rewrite the golden files")
    ap.add_argument("--build", default=str(pathlib.Path(__file__).resolve().parent.parent / "build"),
                    help="build directory holding tfm_compare")
    args = ap.parse_args()
    if not has_tensorflow(args.python):
        print(f"SKIP: {args.python} has no tensorflow; the dual-run hazard programs need the oracle venv "
              "(scripts/setup.sh)")
        return SKIP
    cmp = tolerance.Comparer(args.build)
    failed = 0
    for script in args.scripts:
        modes = [args.mode] if args.mode else ["tf1", "tf2"]
        outs = {}
        for mode in modes:
            try:
                outs[mode] = run(args.python, script, mode)
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                print(f"FAIL {script.name} [{mode}]: {e}")
                failed += 1
        if args.mode:
            sys.stdout.write(outs.get(args.mode, ""))
            continue
        for mode, out in outs.items():
            golden = script.with_suffix(f".{mode}.out")
            if args.update:
                golden.write_text(out)
                print(f"wrote {golden}")
                continue
            want = golden.read_text() if golden.exists() else None
            differences = cmp.text(want, out) if want is not None else ["no golden"]
            if not differences:
                print(f"ok   {script.name} [{mode}]")
            else:
                failed += 1
                print(f"FAIL {script.name} [{mode}]: output differs from {golden.name}")
                print("\n".join(differences))
                sys.stdout.writelines(difflib.unified_diff((want or "").splitlines(True), out.splitlines(True),
                                                           "golden", "actual"))
        if not args.update and len(outs) == 2 and not cmp.text(outs["tf1"], outs["tf2"]):
            failed += 1
            print(f"FAIL {script.name}: TF1 and TF2 outputs agree; the program does not show the hazard")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
