# Adam built inline in the training op; two placeholders; a fetch list with the loss.
import numpy as np
import tensorflow as tf

features = np.linspace(-1.0, 1.0, 8, dtype=np.float32).reshape(8, 1)
targets = 3.0 * features - 0.5

w = tf.Variable([[0.1]])
c = tf.Variable([0.0])

optimizer = tf.compat.v1.train.AdamOptimizer(0.1)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train_op_loss(x, t):
    pred = tf.matmul(x, w) + c
    loss = tf.reduce_mean(tf.square(pred - t))
    train_op = optimizer.minimize(loss, var_list=[w, c])
    return [None, loss]


@tf.function
def run_w():
    return w


@tf.function
def run_c():
    return c


for epoch in range(30):
    _, loss_value = _numpy(run_train_op_loss(x=features, t=targets))
    if epoch % 10 == 9:
        print(epoch, round(float(loss_value), 5))
print(np.round(_numpy(run_w()), 4), np.round(_numpy(run_c()), 4))
