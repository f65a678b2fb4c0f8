# tf.nn.rnn_cell.BasicRNNCell run by dynamic_rnn, its final state fetched: a Keras
# SimpleRNN made where the cell was, built where TF1 made its variables. TF1's one kernel
# over [inputs, state] is drawn there and split into Keras's kernel and recurrent_kernel.
# (Refused until 2026-12-06: the conversion had no form for TF1's cells.)
import numpy as np
import tensorflow as tf

tf.random.set_seed(0)
cell = tf.keras.layers.SimpleRNN(4, return_sequences=True, return_state=True,
    # TF1's kernel, drawn where the cell first ran: the inputs' rows, then the state's
    kernel_initializer=lambda shape, dtype=None: cell_kernel[:shape[0]],
    recurrent_initializer=lambda shape, dtype=None: cell_kernel[-shape[0]:])
cell_kernel = tf.keras.initializers.GlorotUniform()([3 + 4, 4])
cell.build([None, None, 3])


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 5, 3], dtype=tf.float32)])
def run_state(inputs):
    outputs, state = cell(inputs)
    return state


print(_numpy(run_state(inputs=np.ones([2, 5, 3], np.float32))).shape)
