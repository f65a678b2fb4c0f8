#!/usr/bin/env python3
"""tfmigrate on real TF1 code: four published projects, against tf_upgrade_v2.

    python3 bench/real_corpus.py [--build build] [--no-peer] [--keep]

The projects are source distributions from PyPI, pinned by version and SHA-256 and
downloaded once into .cache/corpus/ (ignored by git; nothing fetched is committed):
tensor2tensor 1.15.7, tensorpack 0.11, tflearn 0.5.0 and dopamine-rl 2.0.5 (~185k lines
of Python written for TF 1.x). stable-baselines was dropped: it is a fork of a repository
reserved for the project's independent evaluation.

For each project, in one run:
  * check     `tfmigrate check DIR --format concise`: wall time, findings, input errors
  * rewrite   `tfmigrate rewrite --level compat DIR --output-dir OUT`: time, edits, and
              two properties that must hold on code nobody wrote for us: every output file
              that parsed before still parses (Python's own `ast`), and a second rewrite of
              OUT makes zero edits
  * peer      `tf_upgrade_v2 --intree DIR --outtree OUT2` from .venv (whole process)
Prints a Markdown table for docs/benchmarks.md; exit 1 when a property fails.
"""
import argparse
import ast
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
import warnings

import machine  # bench/machine.py: the processor line every figure is quoted with
import pypi_artifacts  # bench/pypi_artifacts.py: pinned, verified downloads

ROOT = pathlib.Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "corpus"
PROJECTS = [
    # (pip requirement, sdist file name, sha256)
    ("tensor2tensor==1.15.7", "tensor2tensor-1.15.7.tar.gz",
     "05cb658513e0e7d30836c776eef68a5855a6377dcbbbc9cfc26300e3c9a2fd28"),
    ("tensorpack==0.11", "tensorpack-0.11.tar.gz",
     "022b610e416e62e3575424cd08e60af27808a5fb6914294615391caf582cbd4f"),
    ("tflearn==0.5.0", "tflearn-0.5.0.tar.gz",
     "818aa57667693810415dc203ba3f75f1541e931a8dc30b6e8b21563541a70388"),
    ("dopamine-rl==2.0.5", "dopamine_rl-2.0.5.tar.gz",
     "37d89cb9654710d1b09420c574fcbc5df90c59ab595994896cda1d3333e0ebc3"),
]


def fetch(req, name, sha):
    try:
        return pypi_artifacts.fetch(req, name, sha, CACHE)
    except pypi_artifacts.FetchError as e:
        sys.exit(str(e))


def timed(cmd):
    with tempfile.TemporaryFile() as out:
        t0 = time.perf_counter()
        p = subprocess.run(cmd, stdout=out, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - t0
        out.seek(0)
        p.stdout = out.read().decode("utf-8", "replace")
    p.stderr = p.stderr.decode("utf-8", "replace")
    return elapsed, p


def parses(path):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(path.read_bytes())
        return True
    except (SyntaxError, ValueError):
        return False


def python_files(d):
    return sorted(p for p in d.rglob("*.py") if p.is_file())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--no-peer", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the rewritten trees in .cache/corpus/out")
    a = ap.parse_args()
    print(machine.describe())
    tfm = str((ROOT / a.build / "tfmigrate").resolve())
    peer = ROOT / ".venv" / "bin" / "tf_upgrade_v2"
    use_peer = not a.no_peer and peer.exists()
    if not a.no_peer and not use_peer:
        print("note: .venv has no tf_upgrade_v2 (scripts/setup.sh); peer columns left empty")
    work = pathlib.Path(tempfile.mkdtemp(prefix="tfm-corpus-"))
    rows, failures = [], []
    totals = {"lines": 0, "check": 0.0, "rewrite": 0.0, "peer": 0.0}
    for req, name, sha in PROJECTS:
        src = fetch(req, name, sha)
        files = python_files(src)
        lines = sum(p.read_bytes().count(b"\n") for p in files)
        t_check, pc = timed([tfm, "check", str(src), "--format", "concise"])
        if pc.returncode not in (0, 1):
            failures.append(f"{name}: check exited {pc.returncode}: {pc.stderr.strip()[:300]}")
        findings = sum(1 for l in pc.stdout.splitlines() if re.match(r".+:\d+:\d+: TFM\d{3} ", l))
        input_errors = sum(1 for l in pc.stderr.splitlines() if l.startswith("error:"))
        out1 = work / "rewrite" / src.name
        t_rw, pr = timed([tfm, "rewrite", "--level", "compat", str(src), "--output-dir", str(out1)])
        if pr.returncode not in (0, 1):
            failures.append(f"{name}: rewrite exited {pr.returncode}: {pr.stderr.strip()[:300]}")
        m = re.search(r"(\d+) files? rewritten .*?, (\d+) edits? applied", pr.stderr)
        rewritten, edits = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
        broken = []
        for p in python_files(out1) if out1.exists() else []:
            orig = src / p.relative_to(out1)
            if orig.exists() and parses(orig) and not parses(p):
                broken.append(str(p.relative_to(out1)))
        if broken:
            failures.append(f"{name}: rewritten files no longer parse: {broken[:5]}")
        out2 = work / "again" / src.name
        _, pr2 = timed([tfm, "rewrite", "--level", "compat", str(out1), "--output-dir", str(out2)])
        m2 = re.search(r"files? rewritten .*?, (\d+) edits? applied", pr2.stderr)
        again = int(m2.group(1)) if m2 else -1
        if again != 0:
            failures.append(f"{name}: a second rewrite made {again} edits (not a fixed point)")
        t_peer, peer_changed = None, None
        if use_peer:
            out3 = work / "peer" / src.name
            t_peer, pp = timed([str(peer), "--intree", str(src), "--outtree", str(out3),
                                "--reportfile", str(work / f"{src.name}.report.txt")])
            if pp.returncode != 0:
                failures.append(f"{name}: tf_upgrade_v2 exited {pp.returncode}")
            peer_changed = 0
            for p in files:
                q = out3 / p.relative_to(src)
                if q.exists() and q.read_bytes() != p.read_bytes():
                    peer_changed += 1
        rows.append((src.name, len(files), lines, t_check, findings, input_errors, t_rw, rewritten, edits, again,
                     len(broken), t_peer, peer_changed))
        totals["lines"] += lines
        totals["check"] += t_check
        totals["rewrite"] += t_rw
        totals["peer"] += t_peer or 0.0
    print("| project | files | lines | check s | findings | input errors | rewrite s | files rewritten | edits "
          "| 2nd-pass edits | broken outputs | tf_upgrade_v2 s | files it changed | tf_upgrade_v2 / rewrite |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (n, f, l, tc, fi, ie, tr, rw, ed, ag, br, tp, pc) in rows:
        ratio = f"{tp / tr:.1f}x" if tp else ""
        tps = f"{tp:.2f}" if tp else ""
        print(f"| {n} | {f} | {l} | {tc:.2f} | {fi} | {ie} | {tr:.2f} | {rw} | {ed} | {ag} | {br} | {tps} | "
              f"{'' if pc is None else pc} | {ratio} |")
    if use_peer:
        print(f"\nall projects: {totals['lines']} lines; check {totals['check']:.2f} s, rewrite "
              f"{totals['rewrite']:.2f} s, tf_upgrade_v2 {totals['peer']:.2f} s = "
              f"{totals['peer'] / totals['rewrite']:.1f}x the rewrite")
    if a.keep:
        dest = CACHE / "out"
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(work, dest)
        print(f"rewritten trees kept in {dest}")
    shutil.rmtree(work, ignore_errors=True)
    for f in failures:
        print("FAILED:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
