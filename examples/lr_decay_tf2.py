"""A TF2 port of lr_decay_tf1.py that keeps the TF1 shape of the code.

`learning_rate` is now an eager tensor computed once, at 1.0; TF1 recomputed it on every
step. `tfmigrate diff examples/lr_decay_tf1.py examples/lr_decay_tf2.py` shows the first
step that differs and names TFM406 (tensor-cached-at-init) as the cause.
"""
import tensorflow as tf

w = tf.Variable(4.0, name="w")
step_count = tf.Variable(1.0, name="step_count", trainable=False)
learning_rate = 1.0 / step_count


@tf.function
def train_step():
    with tf.GradientTape() as tape:
        loss = 0.1 * tf.square(w)
    grad = tape.gradient(loss, w)
    w.assign_sub(learning_rate * grad)
    step_count.assign_add(1.0)


for i in range(3):
    train_step()
    print("step", i, "w", w.numpy())
