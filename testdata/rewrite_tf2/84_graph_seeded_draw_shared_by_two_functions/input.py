# One unseeded draw two functions run, under a literal graph seed set before it: one
# generator split from the seed (reproducible, as TF1's draws were), each run drawing its next
# numbers, as from TF1's one op.
import tensorflow as tf

tf.set_random_seed(5)
noise = tf.random_normal([3])
x = tf.placeholder(tf.float32, [3])
y = x + noise
z = x * noise
with tf.Session() as sess:
    for i in range(2):
        print(sess.run(y, {x: [1.0, 2.0, 3.0]}))
        print(sess.run(z, {x: [1.0, 2.0, 3.0]}))
