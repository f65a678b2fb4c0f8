# A class whose methods run expressions of its graph tensors rather than tensors it bound to
# attributes: `self.sess.run(tf.argmax(self.logits, 1), ...)` and an accuracy computed in
# the run's argument. Each becomes a method that computes the tensors the expression reads
# and returns the expression (`return tf.argmax(logits, 1)`), named after its call.
import numpy as np
import tensorflow as tf


class Classifier(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(tf.ones([4, 3]) * 0.05)
        self.b = tf.Variable(tf.zeros([3]))
        self.optimizer = tf.keras.optimizers.SGD(learning_rate=0.5)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 4], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
    ])
    def run_reduce_mean_logits_y(self, x, y):
        logits = tf.matmul(x, self.w) + self.b
        return tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), tf.argmax(y, 1)), tf.float32))

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 4], dtype=tf.float32),
    ])
    def run_argmax_logits(self, x):
        logits = tf.matmul(x, self.w) + self.b
        return tf.argmax(logits, 1)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 4], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
    ])
    def run_loss_step(self, x, y):
        with tf.GradientTape() as tape:
            logits = tf.matmul(x, self.w) + self.b
            loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
        grads = tape.gradient(loss, [self.w, self.b])
        self.optimizer.apply_gradients(zip(grads, [self.w, self.b]))
        return loss

    def train(self, xs, ys):
        return self.run_loss_step(x=xs, y=ys).numpy()

    def predict(self, xs):
        return self.run_argmax_logits(x=xs).numpy()

    def accuracy(self, xs, ys):
        return self.run_reduce_mean_logits_y(x=xs, y=ys).numpy()


rng = np.random.RandomState(2)
xs = rng.rand(8, 4).astype(np.float32)
ys = np.eye(3, dtype=np.float32)[rng.randint(0, 3, size=8)]
model = Classifier()
for i in range(4):
    print(i, round(float(model.train(xs, ys)), 5), model.predict(xs[:3]))
print("accuracy", model.accuracy(xs, ys))
