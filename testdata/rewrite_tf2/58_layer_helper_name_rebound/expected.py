# The layer helper called with its result's name bound again (`h = dense(h, ...)`): one
# layer object per call statement, each binding of `h` the one before it, as TF1 built it.
import numpy as np
import tensorflow as tf


class Dense(tf.Module):
    def __init__(self, n_in, n_out, seed=None):
        super().__init__()
        self.w = tf.Variable(tf.random.truncated_normal([n_in, n_out], stddev=0.3, seed=seed))
        self.b = tf.Variable(tf.zeros([n_out]))

    def __call__(self, inputs, act=None):
        h = tf.matmul(inputs, self.w) + self.b
        return h if act is None else act(h)


x_data = np.linspace(-1, 1, 16, dtype=np.float32).reshape(8, 2)
y_data = np.sum(x_data, axis=1, keepdims=True) ** 2

h_layer = Dense(2, 6, seed=1)
h_layer_2 = Dense(6, 6, seed=2)
out_layer = Dense(6, 1, seed=3)

optimizer = tf.keras.optimizers.Adam(learning_rate=0.05, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train_loss(x, y):
    with tf.GradientTape() as tape:
        h = h_layer(x, act=tf.nn.tanh)
        h = h_layer_2(h, act=tf.nn.tanh)
        out = out_layer(h)
        loss = tf.reduce_mean(tf.square(out - y))
    grads = tape.gradient(loss, [*h_layer.trainable_variables, *h_layer_2.trainable_variables, *out_layer.trainable_variables])
    optimizer.apply_gradients(zip(grads, [*h_layer.trainable_variables, *h_layer_2.trainable_variables, *out_layer.trainable_variables]))
    return loss


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_out(x):
    h = h_layer(x, act=tf.nn.tanh)
    h = h_layer_2(h, act=tf.nn.tanh)
    out = out_layer(h)
    return out


for step in range(40):
    l = run_train_loss(x=x_data, y=y_data).numpy()
    if step % 10 == 0:
        print(step, l)
print("out", _numpy(run_out(x=x_data[:2])))
