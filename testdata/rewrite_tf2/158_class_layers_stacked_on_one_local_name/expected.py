# A model class whose build method stacks its layers by binding one local name again
# (`h = tf.layers.dense(h, ...)`, `h = tf.nn.dropout(h, ...)`, `h = tf.nn.relu(h)`): each
# binding is its own graph value, written in the same order in the functions.
import numpy as np
import tensorflow as tf


class Classifier(tf.Module):
    def __init__(self):
        super().__init__()
        self.build()

    def build(self):
        self.h_layer = tf.keras.layers.Dense(10)
        self.h_layer.build([None, 4])
        # the random op TF1 made here: each run draws this generator's next numbers
        self.h_generator = tf.random.Generator.from_seed(21).split(1)[0]
        self.h_layer_1 = tf.keras.layers.Dense(6, activation=tf.nn.tanh)
        self.h_layer_1.build([None, 10])
        self.logits_layer = tf.keras.layers.Dense(3)
        self.logits_layer.build([None, 6])
        self.optimizer = tf.keras.optimizers.SGD(learning_rate=0.3)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 4], dtype=tf.float32),
        tf.TensorSpec(shape=[], dtype=tf.float32),
    ])
    def run_argmax_logits(self, x, keep_prob=1.0):
        h = self.h_layer(x)
        h = tf.nn.relu(h)
        h = tf.nn.experimental.general_dropout(h, rate=1 - keep_prob, uniform_sampler=self.h_generator.uniform)
        h = self.h_layer_1(h)
        logits = self.logits_layer(h)
        return tf.argmax(logits, 1)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 4], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
        tf.TensorSpec(shape=[], dtype=tf.float32),
    ])
    def run_loss_train_op(self, x, y, keep_prob=1.0):
        with tf.GradientTape() as tape:
            h = self.h_layer(x)
            h = tf.nn.relu(h)
            h = tf.nn.experimental.general_dropout(h, rate=1 - keep_prob, uniform_sampler=self.h_generator.uniform)
            h = self.h_layer_1(h)
            logits = self.logits_layer(h)
            loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
        grads = tape.gradient(loss, [*self.h_layer.trainable_variables, *self.h_layer_1.trainable_variables, *self.logits_layer.trainable_variables])
        self.optimizer.apply_gradients(zip(grads, [*self.h_layer.trainable_variables, *self.h_layer_1.trainable_variables, *self.logits_layer.trainable_variables]))
        return loss

    def train(self, xs, ys):
        loss = self.run_loss_train_op(x=xs, y=ys, keep_prob=0.8).numpy()
        return loss

    def predict(self, xs):
        return self.run_argmax_logits(x=xs).numpy()


tf.random.set_seed(21)
rng = np.random.RandomState(8)
xs = rng.randn(12, 4).astype(np.float32)
ys = np.eye(3, dtype=np.float32)[rng.randint(0, 3, size=12)]
model = Classifier()
for step in range(15):
    loss = model.train(xs, ys)
    if step % 5 == 0:
        print(step, round(float(loss), 5))
print(model.predict(xs[:6]))
