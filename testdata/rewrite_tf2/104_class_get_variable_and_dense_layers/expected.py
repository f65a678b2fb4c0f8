# A class whose constructor builds its graph in a variable scope of its name: get_variable
# (initializers given), two tf.layers.dense layers, Momentum, and makes its session. The
# variables and Keras Dense layers (built where TF1 made their variables, input widths read
# from the text) stay in the constructor, the scope a name scope around them.
import numpy as np
import tensorflow as tf


class Regressor(tf.Module):
    def __init__(self, name, lr):
        super().__init__()
        self.scope = name
        with tf.name_scope(self.scope):
            self.w = tf.Variable(tf.keras.initializers.RandomNormal(mean=0.0, stddev=0.3)(shape=[3, 4], dtype=tf.float32), name="w")
            self.b = tf.Variable(tf.keras.initializers.Zeros()(shape=[4], dtype=tf.float32), name="b")
            self.hidden_layer = tf.keras.layers.Dense(5, activation=tf.nn.relu)
            self.hidden_layer.build([None, 4])
            self.out_layer = tf.keras.layers.Dense(1)
            self.out_layer.build([None, 5])
        self.optimizer = tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    ])
    def run_loss_step(self, x, y):
        with tf.GradientTape() as tape:
            h = tf.nn.tanh(tf.matmul(x, self.w) + self.b)
            hidden = self.hidden_layer(h)
            out = self.out_layer(hidden)
            loss = tf.reduce_mean(tf.square(out - y))
        grads = tape.gradient(loss, [self.w, self.b, *self.hidden_layer.trainable_variables, *self.out_layer.trainable_variables])
        self.optimizer.apply_gradients(zip(grads, [self.w, self.b, *self.hidden_layer.trainable_variables, *self.out_layer.trainable_variables]))
        return loss

    def train(self, xs, ys):
        loss = self.run_loss_step(x=xs, y=ys).numpy()
        return loss


xs = np.linspace(-1, 1, 30, dtype=np.float32).reshape(10, 3)
ys = np.cos(xs.sum(axis=1, keepdims=True))
r = Regressor("reg", 0.05)
for i in range(30):
    l = r.train(xs, ys)
    if i % 10 == 9:
        print(i, round(float(l), 5))
