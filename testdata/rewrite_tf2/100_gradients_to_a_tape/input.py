# Gradient descent written by hand: tf.gradients of the loss and assigns of each variable,
# run with the loss. TF2's form computes the loss under a GradientTape and takes the
# gradients from it.
import numpy as np
import tensorflow as tf

xs = np.array([[0.0], [1.0], [2.0], [3.0]], dtype=np.float32)
ys = np.array([[1.0], [3.0], [5.0], [7.0]], dtype=np.float32)
x = tf.placeholder(tf.float32, [None, 1])
y = tf.placeholder(tf.float32, [None, 1])
w = tf.Variable([[0.5]], name="w")
b = tf.Variable([0.0], name="b")
pred = tf.matmul(x, w) + b
loss = tf.reduce_mean(tf.square(pred - y))
grad_w, grad_b = tf.gradients(loss, [w, b])
update_w = tf.assign(w, w - 0.05 * grad_w)
update_b = tf.assign(b, b - 0.05 * grad_b)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(40):
        _, _, l = sess.run([update_w, update_b, loss], feed_dict={x: xs, y: ys})
        if step % 10 == 0:
            print(step, round(float(l), 5))
    print("w", sess.run(w).round(4), "b", sess.run(b).round(4))
