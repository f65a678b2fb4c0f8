# modes: tf1
# tf.boolean_mask (fed and computed masks), tf.nn.top_k (ties: lower index first), tf.where with
# one argument, tf.norm (euclidean, per axis, ord=1) and their gradients in a graph.
import numpy as np
import tensorflow as tf
x = tf.Variable(np.array([[3.0, 1.0, 4.0, 1.5], [5.0, 9.0, 2.0, 6.0], [5.0, 3.0, 5.0, 8.0]], np.float32))
m = tf.placeholder(tf.bool, [3])
bm = tf.boolean_mask(x, m)
bm2 = tf.boolean_mask(x, x > 3.5)
vals, idx = tf.nn.top_k(x, k=2)
w = tf.where(x > 4.0)
n1, n2, n3 = tf.norm(x), tf.norm(x, axis=1), tf.norm(x, ord=1, axis=0, keepdims=True)
loss = tf.reduce_sum(vals * vals) + tf.reduce_sum(bm2) + n1 + tf.reduce_sum(tf.boolean_mask(x, m) * 2.0)
g = tf.gradients(loss, x)[0]
print(bm.shape, bm2.shape, vals.shape, w.shape)
with tf.Session() as s:
    s.run(tf.global_variables_initializer())
    f = {m: [True, False, True]}
    print(s.run([bm, bm2, vals, idx, w], f))
    print(s.run([n1, n2, n3]))
    print(s.run(g, f))
