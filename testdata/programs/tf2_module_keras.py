# modes: tf2
# tf.Module variable tracking; keras Adam with a schedule; tf.function training step.
import tensorflow as tf


class Linear(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[0.5], [-0.5]], name="w")
        self.b = tf.Variable([0.0], name="b")

    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.layer = Linear()
        self.scale = tf.Variable(2.0, trainable=False, name="scale")


m = Model()
print(len(m.variables), len(m.trainable_variables), sorted(v.name for v in m.trainable_variables))
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
y = tf.constant([[1.0], [0.0]])
opt = tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)


@tf.function
def step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(m.layer(x) - y))
    grads = tape.gradient(loss, m.trainable_variables)
    opt.apply_gradients(zip(grads, m.trainable_variables))
    return loss


for i in range(3):
    print(i, step().numpy())
print(m.layer.w.numpy(), m.layer.b.numpy())
