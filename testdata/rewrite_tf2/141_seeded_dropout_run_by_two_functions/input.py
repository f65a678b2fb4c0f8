# A seeded dropout of a placeholder of static shape that the training run and a run of the
# dropped values both run, in turn. TF1 ran one op, every run drawing the next mask of its
# seed's stream; the converted program draws from one tf.random.Generator made from that
# seed where TF1 made the op (under --deterministic-random the stream of TF1's op seeded 3),
# each call of either function taking its next mask.
import numpy as np
import tensorflow as tf

tf.set_random_seed(1)
x = tf.placeholder(tf.float32, [6, 4])
keep = tf.placeholder(tf.float32)
w = tf.Variable(tf.ones([4, 3]))
h = tf.nn.dropout(x, keep, seed=3)
loss = tf.reduce_mean(tf.square(tf.matmul(h, w)))
step = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
xs = np.arange(24, dtype=np.float32).reshape(6, 4) / 24.0
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(3):
        print(sess.run([loss, step], {x: xs, keep: 0.5})[0])
        print(sess.run(h, {x: xs, keep: 0.5}).sum())
    print(sess.run(w))
