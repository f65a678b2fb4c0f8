# modes: tf2
# TF2 spellings of the image and convolution variants: tf.image.resize (half-pixel bilinear
# and nearest, int images), flips, crops, rgb_to_grayscale, per_image_standardization,
# extract_patches; tf.nn.conv1d, conv2d_transpose, depthwise_conv2d (dilations),
# separable_conv2d, space_to_depth / depth_to_space, lrn, max_pool_with_argmax; eagerly, in
# a tf.function and with GradientTape gradients.
import numpy as np
import tensorflow as tf


def _r(t, digits=None):
    """Values printed in full: the trace comparison has its own float tolerance."""
    return np.asarray(t)



rng = np.random.RandomState(11)
img = rng.rand(2, 5, 6, 3).astype(np.float32)
seq = rng.rand(2, 7, 3).astype(np.float32)
k1 = tf.Variable(rng.rand(3, 3, 2).astype(np.float32) - 0.5)
kt = tf.Variable(rng.rand(3, 3, 4, 3).astype(np.float32) - 0.5)
kd = tf.Variable(rng.rand(3, 3, 3, 2).astype(np.float32) - 0.5)
kp = tf.Variable(rng.rand(1, 1, 6, 2).astype(np.float32) - 0.5)


def forward(x, s):
    r1 = tf.image.resize(x, [8, 9])
    r2 = tf.image.resize(x, [3, 4])
    r3 = tf.image.resize(x, [7, 4], method="nearest")
    r4 = tf.image.resize(x[0], [4, 4], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    c1 = tf.nn.conv1d(s, k1, 1, "SAME")
    c2 = tf.nn.conv1d(s, k1, stride=2, padding="VALID")
    t1 = tf.nn.conv2d_transpose(x, kt, [2, 10, 12, 4], 2, "SAME")
    t2 = tf.nn.conv2d_transpose(x, kt, tf.constant([2, 7, 8, 4]), [1, 1], "VALID")
    d1 = tf.nn.depthwise_conv2d(x, kd, [1, 1, 1, 1], "SAME")
    d2 = tf.nn.depthwise_conv2d(x, kd, [1, 1, 1, 1], "VALID", dilations=[2, 2])
    sep = tf.nn.separable_conv2d(x, kd, kp, [1, 1, 1, 1], "SAME")
    sd = tf.nn.depth_to_space(tf.nn.space_to_depth(x[:, :4, :4], 2), 2)
    ln = tf.nn.lrn(x, depth_radius=1, alpha=0.3, beta=0.6)
    p, a = tf.nn.max_pool_with_argmax(x, 2, 2, "SAME")
    patches = tf.image.extract_patches(x, [1, 2, 3, 1], [1, 2, 2, 1], [1, 1, 1, 1], "SAME")
    return [r1, r2, r3, r4, tf.image.flip_left_right(x), tf.image.flip_up_down(x[0]), tf.image.rgb_to_grayscale(x),
            tf.image.per_image_standardization(x), tf.image.resize_with_crop_or_pad(x, 4, 8),
            tf.image.central_crop(x, 0.6), tf.image.adjust_brightness(x, -0.2), c1, c2, t1, t2, d1, d2, sep, sd, ln,
            p, a, patches]


for t in forward(tf.constant(img), tf.constant(seq)):
    print(t.dtype.name, t.shape.as_list(), _r(t.numpy(), 4).tolist())
print(tf.image.resize(tf.constant(np.arange(16, dtype=np.int32).reshape(1, 4, 4, 1)), [3, 3]).dtype.name,
      tf.image.resize(tf.constant(np.arange(16, dtype=np.int32).reshape(1, 4, 4, 1)), [5, 3], method="nearest").numpy().ravel().tolist())
traced = tf.function(forward)
for t in traced(tf.constant(img), tf.constant(seq)):
    print(_r(t.numpy(), 4).tolist())


def loss_fn(x, s):
    y = tf.image.resize(x, [9, 7]) * 0.5
    y = tf.nn.depthwise_conv2d(y, kd, [1, 1, 1, 1], "SAME")
    y = tf.nn.lrn(y, depth_radius=2, alpha=0.2, beta=0.75)
    y = tf.nn.space_to_depth(y[:, :8, :6], 2)
    y = tf.nn.conv2d_transpose(y[..., :3], kt, [2, 8, 6, 4], 2, "SAME")
    p, _ = tf.nn.max_pool_with_argmax(y, 2, 2, "VALID")
    pt = tf.image.extract_patches(y, [1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1], "VALID")
    z = tf.image.resize(x, [3, 3], method="nearest")
    return (tf.reduce_mean(p ** 2) + tf.reduce_mean(pt) + tf.reduce_mean(tf.nn.conv1d(s, k1, 1, "SAME") ** 2)
            + tf.reduce_sum(tf.nn.separable_conv2d(x, kd, kp, [1, 1, 1, 1], "VALID")) * 0.01 + tf.reduce_sum(z * z))


x = tf.constant(img)
with tf.GradientTape() as tape:
    tape.watch(x)
    l = loss_fn(x, tf.constant(seq))
gs = tape.gradient(l, [x, k1, kt, kd, kp])
print(_r(l.numpy(), 4), [_r(g.numpy(), 4).tolist() for g in gs])


@tf.function
def train_step(x, s):
    with tf.GradientTape() as tape:
        l = loss_fn(x, s)
    gs = tape.gradient(l, [k1, kt, kd, kp])
    for v, g in zip([k1, kt, kd, kp], gs):
        v.assign_sub(0.1 * g)
    return l


for i in range(3):
    print(i, _r(train_step(tf.constant(img), tf.constant(seq)).numpy(), 5))
