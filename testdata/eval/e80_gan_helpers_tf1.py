"""TF1 GAN whose run sites live in helper functions taking the session."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
noise = tf.compat.v1.placeholder(tf.float32, [None, 16])
real = tf.compat.v1.placeholder(tf.float32, [None, 32])
g_vars = [tf.Variable(tf.ones([16, 32]))]
d_vars = [tf.Variable(tf.ones([32, 1]))]
fake = tf.matmul(noise, g_vars[0])
d_loss = tf.reduce_mean(tf.matmul(fake, d_vars[0]) - tf.matmul(real, d_vars[0]))
g_loss = -tf.reduce_mean(tf.matmul(fake, d_vars[0]))
d_opt = tf.compat.v1.train.AdamOptimizer(1e-4).minimize(d_loss, var_list=d_vars)
g_opt = tf.compat.v1.train.AdamOptimizer(1e-4).minimize(g_loss, var_list=g_vars)


def train_discriminator(sess, z, x):
    return sess.run([d_opt, d_loss], feed_dict={noise: z, real: x})  # expect: TFM203


def train_generator(sess, z):
    return sess.run([g_opt, g_loss], feed_dict={noise: z})  # expect: TFM203
