# modes: tf1
# tf.layers.batch_normalization: training from a placeholder (cond) on a 4-D input (TF's fused
# path: unbiased moving variance) and always-training on a 2-D input, UPDATE_OPS run through
# control_dependencies, inference with the moving statistics.
import numpy as np
import tensorflow as tf
tf.set_random_seed(6)
rng = np.random.RandomState(2)
xs = rng.rand(4, 3, 3, 2).astype(np.float32) * 3.0
x = tf.placeholder(tf.float32, [None, 3, 3, 2])
is_train = tf.placeholder(tf.bool, [])
h = tf.layers.conv2d(x, 3, 2)
h = tf.layers.batch_normalization(h, training=is_train)
h = tf.nn.relu(h)
f = tf.layers.dense(tf.layers.flatten(h), 2)
f = tf.layers.batch_normalization(f, training=True, momentum=0.9)
loss = tf.reduce_mean(tf.square(f - 1.0))
update = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
with tf.control_dependencies(update):
    train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
print(len(update), [v.name for v in tf.global_variables() if "batch_normalization" in v.name])
with tf.Session() as s:
    s.run(tf.global_variables_initializer())
    for i in range(3):
        print(i, s.run([loss, train], {x: xs, is_train: True})[0])
    print("infer", s.run(loss, {x: xs, is_train: False}))
    print("moving", s.run([v for v in tf.global_variables() if "moving" in v.name]))
