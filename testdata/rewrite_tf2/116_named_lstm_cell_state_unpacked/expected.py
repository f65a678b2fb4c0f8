# A named tf.nn.rnn_cell.LSTMCell whose final state is unpacked, `outputs, (c, h) = ...`,
# and whose last output feeds a dense layer: Keras returns h and c apart (`outputs, h, c`),
# and the slice `outputs[:, -1, :]` has the cell's units.
import numpy as np
import tensorflow as tf

n_steps, n_in, n_hidden = 4, 3, 6
lstm = tf.keras.layers.LSTM(n_hidden, return_sequences=True, return_state=True,
    # TF1's kernel, drawn where the cell first ran: the inputs' rows, then the state's
    kernel_initializer=lambda shape, dtype=None: lstm_kernel[:shape[0]],
    recurrent_initializer=lambda shape, dtype=None: lstm_kernel[-shape[0]:])
lstm_kernel = tf.keras.initializers.GlorotUniform()([n_in + n_hidden, 4 * n_hidden])
lstm_kernel = tf.concat([tf.split(lstm_kernel, 4, axis=1)[k] for k in (0, 2, 1, 3)], axis=1)  # TF1's gates i, j, f, o as Keras's i, f, c, o
lstm.build([None, None, n_in])
dense = tf.keras.layers.Dense(3)
dense.build([None, n_hidden])
opt = tf.keras.optimizers.Adam(learning_rate=0.01, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)

rng = np.random.RandomState(3)
X = rng.randn(10, n_steps, n_in).astype(np.float32)
Y = (X.sum(axis=(1, 2)) > 0).astype(np.int64) + (X[:, 0, 0] > 1).astype(np.int64)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, n_steps, n_in], dtype=tf.float32),
    tf.TensorSpec(shape=[None], dtype=tf.int64),
])
def run_train(inputs, labels):
    with tf.GradientTape() as tape:
        outputs, h, c = lstm(inputs)
        last = outputs[:, -1, :]
        logits = dense(last)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    grads = tape.gradient(loss, [*lstm.trainable_variables, *dense.trainable_variables])
    opt.apply_gradients(zip(grads, [*lstm.trainable_variables, *dense.trainable_variables]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, n_steps, n_in], dtype=tf.float32),
    tf.TensorSpec(shape=[None], dtype=tf.int64),
])
def run_loss_acc(inputs, labels):
    outputs, h, c = lstm(inputs)
    last = outputs[:, -1, :]
    logits = dense(last)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    acc = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), labels), tf.float32))
    return [loss, acc]


@tf.function(input_signature=[tf.TensorSpec(shape=[None, n_steps, n_in], dtype=tf.float32)])
def run_c(inputs):
    outputs, h, c = lstm(inputs)
    return c


for epoch in range(10):
    run_train(inputs=X, labels=Y)
    if epoch % 3 == 0:
        print(epoch, [t.numpy() for t in run_loss_acc(inputs=X, labels=Y)])
print("c", _numpy(run_c(inputs=X[:1])))
