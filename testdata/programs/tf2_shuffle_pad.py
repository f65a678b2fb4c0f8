# modes: tf2
# tf.random.shuffle eagerly (global and op seeds), tf.pad, tf.math.cumsum.
import tensorflow as tf
tf.random.set_seed(8)
print(tf.random.shuffle(tf.range(7)).numpy(), tf.random.shuffle(tf.range(7)).numpy())
print(tf.random.shuffle(tf.range(7), seed=3).numpy(), tf.random.shuffle(tf.range(7), seed=3).numpy())
print(tf.pad(tf.ones([2, 2]), [[1, 1], [0, 2]]).numpy().tolist(), tf.math.cumsum([1., 2., 3.], reverse=True).numpy())
