#!/usr/bin/env python3
"""Builds the TF1-style graph files in testdata/graphs/ with real TensorFlow.

Run with the oracle venv:  .venv/bin/python tools/gen_graphs.py [OUT_DIR]
Every graph is built with v2 behavior disabled (graph mode, ref variables, v1 control
flow), except the TF2 tf.function SavedModel (the clean contrast), which a child
process writes with TF2 behavior. Outputs are small (kilobytes) and committed.
"""
import os
import shutil
import subprocess
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
_args = [a for a in sys.argv[1:] if not a.startswith("--")]
OUT = os.path.abspath(_args[0] if _args else os.path.join(os.path.dirname(__file__), "..", "testdata", "graphs"))


def write_tf2_saved_model():
    import tensorflow as tf

    class Scale(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([[2.0], [3.0]], name="w")

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32, name="x")])
        def __call__(self, x):
            return tf.matmul(x, self.w)

    m = Scale()
    path = os.path.join(OUT, "tf2_function")
    shutil.rmtree(path, ignore_errors=True)
    tf.saved_model.save(m, path, signatures=m.__call__.get_concrete_function())

    # A TF2 module with control flow v2 in its function (StatelessIf from a Python `if`
    # on a tensor, While from a `while`), nested calls, a dict output, and variables
    # changed after creation, so only their checkpoint values give TensorFlow's output.
    class Trained(tf.Module):
        def __init__(self):
            super().__init__()
            self.w1 = tf.Variable([[0.5, -0.25, 1.0], [0.75, 0.5, -0.5]], name="w1")
            self.b1 = tf.Variable([0.0, 0.125, -0.125], name="b1")
            self.w2 = tf.Variable([[1.0], [-1.0], [0.5]], name="w2")
            self.steps = tf.Variable(3, dtype=tf.int64, name="steps")

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32, name="x")])
        def __call__(self, x):
            h = tf.nn.relu(tf.matmul(x, self.w1) + self.b1)
            y = tf.matmul(h, self.w2)
            if tf.reduce_sum(y) > 0:
                y = y * 2.0
            else:
                y = y - 1.0
            i = tf.constant(0, tf.int64)
            while i < self.steps:
                y = y + tf.cast(i, tf.float32)
                i += 1
            return {"y": y, "h": h}

    t = Trained()
    t.w1.assign(t.w1 * 1.5)
    t.b1.assign_add([0.1, 0.2, 0.3])
    t.steps.assign(4)
    path = os.path.join(OUT, "tf2_module_trained")
    shutil.rmtree(path, ignore_errors=True)
    tf.saved_model.save(t, path)


