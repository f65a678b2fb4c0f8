"""A trainer that counts its steps and keeps a Python loss log inside tf.function."""
import tensorflow as tf


class Trainer(tf.Module):
    def __init__(self, model, optimizer):
        super().__init__()
        self.model = model
        self.optimizer = optimizer
        self.num_steps = 0
        self.loss_log = []

    @tf.function
    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.model.trainable_variables))
        self.num_steps += 1  # expect: TFM403
        self.loss_log.append(loss)  # expect: TFM403
        return loss


trainer = Trainer(tf.keras.Sequential([tf.keras.layers.Dense(1)]), tf.keras.optimizers.SGD(0.1))
for _ in range(5):
    trainer.train_step(tf.ones([4, 2]), tf.zeros([4, 1]))
print(trainer.num_steps)
