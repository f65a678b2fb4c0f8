# Dropouts that one function runs, made between two dense layers: the function would make its
# op when it is traced, after both layers' variables, where TF1 made it before the second
# layer's: a generator made in its place draws the masks (training=True: a dropout; the
# default, False: the input itself, no op).
import numpy as np
import tensorflow as tf

dense = tf.keras.layers.Dense(8, activation=tf.nn.relu)
dense.build([6, 4])
# the random op TF1 made here: each run draws this generator's next numbers
h_generator = tf.random.Generator.from_non_deterministic_state()
dense_1 = tf.keras.layers.Dense(1)
dense_1.build([None, 8])
data = np.linspace(-1, 1, 24, dtype=np.float32).reshape(6, 4)


@tf.function(input_signature=[tf.TensorSpec(shape=[6, 4], dtype=tf.float32)])
def run_out(x):
    h = dense(x)
    h = tf.nn.experimental.general_dropout(h, rate=0.3, uniform_sampler=h_generator.uniform)
    h = tf.identity(h)
    logits = dense_1(h)
    out = tf.reduce_sum(logits)
    return out


for i in range(3):
    print(run_out(x=data).numpy())
