"""Object-oriented TF1 GAN with train ops stored on self."""
import tensorflow as tf


class WGAN:
    def __init__(self, sess, critic_loss, gen_loss, critic_vars, gen_vars):
        self.sess = sess
        self.d_train = tf.compat.v1.train.RMSPropOptimizer(5e-5).minimize(critic_loss, var_list=critic_vars)
        self.g_train = tf.compat.v1.train.RMSPropOptimizer(5e-5).minimize(gen_loss, var_list=gen_vars)
        self.clip = tf.group(*[v.assign(tf.clip_by_value(v, -0.01, 0.01)) for v in critic_vars])

    def train(self, steps, feed_fn):
        for step in range(steps):
            for _ in range(5):
                self.sess.run([self.d_train, self.clip], feed_dict=feed_fn())  # expect: TFM203, TFM406
            self.sess.run(self.g_train, feed_dict=feed_fn())  # expect: TFM203, TFM406
