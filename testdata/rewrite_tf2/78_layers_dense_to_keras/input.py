# tf.layers.dense stacked into a small regression net: each layer becomes a Keras Dense
# made once (built where TF1 made its variables), the v1 losses a TF2 expression.
import numpy as np
import tensorflow as tf

tf.set_random_seed(7)
features = np.linspace(-2.0, 2.0, 24, dtype=np.float32).reshape(8, 3)
targets = np.sin(features.sum(axis=1, keepdims=True))

inputs = tf.placeholder(tf.float32, [None, 3])
labels = tf.placeholder(tf.float32, [None, 1])
hidden = tf.layers.dense(inputs, 6, tf.nn.tanh, name="hidden")
hidden = tf.layers.dense(hidden, 4, activation=tf.nn.relu,
                         kernel_initializer=tf.truncated_normal_initializer(stddev=0.3),
                         bias_initializer=tf.constant_initializer(0.1))
output = tf.layers.dense(hidden, 1)
loss = tf.losses.mean_squared_error(labels, output)
train = tf.train.GradientDescentOptimizer(0.05).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(30):
        _, value = sess.run([train, loss], {inputs: features, labels: targets})
        if step % 10 == 0:
            print(step, round(float(value), 5))
    print(np.round(sess.run(output, {inputs: features[:2]}), 4))
