# A MultiRNNCell of `num_layers` BasicLSTMCells made in a comprehension: a Keras RNN over
# LSTMCells made in a comprehension, the k-th taking the k-th of the kernels drawn, in TF1's
# order, where the run was (the first for the inputs' depth, the others for the units).
# `states[-1].h` is Keras's `states[-1][0]`.
import numpy as np
import tensorflow as tf

num_layers, n_steps, n_in, n_units = 3, 4, 2, 5
stacked = tf.keras.layers.RNN(
    # TF1's kernels, drawn where the cells first ran (stacked_kernels[k]: the k-th cell's, the inputs' rows,
    # then the state's)
    [tf.keras.layers.LSTMCell(n_units,
        kernel_initializer=lambda shape, dtype=None, k=k: stacked_kernels[k][:shape[0]],
        recurrent_initializer=lambda shape, dtype=None, k=k: stacked_kernels[k][-shape[0]:])
     for k in range(num_layers)],
    return_sequences=True, return_state=True)
stacked_kernels = [tf.keras.initializers.GlorotUniform()([(n_in if k == 0 else n_units) + n_units, 4 * n_units]) for k in range(num_layers)]
stacked_kernels = [tf.concat([tf.split(w, 4, axis=1)[g] for g in (0, 2, 1, 3)], axis=1) for w in stacked_kernels]  # TF1's gates i, j, f, o as Keras's i, f, c, o
stacked.build([None, None, n_in])
w = tf.Variable(tf.random.truncated_normal([n_units, 1], stddev=0.5))

rng = np.random.RandomState(9)
xs = rng.randn(5, n_steps, n_in).astype(np.float32)
ys = xs.sum(axis=(1, 2))[:, None].astype(np.float32)

optimizer = tf.keras.optimizers.Adam(learning_rate=0.01, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, n_steps, n_in], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_step_loss(inputs, targets):
    with tf.GradientTape() as tape:
        outputs, *states = stacked(inputs)
        top_h = states[-1][0]
        pred = tf.matmul(top_h, w)
        loss = tf.reduce_mean(tf.square(pred - targets))
    grads = tape.gradient(loss, [*stacked.trainable_variables, w])
    optimizer.apply_gradients(zip(grads, [*stacked.trainable_variables, w]))
    return loss


@tf.function(input_signature=[tf.TensorSpec(shape=[None, n_steps, n_in], dtype=tf.float32)])
def run_outputs(inputs):
    outputs, *states = stacked(inputs)
    return outputs


for i in range(10):
    l = run_step_loss(inputs=xs, targets=ys).numpy()
    if i % 3 == 0:
        print(i, "%.5f" % l)
print(_numpy(run_outputs(inputs=xs[:1])))
