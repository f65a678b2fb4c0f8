#!/usr/bin/env python3
"""Which TF2 functions build another graph than their tf.compat.v1 namesake, even with TF1
behavior? (The compat rewrite spells those through tf.compat.v1: analyzer/checks/api_tables.cc,
kTf1Semantics.)

    .venv/bin/python tools/probe_v1_v2_graphs.py

Walks TensorFlow's top-level API two module levels deep; for every function `tf.X` that is
not the same object as `tf.compat.v1.X`, calls each on one float32 2x2 constant in a fresh
graph after `disable_v2_behavior()` and compares the GraphDefs (node names and op types).
Prints the symbols whose graphs differ. Calls that fail on that argument are skipped: the
probe finds differences of the one-tensor form only; kTf1Semantics' other entries come from
programs (testdata/programs/compat).
"""
import inspect
import logging
import os
import warnings

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
warnings.filterwarnings("ignore")

import tensorflow as tf  # noqa: E402

tf.get_logger().setLevel(logging.FATAL)
tf.compat.v1.disable_v2_behavior()


def pairs(v2, v1, prefix, depth=0):
    for name in dir(v2):
        if name.startswith("_"):
            continue
        a, b = getattr(v2, name, None), getattr(v1, name, None)
        if b is None:
            continue
        if inspect.ismodule(a):
            if depth < 2:
                yield from pairs(a, b, prefix + name + ".", depth + 1)
        elif callable(a) and not inspect.isclass(a) and a is not b:
            yield prefix + name, a, b


def graph_of(f):
    g = tf.Graph()
    with g.as_default():
        x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
        try:
            f(x)
        except Exception:  # noqa: BLE001 - a call the one-tensor form does not fit
            return None
    return [(n.name, n.op) for n in g.as_graph_def().node]


def main():
    found = 0
    for name, v2, v1 in sorted(pairs(tf, tf.compat.v1, ""), key=lambda p: p[0]):
        found += 1
        a, b = graph_of(v2), graph_of(v1)
        if a is not None and b is not None and a != b:
            print(f"{name}: TF2 {len(a)} nodes {[op for _, op in a]}, tf.compat.v1 {len(b)} nodes {[op for _, op in b]}")
    print(f"({found} functions differ from their tf.compat.v1 namesake as objects)")


if __name__ == "__main__":
    main()
