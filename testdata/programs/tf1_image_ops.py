# modes: tf1
# tf.image in a session: resize_images (bilinear / nearest, align_corners, 3-D and 4-D, the
# same-size shortcut), resize_bilinear / resize_nearest_neighbor (TF1's corner-aligned
# coordinates, half_pixel_centers), upsampling and downsampling, gradients of both resizes,
# flips, rgb_to_grayscale, per_image_standardization, resize_image_with_crop_or_pad,
# central_crop, adjust_brightness, crop/pad_to_bounding_box.
import numpy as np
import tensorflow as tf


def _r(t, digits=None):
    """Values printed in full: the trace comparison has its own float tolerance."""
    return np.asarray(t)



img = (np.arange(2 * 5 * 4 * 3, dtype=np.float32).reshape(2, 5, 4, 3) % 17) / 4.0
x = tf.placeholder(tf.float32, [None, 5, 4, 3])
one = tf.constant(img[0])
outs = [
    tf.image.resize_images(x, [8, 7]),
    tf.image.resize_images(x, [3, 2]),
    tf.image.resize_images(x, [7, 9], align_corners=True),
    tf.image.resize_images(x, [8, 6], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR),
    tf.image.resize_images(x, [3, 3], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR, align_corners=True),
    tf.image.resize_images(one, [6, 6]),
    tf.image.resize_images(x, [5, 4]),
    tf.image.resize_bilinear(x, [9, 5]),
    tf.image.resize_bilinear(x, [2, 3], half_pixel_centers=True),
    tf.image.resize_bilinear(x, [7, 7], align_corners=True),
    tf.image.resize_nearest_neighbor(x, [10, 3]),
    tf.image.resize_nearest_neighbor(x, [4, 6], half_pixel_centers=True),
    tf.image.resize_nearest_neighbor(x, [9, 9], align_corners=True),
    tf.image.resize(x, [6, 5]),
    tf.image.flip_left_right(x),
    tf.image.flip_up_down(x),
    tf.image.flip_left_right(one),
    tf.image.flip_up_down(one),
    tf.image.rgb_to_grayscale(x),
    tf.image.rgb_to_grayscale(one),
    tf.image.per_image_standardization(one),
    tf.image.per_image_standardization(x),
    tf.image.per_image_standardization(tf.ones([2, 2, 1])),
    tf.image.resize_image_with_crop_or_pad(one, 3, 6),
    tf.image.resize_image_with_crop_or_pad(x, 8, 3),
    tf.image.resize_image_with_crop_or_pad(one, 5, 4),
    tf.image.central_crop(one, 0.5),
    tf.image.central_crop(x, 0.7),
    tf.image.adjust_brightness(x, 0.25),
    tf.image.crop_to_bounding_box(one, 1, 1, 3, 2),
    tf.image.pad_to_bounding_box(one, 1, 2, 7, 7),
]
print("static", [o.shape.as_list() for o in outs])
print([o.dtype.name for o in outs])
ints = tf.image.resize_nearest_neighbor(tf.constant(np.arange(16, dtype=np.int32).reshape(1, 4, 4, 1)), [3, 5])
bil_int = tf.image.resize_bilinear(tf.constant(np.arange(16, dtype=np.int32).reshape(1, 4, 4, 1)), [3, 3])
print(ints.dtype.name, bil_int.dtype.name)

w = tf.Variable(img[:1])
up = tf.image.resize_bilinear(w, [7, 9])
down = tf.image.resize_bilinear(w, [3, 3], align_corners=True)
half = tf.image.resize_bilinear(w, [4, 6], half_pixel_centers=True)
nn_up = tf.image.resize_nearest_neighbor(w, [8, 5])
nn_down = tf.image.resize_nearest_neighbor(w, [2, 3], half_pixel_centers=True)
target = tf.constant(np.linspace(0.0, 1.0, 7 * 9 * 3, dtype=np.float32).reshape(1, 7, 9, 3))
loss = (tf.reduce_sum((up - target) ** 2) + tf.reduce_sum(down * down) + tf.reduce_sum(half * 0.5)
        + tf.reduce_sum(nn_up * nn_up) + tf.reduce_sum(nn_down) + tf.reduce_sum(tf.image.flip_left_right(w) * target[:, :5, :4]))
g = tf.gradients(loss, w)[0]
step = tf.train.GradientDescentOptimizer(0.01).minimize(loss)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for t in sess.run(outs, {x: img}):
        print(_r(t, 4).tolist())
    print(sess.run(ints).tolist(), _r(sess.run(bil_int), 4).tolist())
    print(_r(sess.run(loss), 3), _r(sess.run(g), 3).tolist())
    for _ in range(3):
        sess.run(step)
    print(_r(sess.run(loss), 3))
try:
    tf.image.central_crop(one, 1.5)
except ValueError as e:
    print("ValueError", e)
try:
    tf.image.flip_left_right(tf.ones([3, 3]))
except ValueError as e:
    print("ValueError")
