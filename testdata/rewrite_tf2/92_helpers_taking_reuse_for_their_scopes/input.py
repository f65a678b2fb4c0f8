# The other GAN idiom: the helper takes `reuse` (False by default) for its variable scope,
# the first call makes the layers and every later one passes reuse=True. As with
# AUTO_REUSE, the helper becomes a Keras layer made once and bound to its name; the calls
# keep their input and drop reuse=, which the object needs no more. TF1 initializers become
# the Keras initializers drawing the same distributions.
import numpy as np
import tensorflow as tf

tf.set_random_seed(11)


def generator(z, reuse=False):
    with tf.variable_scope("generator", reuse=reuse):
        h = tf.layers.dense(z, 6, activation=tf.nn.leaky_relu)
        return tf.layers.dense(h, 2, activation=tf.nn.tanh)


def discriminator(x, reuse=False):
    with tf.variable_scope("discriminator", reuse=reuse):
        h = tf.layers.dense(x, 6, activation=tf.nn.leaky_relu,
                            kernel_initializer=tf.random_normal_initializer(stddev=0.3))
        return tf.layers.dense(h, 1, bias_initializer=tf.constant_initializer(0.1))


real = tf.placeholder(tf.float32, [None, 2])
z = tf.placeholder(tf.float32, [None, 3])
fake = generator(z)
d_real = discriminator(real)
d_fake = discriminator(fake, reuse=True)
d_loss = tf.reduce_mean(tf.nn.softplus(-d_real)) + tf.reduce_mean(tf.nn.softplus(d_fake))
g_loss = tf.reduce_mean(tf.nn.softplus(-d_fake))
d_vars = tf.trainable_variables(scope="discriminator")
g_vars = tf.trainable_variables(scope="generator")
d_step = tf.train.AdamOptimizer(0.01).minimize(d_loss, var_list=d_vars)
g_step = tf.train.AdamOptimizer(0.01).minimize(g_loss, var_list=g_vars)

rng = np.random.RandomState(0)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(30):
        batch = rng.normal(1.0, 0.5, size=(8, 2)).astype(np.float32)
        noise = rng.uniform(-1.0, 1.0, size=(8, 3)).astype(np.float32)
        sess.run(d_step, {real: batch, z: noise})
        sess.run(g_step, {z: noise})
        if step % 10 == 0:
            print(step, np.round(sess.run([d_loss, g_loss], {real: batch, z: noise}), 4))
    print(np.round(sess.run(fake, {z: noise[:2]}), 4))
