#!/usr/bin/env python3
"""Regenerates the golden traces of testdata/programs/ from real TensorFlow (the venv).

For every program and every mode in its `# modes:` header, runs
`tfmigrate run --backend tensorflow --mode M PROGRAM --trace golden/NAME.M.jsonl`.
  tools/gen_goldens.py [--build build] [--check [--quick] [--goldens DIR] [--keep DIR | --traces DIR]
                       [--report]] [NAME...]
--check regenerates into a temporary directory and fails (exit 1) when a fresh trace
disagrees with its committed golden (drift), without touching the committed files. The
comparison is the tolerance policy's (docs/tolerance.md), through build/tfm_compare: every
field of every record, numbers (printed ones too) within the policy's tolerances.
--quick checks only the QUICK programs below (CTest's default run; docs/tolerance.md says
why these); --goldens DIR compares with the goldens in DIR
instead of testdata/programs/golden; --keep DIR keeps the fresh traces there; --traces DIR
compares the traces already in DIR (kept earlier, perhaps on another machine) instead of
running TensorFlow; --report prints, per dtype, how close the numbers came to their
tolerance (how the policy's numbers were chosen).
Exit 77 when the venv has no TensorFlow (CTest treats it as skipped)."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import tolerance

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAMS = os.path.join(ROOT, "testdata", "programs")


def source_lines(path):
    """A program's lines; a notebook's are its code cells' lines, in order."""
    if path.endswith(".ipynb"):
        with open(path) as f:
            nb = json.load(f)
        lines = []
        for c in nb.get("cells", []):
            if c.get("cell_type") == "code":
                src = c.get("source", "")
                lines += ("".join(src) if isinstance(src, list) else src).splitlines()
        return lines
    with open(path) as f:
        return f.read().splitlines()


def modes_of(path):
    for line in source_lines(path):
        m = re.match(r"#\s*modes:\s*(.*)", line)
        if m:
            return m.group(1).split()
    return []


def program_name(fn):
    """NAME of a program file NAME.py or NAME.ipynb (None for other files)."""
    for ext in (".py", ".ipynb"):
        if fn.endswith(ext):
            return fn[:-len(ext)]
    return None


# The quick drift set (docs/tolerance.md). First, every program whose TensorFlow results
# depend on the processor or the thread count — the goldens that were not bit-identical
# between the AVX-512 machine they were recorded on and an AVX2 one (oneDNN and Eigen's
# vectorized conv, matmul/einsum, batch norm, RNN, linalg and Keras training): these are
# what the tolerance has to absorb on a new machine. Then a few bit-identical programs
# that cover the other record kinds (exception messages, fetch errors, trace counts,
# session training with printed numbers), as a check that the installed TensorFlow still
# behaves as the pinned one.
QUICK = (
    "tf1_batch_norm", "tf1_cnn", "tf1_conv_variants", "tf1_layers_cnn", "tf1_linalg", "tf1_rnn", "tf1_internal_rnn",
    "tf2_batch_matmul_einsum", "tf2_constants_math", "tf2_conv_tape", "tf2_image_conv", "tf2_linalg",
    "tf2_keras_batchnorm_embedding", "tf2_keras_callbacks", "tf2_keras_cnn", "tf2_keras_compile_options",
    "tf2_keras_dense_function", "tf2_keras_fit_classifier", "tf2_keras_fit_regression",
    "tf2_keras_functional_dataset", "tf2_keras_functional_merge", "tf2_keras_layernorm_utils",
    "tf2_keras_optimizers_more", "tf2_keras_regularizers", "tf2_keras_rnn", "tf2_keras_gru", "tf2_keras_rnn_generic",
    "tf2_keras_sequential_tape",
    "tf2_keras_subclass_losses",
    # bit-identical canaries
    "tensor_equality", "tf1_gradient_descent", "tf1_session_errors", "tf2_errors", "tf2_function_retracing",
)


def programs(names, quick_only=False):
    for fn in sorted(os.listdir(PROGRAMS)):
        name = program_name(fn)
        if name and (not names or name in names) and (not quick_only or name in QUICK):
            yield os.path.join(PROGRAMS, fn)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--goldens", default=os.path.join(PROGRAMS, "golden"))
    ap.add_argument("--keep")
    ap.add_argument("--traces")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    if a.traces and not a.check:
        ap.error("--traces needs --check")
    py = os.environ.get("TFMIGRATE_ORACLE_PYTHON", os.path.join(ROOT, ".venv", "bin", "python"))
    if not a.traces and subprocess.run([py, "-c", "import tensorflow"], capture_output=True).returncode != 0:
        print("gen_goldens: SKIPPED: no TensorFlow in %s" % py)
        return 77
    unknown = sorted(set(QUICK) - {program_name(fn) for fn in os.listdir(PROGRAMS)})
    if a.quick and unknown:
        print("gen_goldens: QUICK names programs that do not exist: %s" % ", ".join(unknown))
        return 1
    tool = os.path.join(a.build, "tfmigrate")
    cmp = tolerance.Comparer(a.build) if a.check else None
    if a.keep:
        os.makedirs(a.keep, exist_ok=True)
    out_dir = (a.traces or a.keep or tempfile.mkdtemp()) if a.check else os.path.join(PROGRAMS, "golden")
    drift = []
    checked = 0
    for prog in programs(a.names, a.quick):
        name = program_name(os.path.basename(prog))
        for mode in modes_of(prog):
            out = os.path.join(out_dir, "%s.%s.jsonl" % (name, mode))
            if not a.traces:
                r = subprocess.run([tool, "run", "--backend", "tensorflow", "--mode", mode, "--timeout", "300",
                                    "--trace", out, prog], capture_output=True, text=True)
                print("%-40s %s exit=%d" % (name, mode, r.returncode), flush=True)
            if not a.check:
                continue
            checked += 1
            committed = os.path.join(a.goldens, os.path.basename(out))
            for path, what in ((committed, "golden"), (out, "trace")):
                if not os.path.exists(path):
                    print("%-40s %s: no %s %s" % (name, mode, what, path))
            if not os.path.exists(committed) or not os.path.exists(out):
                drift.append(os.path.basename(out))
                continue
            diffs = cmp.traces(committed, out, all_fields=True, report=a.report)
            if a.report:
                for u in cmp.reports[-1].values():
                    u["where"] = " (%s.%s)" % (name, mode)
            if diffs:
                drift.append(os.path.basename(out))
                for d in diffs:
                    print("    " + d.replace("\n", "\n    "))
    if a.report:
        print("how close the numbers came to their tolerance (margin 1 = at the tolerance):")
        for dtype, w in sorted(tolerance.worst(cmp.reports).items()):
            print("  %-18s %7d compared, %6d not identical, largest |d| %.3g, largest |d|/|x| %.3g, "
                  "margin %.3g: %s" % (dtype, w["compared"], w["inexact"], w["worst_abs"], w["worst_rel"],
                                       w["worst_margin"], w["worst"]))
    if drift:
        print("gen_goldens: golden traces drifted from real TensorFlow: %s" % ", ".join(drift))
        return 1
    if a.check:
        print("gen_goldens: %d traces agree with their goldens (%s)" % (checked, "quick set" if a.quick else "all"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
