import tensorflow as tf
import re

g = tf.Graph()
with g.as_default():
    x = tf.compat.v1.placeholder(tf.float32, [None, 3], name="input")
    w = tf.Variable(tf.ones([3, 1]), name="w")
    logits = tf.matmul(x, w, name="logits")
    sess = tf.compat.v1.Session(graph=g)

# Variants that fire.
out = g.get_tensor_by_name("logits:0")  # expect: TFM501
op = g.get_operation_by_name("logits")  # expect: TFM501
elem = g.as_graph_element("input:0")  # expect: TFM501
result = sess.run("logits:0", feed_dict={"input:0": [[1.0, 2.0, 3.0]]})  # expect: TFM501
if logits.name == "logits:0":  # expect: TFM501
    pass
tag = logits.op.name  # expect: TFM501
if w.name.startswith("w"):  # expect: TFM501
    pass

outputs = [logits, x]
output_names = [t.name for t in outputs]  # expect: TFM501

# Variants that must not fire.
labels = ["a", "b"]
label_names = [s.upper() for s in labels]  # ok: strings
result = sess.run(logits, feed_dict={x: [[1.0, 2.0, 3.0]]})  # ok: objects, not names
ckpt_names = [v.name for v in [w]]  # ok: variable names are still generated
layer = tf.keras.layers.Dense(3, name="dense")
print(layer.name)  # ok: a layer's given name
label = "epoch:1"  # ok: a string not used as a fetch


from tensorflow.python.ops import variable_scope as vs_internal

with vs_internal.variable_scope(None, "block") as block_scope:
    points = {block_scope.name + "/fc8": 1}  # ok: the scope's own name, the same in TF2


# Objects whose type the code establishes: graph collections and isinstance tests.
def input_by_name(name):
    for e in tf.compat.v1.get_collection("inputs"):
        if e.name == name + "/X:0":  # expect: TFM501
            return e
    for v in g.get_collection(tf.compat.v1.GraphKeys.GLOBAL_VARIABLES):
        var_name, _ = v.name.split(":")  # expect: TFM501
        print(v.name)  # ok: a variable's name printed, not matched
    return None


def op_name(var):
    assert isinstance(var, tf.Variable)
    return var.op.name  # expect: TFM501


def placeholders(data):
    for key in data:
        if isinstance(key, tf.Tensor) and "Placeholder" in key.name:  # expect: TFM501
            pass
        if isinstance(key, str) and key.name:  # ok: not a tensor
            pass
    for runner in tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.QUEUE_RUNNERS):
        print(runner.name == "q")  # ok: queue runners are Python objects


def keyed(ops, names, other):
    by_name = {op.name: op for op in ops}  # expect: TFM501
    picked = [v for v in ops if v.name.split(":")[0] in names]  # expect: TFM501
    kinds = [t.op.type for t in ops]  # expect: TFM501
    files = {f.name: f.size for f in other}  # ok: not the object itself keyed by its name
    parts = other.name.split("-")  # ok: not a tensor name's output index
    return by_name, picked, kinds, files, parts


def metrics_test(metrics):
    counter = tf.compat.v1.get_variable("count", initializer=0)
    tf.compat.v1.summary.scalar("count", counter)
    assert "count_1" in metrics  # expect: TFM501
    assert "count" in metrics  # ok: the tag as given
    assert "epoch_1" in metrics  # ok: no such name given here


def is_training_name(name):
    return name.endswith("/Adam_1") or name.endswith("/Momentum")  # expect: TFM501


# Variable names matched where the type is known from the list the loop walks.
def sparsify(white_list):
    weights = tf.compat.v1.trainable_variables()

    def should_prune(name):
        return any(e in name for e in white_list)

    def describe(name):
        return "weight " + name

    pruned = [w for w in weights if should_prune(w.name)]  # expect: TFM501 (matched in should_prune)
    labels = [describe(w.name) for w in weights]  # ok: the name is only formatted
    decayed = [w for w in weights if re.search("bias|gamma", w.name)]  # expect: TFM501 (a regex on the name)
    return pruned, labels, decayed


class Multistep(tf.compat.v1.train.AdamOptimizer):
    def _create_slots(self, var_list):
        first_var = min(var_list, key=lambda x: x.name)  # expect: TFM501 (ordered by generated names)
        return first_var


layers_by_name = sorted([tf.keras.layers.Dense(2)], key=lambda l: l.name)  # ok: layers, not variables
