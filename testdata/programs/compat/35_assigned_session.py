# A session made by assignment, run in a training loop and closed: softmax regression.
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(1)
xs = rng.randn(60, 3).astype(np.float32)
ys = np.eye(3, dtype=np.float32)[np.argmax(xs, axis=1)]

x = tf.placeholder(tf.float32, [None, 3])
y = tf.placeholder(tf.float32, [None, 3])
w = tf.Variable(tf.zeros([3, 3]))
b = tf.Variable(tf.zeros([3]))
logits = tf.matmul(x, w) + b
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
train = tf.train.GradientDescentOptimizer(0.5).minimize(loss)
correct = tf.equal(tf.argmax(logits, 1), tf.argmax(y, 1))
accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))

sess = tf.Session()
sess.run(tf.global_variables_initializer())
for step in range(60):
    _, l = sess.run([train, loss], feed_dict={x: xs, y: ys})
    if step % 20 == 0:
        print("step", step, "loss", round(float(l), 4))
print("accuracy", round(float(sess.run(accuracy, feed_dict={x: xs, y: ys})), 3))
print("bias", [round(float(t), 3) for t in sess.run(b)])
sess.close()
print("closed")
