# An unseeded dropout inside the model function, its keep probability a placeholder (the
# tutorials' convolutional network): `logits` is one op of the TF1 graph that the training
# run and the evaluation runs all run, each run drawing the op's next numbers (at
# keep_prob 1.0 too). Each tf.function would trace a dropout of its own: the dropout draws
# from one generator, made where TF1 made the op (after the variables, from the graph seed),
# so that every call takes the next mask as every TF1 run did. The batch is of unknown size:
# --deterministic-random draws a block of each run's shape.
import numpy as np
import tensorflow as tf

tf.set_random_seed(0)
X = tf.placeholder(tf.float32, [None, 6])
Y = tf.placeholder(tf.float32, [None, 2])
keep_prob = tf.placeholder(tf.float32)
weights = {
    'h': tf.Variable(tf.random_normal([6, 8])),
    'out': tf.Variable(tf.random_normal([8, 2]))
}
biases = {
    'h': tf.Variable(tf.zeros([8])),
    'out': tf.Variable(tf.zeros([2]))
}


def net(x, weights, biases, dropout):
    h = tf.nn.relu(tf.add(tf.matmul(x, weights['h']), biases['h']))
    h = tf.nn.dropout(h, dropout)
    return tf.add(tf.matmul(h, weights['out']), biases['out'])


logits = net(X, weights, biases, keep_prob)
loss_op = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=Y))
train_op = tf.train.GradientDescentOptimizer(learning_rate=0.05).minimize(loss_op)
correct = tf.equal(tf.argmax(logits, 1), tf.argmax(Y, 1))
accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
init = tf.global_variables_initializer()

rng = np.random.RandomState(0)
bx = rng.rand(5, 6).astype(np.float32)
by = np.eye(2)[rng.randint(0, 2, 5)].astype(np.float32)
with tf.Session() as sess:
    sess.run(init)
    for step in range(3):
        sess.run(train_op, feed_dict={X: bx, Y: by, keep_prob: 0.6})
        loss, acc = sess.run([loss_op, accuracy], feed_dict={X: bx, Y: by, keep_prob: 1.0})
        print(step, loss, acc)
    print("accuracy", sess.run(accuracy, feed_dict={X: bx[:3], Y: by[:3], keep_prob: 1.0}))
