# tf.logging: TF2's tf.get_logger(), the same "tensorflow" Python logger TF1's tf.logging
# wrote to (its verbosity a level name).
import tensorflow as tf

tf.get_logger().setLevel("INFO")


@tf.function
def run_y():
    x = tf.constant([1.0, 2.0])
    y = x * 3.0
    return y


value = run_y().numpy()
tf.get_logger().info("y = %s", value)
print(value)
