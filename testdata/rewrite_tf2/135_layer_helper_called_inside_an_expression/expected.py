# A layer helper called inside an expression (`h = tf.nn.relu(dense(x, ...))`, the
# tutorials' stacking idiom): the helper becomes a tf.Module whose object is made once, at
# module level, in the statement's place; the statement, in each tf.function, calls the
# object where it called the helper; the optimizer updates the objects' variables.
import numpy as np
import tensorflow as tf


class Dense(tf.Module):
    """A fully connected layer:
    inputs @ w + b."""

    def __init__(self, n_in, n_out, name):
        super().__init__()
        self.w = tf.Variable(tf.keras.initializers.RandomNormal(mean=0.0, stddev=0.5, seed=3)([n_in, n_out], dtype=tf.float32), name=name + "_w")
        self.b = tf.Variable(tf.zeros([n_out]) + 0.1, name=name + "_b")

    def __call__(self, inputs):
        return tf.matmul(inputs, self.w) + self.b


h_layer = Dense(2, 6, "hidden")
out_layer = Dense(6, 1, "out")

xs = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=np.float32)
ys = np.array([[0], [1], [1], [0]], dtype=np.float32)

optimizer = tf.keras.optimizers.SGD(learning_rate=0.5)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train_loss(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(h_layer(x))
        out = tf.sigmoid(out_layer(h)) * 2.0
        loss = tf.reduce_mean(tf.square(out - y))
    grads = tape.gradient(loss, [*h_layer.trainable_variables, *out_layer.trainable_variables])
    optimizer.apply_gradients(zip(grads, [*h_layer.trainable_variables, *out_layer.trainable_variables]))
    return loss


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_out(x):
    h = tf.nn.relu(h_layer(x))
    out = tf.sigmoid(out_layer(h)) * 2.0
    return out


for step in range(20):
    l = run_train_loss(x=xs, y=ys).numpy()
    if step % 5 == 0:
        print(step, l)
print(run_out(x=xs).numpy())
