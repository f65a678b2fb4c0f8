# A dropout inside a model function (tensorflow/models' convolutional.py): `logits` is one
# op of the TF1 graph that the training run and the run fetching the loss both run, each
# run drawing its next mask. Two tf.functions would each trace a dropout of their own,
# drawing the same first mask (the same op seed) where TF1 drew the next: refused.
import numpy as np
import tensorflow as tf

w = tf.Variable([[0.5], [-0.25], [1.0]])


def model(data, train=False):
    hidden = tf.nn.relu(data)
    if train:
        hidden = tf.nn.dropout(hidden, rate=1 - 0.5, seed=7)
    return tf.matmul(hidden, w)


data = np.arange(12, dtype=np.float32).reshape(4, 3) / 12.0

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function(input_signature=[tf.TensorSpec(shape=[4, 3], dtype=tf.float32)])
def run_train(x):
    with tf.GradientTape() as tape:
        logits = model(x, True)
        loss = tf.reduce_mean(tf.square(logits - 1.0))
    grads = tape.gradient(loss, [w])
    optimizer.apply_gradients(zip(grads, [w]))


@tf.function(input_signature=[tf.TensorSpec(shape=[4, 3], dtype=tf.float32)])
def run_loss(x):
    logits = model(x, True)
    loss = tf.reduce_mean(tf.square(logits - 1.0))
    return loss


for i in range(3):
    run_train(x=data)
    print(i, run_loss(x=data).numpy())
