# A run computing tf.layers.batch_normalization while training (its flag fed True) that runs
# no minimize() is refused: TF1 updated the moving statistics only in runs of the op that
# depended on the UPDATE_OPS collection, and a Keras BatchNormalization called with
# training=True updates them on every call.
import numpy as np
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()
import os  # tf.compat.v1.layers and nn.rnn_cell are Keras 2 (the tf_keras package)
os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")

tf.compat.v1.set_random_seed(2)
rng = np.random.RandomState(3)
features = rng.randn(12, 4).astype(np.float32)
targets = features[:, :1] * 2.0 - 1.0

inputs = tf.compat.v1.placeholder(tf.float32, [None, 4])
labels = tf.compat.v1.placeholder(tf.float32, [None, 1])
training = tf.compat.v1.placeholder(tf.bool, [])
hidden = tf.compat.v1.layers.dense(inputs, 6, use_bias=False)
hidden = tf.compat.v1.layers.batch_normalization(hidden, training=training)
hidden = tf.nn.tanh(hidden)
output = tf.compat.v1.layers.dense(hidden, 1)
loss = tf.compat.v1.losses.mean_squared_error(labels, output)
update_ops = tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.UPDATE_OPS)
with tf.control_dependencies(update_ops):
    train = tf.compat.v1.train.GradientDescentOptimizer(0.05).minimize(loss)

with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    print("training-mode loss before", sess.run(loss, {inputs: features, labels: targets, training: True}))
    for step in range(10):
        sess.run(train, {inputs: features, labels: targets, training: True})
    print("loss", sess.run(loss, {inputs: features, labels: targets, training: False}))
