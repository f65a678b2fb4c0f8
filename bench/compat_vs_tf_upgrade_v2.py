#!/usr/bin/env python3
"""Peer comparison: `tfmigrate rewrite --level compat` vs `tf_upgrade_v2` (shipped with
the same TensorFlow), on the same TF1 scripts, in one run. Writes docs/benchmarks.md.

    .venv/bin/python bench/compat_vs_tf_upgrade_v2.py [--tfmigrate build/tfmigrate] [--copies 40]

1. Correctness: each testdata/programs/compat/*.py is rewritten by both tools; each
   output runs under plain TF 2.21 and its stdout is compared with the committed
   golden (the original's output under TF1 behavior).
2. Formatting: lines each tool changed, and how many of those changed only in
   whitespace (formatting touched outside any real edit).
3. Wall time over a large generated tree (the programs copied --copies times):
   `tf_upgrade_v2 --intree` vs `tfmigrate rewrite --output-dir`.
"""
import argparse
import difflib
import os
import pathlib
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import machine  # bench/machine.py: the processor line every figure is quoted with

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "testdata" / "programs" / "compat"
VENV_BIN = pathlib.Path(sys.executable).parent
KEEP_MARK = "<!-- measured by hand below; kept when this script re-writes the section -->"
ENV = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONHASHSEED="0", TF_ENABLE_ONEDNN_OPTS="0", OMP_NUM_THREADS="1")


def sh(cmd, cwd=None, timeout=3600):
    return subprocess.run(cmd, cwd=cwd, env=ENV, capture_output=True, text=True, timeout=timeout)


