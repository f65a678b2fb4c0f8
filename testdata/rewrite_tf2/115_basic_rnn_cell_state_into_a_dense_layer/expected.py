# tf.nn.rnn_cell.BasicRNNCell (activation relu) run by dynamic_rnn, its final state the
# input of tf.layers.dense: a Keras SimpleRNN and a Dense built for the cell's units, a
# graph-level seed, and Adam.
import numpy as np
import tensorflow as tf

TIME_STEP, INPUT_SIZE, CELL_SIZE = 6, 2, 5
tf.random.set_seed(1)
# a basic RNN cell
rnn_cell = tf.keras.layers.SimpleRNN(CELL_SIZE, return_sequences=True, return_state=True, activation=tf.nn.relu,
    # TF1's kernel, drawn where the cell first ran: the inputs' rows, then the state's
    kernel_initializer=lambda shape, dtype=None: rnn_cell_kernel[:shape[0]],
    recurrent_initializer=lambda shape, dtype=None: rnn_cell_kernel[-shape[0]:])
rnn_cell_kernel = tf.keras.initializers.GlorotUniform()([INPUT_SIZE + CELL_SIZE, CELL_SIZE])
rnn_cell.build([None, None, INPUT_SIZE])
dense = tf.keras.layers.Dense(1)
dense.build([None, CELL_SIZE])

np.random.seed(0)
data = np.random.rand(8, TIME_STEP, INPUT_SIZE).astype(np.float32)
target = data.sum(axis=(1, 2))[:, None]

optimizer = tf.keras.optimizers.Adam(learning_rate=0.02, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, TIME_STEP, INPUT_SIZE], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train_op_loss(xs, ys):
    with tf.GradientTape() as tape:
        outs, final_s = rnn_cell(xs)
        pred = dense(final_s)
        loss = tf.reduce_mean(tf.math.squared_difference(pred, ys))
    grads = tape.gradient(loss, [*rnn_cell.trainable_variables, *dense.trainable_variables])
    optimizer.apply_gradients(zip(grads, [*rnn_cell.trainable_variables, *dense.trainable_variables]))
    return loss


@tf.function(input_signature=[tf.TensorSpec(shape=[None, TIME_STEP, INPUT_SIZE], dtype=tf.float32)])
def run_pred(xs):
    outs, final_s = rnn_cell(xs)
    pred = dense(final_s)
    return pred


for step in range(20):
    l = run_train_op_loss(xs=data, ys=target).numpy()
    if step % 5 == 0:
        print("step", step, "loss %.5f" % l)
print(run_pred(xs=data[:2]).numpy())
