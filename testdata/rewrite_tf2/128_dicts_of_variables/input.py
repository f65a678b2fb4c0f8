# Weights and biases kept in dicts of variables (`weights = {'h1': tf.Variable(...)}`, the
# tutorials' multilayer perceptron): TF2 makes the variables once, eagerly, where the dict
# is, in the same order (so with TF1's names); the graph reads `weights['h1']` in the
# functions, the dicts' values are the variables trained, and a fetched variable (or a
# whole dict) is its value.
import numpy as np
import tensorflow as tf

tf.set_random_seed(1)
X = tf.placeholder("float", [None, 3])
Y = tf.placeholder("float", [None, 2])
weights = {
    'h1': tf.Variable(tf.random_normal([3, 4])),
    'out': tf.Variable(tf.random_normal([4, 2]))
}
biases = {
    'b1': tf.Variable(tf.random_normal([4])),
    'out': tf.Variable(tf.random_normal([2]))
}


def net(x):
    layer_1 = tf.add(tf.matmul(x, weights['h1']), biases['b1'])
    return tf.matmul(layer_1, weights['out']) + biases['out']


logits = net(X)
loss_op = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=Y))
train_op = tf.train.GradientDescentOptimizer(learning_rate=0.1).minimize(loss_op)
init = tf.global_variables_initializer()

rng = np.random.RandomState(0)
bx = rng.rand(5, 3).astype(np.float32)
by = np.eye(2)[rng.randint(0, 2, 5)].astype(np.float32)
with tf.Session() as sess:
    sess.run(init)
    for step in range(3):
        sess.run(train_op, feed_dict={X: bx, Y: by})
        print(sess.run(loss_op, feed_dict={X: bx, Y: by}))
    print(sess.run(weights['out']))
    print(sess.run(biases))
