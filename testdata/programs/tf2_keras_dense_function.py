# modes: tf2
# keras.layers.Dense built inside tf.function (the function traces again) and held by a
# tf.Module, which does not track a Keras 3 layer's variables; training through
# layer.trainable_variables.
import tensorflow as tf


class Net(tf.Module):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(3, activation="relu", kernel_initializer="ones", bias_initializer="zeros")

    def __call__(self, x):
        return tf.reduce_sum(self.hidden(x), axis=1)


net = Net()
x = tf.constant([[1.0, -2.0], [0.5, 3.0]])


@tf.function
def forward(x):
    return net(x)


print(forward(x).numpy().ravel().tolist())
print(len(net.trainable_variables), sorted(v.shape.as_list() for v in net.hidden.trainable_variables))
opt = tf.keras.optimizers.SGD(0.01)


@tf.function
def step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(net(x) - 1.0))
    grads = tape.gradient(loss, net.hidden.trainable_variables)
    opt.apply_gradients(zip(grads, net.hidden.trainable_variables))
    return loss


for i in range(3):
    print("loss", round(float(step(x)), 5))
print(forward(x).numpy().ravel().tolist())
