# A helper that makes a layer's variables each time the graph-building code calls it: a
# tf.Module whose variables are made once, when its object is made (one per call, in the
# same order), and whose call computes the rest; the optimizer updates the objects'
# trainable variables.
import numpy as np
import tensorflow as tf


def add_layer(inputs, in_size, out_size, seed, activation_function=None):
    """A dense layer: inputs @ W + b."""
    # weights drawn from a normal distribution
    Weights = tf.Variable(tf.random_normal([in_size, out_size], stddev=0.5, seed=seed))
    biases = tf.Variable(tf.zeros([1, out_size]) + 0.1)
    Wx_plus_b = tf.matmul(inputs, Weights) + biases
    if activation_function is None:
        outputs = Wx_plus_b
    else:
        outputs = activation_function(Wx_plus_b)
    return outputs / float(out_size)


x_data = np.linspace(-1, 1, 20, dtype=np.float32)[:, np.newaxis]
y_data = np.square(x_data) - 0.5

xs = tf.placeholder(tf.float32, [None, 1])
ys = tf.placeholder(tf.float32, [None, 1])
l1 = add_layer(xs, 1, 8, 1, activation_function=tf.nn.relu)
prediction = add_layer(l1, 8, 1, seed=2)
loss = tf.reduce_mean(tf.reduce_sum(tf.square(ys - prediction), reduction_indices=[1]))
train_step = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(30):
        sess.run(train_step, feed_dict={xs: x_data, ys: y_data})
        if i % 10 == 0:
            print(i, sess.run(loss, feed_dict={xs: x_data, ys: y_data}))
    print("hidden", sess.run(l1, feed_dict={xs: x_data[:3]}))
