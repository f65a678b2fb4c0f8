# TF2, fixed: the function returns the loss; the Python `if` tests the returned value.
import tensorflow as tf

w = tf.Variable(4.0, name="w")
opt = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step():
    with tf.GradientTape() as tape:
        loss = tf.square(w)
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    return loss


for step in range(3):
    l = train_step().numpy()
    if l > 10.0:
        print("step", step, "large loss", l)
    else:
        print("step", step, "small loss", l)
