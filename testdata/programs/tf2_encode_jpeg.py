# modes: tf2
# tf.io.encode_jpeg / tf.image.encode_jpeg: TensorFlow's bytes (libjpeg-turbo's baseline
# encoder) for RGB and grayscale images whose sides are and are not multiples of the 16-pixel
# MCU (edge replication, dummy blocks), other qualities, chroma_downsampling=False, the
# density fields of the JFIF header and XMP metadata; printed as sizes and MD5 digests.
import hashlib

import numpy as np
import tensorflow as tf

rs = np.random.RandomState(0)


def digest(t):
    b = t.numpy()
    return len(b), hashlib.md5(b).hexdigest()


for shape in [(10, 10, 3), (8, 8, 3), (17, 23, 3), (33, 20, 3), (10, 10, 1), (19, 9, 1), (40, 40, 3), (1, 1, 3)]:
    img = rs.randint(0, 256, size=shape).astype(np.uint8)
    print(shape, digest(tf.io.encode_jpeg(img)))
ramp = (np.arange(16 * 24 * 3).reshape(16, 24, 3) % 256).astype(np.uint8)
print(digest(tf.image.encode_jpeg(ramp, quality=50)))
print(digest(tf.image.encode_jpeg(ramp, quality=10)))
print(digest(tf.image.encode_jpeg(ramp, quality=100)))
print(digest(tf.io.encode_jpeg(ramp, chroma_downsampling=False, quality=80)))
print(digest(tf.io.encode_jpeg(np.zeros((5, 6, 3), np.uint8), density_unit="cm", x_density=72, y_density=96)))
print(digest(tf.io.encode_jpeg(ramp, format="rgb", xmp_metadata="<x:xmpmeta/>")))
print(digest(tf.io.encode_jpeg(ramp[:, :, :1], format="grayscale")))
j = tf.io.encode_jpeg(ramp)
print(j.dtype, j.shape, j.numpy()[:20])
