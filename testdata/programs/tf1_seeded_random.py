# modes: tf1
# Seeded random ops give TensorFlow's numbers: Philox streams, op seeds from the graph
# seed and a per-graph counter, each execution drawing the next block of the stream.
import tensorflow as tf

tf.set_random_seed(777)
w = tf.Variable(tf.random_normal([3]), name="w")
b = tf.get_variable("b", [2, 2])  # glorot_uniform by default
t = tf.truncated_normal([5], stddev=0.1)
u = tf.random_uniform([4], -1.0, 1.0)
i32 = tf.random_uniform([5], 0, 100, dtype=tf.int32)
d64 = tf.random_normal([3], dtype=tf.float64)
own = tf.random_normal([2], seed=5)
drop = tf.nn.dropout(tf.ones([8]), rate=0.5)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print("w", sess.run(w))
    print("b", sess.run(b))
    for _ in range(2):  # a second run draws new numbers
        print("t", sess.run(t))
        print("u", sess.run(u))
        print("drop", sess.run(drop))
    print("i32", sess.run(i32))
    print("d64", sess.run(d64))
    print("own", sess.run(own))
