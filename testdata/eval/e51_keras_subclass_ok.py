"""Keras subclass model with a custom train_step (idiomatic TF2)."""
import tensorflow as tf


class Classifier(tf.keras.Model):
    def __init__(self, num_classes):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(64, activation="relu")
        self.dropout = tf.keras.layers.Dropout(0.2)
        self.out = tf.keras.layers.Dense(num_classes)

    def call(self, inputs, training=False):
        x = self.hidden(inputs)
        x = self.dropout(x, training=training)
        return self.out(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            logits = self(x, training=True)
            loss = self.compiled_loss(y, logits)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.compiled_metrics.update_state(y, logits)
        return {m.name: m.result() for m in self.metrics}


model = Classifier(10)
model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
model.fit(tf.random.normal([64, 20]), tf.random.uniform([64], maxval=10, dtype=tf.int32), epochs=1)
