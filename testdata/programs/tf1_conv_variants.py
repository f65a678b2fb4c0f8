# modes: tf1
# Convolution variants in a session: conv1d (stride, SAME/VALID, dilation), conv2d_transpose
# (strides, SAME/VALID, fed batch), depthwise_conv2d (channel multiplier, strides, rate),
# separable_conv2d, atrous_conv2d, space_to_depth / depth_to_space, lrn,
# max_pool_with_argmax, extract_image_patches; a small model trained through all of them
# (their gradients) with GradientDescentOptimizer.
import numpy as np
import tensorflow as tf


def _r(t, digits=None):
    """Values printed in full: the trace comparison has its own float tolerance."""
    return np.asarray(t)



rng = np.random.RandomState(7)
seq = rng.rand(2, 9, 3).astype(np.float32)
img = rng.rand(2, 6, 6, 2).astype(np.float32)
x1 = tf.placeholder(tf.float32, [None, 9, 3])
x2 = tf.placeholder(tf.float32, [None, 6, 6, 2])
k1 = tf.constant(rng.rand(3, 3, 4).astype(np.float32) - 0.5)
kt = tf.constant(rng.rand(3, 3, 5, 2).astype(np.float32) - 0.5)
kd = tf.constant(rng.rand(3, 3, 2, 3).astype(np.float32) - 0.5)
kp = tf.constant(rng.rand(1, 1, 6, 4).astype(np.float32) - 0.5)
ka = tf.constant(rng.rand(3, 3, 2, 4).astype(np.float32) - 0.5)
outs = [
    tf.nn.conv1d(x1, k1, 1, "SAME"),
    tf.nn.conv1d(x1, k1, 2, "VALID"),
    tf.nn.conv1d(x1, k1, stride=1, padding="SAME", dilations=2),
    tf.nn.conv2d_transpose(tf.nn.relu(x2[:, :3, :3, :]), tf.constant(rng.rand(3, 3, 5, 2).astype(np.float32)),
                           [2, 6, 6, 5], [1, 2, 2, 1], "SAME"),
    tf.nn.conv2d_transpose(x2, kt, [2, 8, 8, 5], [1, 1, 1, 1], "VALID"),
    tf.nn.conv2d_transpose(x2, kt, [2, 13, 13, 5], [1, 2, 2, 1], "VALID"),
    tf.nn.depthwise_conv2d(x2, kd, [1, 1, 1, 1], "SAME"),
    tf.nn.depthwise_conv2d(x2, kd, [1, 2, 2, 1], "VALID"),
    tf.nn.depthwise_conv2d(x2, kd, [1, 1, 1, 1], "SAME", rate=[2, 2]),
    tf.nn.separable_conv2d(x2, kd, kp, [1, 1, 1, 1], "SAME"),
    tf.nn.atrous_conv2d(x2, ka, 2, "SAME"),
    tf.nn.atrous_conv2d(x2, ka, 2, "VALID"),
    tf.space_to_depth(x2, 2),
    tf.depth_to_space(tf.space_to_depth(x2, 3), 3),
    tf.nn.depth_to_space(tf.concat([x2, x2], axis=3), 2),
    tf.nn.lrn(x2, depth_radius=1, bias=1.0, alpha=0.5, beta=0.75),
    tf.nn.local_response_normalization(tf.concat([x2] * 4, axis=3)),
    tf.extract_image_patches(x2, [1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1], "VALID"),
    tf.extract_image_patches(x2, [1, 3, 2, 1], [1, 2, 1, 1], [1, 2, 1, 1], "SAME"),
]
pool, argmax = tf.nn.max_pool_with_argmax(x2, [1, 2, 2, 1], [1, 2, 2, 1], "VALID")
pool2, argmax2 = tf.nn.max_pool_with_argmax(x2, [1, 3, 3, 1], [1, 2, 2, 1], "SAME", include_batch_in_index=True)
print("static", [o.shape.as_list() for o in outs], pool.shape, argmax.dtype.name, pool2.shape)

wt = tf.Variable(rng.rand(3, 3, 2, 2).astype(np.float32) - 0.5)
wd = tf.Variable(rng.rand(3, 3, 2, 2).astype(np.float32) - 0.5)
w1 = tf.Variable(rng.rand(3, 3, 3).astype(np.float32) - 0.5)
h = tf.nn.depthwise_conv2d(x2, wd, [1, 1, 1, 1], "SAME")                       # [N,6,6,4]
h = tf.nn.lrn(h, depth_radius=2, alpha=0.1, beta=0.75)
h = tf.nn.conv2d_transpose(h[:, ::2, ::2, :2], wt, tf.stack([tf.shape(x2)[0], 6, 6, 2]), [1, 2, 2, 1], "SAME")
p, _ = tf.nn.max_pool_with_argmax(h, [1, 2, 2, 1], [1, 2, 2, 1], "SAME")      # [N,3,3,2]
s2d = tf.space_to_depth(tf.nn.atrous_conv2d(h, wt, 2, "SAME"), 2)               # [N,3,3,8]
patches = tf.extract_image_patches(h, [1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1], "SAME")  # [N,3,3,8]
c1 = tf.nn.conv1d(x1, w1, 1, "SAME")
loss = (tf.reduce_mean(p ** 2) + tf.reduce_mean(s2d * patches) + tf.reduce_mean(tf.depth_to_space(patches, 2) ** 2)
        + tf.reduce_mean(c1 ** 2))
grads = tf.gradients(loss, [wt, wd, w1, x2])
train = tf.train.GradientDescentOptimizer(0.5).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    feed = {x1: seq, x2: img}
    for t in sess.run(outs, feed):
        print(_r(t, 4).tolist())
    for t in sess.run([pool, argmax, pool2, argmax2], feed):
        print(_r(t, 4).tolist())
    for t in sess.run(grads, feed):
        print(_r(t, 4).tolist())
    for i in range(3):
        _, l = sess.run([train, loss], feed)
        print(i, _r(l, 5))
    bad = tf.nn.conv2d_transpose(x2, kt, [2, 6, 6, 4], [1, 1, 1, 1], "SAME")  # 4 output channels, filter has 5
    try:
        sess.run(bad, feed)
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError")
