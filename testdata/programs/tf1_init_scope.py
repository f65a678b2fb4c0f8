# modes: tf1
# Variables made under tf.control_dependencies: TensorFlow creates them in an init_scope, so
# the surrounding control dependencies reach neither the variable, its initializer nor a
# callable's initial value, nor an optimizer's slots made under the UPDATE_OPS block that
# batch normalization asks for (the initializer then runs without feeds).
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 1])
training = tf.placeholder(tf.bool, None)
y = tf.constant(3.0) * 2
with tf.control_dependencies([y]):
    v = tf.Variable(tf.zeros([2]), name="v")
    w = tf.get_variable("w", [2], initializer=tf.zeros_initializer())
    z = tf.Variable(lambda: tf.ones([2]), name="z")
for var in (v, w, z):
    print(var.name, [c.name for c in var.initializer.control_inputs],
          [c.name for c in var.initial_value.op.control_inputs], [c.name for c in var.op.control_inputs])

h = tf.layers.batch_normalization(x, momentum=0.4, training=training)
out = tf.layers.dense(h, 1, kernel_initializer=tf.constant_initializer(0.5))
loss = tf.reduce_mean(tf.square(out - 1.0))
update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
with tf.control_dependencies(update_ops):
    train = tf.train.AdamOptimizer(0.1).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    data = np.linspace(-1, 1, 8)[:, None].astype(np.float32)
    for _ in range(3):
        sess.run(train, {x: data, training: True})
    print(sess.run(out, {x: data, training: False}).ravel())
