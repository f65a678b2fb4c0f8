# modes: tf1
# compare: shapes-only
# get_variable initializers (zeros/ones/constant/random_normal/truncated_normal/glorot_uniform),
# shapes and ranges; dropout keeps the shape and scales kept values.
import numpy as np
import tensorflow as tf

tf.set_random_seed(0)

with tf.variable_scope("init"):
    z = tf.get_variable("z", [2, 2], initializer=tf.zeros_initializer())
    o = tf.get_variable("o", [3], initializer=tf.ones_initializer())
    c = tf.get_variable("c", [2], initializer=tf.constant_initializer([4.0, 5.0]))
    n = tf.get_variable("n", [10, 10], initializer=tf.random_normal_initializer(stddev=0.1))
    t = tf.get_variable("t", [100], initializer=tf.truncated_normal_initializer(stddev=1.0))
    g = tf.get_variable("g", [6, 4], initializer=tf.glorot_uniform_initializer())
    d = tf.get_variable("d", [5, 5])
x = tf.ones([4, 4])
drop = tf.nn.dropout(x, rate=0.5)
print([v.name for v in tf.global_variables()])
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    zv, ov, cv, nv, tv, gv, dv = sess.run([z, o, c, n, t, g, d])
    print(zv, ov, cv)
    print(nv.shape, bool(np.abs(nv).max() < 1.0), bool(np.abs(tv).max() <= 2.0))
    limit = np.sqrt(6.0 / (6 + 4))
    print(gv.shape, bool(np.abs(gv).max() <= limit), bool(np.abs(dv).max() <= np.sqrt(6.0 / 10)))
    dr = sess.run(drop)
    print(dr.shape, sorted(set(np.unique(dr).tolist()) - {0.0}))
