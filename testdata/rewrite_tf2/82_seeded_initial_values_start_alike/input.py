# Variables whose initial values are drawn with one op seed (tensorflow/models'
# convolutional.py: every weight with seed=SEED). TF1 made an op per variable, each
# starting the seed's stream, so the weights start with the same numbers; TF2's eager ops
# with that seed would continue the stream, one draw after the other. Keras initializers
# with the seed draw the same numbers on every call, as TF1's ops did. A draw whose seed no
# other shares starts its stream in TF2 too and stays as written.
import tensorflow as tf

SEED = 66478
w1 = tf.Variable(tf.truncated_normal([2, 3],  # the first layer
                                     stddev=0.1, seed=SEED))
w2 = tf.Variable(tf.truncated_normal([3, 3], stddev=0.1, seed=SEED, dtype=tf.float32))
b = tf.Variable(tf.random_uniform([3], seed=SEED))
scale = tf.Variable(tf.random_normal([3], mean=1.0, seed=5))
x = tf.placeholder(tf.float32, shape=[1, 2])
y = tf.matmul(tf.matmul(x, w1), w2) + b * scale

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(w1)[0])
    print(sess.run(w2)[0])
    print(sess.run(y, feed_dict={x: [[1.0, 2.0]]}))
