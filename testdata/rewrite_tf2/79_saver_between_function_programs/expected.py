# Two functions, each building its own graph after a reset of the default graph: one trains
# and saves with a tf.train.Saver, the other builds the net again and restores it. TF2: one
# Keras layer per TF1 layer, a tf.train.Checkpoint keyed by TF1's layer names.
import os
import tempfile

import numpy as np
import tensorflow as tf

tf.random.set_seed(3)
inputs_value = np.linspace(-1.0, 1.0, 10, dtype=np.float32).reshape(5, 2)
targets_value = inputs_value[:, :1] * 2.0 - inputs_value[:, 1:]
prefix = os.path.join(tempfile.mkdtemp(), "model")


def train_and_save():
    dense = tf.keras.layers.Dense(3, activation=tf.nn.relu)
    dense.build([None, 2])
    dense_1 = tf.keras.layers.Dense(1)
    dense_1.build([None, 3])

    optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    ])
    def run_step(x, y):
        with tf.GradientTape() as tape:
            h = dense(x)
            out = dense_1(h)
            loss = tf.reduce_mean(tf.math.squared_difference(out, y))
        grads = tape.gradient(loss, [*dense.trainable_variables, *dense_1.trainable_variables])
        optimizer.apply_gradients(zip(grads, [*dense.trainable_variables, *dense_1.trainable_variables]))

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    ])
    def run_loss(x, y):
        h = dense(x)
        out = dense_1(h)
        loss = tf.reduce_mean(tf.math.squared_difference(out, y))
        return loss

    saver = tf.train.Checkpoint(dense=dense, dense_1=dense_1)
    for _ in range(20):
        run_step(x=inputs_value, y=targets_value)
    print("trained", round(float(run_loss(x=inputs_value, y=targets_value).numpy()), 5))
    saver.write(prefix)


def restore_and_predict():
    dense = tf.keras.layers.Dense(3, activation=tf.nn.relu)
    dense.build([None, 2])
    dense_1 = tf.keras.layers.Dense(1)
    dense_1.build([None, 3])
    saver = tf.train.Checkpoint(dense=dense, dense_1=dense_1)

    @tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
    def run_out(x):
        h = dense(x)
        out = dense_1(h)
        return out

    saver.read(prefix).assert_existing_objects_matched()
    print("restored", np.round(run_out(x=inputs_value[:2]).numpy(), 4))


train_and_save()
tf.random.set_seed(None)
restore_and_predict()
