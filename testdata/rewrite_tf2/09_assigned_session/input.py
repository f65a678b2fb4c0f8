# The session as a plain assignment, closed at the end: logistic regression on a toy set.
import numpy as np
import tensorflow as tf

features = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.0, 0.0]], dtype=np.float32)
labels = np.array([[1.0], [1.0], [1.0], [0.0]], dtype=np.float32)

x = tf.placeholder(tf.float32, [None, 2], name="x")
t = tf.placeholder(tf.float32, [None, 1], name="t")
w = tf.Variable(tf.zeros([2, 1]), name="w")
b = tf.Variable(0.0, name="b")
logits = tf.matmul(x, w) + b
loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=t, logits=logits))
train_op = tf.train.GradientDescentOptimizer(0.5).minimize(loss)
prob = tf.sigmoid(logits)

sess = tf.Session()
sess.run(tf.global_variables_initializer())
for step in range(30):
    sess.run(train_op, feed_dict={x: features, t: labels})
    if step % 10 == 0:
        print("step", step, "loss", round(float(sess.run(loss, feed_dict={x: features, t: labels})), 5))
print("w", sess.run(w).ravel().round(4).tolist(), "b", round(float(sess.run(b)), 4))
print("p", sess.run(prob, feed_dict={x: features}).ravel().round(3).tolist())
sess.close()
print("done")
