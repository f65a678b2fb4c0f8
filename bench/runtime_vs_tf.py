#!/usr/bin/env python3
"""Bundled runtime versus real TensorFlow, in one run, through `tfmigrate run`.

    python3 bench/runtime_vs_tf.py [--build build]

Each script in bench/runtime_scripts/ runs once per backend (`--backend bundled` and
`--backend tensorflow`, the .venv's TF 2.21); the scripts time their own loops and print
`name value`; process wall time is measured here. Prints a Markdown table with ratios.
"""
import argparse
import os
import re
import subprocess
import time

import machine  # bench/machine.py: the processor line every figure is quoted with

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = [  # script, mode, metric printed by the script (None: process wall time), higher is better,
    # environment of the bundled side (the GEMM rows: the same binary with float32 products
    # through Eigen instead of oneDNN, TFMIGRATE_GEMM=eigen, to show why oneDNN is the default)
    ("start.py", "tf2", None, False, {}),
    ("eager.py", "tf2", "eager_us_per_op", False, {}),
    ("sessrun.py", "tf1", "sessrun_us_per_call", False, {}),
    ("matmul.py", "tf2", "matmul_gflops", True, {}),
    ("mlp.py", "tf2", "mlp_steps_per_s", True, {}),
    ("matmul.py", "tf2", "matmul_gflops", True, {"TFMIGRATE_GEMM": "eigen"}),
    ("mlp.py", "tf2", "mlp_steps_per_s", True, {"TFMIGRATE_GEMM": "eigen"}),
]


def run(build, backend, mode, script, env=None):
    cmd = [os.path.join(build, "tfmigrate"), "run", "--mode", mode, "--backend", backend,
           os.path.join(ROOT, "bench", "runtime_scripts", script)]
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       env=dict(os.environ, **(env or {})))
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        raise SystemExit("%s failed on %s: %s" % (script, backend, p.stderr[-1500:]))
    values = dict(re.findall(r"^(\w+) ([0-9.eE+-]+)$", p.stdout, re.M))
    return wall, values


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    a = ap.parse_args()
    print(machine.describe())
    print(machine.build(a.build))
    print("| case | bundled | TensorFlow 2.21 | bundled vs TF |")
    print("|---|---:|---:|---:|")
    for script, mode, metric, higher, env in CASES:
        wb, vb = run(a.build, "bundled", mode, script, env)
        wt, vt = run(a.build, "tensorflow", mode, script)
        if metric is None:
            b, t, unit = wb, wt, "s wall"
        else:
            b, t, unit = float(vb[metric]), float(vt[metric]), metric
        ratio = b / t if higher else t / b
        extra = "".join(", %s=%s" % kv for kv in env.items())
        print("| %s (%s, %s%s) | %.3g | %.3g | %.2fx |" % (script[:-3], mode, unit, extra, b, t, ratio))
    print("\nRatio: how many times better the bundled runtime is (>1 = faster).")


if __name__ == "__main__":
    main()
