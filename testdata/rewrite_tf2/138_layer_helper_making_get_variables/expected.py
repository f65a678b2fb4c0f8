# A helper that makes its variables with get_variable in no scope (`w =
# tf.get_variable("w", [2, 4], initializer=...)`), called once: a tf.Module whose
# constructor makes each as the tf.Variable TF1 made (its initializer's value, TF1's name),
# a drawing initializer as the Keras one drawing the same distribution. (Called twice, TF1
# raised: the variable exists.)
import numpy as np
import tensorflow as tf


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(tf.keras.initializers.GlorotUniform()(shape=[2, 4], dtype=tf.float32), name="w")
        self.b = tf.Variable(tf.zeros_initializer()(shape=[4], dtype=tf.float32), name="b")
        self.v = tf.Variable(tf.constant_initializer(0.25)(shape=[4, 1], dtype=tf.float32), name="v")

    def __call__(self, x):
        return tf.matmul(tf.nn.relu(tf.matmul(x, self.w) + self.b), self.v)


def main():
    tf.random.set_seed(3)
    pred_layer = Model()
    xs = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0]], dtype=np.float32)
    ys = np.array([[1.0], [1.0], [0.0]], dtype=np.float32)

    optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    ])
    def run_train_loss(x, y):
        with tf.GradientTape() as tape:
            pred = pred_layer(x)
            loss = tf.reduce_mean(tf.square(pred - y))
        grads = tape.gradient(loss, [*pred_layer.trainable_variables])
        optimizer.apply_gradients(zip(grads, [*pred_layer.trainable_variables]))
        return loss

    for step in range(5):
        l = run_train_loss(x=xs, y=ys).numpy()
        print(step, l)


if __name__ == "__main__":
    main()
