# modes: tf1
# TF1 functional helpers over a static first dimension: tf.scan (initializer, reverse,
# nested elements), tf.foldl / tf.foldr, tf.TensorArray (write/read/stack/unstack/size/
# gather/scatter/concat), tf.case (list with default, exclusive, dict, no default) and
# tf.hessians; gradients through scan and TensorArray.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [4, 2])
feed = {x: np.array([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5], [2.0, 4.0]], np.float32)}
v = tf.Variable([1.0, 2.0, 3.0])

cums = tf.scan(lambda a, e: a + e, x)
cums_init = tf.scan(lambda a, e: a * 0.5 + e[0], x, initializer=tf.constant(1.0))
rev = tf.scan(lambda a, e: a + e, tf.constant([1.0, 2.0, 3.0, 4.0]), reverse=True)
pair = tf.scan(lambda a, e: (a[0] + e[0], a[1] * e[1]), (tf.constant([1.0, 2.0, 3.0]), tf.constant([2.0, 3.0, 4.0])))
fl = tf.foldl(lambda a, e: a * 2.0 + e, tf.constant([1.0, 2.0, 3.0]))
fr = tf.foldr(lambda a, e: a * 2.0 + e, tf.constant([1.0, 2.0, 3.0]))
fl_init = tf.foldl(lambda a, e: a + tf.reduce_sum(e), x, initializer=tf.constant(10.0))
print(cums.shape, cums_init.shape, pair[0].shape)

ta = tf.TensorArray(tf.float32, size=3)
ta = ta.write(0, v * 2.0).write(1, v + 1.0).write(2, tf.square(v))
stacked = ta.stack()
ta2 = tf.TensorArray(tf.float32, size=4).unstack(x)
read1 = ta2.read(1)
gat = ta2.gather([3, 0])
ta3 = tf.TensorArray(tf.float32, size=3).scatter([2, 0, 1], tf.constant([[1.0], [2.0], [3.0]]))
ta4 = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
for i in range(3):
    ta4 = ta4.write(i, tf.constant([i, i * i]))
print(stacked.shape)

p = tf.placeholder(tf.int32, [])
c1 = tf.case([(tf.less(p, 2), lambda: tf.constant(10)), (tf.less(p, 5), lambda: tf.constant(20))],
             default=lambda: tf.constant(30))
c2 = tf.case({tf.equal(p, 1): lambda: tf.constant(1.5), tf.equal(p, 3): lambda: tf.constant(3.5)},
             default=lambda: tf.constant(-1.0), exclusive=True)
c3 = tf.case([(tf.greater(p, 0), lambda: v * 2.0)], default=lambda: v)

y = tf.reduce_sum(v ** 3) + v[0] * v[1]
hs = tf.hessians(y, v)[0]
m = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
hm = tf.hessians(tf.reduce_sum(m * m * m) + m[0, 0] * m[1, 1], m)[0]
gscan = tf.gradients(tf.reduce_sum(tf.scan(lambda a, e: a * e, v)), v)[0]
gta = tf.gradients(tf.reduce_sum(stacked * tf.constant([[1.0], [2.0], [3.0]])), v)[0]
gfold = tf.gradients(tf.foldl(lambda a, e: a * e + 1.0, v), v)[0]

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([cums, cums_init, rev, pair], feed))
    print(sess.run([fl, fr, fl_init], feed))
    print(sess.run([stacked, ta.size(), read1, gat, ta3.stack(), ta4.stack()], feed))
    print(sess.run(ta2.concat(), feed))
    for val in [0, 1, 3, 7]:
        print(sess.run([c1, c2, c3], {p: val}))
    print(sess.run([hs, hm]))
    print(sess.run([gscan, gta, gfold]))
