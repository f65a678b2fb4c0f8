"""DCGAN training loop in TF1 style: separate D and G updates."""
import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
z = tf.compat.v1.placeholder(tf.float32, [None, 100], name="z")
images = tf.compat.v1.placeholder(tf.float32, [None, 784], name="images")
g_w = tf.Variable(tf.random.normal([100, 784]) * 0.02)
d_w = tf.Variable(tf.random.normal([784, 1]) * 0.02)
fake = tf.tanh(tf.matmul(z, g_w))
d_real = tf.matmul(images, d_w)
d_fake = tf.matmul(fake, d_w)
d_loss = tf.reduce_mean(tf.nn.softplus(-d_real)) + tf.reduce_mean(tf.nn.softplus(d_fake))
g_loss = tf.reduce_mean(tf.nn.softplus(-d_fake))
d_optim = tf.compat.v1.train.AdamOptimizer(2e-4, beta1=0.5).minimize(d_loss, var_list=[d_w])
g_optim = tf.compat.v1.train.AdamOptimizer(2e-4, beta1=0.5).minimize(g_loss, var_list=[g_w])

with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    for step in range(1000):
        batch_z = np.random.uniform(-1, 1, [64, 100]).astype(np.float32)
        batch_images = np.zeros([64, 784], np.float32)
        _, d_loss_val = sess.run([d_optim, d_loss], feed_dict={z: batch_z, images: batch_images})  # expect: TFM203
        _, g_loss_val = sess.run([g_optim, g_loss], feed_dict={z: batch_z})  # expect: TFM203
        if step % 100 == 0:
            print(step, d_loss_val, g_loss_val)
