# Helpers that share their layers through variable scopes with reuse=AUTO_REUSE (a GAN's
# generator and discriminator): each becomes a Keras layer made once and bound to the
# helper's name, so every call stays as written; its dense layers are named as TF1 named
# them, built (their variables made) in TF1's order, and a scope's trainable collection is
# the layer's variables.
import numpy as np
import tensorflow as tf

tf.set_random_seed(3)
data = np.linspace(-1.0, 1.0, 12, dtype=np.float32).reshape(6, 2)


def encoder(x):
    """Two dense layers in the scope "enc"."""
    with tf.variable_scope("enc", reuse=tf.AUTO_REUSE):
        h = tf.layers.dense(x, 5, activation=tf.nn.relu, name="hidden")
        # the code
        return tf.layers.dense(h, 2)


def critic(x):
    with tf.variable_scope("critic", reuse=tf.AUTO_REUSE):
        h = tf.layers.dense(x, 4, activation=tf.nn.tanh)
        h = h * 0.5
        return tf.reduce_sum(h, axis=1, keepdims=True)


inputs = tf.placeholder(tf.float32, [None, 2])
noise = tf.random_uniform([6, 2], -1.0, 1.0)
code = encoder(inputs)
score_real, score_fake = critic(code), critic(noise)
c_loss = tf.reduce_mean(score_fake) - tf.reduce_mean(score_real)
e_loss = tf.reduce_mean(tf.square(code)) + tf.reduce_mean(score_real)
c_step = tf.train.GradientDescentOptimizer(0.05).minimize(c_loss, var_list=tf.trainable_variables(scope="critic"))
e_vars = tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES, scope="enc")
e_step = tf.train.GradientDescentOptimizer(0.05).minimize(e_loss, var_list=e_vars)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(20):
        sess.run(c_step, {inputs: data})
        sess.run(e_step, {inputs: data})
    print(np.round(sess.run([c_loss, e_loss], {inputs: data}), 4))
    print(sess.run(score_fake).shape)
