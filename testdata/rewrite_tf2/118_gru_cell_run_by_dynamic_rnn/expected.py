# tf.nn.rnn_cell.GRUCell run by dynamic_rnn: a Keras GRU with reset_after=False (TF1 applies
# the reset gate before the candidate's matmul). TF1's two kernels, the gates' (columns r, u)
# and the candidate's, are drawn where the run was and become Keras's columns z (TF1's u), r
# and the candidate; the gates' bias starts at 1, the candidate's at 0.
import numpy as np
import tensorflow as tf

n_steps, n_in, n_units = 4, 3, 5
gru = tf.keras.layers.GRU(n_units, return_sequences=True, return_state=True, reset_after=False,
    # TF1's kernels (its gates' and its candidate's), drawn where the cell first ran: the inputs' rows, then the state's
    kernel_initializer=lambda shape, dtype=None: gru_kernel[:shape[0]],
    recurrent_initializer=lambda shape, dtype=None: gru_kernel[-shape[0]:],
    bias_initializer=lambda shape, dtype=None: tf.concat([tf.ones([2 * n_units]), tf.zeros([n_units])], 0))
gru_gates = tf.keras.initializers.GlorotUniform()([n_in + n_units, 2 * n_units])
gru_candidate = tf.keras.initializers.GlorotUniform()([n_in + n_units, n_units])
gru_kernel = tf.concat([gru_gates[:, n_units:], gru_gates[:, :n_units], gru_candidate], axis=1)  # TF1's gates r, u as Keras's z (u), r
gru.build([None, None, n_in])
w = tf.Variable(tf.random.truncated_normal([n_units, 1], stddev=0.1))

rng = np.random.RandomState(7)
data = rng.randn(6, n_steps, n_in).astype(np.float32)
goal = data[:, -1, :1] * 0.5

optimizer = tf.keras.optimizers.SGD(learning_rate=0.05)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, n_steps, n_in], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_step_loss(seqs, target):
    with tf.GradientTape() as tape:
        outputs, last_state = gru(seqs)
        pred = tf.matmul(last_state, w)
        loss = tf.reduce_mean(tf.square(pred - target))
    grads = tape.gradient(loss, [*gru.trainable_variables, w])
    optimizer.apply_gradients(zip(grads, [*gru.trainable_variables, w]))
    return loss


@tf.function(input_signature=[tf.TensorSpec(shape=[None, n_steps, n_in], dtype=tf.float32)])
def run_outputs(seqs):
    outputs, last_state = gru(seqs)
    return outputs


for i in range(8):
    l = run_step_loss(seqs=data, target=goal).numpy()
    print(i, round(float(l), 6))
print(_numpy(run_outputs(seqs=data[:1])))