def main():
    if "--tf2-child" in sys.argv:
        write_tf2_saved_model()
        return
    import tensorflow as tf
    v1 = tf.compat.v1
    v1.disable_v2_behavior()
    os.makedirs(OUT, exist_ok=True)

    def save_graph(g, name, as_text):
        v1.train.write_graph(g.as_graph_def(), OUT, name, as_text=as_text)

    # 1. Placeholders and dense layers (ref variables: VariableV2 + Assign initializers).
    g = tf.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, [None, 4], name="x")
        y = v1.placeholder(tf.float32, [None, 1], name="y")
        def dense(inp, units, name, activation=None):  # what tf.layers.dense builds
            with v1.variable_scope(name):
                w = v1.get_variable("kernel", [inp.shape[-1], units], initializer=v1.glorot_uniform_initializer())
                b = v1.get_variable("bias", [units], initializer=v1.zeros_initializer())
                z = tf.nn.bias_add(tf.matmul(inp, w), b)
                return activation(z) if activation else z
        h = dense(x, 8, "hidden", tf.nn.relu)
        out = dense(h, 1, "out")
        v1.reduce_mean(v1.square(out - y), name="loss")
    save_graph(g, "dense.pbtxt", True)
    save_graph(g, "dense.pb", False)

    # 2. v1 while_loop and cond (control flow v1: Enter/Exit/Switch/Merge/LoopCond).
    g = tf.Graph()
    with g.as_default():
        n = v1.placeholder(tf.int32, [], name="n")
        i0 = tf.constant(0, name="i0")
        acc0 = tf.constant(1.0, name="acc0")
        _, acc = v1.while_loop(lambda i, a: i < n, lambda i, a: (i + 1, a * 2.0), [i0, acc0], name="loop")
        pred = v1.placeholder(tf.bool, [], name="pred")
        v1.cond(pred, lambda: acc + 1.0, lambda: acc - 1.0, name="branch")
    save_graph(g, "while_cond.pbtxt", True)

    # 3. Ref and resource variables, collections, a saver: a MetaGraphDef (binary and text).
    g = tf.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, [None, 2], name="x")
        w_ref = v1.get_variable("w_ref", [2, 1], initializer=v1.ones_initializer(), use_resource=False)
        w_res = v1.get_variable("w_res", [2, 1], initializer=v1.ones_initializer(), use_resource=True)
        pred = tf.add(tf.matmul(x, w_ref), tf.matmul(x, w_res), name="pred")
        loss = v1.losses.mean_squared_error(tf.zeros_like(pred), pred)
        v1.summary.scalar("loss", loss)
        v1.train.GradientDescentOptimizer(0.1).minimize(loss, name="train")
        v1.train.Saver()
        v1.train.export_meta_graph(os.path.join(OUT, "variables.meta"), graph=g)
        v1.train.export_meta_graph(os.path.join(OUT, "variables_meta.pbtxt"), graph=g, as_text=True)

    # 4. Queue input pipeline: string_input_producer + TextLineReader + shuffle_batch.
    g = tf.Graph()
    with g.as_default():
        files = v1.train.string_input_producer(["data.csv"], name="files")
        _, line = v1.TextLineReader(name="reader").read(files)
        v1.train.shuffle_batch([line], batch_size=4, capacity=16, min_after_dequeue=4, name="batch")
        v1.train.export_meta_graph(os.path.join(OUT, "queue_pipeline.pbtxt"), graph=g, as_text=True)

    # 5. SavedModels written by TF1 code: with and without signatures.
    for name, with_sig in (("saved_model_v1", True), ("saved_model_v1_nosig", False)):
        path = os.path.join(OUT, name)
        shutil.rmtree(path, ignore_errors=True)
        g = tf.Graph()
        with g.as_default(), v1.Session(graph=g) as sess:
            x = v1.placeholder(tf.float32, [None, 2], name="x")
            w = v1.get_variable("w", [2, 1], initializer=v1.ones_initializer(), use_resource=False)
            y = tf.matmul(x, w, name="y")
            sess.run(v1.global_variables_initializer())
            b = v1.saved_model.Builder(path)
            sigs = {}
            if with_sig:
                sigs = {"serving_default": v1.saved_model.predict_signature_def({"x": x}, {"y": y})}
            b.add_meta_graph_and_variables(sess, ["serve"], signature_def_map=sigs)
            b.save()

    # 6. A graph that grows per step: an assign op built inside the training loop
    #    (the TF1 bug TFM707 finds), next to a legitimate chain of 12 layers.
    g = tf.Graph()
    with g.as_default():
        target = v1.Variable(tf.zeros([2]), name="target")
        source = v1.Variable(tf.ones([2]), name="source")
        for _ in range(24):  # for step in range(...): sess.run(tf.assign(target, source))
            v1.assign(target, source)
        h = v1.placeholder(tf.float32, [None, 4], name="h")
        for _ in range(12):
            h = tf.nn.relu(tf.matmul(h, v1.ones([4, 4])))
    save_graph(g, "growth.pbtxt", True)

    # 7. An op TensorFlow 2 no longer registers, spliced into a real graph.
    g = tf.Graph()
    with g.as_default():
        s = v1.placeholder(tf.string, [], name="address")
        tf.identity(s, name="request")
    gd = g.as_graph_def()
    rpc = gd.node.add()
    rpc.name = "rpc"
    rpc.op = "Rpc"
    rpc.input.extend(["address", "request", "request"])
    rpc.attr["protocol"].s = b"grpc"
    v1.train.write_graph(gd, OUT, "removed_op.pbtxt", as_text=True)

    # 8. A trained TF1 model: a few gradient steps from its initial values, then saved
    #    as a SavedModel (ref variables, Builder) and as a Saver checkpoint + meta graph
    #    (resource variables, the Saver restoring renamed keys), so `tfmigrate run`
    #    must restore the checkpoint to compute what TensorFlow computes.
    for name, resource in (("saved_model_trained", False), ("ckpt_trained", True)):
        path = os.path.join(OUT, name)
        shutil.rmtree(path, ignore_errors=True)
        g = tf.Graph()
        with g.as_default(), v1.Session(graph=g) as sess:
            x = v1.placeholder(tf.float32, [None, 2], name="x")
            y = v1.placeholder(tf.float32, [None, 1], name="y")
            k1 = v1.get_variable("hidden/kernel", initializer=tf.constant([[0.5, -0.25, 1.0], [0.75, 0.5, -0.5]]),
                                 use_resource=resource)
            b1 = v1.get_variable("hidden/bias", initializer=tf.constant([0.0, 0.125, -0.125]), use_resource=resource)
            k2 = v1.get_variable("out/kernel", initializer=tf.constant([[1.0], [-1.0], [0.5]]), use_resource=resource)
            step = v1.train.get_or_create_global_step()
            h = tf.nn.relu(tf.matmul(x, k1) + b1, name="hidden/relu")
            pred = tf.identity(tf.matmul(h, k2), name="pred")
            loss = tf.reduce_mean(tf.square(pred - y), name="loss")
            train = v1.train.GradientDescentOptimizer(0.05).minimize(loss, global_step=step, name="train")
            sess.run(v1.global_variables_initializer())
            data_x = [[1.0, 2.0], [-1.0, 0.5], [0.25, -2.0], [2.0, 1.0]]
            data_y = [[1.0], [0.0], [-1.0], [2.0]]
            for _ in range(5):
                sess.run(train, {x: data_x, y: data_y})
            if name == "saved_model_trained":
                b = v1.saved_model.Builder(path)
                b.add_meta_graph_and_variables(
                    sess, ["serve"],
                    signature_def_map={"serving_default": v1.saved_model.predict_signature_def({"x": x}, {"y": pred})})
                b.save()
            else:
                os.makedirs(path)
                saver = v1.train.Saver({"model/w1": k1, "model/b1": b1, "model/w2": k2, "model/step": step})
                saver.save(sess, os.path.join(path, "model.ckpt"), write_state=False)

    # 9. The clean contrast: a TF2 tf.function SavedModel (written by a TF2 child process).
    subprocess.run([sys.executable, __file__, "--tf2-child", OUT], check=True)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
