# A class whose graph applies tf.layers.dropout under a `training` flag, a
# placeholder_with_default(False) that the training run feeds True and the scoring run
# leaves at its default. The flag becomes a parameter defaulting to False (a bool
# TensorSpec); the dropout a cond of it, dropping while training (drawing from one
# generator both methods share, as TF1's one op) and the input itself otherwise.
import numpy as np
import tensorflow as tf


class Net(tf.Module):
    def __init__(self):
        super().__init__()
        self.hidden_layer = tf.keras.layers.Dense(8, activation=tf.nn.relu)
        self.hidden_layer.build([None, 4])
        # the random op TF1 made here: each run draws this generator's next numbers
        self.dropped_generator = tf.random.Generator.from_seed(4).split(1)[0]
        self.logits_layer = tf.keras.layers.Dense(2)
        self.logits_layer.build([None, 8])
        self.optimizer = tf.keras.optimizers.Adam(learning_rate=0.01, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 4], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
        tf.TensorSpec(shape=[], dtype=tf.bool),
    ])
    def run_loss_step(self, x, y, training=False):
        with tf.GradientTape() as tape:
            hidden = self.hidden_layer(x)
            dropped = tf.cond(training, lambda: tf.nn.experimental.general_dropout(hidden, rate=0.3, uniform_sampler=self.dropped_generator.uniform), lambda: tf.identity(hidden))
            logits = self.logits_layer(dropped)
            loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
        grads = tape.gradient(loss, [*self.hidden_layer.trainable_variables, *self.logits_layer.trainable_variables])
        self.optimizer.apply_gradients(zip(grads, [*self.hidden_layer.trainable_variables, *self.logits_layer.trainable_variables]))
        return loss

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 4], dtype=tf.float32),
        tf.TensorSpec(shape=[], dtype=tf.bool),
    ])
    def run_logits(self, x, training=False):
        hidden = self.hidden_layer(x)
        dropped = tf.cond(training, lambda: tf.nn.experimental.general_dropout(hidden, rate=0.3, uniform_sampler=self.dropped_generator.uniform), lambda: tf.identity(hidden))
        logits = self.logits_layer(dropped)
        return logits

    def fit(self, xs, ys):
        return self.run_loss_step(x=xs, y=ys, training=True).numpy()

    def scores(self, xs):
        return self.run_logits(x=xs).numpy()


tf.random.set_seed(4)
rng = np.random.RandomState(0)
xs = rng.rand(6, 4).astype(np.float32)
ys = np.eye(2, dtype=np.float32)[rng.randint(0, 2, size=6)]
net = Net()
for i in range(4):
    print(i, round(float(net.fit(xs, ys)), 5), np.round(net.scores(xs[:2]), 4))
