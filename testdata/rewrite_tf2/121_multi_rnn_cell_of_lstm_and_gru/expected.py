# A MultiRNNCell of a BasicLSTMCell and a GRUCell run by dynamic_rnn: a Keras RNN over the
# two Keras cells (its StackedRNNCells runs them step by step, as TF1's), each cell's
# kernel drawn in TF1's order for the depth it is given. TF1's `states[0].c` is Keras's
# `states[0][1]` ([h, c]), and a GRU's state `states[-1]` is `states[-1][0]`.
import numpy as np
import tensorflow as tf

n_step, n_input, n_hidden, n_class = 3, 5, 8, 4
W = tf.Variable(tf.random.normal([n_hidden, n_class]))
b = tf.Variable(tf.random.normal([n_class]))
cell1 = tf.keras.layers.LSTMCell(n_hidden,
    # TF1's kernel, drawn where the cell first ran: the inputs' rows, then the state's
    kernel_initializer=lambda shape, dtype=None: cell1_kernel[:shape[0]],
    recurrent_initializer=lambda shape, dtype=None: cell1_kernel[-shape[0]:])
cell2 = tf.keras.layers.GRUCell(n_hidden, reset_after=False,
    # TF1's kernels (its gates' and its candidate's), drawn where the cell first ran: the inputs' rows, then the state's
    kernel_initializer=lambda shape, dtype=None: cell2_kernel[:shape[0]],
    recurrent_initializer=lambda shape, dtype=None: cell2_kernel[-shape[0]:],
    bias_initializer=lambda shape, dtype=None: tf.concat([tf.ones([2 * n_hidden]), tf.zeros([n_hidden])], 0))
multi_cell = tf.keras.layers.RNN([cell1, cell2], return_sequences=True, return_state=True)
cell1_kernel = tf.keras.initializers.GlorotUniform()([n_input + n_hidden, 4 * n_hidden])
cell1_kernel = tf.concat([tf.split(cell1_kernel, 4, axis=1)[k] for k in (0, 2, 1, 3)], axis=1)  # TF1's gates i, j, f, o as Keras's i, f, c, o
cell2_gates = tf.keras.initializers.GlorotUniform()([n_hidden + n_hidden, 2 * n_hidden])
cell2_candidate = tf.keras.initializers.GlorotUniform()([n_hidden + n_hidden, n_hidden])
cell2_kernel = tf.concat([cell2_gates[:, n_hidden:], cell2_gates[:, :n_hidden], cell2_candidate], axis=1)  # TF1's gates r, u as Keras's z (u), r
multi_cell.build([None, None, n_input])

rng = np.random.RandomState(5)
inp = rng.rand(6, n_step, n_input).astype(np.float32)
tgt = rng.randint(0, n_class, 6)

optimizer_2 = tf.keras.optimizers.Adam(learning_rate=0.01, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, n_step, n_input], dtype=tf.float32),
    tf.TensorSpec(shape=[None], dtype=tf.int32),
])
def run_optimizer_cost(X, Y):
    with tf.GradientTape() as tape:
        outputs, *states = multi_cell(X)
        outputs = tf.transpose(outputs, [1, 0, 2])
        outputs = outputs[-1]
        model = tf.matmul(outputs, W) + b
        cost = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(logits=model, labels=Y))
    grads = tape.gradient(cost, [W, b, *multi_cell.trainable_variables])
    optimizer_2.apply_gradients(zip(grads, [W, b, *multi_cell.trainable_variables]))
    return cost


@tf.function(input_signature=[tf.TensorSpec(shape=[None, n_step, n_input], dtype=tf.float32)])
def run_first_c_last_h(X):
    outputs, *states = multi_cell(X)
    first_c = states[0][1]
    last_h = states[-1][0]
    return [first_c, last_h]


for epoch in range(15):
    loss = run_optimizer_cost(X=inp, Y=tgt).numpy()
    if epoch % 5 == 0:
        print('Epoch:', '%04d' % (epoch + 1), 'cost =', '{:.6f}'.format(loss))
print(_numpy(run_first_c_last_h(X=inp[:2])))
