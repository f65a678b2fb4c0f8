# modes: tf1
# TF1's tf.layers classes (tf-slim builds its layers with them): Conv2D / Dense / pooling /
# Dropout objects whose variables live in their variable scope (reused on a second call),
# apply(); a variable_scope's custom_getter (composed with an inner one) renaming variables as
# tf-slim's layer getter does, with a layer given that scope as `_scope`; add_to_collections;
# PartitionedVariable for isinstance checks.
import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.python.ops import variables as tf_variables

tf.disable_eager_execution()
x = tf.constant(np.arange(2 * 8 * 8 * 3, dtype=np.float32).reshape(2, 8, 8, 3) / 100.)
conv = tf.layers.Conv2D(4, 3, padding="same", kernel_initializer=tf.constant_initializer(0.01), activation=tf.nn.relu)
y = conv.apply(x)
y2 = conv(x)
pool = tf.layers.MaxPooling2D(2, 2)
p = pool(y)
d = tf.layers.Dense(5, kernel_initializer=tf.constant_initializer(0.1), bias_initializer=tf.constant_initializer(0.5))
flat = tf.reshape(p, [2, -1])
z = d(flat)
drop = tf.layers.Dropout(0.5)(z, training=False)
print(conv.kernel.name, conv.bias.name, d.kernel.name, y.op.name, y2.op.name, p.op.name, z.op.name, drop.shape.as_list())
print([v.name for v in tf.global_variables()])

def rename_getter(getter, name, *a, **k):
    return getter(name.replace("kernel", "weights"), *a, **k)
with tf.variable_scope("net", custom_getter=rename_getter) as sc:
    c2 = tf.layers.Conv2D(2, 1, name=sc.name, _scope=sc, kernel_initializer=tf.constant_initializer(0.5))
    o = c2.apply(x)
    with tf.variable_scope("inner"):
        v = tf.get_variable("kernel", [1], initializer=tf.zeros_initializer())
print(c2.kernel.name, o.op.name, v.name)
with tf.Session() as s:
    s.run(tf.global_variables_initializer())
    print(s.run(tf.reduce_sum(y)), s.run(z).round(4).tolist(), s.run(drop).shape)
tf.add_to_collections(["c1", "c2"], y)
print(len(tf.get_collection("c1")), len(tf.get_collection("c2")), isinstance(conv.kernel, tf_variables.PartitionedVariable))


def suffix_getter(getter, name, *a, **k):
    return getter(name + "_x", *a, **k)


with tf.variable_scope("outer", custom_getter=rename_getter):
    with tf.variable_scope("in2", custom_getter=suffix_getter):
        w = tf.get_variable("kernel", [2], initializer=tf.ones_initializer())
print(w.name)
