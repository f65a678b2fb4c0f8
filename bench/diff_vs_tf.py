#!/usr/bin/env python3
"""`tfmigrate diff` of a small pair on the bundled runtime versus `--backend tensorflow`.

    python3 bench/diff_vs_tf.py [--build build] [--repeat 5] [PAIR_DIR_OR_OLD NEW]

Default pair: examples/lr_decay_tf1.py and examples/lr_decay_tf2.py (a 3-step training
loop; the TF2 port diverges, so both runs also explain the divergence with the analyzer).
Each command is the whole `tfmigrate diff` process (both sides' child processes, trace
comparison, analysis); the median wall time of --repeat runs per backend, in one run,
and the ratio (target: bundled at least 20x faster). The verdicts must agree.
"""
import argparse
import os
import statistics
import subprocess
import time

import machine  # bench/machine.py: the processor line every figure is quoted with

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def one(build, backend, old, new):
    cmd = [os.path.join(build, "tfmigrate"), "diff", "--backend", backend, "--format", "json", old, new]
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t0
    if p.returncode not in (0, 1):
        raise SystemExit("diff failed on %s (exit %d): %s" % (backend, p.returncode, p.stderr[-1500:]))
    return wall, p.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("pair", nargs="*", default=[os.path.join(ROOT, "examples", "lr_decay_tf1.py"),
                                                 os.path.join(ROOT, "examples", "lr_decay_tf2.py")])
    a = ap.parse_args()
    print(machine.describe())
    old, new = a.pair if len(a.pair) == 2 else (os.path.join(a.pair[0], "old.py"), os.path.join(a.pair[0], "new.py"))
    times, codes = {}, {}
    for backend in ("bundled", "tensorflow"):
        one(a.build, backend, old, new)  # warm the page cache
        runs = [one(a.build, backend, old, new) for _ in range(a.repeat)]
        times[backend] = statistics.median(w for w, _ in runs)
        codes[backend] = {c for _, c in runs}
    verdict = {0: "equivalent", 1: "divergent"}
    print("pair: %s vs %s" % (os.path.relpath(old, ROOT), os.path.relpath(new, ROOT)))
    print("| backend | median s (whole `tfmigrate diff`) | verdict |")
    print("|---|---:|---|")
    for b in ("bundled", "tensorflow"):
        print("| %s | %.3f | %s |" % (b, times[b], "/".join(verdict[c] for c in sorted(codes[b]))))
    ratio = times["tensorflow"] / times["bundled"]
    print("\nbundled is %.1fx faster than real TensorFlow (target >= 20x): %s"
          % (ratio, "met" if ratio >= 20 else "MISSED"))
    if codes["bundled"] != codes["tensorflow"]:
        raise SystemExit("the backends disagree on the verdict")


if __name__ == "__main__":
    main()