def formatting(old, new):
    changed = ws_only = 0
    sm = difflib.SequenceMatcher(a=old.splitlines(), b=new.splitlines(), autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            continue
        changed += max(i2 - i1, j2 - j1)
        if tag == "replace" and i2 - i1 == j2 - j1:
            for a, b in zip(old.splitlines()[i1:i2], new.splitlines()[j1:j2]):
                if re.sub(r"\s+", "", a) == re.sub(r"\s+", "", b):
                    ws_only += 1
    return changed, ws_only


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tfmigrate", default=str(ROOT / "build" / "tfmigrate"))
    ap.add_argument("--copies", type=int, default=40)
    a = ap.parse_args()
    print(machine.describe())
    upgrade = str(VENV_BIN / "tf_upgrade_v2")
    import tensorflow as tf  # noqa: F401  (the version goes into the report)

    rows = []
    # match, changed lines, ws-only; "tf_upgrade_v2 + toggle" is tf_upgrade_v2's output with the
    # line the migration guide tells users to add by hand (disable_v2_behavior after the import).
    tools = ("tfmigrate", "tf_upgrade_v2", "tf_upgrade_v2 + toggle")
    totals = {t: [0, 0, 0] for t in tools}
    progs = sorted(PROGRAMS.glob("*.py"))
    with tempfile.TemporaryDirectory(prefix="tfm_bench_") as tmp:
        tmp = pathlib.Path(tmp)
        for prog in progs:
            golden = prog.with_suffix(".out").read_text()
            original = prog.read_text()
            outs = {}
            d = tmp / prog.stem
            d.mkdir()
            r = sh([a.tfmigrate, "rewrite", "--level", "compat", "-q", str(prog), "--output-dir", str(d / "tfm")])
            outs["tfmigrate"] = d / "tfm" / prog.name if r.returncode == 0 else None
            up = d / "upgraded.py"
            r = sh([upgrade, "--infile", str(prog), "--outfile", str(up), "--reportfile", str(d / "report.txt")])
            outs["tf_upgrade_v2"] = up if r.returncode == 0 and up.exists() else None
            outs["tf_upgrade_v2 + toggle"] = None
            if outs["tf_upgrade_v2"] is not None:
                text = up.read_text()
                toggled = re.sub(r"^(import tensorflow as (\w+)[^\n]*)$", r"\1\n\2.compat.v1.disable_v2_behavior()",
                                 text, count=1, flags=re.M)
                (d / "upgraded_toggle.py").write_text(toggled)
                outs["tf_upgrade_v2 + toggle"] = d / "upgraded_toggle.py"
            row = [prog.stem]
            for tool in tools:
                path = outs[tool]
                if path is None:
                    row.append("rewrite failed")
                    continue
                text = path.read_text()
                ch, ws = formatting(original, text)
                totals[tool][1] += ch
                totals[tool][2] += ws
                run = sh([sys.executable, str(path)], cwd=d, timeout=600)
                if run.returncode != 0:
                    last = (run.stderr.strip().splitlines() or ["?"])[-1][:70]
                    row.append(f"fails: `{last}`")
                elif run.stdout != golden:
                    row.append("runs, output differs")
                else:
                    totals[tool][0] += 1
                    row.append("matches")
            rows.append(row)
            print(" | ".join(row), flush=True)

        # Wall time over a large tree.
        tree = tmp / "tree"
        n_files = 0
        for c in range(a.copies):
            sub = tree / f"pkg{c:03d}"
            sub.mkdir(parents=True)
            for prog in progs:
                shutil.copy(prog, sub / prog.name)
                n_files += 1
        def cpu():
            ru = resource.getrusage(resource.RUSAGE_CHILDREN)
            return ru.ru_utime + ru.ru_stime

        c0, t0 = cpu(), time.perf_counter()
        r1 = sh([a.tfmigrate, "rewrite", "--level", "compat", "-q", str(tree), "--output-dir", str(tmp / "tfm_tree")])
        t_tfm, c_tfm = time.perf_counter() - t0, cpu() - c0
        c0, t0 = cpu(), time.perf_counter()
        r2 = sh([upgrade, "--intree", str(tree), "--outtree", str(tmp / "up_tree"), "--reportfile",
                 str(tmp / "up_report.txt")])
        t_up, c_up = time.perf_counter() - t0, cpu() - c0
        print(f"tree: {n_files} files, tfmigrate {t_tfm:.2f}s (exit {r1.returncode}), tf_upgrade_v2 {t_up:.2f}s "
              f"(exit {r2.returncode})")

    n = len(progs)
    md = [
        "## `tfmigrate rewrite --level compat` versus `tf_upgrade_v2`",
        "<!-- AUTOGENERATED by bench/compat_vs_tf_upgrade_v2.py; do not edit. -->",
        f"Command: `.venv/bin/python bench/compat_vs_tf_upgrade_v2.py --copies {a.copies}` "
        f"(TensorFlow {tf.__version__}, whose `tf_upgrade_v2` is the peer).",
        "",
        "### Do the rewritten TF1 programs run on TF 2.21 and print the same?",
        f"The {n} scripts of `testdata/programs/compat/` (sessions, placeholders, variable scopes, optimizers,",
        "datasets, summaries, savers, control flow, metrics, losses, initializers, …). Each tool rewrites the",
        "original; the output runs under plain TF 2.21 and must print exactly the golden output (the original",
        "run under TF1 behavior).",
        "",
        "The third column is `tf_upgrade_v2`'s output plus the one line the migration guide tells users to",
        "add by hand (`tf.compat.v1.disable_v2_behavior()` after the import); tfmigrate adds it itself.",
        "",
        "| program | tfmigrate | tf_upgrade_v2 | tf_upgrade_v2 + toggle by hand |",
        "|---|---|---|---|",
    ]
    md += [f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} |" for r in rows]
    md += [
        f"| **total matching** | **{totals['tfmigrate'][0]}/{n}** | **{totals['tf_upgrade_v2'][0]}/{n}** | "
        f"**{totals['tf_upgrade_v2 + toggle'][0]}/{n}** |",
        "",
        "### Formatting outside the edits",
        "| | tfmigrate | tf_upgrade_v2 |",
        "|---|---|---|",
        f"| lines changed (over all programs) | {totals['tfmigrate'][1]} | {totals['tf_upgrade_v2'][1]} |",
        f"| lines changed only in whitespace | {totals['tfmigrate'][2]} | {totals['tf_upgrade_v2'][2]} |",
        "",
        "tfmigrate edits byte ranges of the original text; every byte outside an edit is kept (tests:",
        "`Rewrite.CompatLevelRewritesAndPreservesEverythingElse`, the notebook test).",
        "",
        "### Wall time on a large tree",
        f"{n_files} files ({a.copies} copies of the programs). The machine has 2 cores shared with other",
        "builds, so wall time is noisy; CPU time (user + system of the process) is the steadier measure.",
        "",
        "| tool | wall seconds | CPU seconds |",
        "|---|---|---|",
        f"| `tfmigrate rewrite --level compat --output-dir` | {t_tfm:.2f} | {c_tfm:.2f} |",
        f"| `tf_upgrade_v2 --intree --outtree` | {t_up:.2f} | {c_up:.2f} |",
        f"| speed-up | {t_up / max(t_tfm, 1e-9):.1f}x | {c_up / max(c_tfm, 1e-9):.1f}x |",
        "",
    ]
    md = [line for line in md if line != ""]
    md.insert(3, f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average "
                 f"{' '.join('%.2f' % x for x in os.getloadavg())} (1, 5, 15 min) at the end of the run.")
    # Replace only this section of docs/benchmarks.md (from its heading to the next `## `),
    # or append it; the other sections belong to other benchmarks.
    doc_path = ROOT / "docs" / "benchmarks.md"
    doc = doc_path.read_text().split("\n") if doc_path.exists() else ["# Benchmarks", ""]
    if doc and doc[-1] == "":
        doc.pop()
    start = next((i for i, line in enumerate(doc) if line == md[0]), None)
    if start is None:
        doc += md
    else:
        end = next((i for i in range(start + 1, len(doc)) if doc[i].startswith("## ")), len(doc))
        # Measurements written by hand below KEEP_MARK (dated subsections) survive a re-run.
        kept = next((i for i in range(start, end) if doc[i] == KEEP_MARK), None)
        doc[start:end] = md + (doc[kept:end] if kept is not None else [])
    doc_path.write_text("\n".join(doc) + "\n")
    print("\n".join(md))
    print("updated the rewrite section of docs/benchmarks.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
