# modes: tf2
# Slicing and indexing corner cases; gather/one_hot/concat axes; negative axes.
import tensorflow as tf

t = tf.reshape(tf.range(24), [2, 3, 4])
print(t[-1], t[0, -1, ::2], t[:, 1:, 3])
print(t[..., 0], t[0, ..., 1:3].shape, t[tf.newaxis, 0].shape, t[:, None, 0].shape)
print(t[1, ::-1, ::-2])
print(tf.gather(t, [2, 0], axis=2)[0])
print(tf.one_hot([1, 0], 3, axis=0), tf.one_hot([1], 2, on_value=5, off_value=-1))
print(tf.concat([t, t], axis=-1).shape, tf.reduce_sum(t, axis=-1), tf.reduce_max(t, axis=[0, 2]))
print(tf.transpose(t, [2, 0, 1]).shape, tf.transpose(t, [1, 0, 2])[2])
print(tf.stack([t[0, 0], t[1, 2]], axis=1), tf.unstack(t[0], axis=1)[3])
print(tf.tile(tf.constant([[1, 2]]), [2, 2]), tf.broadcast_to(tf.constant([1, 2]), [2, 2]))
print(tf.squeeze(tf.zeros([1, 2, 1]), axis=[0]).shape, tf.expand_dims(t, -1).shape)
