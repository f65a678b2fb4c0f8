# An LSTM run from its cell's zero_state (`initial_state=init_state`), its outputs reshaped
# to [-1, CELL_SIZE] for a dense layer: Keras's layer starts from zeros itself, so the
# zero_state statement goes, and the reshape's literal last dimension sizes the Dense.
import numpy as np
import tensorflow as tf

BATCH, TIME_STEP, INPUT_SIZE, CELL_SIZE = 4, 5, 1, 6
tf.random.set_seed(2)
cell = tf.keras.layers.LSTM(CELL_SIZE, return_sequences=True, return_state=True,
    # TF1's kernel, drawn where the cell first ran: the inputs' rows, then the state's
    kernel_initializer=lambda shape, dtype=None: cell_kernel[:shape[0]],
    recurrent_initializer=lambda shape, dtype=None: cell_kernel[-shape[0]:])
cell_kernel = tf.keras.initializers.GlorotUniform()([INPUT_SIZE + CELL_SIZE, 4 * CELL_SIZE])
cell_kernel = tf.concat([tf.split(cell_kernel, 4, axis=1)[k] for k in (0, 2, 1, 3)], axis=1)  # TF1's gates i, j, f, o as Keras's i, f, c, o
cell.build([None, None, INPUT_SIZE])
dense = tf.keras.layers.Dense(INPUT_SIZE)
dense.build([None, CELL_SIZE])

steps = np.linspace(0, np.pi, BATCH * TIME_STEP, dtype=np.float32).reshape(BATCH, TIME_STEP, 1)
x_np, y_np = np.sin(steps), np.cos(steps)

optimizer = tf.keras.optimizers.Adam(learning_rate=0.02, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, TIME_STEP, INPUT_SIZE], dtype=tf.float32),
    tf.TensorSpec(shape=[None, TIME_STEP, INPUT_SIZE], dtype=tf.float32),
])
def run_train_op_loss(xs, ys):
    with tf.GradientTape() as tape:
        outputs, final_state_h, final_state_c = cell(xs)
        outs2D = tf.reshape(outputs, [-1, CELL_SIZE])
        net_outs2D = dense(outs2D)
        outs = tf.reshape(net_outs2D, [-1, TIME_STEP, INPUT_SIZE])
        loss = tf.reduce_mean(tf.math.squared_difference(outs, ys))
    grads = tape.gradient(loss, [*cell.trainable_variables, *dense.trainable_variables])
    optimizer.apply_gradients(zip(grads, [*cell.trainable_variables, *dense.trainable_variables]))
    return loss


@tf.function(input_signature=[tf.TensorSpec(shape=[None, TIME_STEP, INPUT_SIZE], dtype=tf.float32)])
def run_outs(xs):
    outputs, final_state_h, final_state_c = cell(xs)
    outs2D = tf.reshape(outputs, [-1, CELL_SIZE])
    net_outs2D = dense(outs2D)
    outs = tf.reshape(net_outs2D, [-1, TIME_STEP, INPUT_SIZE])
    return outs


for step in range(12):
    l = run_train_op_loss(xs=x_np, ys=y_np).numpy()
    if step % 4 == 0:
        print(step, "%.5f" % l)
print(run_outs(xs=x_np).numpy()[0, :, 0])
