# sess.run of expressions built from Python values at the run (no graph tensor, no
# variable, no random op): TF2 runs the same ops eagerly where the run was; a helper
# that returns one tensor gives `.numpy()`, a many-valued op `_numpy`.
import numpy as np
import tensorflow as tf

sess = tf.Session()

xs = np.linspace(-2.0, 2.0, 5)
print("relu", sess.run(tf.nn.relu([-3.0, 3.0, 10.0])))
y = sess.run(tf.nn.sigmoid(xs))
print("sigmoid", np.round(y, 4))


def poly(v):
    # 3v^2 - v + 10
    return tf.subtract(3 * tf.square(v), v) + 10


def halves(v):
    return tf.split(tf.constant(v), 2)


print("poly", sess.run(poly(11)))
for n in range(3):
    print(n, sess.run(poly(n)))
print("halves", sess.run(halves([1.0, 2.0, 3.0, 4.0])))
print("unstack", sess.run(tf.unstack(tf.eye(2))))
sess.close()
