# Two variables updated by hand from one tf.gradients call, in one run: TF1 read w2 for w1's
# gradient and assigned w2 in no set order (reference variables), so the printed losses
# depended on scheduling; no conversion can be equivalent, and the rewrite says why.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 3])
w1 = tf.Variable(tf.ones([3, 4]) * 0.1)
w2 = tf.Variable(tf.ones([4, 1]) * 0.2)
loss = tf.reduce_sum(tf.square(tf.matmul(tf.nn.relu(tf.matmul(x, w1)), w2) - 1.0))
g1, g2 = tf.gradients(loss, [w1, w2])
new_w1 = w1.assign(w1 - 0.01 * g1)
new_w2 = w2.assign(w2 - 0.01 * g2)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(3):
        value, _, _ = sess.run([loss, new_w1, new_w2], {x: np.ones((2, 3), np.float32)})
        print(step, value)
