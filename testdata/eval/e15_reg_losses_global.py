"""Regularization losses gathered in a module-level list, TF1 style, run eagerly."""
import tensorflow as tf

REG_LOSSES = []


class Dense(tf.Module):
    def __init__(self, n_in, n_out, l2=1e-4):
        super().__init__()
        self.w = tf.Variable(tf.random.normal([n_in, n_out]) * 0.05)
        self.l2 = l2

    def __call__(self, x):
        REG_LOSSES.append(self.l2 * tf.nn.l2_loss(self.w))
        return tf.matmul(x, self.w)


hidden = Dense(4, 8)
head = Dense(8, 1)
optimizer = tf.keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = head(tf.nn.relu(hidden(x)))
        data_loss = tf.reduce_mean(tf.square(pred - y))
        total = data_loss + tf.add_n(REG_LOSSES)  # expect: TFM404
    variables = hidden.trainable_variables + head.trainable_variables
    optimizer.apply_gradients(zip(tape.gradient(total, variables), variables))
    return total


for _ in range(10):
    train_step(tf.ones([2, 4]), tf.zeros([2, 1]))
