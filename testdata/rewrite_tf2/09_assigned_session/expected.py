# The session as a plain assignment, closed at the end: logistic regression on a toy set.
import numpy as np
import tensorflow as tf

features = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.0, 0.0]], dtype=np.float32)
labels = np.array([[1.0], [1.0], [1.0], [0.0]], dtype=np.float32)

w = tf.Variable(tf.zeros([2, 1]), name="w")
b = tf.Variable(0.0, name="b")

optimizer = tf.compat.v1.train.GradientDescentOptimizer(0.5)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train_op(x, t):
    logits = tf.matmul(x, w) + b
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=t, logits=logits))
    train_op = optimizer.minimize(loss, var_list=[w, b])
    return None


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_loss(x, t):
    logits = tf.matmul(x, w) + b
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=t, logits=logits))
    return loss


@tf.function
def run_w():
    return w


@tf.function
def run_b():
    return b


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_prob(x):
    logits = tf.matmul(x, w) + b
    prob = tf.sigmoid(logits)
    return prob


for step in range(30):
    run_train_op(x=features, t=labels)
    if step % 10 == 0:
        print("step", step, "loss", round(float(_numpy(run_loss(x=features, t=labels))), 5))
print("w", _numpy(run_w()).ravel().round(4).tolist(), "b", round(float(_numpy(run_b())), 4))
print("p", _numpy(run_prob(x=features)).ravel().round(3).tolist())
print("done")
