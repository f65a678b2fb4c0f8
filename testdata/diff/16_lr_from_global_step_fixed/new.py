# TF2, the guide's fix: the learning rate is a callable, evaluated on every step.
import tensorflow as tf

global_step = tf.Variable(1.0, name="global_step")
learning_rate = lambda: 0.1 / global_step  # noqa: E731
opt = tf.keras.optimizers.SGD(learning_rate)
w = tf.Variable(2.0, name="w")


@tf.function
def train_step():
    lr = learning_rate()
    with tf.GradientTape() as tape:
        loss = tf.square(w)
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    return [lr, global_step.assign_add(1.0)]


for i in range(4):
    lr, step = [t.numpy() for t in train_step()]
    print("step", i, "lr", f"{lr:.5f}", "global_step", step)
