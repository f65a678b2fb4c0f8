# The LSTM program of 114 inside `def main():` run under `if __name__ == "__main__":`:
# the cell, its run and its uses are statements of the function's block, converted there.
import numpy as np
import tensorflow as tf

def main():
    n_steps, n_input, n_hidden, n_classes = 5, 3, 8, 2
    cell = tf.keras.layers.LSTM(n_hidden, return_sequences=True, return_state=True,
        # TF1's kernel, drawn where the cell first ran: the inputs' rows, then the state's
        kernel_initializer=lambda shape, dtype=None: cell_kernel[:shape[0]],
        recurrent_initializer=lambda shape, dtype=None: cell_kernel[-shape[0]:])
    cell_kernel = tf.keras.initializers.GlorotUniform()([n_input + n_hidden, 4 * n_hidden])
    cell_kernel = tf.concat([tf.split(cell_kernel, 4, axis=1)[k] for k in (0, 2, 1, 3)], axis=1)  # TF1's gates i, j, f, o as Keras's i, f, c, o
    cell.build([None, None, n_input])
    W = tf.Variable(tf.random.normal([n_hidden, n_classes]))
    b = tf.Variable(tf.zeros([n_classes]))

    rng = np.random.RandomState(0)
    bx = rng.rand(4, n_steps, n_input).astype(np.float32)
    by = np.eye(n_classes)[rng.randint(0, n_classes, 4)].astype(np.float32)

    optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)

    def _numpy(fetched):
        """What sess.run returned: NumPy values (None for operations)."""
        return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, n_steps, n_input], dtype=tf.float32),
        tf.TensorSpec(shape=[None, n_classes], dtype=tf.float32),
    ])
    def run_train_loss(x, y):
        with tf.GradientTape() as tape:
            outputs, states_h, states_c = cell(x)
            logits = tf.matmul(outputs[:, -1, :], W) + b
            loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
        grads = tape.gradient(loss, [*cell.trainable_variables, W, b])
        optimizer.apply_gradients(zip(grads, [*cell.trainable_variables, W, b]))
        return loss

    @tf.function(input_signature=[tf.TensorSpec(shape=[None, n_steps, n_input], dtype=tf.float32)])
    def run_final_h(x):
        outputs, states_h, states_c = cell(x)
        final_h = states_h
        return final_h

    for step in range(5):
        l = run_train_loss(x=bx, y=by).numpy()
        print(step, l)
    print(_numpy(run_final_h(x=bx)))


if __name__ == "__main__":
    main()
