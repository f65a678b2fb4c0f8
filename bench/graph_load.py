#!/usr/bin/env python3
"""Benchmark: loading and checking a 100k-node GraphDef with `tfmigrate check`
versus real TensorFlow's load of the same file (GraphDef.ParseFromString plus
tf.compat.v1.import_graph_def), in the same run on the same machine.

    .venv/bin/python bench/graph_load.py [--nodes 100000] [--build build] [--repeat 3]

The graph is written to a temporary directory (never committed): a TF1-style model
of NODES nodes — placeholders, ref variables with their initializers, and a long
chain of blocks (Const, MatMul, BiasAdd-like AddV2, Relu, Identity) with valid attrs
so TensorFlow imports it. tfmigrate is timed as a whole process (startup, read,
parse, validation, every graph rule, report); TensorFlow in-process (its import of
the `tensorflow` module itself is excluded, which favours TensorFlow).
"""
import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import machine  # bench/machine.py: the processor line every figure is quoted with

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
ROOT = pathlib.Path(__file__).resolve().parent.parent


def build_graph(n_nodes):
    import numpy as np
    import tensorflow as tf
    from tensorflow.core.framework import graph_pb2

    g = graph_pb2.GraphDef()
    g.versions.producer = tf.compat.v1.GraphDef().versions.producer or 2000

    def node(name, op, inputs=(), **attrs):
        nd = g.node.add()
        nd.name = name
        nd.op = op
        nd.input.extend(inputs)
        for k, v in attrs.items():
            nd.attr[k].CopyFrom(v)
        return nd

    f32 = tf.compat.v1.AttrValue(type=tf.float32.as_datatype_enum)
    shape = tf.compat.v1.AttrValue(shape=tf.TensorShape([None, 4]).as_proto())
    node("x", "Placeholder", dtype=f32, shape=shape)
    prev = "x"
    i = 0
    while len(g.node) < n_nodes:
        w = tf.compat.v1.AttrValue(tensor=tf.make_tensor_proto(np.full((4, 4), 0.01, np.float32)))
        b = tf.compat.v1.AttrValue(tensor=tf.make_tensor_proto(np.zeros((4,), np.float32)))
        s = "block_%d" % i if i else "block"
        node(s + "/w", "Const", dtype=f32, value=w)
        node(s + "/b", "Const", dtype=f32, value=b)
        node(s + "/MatMul", "MatMul", [prev, s + "/w"], T=f32,
             transpose_a=tf.compat.v1.AttrValue(b=False), transpose_b=tf.compat.v1.AttrValue(b=False))
        node(s + "/add", "AddV2", [s + "/MatMul", s + "/b"], T=f32)
        node(s + "/Relu", "Relu", [s + "/add"], T=f32)
        node(s + "/out", "Identity", [s + "/Relu"], T=f32)
        prev = s + "/out"
        i += 1
    return g


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nodes", type=int, default=100000)
    ap.add_argument("--build", default=str(ROOT / "build"))
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    print(machine.describe())
    tfm = pathlib.Path(a.build) / "tfmigrate"
    if not tfm.exists():
        sys.exit("build tfmigrate first (scripts/setup.sh)")
    import tensorflow as tf
    from tensorflow.core.framework import graph_pb2

    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "model_100k.pb"
        g = build_graph(a.nodes)
        path.write_bytes(g.SerializeToString())
        size_mb = path.stat().st_size / 1048576

        tf_times = []
        for _ in range(a.repeat):
            t0 = time.perf_counter()
            gd = graph_pb2.GraphDef()
            gd.ParseFromString(path.read_bytes())
            with tf.Graph().as_default():
                tf.compat.v1.import_graph_def(gd, name="")
            tf_times.append(time.perf_counter() - t0)

        def run_tfm(args):
            times, out = [], None
            for _ in range(a.repeat):
                t0 = time.perf_counter()
                r = subprocess.run([str(tfm)] + args + [str(path)], capture_output=True, text=True)
                times.append(time.perf_counter() - t0)
                if r.returncode not in (0, 1):
                    sys.exit("tfmigrate failed: " + r.stderr)
                out = r.stdout
            return times, out

        check_times, check_out = run_tfm(["check", "--isolated", "--no-source", "--format", "concise", "-q"])
        summ_times, _ = run_tfm(["check", "--graph-summary"])

    med = statistics.median
    print("graph: %d nodes, %.1f MB binary GraphDef (TensorFlow %s)" % (len(g.node), size_mb, tf.__version__))
    print("%-58s %8s" % ("", "median s"))
    print("%-58s %8.3f" % ("TensorFlow: GraphDef.ParseFromString + import_graph_def", med(tf_times)))
    print("%-58s %8.3f" % ("tfmigrate check (whole process: load + all graph rules)", med(check_times)))
    print("%-58s %8.3f" % ("tfmigrate check --graph-summary (whole process)", med(summ_times)))
    print("speedup of tfmigrate check over TensorFlow's load: %.1fx" % (med(tf_times) / med(check_times)))
    print("findings: %d" % len([l for l in check_out.splitlines() if " TFM" in l]))


if __name__ == "__main__":
    main()
