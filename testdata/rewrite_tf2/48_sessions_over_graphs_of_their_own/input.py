# Examples one after another, each with its own session over the ops it built (the
# tutorial shape): nothing a later session runs reaches an earlier example's tensors, so
# each example is a part of its own, converted like the parts between graph resets.
import numpy as np
import tensorflow as tf

# Example 1: a placeholder
x = tf.placeholder(tf.float32, [3])
y = x * 2.0 + 1.0
with tf.Session() as sess:
    print("y", sess.run(y, {x: np.array([1.0, 2.0, 3.0], np.float32)}))

# Example 2: a variable, in a session of its own
w = tf.Variable([1.0, 2.0])
grow = w.assign(w * 3.0)
sess = tf.Session()
sess.run(tf.global_variables_initializer())
print("grow", sess.run(grow))
print("grow", sess.run(grow))
sess.close()

# Example 3: the names x and y again, for other tensors
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
y = tf.matmul(x, x)
with tf.Session() as sess:
    print("y", sess.run(y))
