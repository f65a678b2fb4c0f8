# tf.layers.conv2d, max_pooling2d, average_pooling2d and flatten before a dense layer: each
# conv2d a Keras Conv2D made once and built for its input's channels (read through the layers
# from the placeholder's shape), the pooling layers tf.nn.max_pool2d / avg_pool2d, flatten a
# reshape to [batch, -1], the dense layer built for the flattened width (2 * 2 * 6).
import numpy as np
import tensorflow as tf

tf.set_random_seed(3)
rng = np.random.RandomState(0)
images = rng.rand(8, 12, 12, 1).astype(np.float32)
labels = np.eye(3, dtype=np.float32)[rng.randint(0, 3, size=8)]

x = tf.placeholder(tf.float32, [None, 12, 12, 1])
y = tf.placeholder(tf.float32, [None, 3])
conv1 = tf.layers.conv2d(x, 4, 3, padding="same", activation=tf.nn.relu)
pool1 = tf.layers.max_pooling2d(conv1, 2, 2)
conv2 = tf.layers.conv2d(pool1, 6, (3, 3), activation=tf.nn.relu)  # valid padding
pool2 = tf.layers.average_pooling2d(conv2, pool_size=2, strides=2, padding="same")
flat = tf.layers.flatten(pool2)
logits = tf.layers.dense(flat, 3)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
train = tf.train.AdamOptimizer(0.01).minimize(loss)
correct = tf.equal(tf.argmax(logits, 1), tf.argmax(y, 1))
accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(5):
        _, l = sess.run([train, loss], feed_dict={x: images, y: labels})
        print(step, round(float(l), 5))
    print("accuracy", sess.run(accuracy, feed_dict={x: images, y: labels}))
    print("pooled", sess.run(pool2, feed_dict={x: images[:1]}).shape)
