# Unseeded dropouts that several sess.run sites run: tf.layers.dropout with a bool
# placeholder for `training` (a cond: dropout while training, the input otherwise) and
# tf.nn.dropout with a keep_prob placeholder. TF1 ran one op each, every run drawing its next
# mask; each becomes general_dropout drawing from a generator made where TF1 made the op
# (between the two layers' variables), so every call of every function takes the next mask.
# (The batch size is static: with a dynamic one TF1's own masks differ run to run, even
# under --deterministic-random.)
import numpy as np
import tensorflow as tf

tf.set_random_seed(1)
x = tf.placeholder(tf.float32, [6, 4])
y = tf.placeholder(tf.float32, [6, 2])
training = tf.placeholder(tf.bool)
keep_prob = tf.placeholder(tf.float32)
h = tf.layers.dense(x, 8, activation=tf.nn.relu)
h = tf.layers.dropout(h, rate=0.5, training=training)
h2 = tf.layers.dense(h, 8, activation=tf.nn.relu)
h2 = tf.nn.dropout(h2, keep_prob)
logits = tf.layers.dense(h2, 2)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

data = np.linspace(-1, 1, 24, dtype=np.float32).reshape(6, 4)
target = np.eye(2, dtype=np.float32)[[0, 1, 0, 1, 1, 0]]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(4):
        _, l = sess.run([train, loss], {x: data, y: target, training: True, keep_prob: 0.75})
        print(i, round(float(l), 5))
    print("eval", round(float(sess.run(loss, {x: data, y: target, training: False, keep_prob: 1.0})), 5))
