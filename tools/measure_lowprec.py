#!/usr/bin/env python3
"""How far float16 / bfloat16 results move between CPU kernels: the measurement behind
their rows of the tolerance policy (docs/tolerance.md). No golden holds these dtypes, and
TensorFlow's own results here did not change with the thread count or with oneDNN off, so
the stand-in for "another processor's kernel" is float32 accumulation rounded once per
op (what oneDNN's and Eigen's low-precision GEMMs do), against TensorFlow's kernels on a
three-layer ReLU network, for several random inputs.

    .venv/bin/python tools/measure_lowprec.py [BUILD]   # BUILD/tfm_compare gives the policy (default build/)

Prints, per dtype, the largest relative difference on values above 0.25 and the absolute
tolerance the policy's relative one would need; the policy's own atol should be a few
times that.
"""
import os
import re
import subprocess
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def policy(build):
    out = subprocess.run([os.path.join(build, "tfm_compare"), "policy"], capture_output=True, text=True,
                         check=True).stdout
    return {m.group(1): (float(m.group(2)), float(m.group(3)))
            for m in re.finditer(r"^(\w+) rtol (\S+) atol (\S+)$", out, re.M)}


@tf.function(reduce_retracing=True)
def network(x, w):
    h = tf.nn.relu(tf.matmul(x, w))
    h = tf.nn.relu(tf.matmul(h, w))
    return tf.matmul(h, w, transpose_b=True)


def rounded_once(x, w, dtype):
    r = lambda v: tf.cast(tf.cast(v, dtype), tf.float32).numpy()  # noqa: E731
    h = r(np.maximum(r(x @ w), 0))
    h = r(np.maximum(r(h @ w), 0))
    return r(h @ w.T)


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
    tolerances = policy(build)
    for dtype in (tf.float16, tf.bfloat16):
        rtol, atol = tolerances[dtype.name]
        worst_rel, needed_atol = 0.0, 0.0
        for seed in range(6):
            rng = np.random.default_rng(seed)
            x = tf.cast(rng.standard_normal((64, 256)).astype(np.float32), dtype)
            w = tf.cast((rng.standard_normal((256, 256)) / 16).astype(np.float32), dtype)
            a = tf.cast(network(x, w), tf.float64).numpy()
            b = rounded_once(tf.cast(x, tf.float32).numpy(), tf.cast(w, tf.float32).numpy(), dtype).astype(np.float64)
            d, m = np.abs(a - b), np.maximum(np.abs(a), np.abs(b))
            worst_rel = max(worst_rel, float((d[m > 0.25] / m[m > 0.25]).max()))
            needed_atol = max(needed_atol, float((d - rtol * m).max()))
        print("%-9s largest relative difference (|x| > 0.25) %.3g; at rtol %g the atol needed is %.3g "
              "(policy: %g)" % (dtype.name, worst_rel, rtol, needed_atol, atol))
    return 0


if __name__ == "__main__":
    sys.exit(main())
