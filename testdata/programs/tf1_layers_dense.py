# modes: tf1
# tf.layers.dense in a TF1 graph (TF 1.x's Keras 2 layers; on TF 2.21 through tf_keras):
# variable names under the layer's scope, reuse through variable_scope, activations,
# and a few training steps with fixed initializers.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 3], name="x")
with tf.variable_scope("net"):
    h = tf.layers.dense(x, 4, activation=tf.nn.relu, name="hidden",
                        kernel_initializer=tf.constant_initializer(0.1), bias_initializer=tf.zeros_initializer())
    out = tf.layers.dense(h, 1, name="out", kernel_initializer=tf.ones_initializer())
with tf.variable_scope("net", reuse=True):
    out_again = tf.layers.dense(tf.layers.dense(x, 4, activation=tf.nn.relu, name="hidden"), 1, name="out")
print("vars", [v.name for v in tf.global_variables()])
print("trainable", len(tf.trainable_variables()))
print("shapes", out.shape.as_list(), h.shape.as_list())
y = tf.placeholder(tf.float32, [None, 1])
loss = tf.reduce_mean(tf.square(out - y))
train = tf.train.GradientDescentOptimizer(0.05).minimize(loss)
data = np.array([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]], dtype=np.float32)
target = np.array([[1.0], [0.0]], dtype=np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    a, b = sess.run([out, out_again], feed_dict={x: data})
    print("same", np.allclose(a, b), a.ravel().tolist())
    for step in range(3):
        l = sess.run(loss, feed_dict={x: data, y: target})
        sess.run(train, feed_dict={x: data, y: target})
        print("step", step, "loss", round(float(l), 5))
