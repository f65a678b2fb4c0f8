# TF1: a seeded random draw. TF1 derives the op seed from the graph-level seed and the
# op's place in the graph.
import tensorflow as tf

tf.set_random_seed(1)
x = tf.random_normal([3])
with tf.Session() as sess:
    print("x", sess.run(x))
