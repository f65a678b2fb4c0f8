# TF2, naive: the `if` moved into the tf.function and now tests a tensor. AutoGraph turns
# it into tf.cond and traces BOTH branches once, so both prints run once, at trace time,
# with symbolic tensors, instead of one line per step.
import tensorflow as tf

w = tf.Variable(4.0, name="w")
opt = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step(step):
    with tf.GradientTape() as tape:
        loss = tf.square(w)
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    if loss > 10.0:
        print("step", step, "large loss", loss)
    else:
        print("step", step, "small loss", loss)
    return loss


for step in range(3):
    train_step(tf.constant(step))
