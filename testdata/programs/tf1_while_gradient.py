# modes: tf1
# Gradients through tf.while_loop: w.r.t. a placeholder, a captured variable and the
# initial loop value; an optimizer trains through the loop.
import tensorflow as tf

x = tf.placeholder(tf.float32, [])
w = tf.Variable(1.5, name="w")
y0 = tf.Variable(1.0, name="y0")
i, y = tf.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * x + w), [tf.constant(0), y0.value()])
g = tf.gradients(y, [x, w, y0])
loss = tf.square(y - 10.0)
train = tf.train.GradientDescentOptimizer(0.001).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run([y] + g, {x: 2.0}))
    for _ in range(3):
        sess.run(train, {x: 1.5})
    print(sess.run([w, y0, loss], {x: 1.5}))
