#!/usr/bin/env python3
"""Generates a large, realistic TF1-style Python tree for benchmarks.

    bench/gen_tree.py OUT_DIR [--lines 500000] [--seed 0]

Files are assembled from templates of code real TF1 projects contain (model builders
with variable scopes, input pipelines, training loops through sessions, helper
classes, utilities without TensorFlow), with varied names and sizes, so both the
parser and every rule see a realistic mix. Deterministic for a given seed.
"""
import argparse
import os
import random

HEADER = '''"""{doc}"""
from __future__ import absolute_import, division, print_function

import os
import numpy as np
import tensorflow as tf

FLAGS = tf.app.flags.FLAGS
'''

MODEL = '''

def {name}(inputs, num_units={units}, is_training=True, scope="{name}"):
    """Builds a {depth}-layer block on `inputs`."""
    with tf.variable_scope(scope, reuse=tf.AUTO_REUSE):
        net = inputs
        for i in range({depth}):
            w = tf.get_variable("w_%d" % i, [net.shape[-1].value, num_units],
                                initializer=tf.truncated_normal_initializer(stddev=0.1))
            b = tf.get_variable("b_%d" % i, [num_units], initializer=tf.zeros_initializer())
            net = tf.nn.relu(tf.matmul(net, w) + b)
            net = tf.nn.dropout(net, keep_prob=0.9 if is_training else 1.0)
            tf.add_to_collection("activations", net)
        logits = tf.layers.dense(net, {classes}, name="logits")
        return logits
'''

LOSS = '''

def {name}_loss(logits, labels, weight_decay={wd}):
    xent = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    loss = tf.reduce_mean(xent, reduction_indices=[0])
    l2 = tf.add_n([tf.nn.l2_loss(v) for v in tf.trainable_variables()])
    tf.summary.scalar("{name}/loss", loss)
    return loss + weight_decay * l2
'''

INPUT = '''

def {name}_input(batch_size={batch}):
    features = np.random.rand({rows}, {dim}).astype(np.float32)
    labels = np.eye({classes})[np.random.randint(0, {classes}, {rows})]
    dataset = tf.data.Dataset.from_tensor_slices((features, labels))
    dataset = dataset.shuffle({rows}).repeat().batch(batch_size)
    iterator = dataset.make_one_shot_iterator()
    return iterator.get_next()
'''

TRAIN = '''

def train_{name}(steps={steps}, learning_rate={lr}):
    tf.reset_default_graph()
    x, y = {name}_input()
    logits = {name}(x)
    loss = {name}_loss(logits, y)
    global_step = tf.train.get_or_create_global_step()
    optimizer = tf.train.{opt}(learning_rate)
    update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        train_op = optimizer.minimize(loss, global_step=global_step)
    merged = tf.summary.merge_all()
    saver = tf.train.Saver(max_to_keep=3)
    config = tf.ConfigProto(allow_soft_placement=True)
    config.gpu_options.allow_growth = True
    with tf.Session(config=config) as sess:
        sess.run(tf.global_variables_initializer())
        writer = tf.summary.FileWriter("/tmp/{name}", sess.graph)
        for step in range(steps):
            _, l, summary = sess.run([train_op, loss, merged])
            if step % 100 == 0:
                writer.add_summary(summary, step)
                tf.logging.info("step %d loss %f", step, l)
        saver.save(sess, "/tmp/{name}/model.ckpt", global_step=global_step)
    return l
'''

CLASS = '''

class {cls}(object):
    """Keeps the graph pieces of one experiment together."""

    def __init__(self, hidden={units}):
        self.hidden = hidden
        self.inputs = tf.placeholder(tf.float32, [None, {dim}], name="inputs")
        self.targets = tf.placeholder(tf.float32, [None, {classes}], name="targets")
        self.keep_prob = tf.placeholder_with_default(1.0, [], name="keep_prob")
        self._build()

    def _build(self):
        h = tf.layers.dense(self.inputs, self.hidden, activation=tf.nn.tanh)
        h = tf.nn.dropout(h, self.keep_prob)
        self.logits = tf.layers.dense(h, {classes})
        self.loss = tf.losses.mean_squared_error(self.targets, self.logits)
        self.train_op = tf.train.AdamOptimizer(1e-3).minimize(self.loss)

    def step(self, sess, xs, ys):
        return sess.run([self.train_op, self.loss],
                        feed_dict={{self.inputs: xs, self.targets: ys, self.keep_prob: 0.8}})

    def predict(self, sess, xs):
        out = sess.run(self.logits, {{self.inputs: xs}})
        return np.argmax(out, axis=1)
'''

UTIL = '''

def {name}_util(values, threshold={thr}):
    """Plain Python helper with no TensorFlow in it."""
    result = []
    total = 0
    for i, v in enumerate(values):
        if v > threshold and i % 2 == 0:
            result.append((i, v * 2))
        elif v < -threshold:
            result.append((i, -v))
        else:
            total += v
    mapping = {{k: v for k, v in result}}
    return sorted(mapping.items(), key=lambda kv: kv[1]), total
'''

OPTS = ["GradientDescentOptimizer", "AdamOptimizer", "MomentumOptimizer", "RMSPropOptimizer", "AdagradOptimizer"]


def make_file(rng, idx):
    parts = [HEADER.format(doc="Experiment %d: generated benchmark input." % idx)]
    for k in range(rng.randint(2, 5)):
        name = "block_%d_%d" % (idx, k)
        params = dict(name=name, units=rng.choice([32, 64, 128, 256]), depth=rng.randint(2, 6),
                      classes=rng.choice([2, 10, 100]), wd=rng.choice(["1e-4", "5e-4"]),
                      batch=rng.choice([16, 32, 64]), rows=rng.choice([256, 1024]), dim=rng.choice([8, 32, 784]),
                      steps=rng.choice([1000, 5000]), lr=rng.choice(["0.1", "0.01", "1e-3"]),
                      opt=rng.choice(OPTS) if True else "", cls="Experiment%d_%d" % (idx, k), thr=rng.randint(1, 9))
        if params["opt"] == "MomentumOptimizer":
            params["opt"] = "GradientDescentOptimizer"
        for tmpl in (MODEL, LOSS, INPUT, TRAIN, CLASS, UTIL):
            if rng.random() < 0.85:
                parts.append(tmpl.format(**params))
    return "".join(parts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--lines", type=int, default=500000)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    total = 0
    idx = 0
    while total < a.lines:
        text = make_file(rng, idx)
        sub = os.path.join(a.out, "pkg%02d" % (idx % 20))
        os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, "exp_%04d.py" % idx), "w") as f:
            f.write(text)
        total += text.count("\n")
        idx += 1
    print("%d files, %d lines in %s" % (idx, total, a.out))


if __name__ == "__main__":
    main()
