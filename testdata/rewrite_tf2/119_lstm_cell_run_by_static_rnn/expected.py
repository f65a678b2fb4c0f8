# tf.nn.static_rnn over `tf.unstack(X, timesteps, 1)`: the Keras LSTM is given the steps
# stacked again, and its outputs are one [batch, time, units] tensor, so the list's step
# `outputs[-1]` is `outputs[:, -1]`.
import numpy as np
import tensorflow as tf

timesteps, num_input, num_hidden, num_classes = 5, 4, 6, 3
weights = tf.Variable(tf.random.normal([num_hidden, num_classes]))
biases = tf.Variable(tf.random.normal([num_classes]))

lstm_cell = tf.keras.layers.LSTM(num_hidden, return_sequences=True, return_state=True,
    # TF1's kernel, drawn where the cell first ran: the inputs' rows, then the state's
    kernel_initializer=lambda shape, dtype=None: lstm_cell_kernel[:shape[0]],
    recurrent_initializer=lambda shape, dtype=None: lstm_cell_kernel[-shape[0]:])
lstm_cell_kernel = tf.keras.initializers.GlorotUniform()([num_input + num_hidden, 4 * num_hidden])
lstm_cell_kernel = tf.concat([tf.split(lstm_cell_kernel, 4, axis=1)[k] for k in (0, 2, 1, 3)], axis=1)  # TF1's gates i, j, f, o as Keras's i, f, c, o
lstm_cell.build([None, None, num_input])

rng = np.random.RandomState(1)
batch_x = rng.rand(16, timesteps, num_input).astype(np.float32)
batch_y = np.eye(num_classes)[rng.randint(0, num_classes, 16)].astype(np.float32)

optimizer = tf.keras.optimizers.SGD(learning_rate=0.5)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, timesteps, num_input], dtype="float"),
    tf.TensorSpec(shape=[None, num_classes], dtype="float"),
])
def run_train_op(X, Y):
    with tf.GradientTape() as tape:
        x = tf.unstack(X, timesteps, 1)
        outputs, states_h, states_c = lstm_cell(tf.stack(x, axis=1))
        logits = tf.matmul(outputs[:, -1], weights) + biases
        loss_op = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=Y))
    grads = tape.gradient(loss_op, [weights, biases, *lstm_cell.trainable_variables])
    optimizer.apply_gradients(zip(grads, [weights, biases, *lstm_cell.trainable_variables]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, timesteps, num_input], dtype="float"),
    tf.TensorSpec(shape=[None, num_classes], dtype="float"),
])
def run_loss_op_accuracy(X, Y):
    x = tf.unstack(X, timesteps, 1)
    outputs, states_h, states_c = lstm_cell(tf.stack(x, axis=1))
    logits = tf.matmul(outputs[:, -1], weights) + biases
    prediction = tf.nn.softmax(logits)
    loss_op = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=Y))
    correct_pred = tf.equal(tf.argmax(prediction, 1), tf.argmax(Y, 1))
    accuracy = tf.reduce_mean(tf.cast(correct_pred, tf.float32))
    return [loss_op, accuracy]


for step in range(1, 31):
    run_train_op(X=batch_x, Y=batch_y)
    if step % 10 == 0 or step == 1:
        loss, acc = [t.numpy() for t in run_loss_op_accuracy(X=batch_x, Y=batch_y)]
        print("Step " + str(step) + ", Minibatch Loss= " + "{:.4f}".format(loss) + ", Training Accuracy= " + "{:.3f}".format(acc))
print("Optimization Finished!")
