# modes: tf1
# nn ops and losses with fixed inputs; a two-layer net from get_variable; training.
# (tf.layers.dense has its own program: tf1_layers_dense.py.)
import numpy as np
import tensorflow as tf

logits = tf.constant([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]])
labels = tf.constant([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
sparse = tf.constant([0, 1])
xent = tf.nn.softmax_cross_entropy_with_logits_v2(labels=labels, logits=logits)
sxent = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=sparse, logits=logits)
sig = tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant([1.0, 0.0]), logits=tf.constant([0.3, -1.2]))
mse = tf.losses.mean_squared_error(tf.constant([1.0, 2.0]), tf.constant([1.5, 1.0]))
l2 = tf.nn.l2_loss(tf.constant([1.0, 2.0, 3.0]))
x = tf.placeholder(tf.float32, [None, 2])
with tf.variable_scope("h"):
    k1 = tf.get_variable("kernel", [2, 3], initializer=tf.constant_initializer(0.5))
    b1 = tf.get_variable("bias", [3], initializer=tf.zeros_initializer())
    h = tf.nn.relu(tf.matmul(x, k1) + b1)
with tf.variable_scope("out"):
    k2 = tf.get_variable("kernel", [3, 1], initializer=tf.constant_initializer(-0.25))
    out = tf.matmul(h, k2)
loss = tf.reduce_mean(tf.square(out - 1.0))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
print([v.name for v in tf.trainable_variables()])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([xent, sxent, sig, mse, l2]))
    data = np.array([[1.0, 2.0], [0.5, -1.0]], dtype=np.float32)
    for i in range(3):
        print(sess.run([train, loss], {x: data})[1])
