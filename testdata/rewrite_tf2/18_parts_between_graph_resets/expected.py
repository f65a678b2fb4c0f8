# Two experiments in one script, each on a fresh default graph (the cookbook shape): the
# reset between them splits the script into parts converted one by one.
import numpy as np
import tensorflow as tf

w = tf.Variable(1.0, name="w_first")

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def run_train(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(w * x - 4.0))
    grads = tape.gradient(loss, [w])
    optimizer.apply_gradients(zip(grads, [w]))


for _ in range(5):
    run_train(x=np.array([1.0, 2.0], np.float32))
print("first", round(float(w.numpy()), 4))

w = tf.Variable(-1.0, name="w_second")

optimizer_2 = tf.keras.optimizers.SGD(learning_rate=0.05)


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def run_train_2(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.abs(w * x + 3.0))
    grads = tape.gradient(loss, [w])
    optimizer_2.apply_gradients(zip(grads, [w]))


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def run_loss(x):
    loss = tf.reduce_mean(tf.abs(w * x + 3.0))
    return loss


for _ in range(5):
    run_train_2(x=np.array([2.0, 1.0], np.float32))
print("second", round(float(w.numpy()), 4), round(float(run_loss(x=np.array([1.0], np.float32)).numpy()), 4))
