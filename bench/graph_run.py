#!/usr/bin/env python3
"""Benchmark: running a frozen TF1 graph with `tfmigrate run GRAPH` (in-process C++
kernels, no Python) versus real TensorFlow on the same file, in the same run.

    .venv/bin/python bench/graph_run.py [--build build] [--repeat 5] [--batch 64] [--saved-model]

The graph is written to a temporary directory (never committed): a frozen MLP as
`convert_variables_to_constants` leaves it — Placeholder x [None, 784], Const weights,
MatMul + BiasAdd + Relu (784 -> 512 -> 512), MatMul + BiasAdd + Softmax (-> 10) — and a
float32 .npy batch. Timed:

- TensorFlow, cold: GraphDef.ParseFromString + import_graph_def + Session + one
  sess.run, in-process (the `import tensorflow` itself is excluded, favouring TF);
- TensorFlow, warm: one more sess.run on the same session;
- tfmigrate, cold: the whole `tfmigrate run model.pb --feed x=@x.npy --fetch probs`
  process (start-up, load, import, .npy read, run, printing the 640 values), with the
  runtime's default OpenMP threads and with OMP_NUM_THREADS=1 (on a loaded 2-core
  machine, starting and spinning OpenMP threads costs more than these small matmuls).

The fetched values of both are compared (max abs difference printed). With
--saved-model the model is instead a trained Keras CNN exported as a TF2 SavedModel
(conv, batch norm, pooling, dense: its computation in the function library, its weights
in the checkpoint), timed as tf.saved_model.load + one call against the whole
`tfmigrate run DIR` process.
"""
import argparse
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

import machine  # bench/machine.py: the processor line every figure is quoted with

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
ROOT = pathlib.Path(__file__).resolve().parent.parent


def build(path):
    import numpy as np
    import tensorflow as tf
    v1 = tf.compat.v1
    rng = np.random.default_rng(7)
    g = tf.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, [None, 784], name="x")
        h = x
        for i, (a, b) in enumerate([(784, 512), (512, 512)]):
            w = tf.constant(rng.normal(0, 0.05, (a, b)).astype(np.float32), name="w%d" % i)
            bias = tf.constant(rng.normal(0, 0.05, (b,)).astype(np.float32), name="b%d" % i)
            h = tf.nn.relu(tf.nn.bias_add(tf.matmul(h, w), bias))
        w = tf.constant(rng.normal(0, 0.05, (512, 10)).astype(np.float32), name="w_out")
        bias = tf.constant(np.zeros(10, np.float32), name="b_out")
        tf.nn.softmax(tf.nn.bias_add(tf.matmul(h, w), bias), name="probs")
    with open(path, "wb") as f:
        f.write(g.as_graph_def().SerializeToString())


