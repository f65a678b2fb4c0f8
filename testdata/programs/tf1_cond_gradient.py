# modes: tf1
# Gradients through tf.cond (the If gradient): tf.gradients and an optimizer step whose
# loss branches on a placeholder.
import tensorflow as tf

x = tf.placeholder(tf.float32, [])
w = tf.Variable(2.0, name="w")
b = tf.Variable(0.5, name="b")
y = tf.cond(x > 0, lambda: w * x * x + b, lambda: -w * x)
g = tf.gradients(y, [w, b, x])
train = tf.train.GradientDescentOptimizer(0.1).minimize(y)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(g[:2], {x: 3.0}), sess.run(g[0], {x: -2.0}), sess.run(g[2], {x: 3.0}))
    for v in (1.0, -1.0, 2.0):
        sess.run(train, {x: v})
    print(sess.run([w, b]))
