# A TF1 RNN cell made and run in a helper function called once (`def RNN(x, weights,
# biases)`, the tutorials' shape): the cell makes its variables when the helper runs, which
# in a tf.function would be on every trace. The helper is written where it was called (the
# parameter `x` read as `X` until the body binds it again; `weights` and `biases` are the
# module's), so the cell becomes a Keras LSTM made once, as a cell the module makes itself.
# (With tf.contrib.rnn the compat text spells the same names tf.compat.v1.nn's: TFM101.)
import numpy as np
import tensorflow as tf

tf.random.set_seed(1)
timesteps = 4
num_input = 3
num_hidden = 8
num_classes = 2

weights = {'out': tf.Variable(tf.random.normal([num_hidden, num_classes]))}
biases = {'out': tf.Variable(tf.random.normal([num_classes]))}


lstm_cell = tf.keras.layers.LSTM(num_hidden, return_sequences=True, return_state=True,
    # TF1's kernel, drawn where the cell first ran: the inputs' rows, then the state's
    kernel_initializer=lambda shape, dtype=None: lstm_cell_kernel[:shape[0]],
    recurrent_initializer=lambda shape, dtype=None: lstm_cell_kernel[-shape[0]:])
lstm_cell_kernel = tf.keras.initializers.GlorotUniform()([num_input + num_hidden, 4 * num_hidden])
lstm_cell_kernel = tf.concat([tf.split(lstm_cell_kernel, 4, axis=1)[k] for k in (0, 2, 1, 3)], axis=1)  # TF1's gates i, j, f, o as Keras's i, f, c, o
lstm_cell.build([None, None, num_input])

rng = np.random.RandomState(0)
bx = rng.rand(5, timesteps, num_input).astype(np.float32)
by = np.eye(num_classes)[rng.randint(0, num_classes, 5)].astype(np.float32)

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, timesteps, num_input], dtype="float"),
    tf.TensorSpec(shape=[None, num_classes], dtype="float"),
])
def run_train_op(X, Y):
    with tf.GradientTape() as tape:
        x = tf.unstack(X, timesteps, 1)
        outputs, states_h, states_c = lstm_cell(tf.stack(x, axis=1))
        logits = tf.matmul(outputs[:, -1], weights['out']) + biases['out']
        loss_op = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=tf.stop_gradient(Y)))
    grads = tape.gradient(loss_op, [*weights.values(), *biases.values(), *lstm_cell.trainable_variables])
    optimizer.apply_gradients(zip(grads, [*weights.values(), *biases.values(), *lstm_cell.trainable_variables]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, timesteps, num_input], dtype="float"),
    tf.TensorSpec(shape=[None, num_classes], dtype="float"),
])
def run_loss_op(X, Y):
    x = tf.unstack(X, timesteps, 1)
    outputs, states_h, states_c = lstm_cell(tf.stack(x, axis=1))
    logits = tf.matmul(outputs[:, -1], weights['out']) + biases['out']
    loss_op = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=tf.stop_gradient(Y)))
    return loss_op


for step in range(3):
    run_train_op(X=bx, Y=by)
    print(run_loss_op(X=bx, Y=by).numpy())
