"""A tiny TF1 GAN: separate discriminator and generator steps through one session."""
import tensorflow as tf

tf.set_random_seed(1)
noise_dim = 4


def generator(z):
    with tf.variable_scope("gen", reuse=tf.AUTO_REUSE):
        return tf.layers.dense(z, 2, activation=tf.nn.tanh)


def discriminator(x):
    with tf.variable_scope("disc", reuse=tf.AUTO_REUSE):
        h = tf.layers.dense(x, 8, activation=tf.nn.relu)
        return tf.layers.dense(h, 1)


real = tf.random_normal([16, 2], mean=1.0)
z = tf.random_normal([16, noise_dim])
fake = generator(z)
d_real, d_fake = discriminator(real), discriminator(fake)
d_loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.ones_like(d_real), logits=d_real))
g_loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.ones_like(d_fake), logits=d_fake))
d_vars = tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES, scope="disc")
g_vars = tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES, scope="gen")
d_step = tf.train.AdamOptimizer(1e-3).minimize(d_loss, var_list=d_vars)
g_step = tf.train.AdamOptimizer(1e-3).minimize(g_loss, var_list=g_vars)

sess = tf.Session()
sess.run(tf.global_variables_initializer())
for i in range(100):
    sess.run(d_step)
    sess.run(g_step)
print("d_loss", sess.run(d_loss), "g_loss", sess.run(g_loss))
