# A helper that makes a layer's variables each time the graph-building code calls it: a
# tf.Module whose variables are made once, when its object is made (one per call, in the
# same order), and whose call computes the rest; the optimizer updates the objects'
# trainable variables.
import numpy as np
import tensorflow as tf


class AddLayer(tf.Module):
    """A dense layer: inputs @ W + b."""

    def __init__(self, in_size, out_size, seed):
        super().__init__()
        # weights drawn from a normal distribution
        self.Weights = tf.Variable(tf.random.normal([in_size, out_size], stddev=0.5, seed=seed))
        self.biases = tf.Variable(tf.zeros([1, out_size]) + 0.1)
        self.out_size = out_size

    def __call__(self, inputs, activation_function=None):
        Wx_plus_b = tf.matmul(inputs, self.Weights) + self.biases
        if activation_function is None:
            outputs = Wx_plus_b
        else:
            outputs = activation_function(Wx_plus_b)
        return outputs / float(self.out_size)


x_data = np.linspace(-1, 1, 20, dtype=np.float32)[:, np.newaxis]
y_data = np.square(x_data) - 0.5

l1_layer = AddLayer(1, 8, 1)
prediction_layer = AddLayer(8, 1, seed=2)

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train_step(xs, ys):
    with tf.GradientTape() as tape:
        l1 = l1_layer(xs, activation_function=tf.nn.relu)
        prediction = prediction_layer(l1)
        loss = tf.reduce_mean(tf.reduce_sum(tf.square(ys - prediction), axis=[1]))
    grads = tape.gradient(loss, [*l1_layer.trainable_variables, *prediction_layer.trainable_variables])
    optimizer.apply_gradients(zip(grads, [*l1_layer.trainable_variables, *prediction_layer.trainable_variables]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_loss(xs, ys):
    l1 = l1_layer(xs, activation_function=tf.nn.relu)
    prediction = prediction_layer(l1)
    loss = tf.reduce_mean(tf.reduce_sum(tf.square(ys - prediction), axis=[1]))
    return loss


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 1], dtype=tf.float32)])
def run_l1(xs):
    l1 = l1_layer(xs, activation_function=tf.nn.relu)
    return l1


for i in range(30):
    run_train_step(xs=x_data, ys=y_data)
    if i % 10 == 0:
        print(i, run_loss(xs=x_data, ys=y_data).numpy())
print("hidden", run_l1(xs=x_data[:3]).numpy())
