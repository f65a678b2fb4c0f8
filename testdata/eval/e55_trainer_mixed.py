"""A research trainer ported from TF1 with several tf.function hazards at once."""
import tensorflow as tf


class Trainer(tf.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model
        self.opt = tf.keras.optimizers.SGD(0.01)
        self.step_count = 0

    @tf.function
    def train_step(self, x, y, epoch):
        print("tracing train_step")  # expect: TFM405
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.model.trainable_variables))
        self.step_count += 1  # expect: TFM403
        return loss

    def fit(self, dataset, epochs):
        for epoch in range(epochs):
            for x, y in dataset:
                self.train_step(x, y, epoch)  # expect: TFM407


model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
trainer = Trainer(model)
trainer.fit(tf.data.Dataset.from_tensor_slices((tf.ones([8, 3]), tf.ones([8, 1]))).batch(4), 3)