def build_saved_model(path):
    """A trained Keras CNN exported as a TF2 SavedModel (functions + checkpoint)."""
    import numpy as np
    import tensorflow as tf
    tf.keras.utils.set_random_seed(1)
    inp = tf.keras.Input([28, 28, 1])
    h = tf.keras.layers.Conv2D(16, 3, activation="relu", padding="same")(inp)
    h = tf.keras.layers.BatchNormalization()(h)
    h = tf.keras.layers.MaxPooling2D()(h)
    h = tf.keras.layers.Conv2D(32, 3, activation="relu", padding="same")(h)
    h = tf.keras.layers.MaxPooling2D()(h)
    h = tf.keras.layers.Flatten()(h)
    h = tf.keras.layers.Dense(64, activation="relu")(h)
    out = tf.keras.layers.Dense(10, activation="softmax")(h)
    model = tf.keras.Model(inp, out)
    model.compile("adam", "sparse_categorical_crossentropy")
    x = np.random.default_rng(3).uniform(0, 1, (64, 28, 28, 1)).astype(np.float32)
    model.fit(x, np.arange(64) % 10, epochs=1, verbose=0)
    model.export(path, verbose=False)
    from tensorflow.core.protobuf import saved_model_pb2
    sm = saved_model_pb2.SavedModel()
    with open(os.path.join(path, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    sig = sm.meta_graphs[0].signature_def["serving_default"]
    (inp_info,), (out_info,) = sig.inputs.values(), sig.outputs.values()
    return inp_info.name.split(":")[0], out_info.name


def saved_model_main(a):
    """--saved-model: TF's tf.saved_model.load + one call against `tfmigrate run DIR`."""
    import numpy as np
    import tensorflow as tf
    tfm = pathlib.Path(a.build) / "tfmigrate"
    with tempfile.TemporaryDirectory() as d:
        sm_dir, npy = os.path.join(d, "cnn"), os.path.join(d, "x.npy")
        in_name, out_name = build_saved_model(sm_dir)
        xv = np.random.default_rng(1).uniform(0, 1, (a.batch, 28, 28, 1)).astype(np.float32)
        np.save(npy, xv)
        tf_cold, tf_warm, ours = [], [], []
        for _ in range(a.repeat):
            t0 = time.perf_counter()
            m = tf.saved_model.load(sm_dir)
            want = m.serve(xv).numpy()
            tf_cold.append(time.perf_counter() - t0)
            t1 = time.perf_counter()
            m.serve(xv)
            tf_warm.append(time.perf_counter() - t1)
            t0 = time.perf_counter()
            p = subprocess.run([str(tfm), "run", sm_dir, "--feed", in_name + "=@" + npy, "--fetch", out_name],
                               capture_output=True, text=True)
            ours.append(time.perf_counter() - t0)
            if p.returncode != 0:
                sys.exit("tfmigrate run failed: " + p.stderr)
        got = np.array([float(v) for v in re.findall(r"[-0-9.e]+", p.stdout.split("]", 1)[1])]).reshape(want.shape)
        print("max |tfmigrate - TensorFlow| = %.3g" % np.max(np.abs(got - want)))
    med = statistics.median
    print("| Keras CNN SavedModel (batch %d) | median s |" % a.batch)
    print("|---|---:|")
    print("| TensorFlow cold: tf.saved_model.load + one call | %.3f |" % med(tf_cold))
    print("| TensorFlow warm: one more call | %.4f |" % med(tf_warm))
    print("| `tfmigrate run DIR` (whole process: load, restore, run) | %.3f |" % med(ours))
    print("TensorFlow cold / tfmigrate run: %.2fx" % (med(tf_cold) / med(ours)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--saved-model", action="store_true",
                    help="a trained Keras CNN exported as a TF2 SavedModel instead of the frozen MLP")
    a = ap.parse_args()
    print(machine.describe())
    print(machine.build(a.build))
    if a.saved_model:
        return saved_model_main(a)
    import numpy as np
    import tensorflow as tf
    v1 = tf.compat.v1
    tfm = pathlib.Path(a.build) / "tfmigrate"
    with tempfile.TemporaryDirectory() as d:
        pb, npy = os.path.join(d, "model.pb"), os.path.join(d, "x.npy")
        build(pb)
        xv = np.random.default_rng(1).uniform(0, 1, (a.batch, 784)).astype(np.float32)
        np.save(npy, xv)
        tf_cold, tf_warm, ours, ours1 = [], [], [], []
        for _ in range(a.repeat):
            t0 = time.perf_counter()
            gd = v1.GraphDef()
            with open(pb, "rb") as f:
                gd.ParseFromString(f.read())
            g = tf.Graph()
            with g.as_default():
                tf.import_graph_def(gd, name="")
            with v1.Session(graph=g) as s:
                want = s.run("probs:0", {"x:0": xv})
                tf_cold.append(time.perf_counter() - t0)
                t1 = time.perf_counter()
                s.run("probs:0", {"x:0": xv})
                tf_warm.append(time.perf_counter() - t1)
            t0 = time.perf_counter()
            p = subprocess.run([str(tfm), "run", pb, "--feed", "x=@" + npy, "--fetch", "probs"],
                               capture_output=True, text=True)
            ours.append(time.perf_counter() - t0)
            if p.returncode != 0:
                sys.exit("tfmigrate run failed: " + p.stderr)
            t0 = time.perf_counter()
            subprocess.run([str(tfm), "run", pb, "--feed", "x=@" + npy, "--fetch", "probs"], capture_output=True,
                           env=dict(os.environ, OMP_NUM_THREADS="1"), check=True)
            ours1.append(time.perf_counter() - t0)
        got = np.array([float(v) for v in re.findall(r"[-0-9.e]+", p.stdout.split("]", 1)[1])]).reshape(want.shape)
        print("max |tfmigrate - TensorFlow| = %.3g" % np.max(np.abs(got - want)))
    med = statistics.median
    print("| | median s |")
    print("|---|---:|")
    print("| TensorFlow cold: parse + import_graph_def + Session + run | %.3f |" % med(tf_cold))
    print("| TensorFlow warm: one more sess.run | %.4f |" % med(tf_warm))
    print("| `tfmigrate run` (whole process) | %.3f |" % med(ours))
    print("| `OMP_NUM_THREADS=1 tfmigrate run` (whole process) | %.3f |" % med(ours1))
    print("TensorFlow cold / tfmigrate run: %.2fx (OMP_NUM_THREADS=1: %.2fx)" %
          (med(tf_cold) / med(ours), med(tf_cold) / med(ours1)))


if __name__ == "__main__":
    main()
