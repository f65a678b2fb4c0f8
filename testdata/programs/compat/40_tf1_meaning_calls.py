# Calls whose TF2 function means something else than TF1's, even with TF1 behavior:
# cond / while_loop unpack a lone element, where selects rows by a vector condition,
# image.resize samples without half-pixel centers, Dataset has the TF1 attributes.
import tensorflow as tf

flag = tf.placeholder(tf.bool, [])
picked = tf.cond(flag, lambda: [tf.constant(1.0)], lambda: [tf.constant(2.0)])
counted = tf.while_loop(lambda i: i < 5, lambda i: i + 1, [tf.constant(0)])
rows = tf.where(tf.constant([True, False]), tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.zeros([2, 2]))
image = tf.reshape(tf.range(16, dtype=tf.float32), [1, 4, 4, 1])
bigger = tf.image.resize(image, [6, 6])
ds = tf.data.Dataset.range(5).batch(2)
print("dataset", ds.output_types, ds.output_shapes)
with tf.Session() as sess:
    print("cond", sess.run(picked, {flag: True}))
    print("while", sess.run(counted))
    print("where", sess.run(rows).tolist())
    print("resize", [round(float(x), 4) for x in sess.run(bigger)[0, :, 1, 0]])
