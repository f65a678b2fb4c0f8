# modes: tf2
# Shape and dtype errors raise TensorFlow's exception types; the last one is uncaught.
import tensorflow as tf

try:
    tf.constant([1, 2]) + tf.constant([1, 2, 3])
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError")
try:
    tf.matmul(tf.ones([2, 3]), tf.ones([2, 3]))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError matmul")
try:
    tf.reshape(tf.range(6), [4, 2])
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError reshape")
try:
    tf.constant(1) + tf.constant(1.0)
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError dtype")
print(tf.reshape(tf.range(6), [-1, 3]))
tf.Session()
