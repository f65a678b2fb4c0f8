# Module-level get_variable calls in no scope (the tutorials' `W = tf.get_variable("W",
# shape=[...], initializer=...)`; `tf.contrib.layers.xavier_initializer()` is the same Glorot
# uniform draw once the compat level has fixed it, TFM101): each becomes a tf.Variable of
# its initializer's value, made once with TF1's graph name; a drawing initializer is the
# Keras initializer drawing the same distribution, with TF1's defaults written out.
import numpy as np
import tensorflow as tf

tf.random.set_seed(7)
W1 = tf.Variable(tf.keras.initializers.GlorotUniform()(shape=[4, 8], dtype=tf.float32), name="W1")
b1 = tf.Variable(tf.zeros([8]))
W2 = tf.Variable(tf.keras.initializers.RandomNormal(mean=0.0, stddev=0.1)(shape=[8, 1], dtype=tf.float32), name="W2")
b2 = tf.Variable(tf.constant_initializer(0.5)(shape=[1], dtype=tf.float32), name="b2")

data = np.arange(12, dtype=np.float32).reshape(3, 4) / 10.0
target = np.array([[1.0], [0.0], [1.0]], dtype=np.float32)

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 4], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train_loss(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(tf.matmul(x, W1) + b1)
        out = tf.matmul(h, W2) + b2
        loss = tf.reduce_mean(tf.square(out - y))
    grads = tape.gradient(loss, [W1, b1, W2, b2])
    optimizer.apply_gradients(zip(grads, [W1, b1, W2, b2]))
    return loss


for step in range(3):
    l = run_train_loss(x=data, y=target).numpy()
    print(step, l)
print(W1.name, W2.name, b2.name)
