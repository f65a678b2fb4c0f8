# TF2, naive: the same expression now runs once, eagerly, at startup, so every step uses
# 0.1 / 1. (Keras 3 optimizers refuse a tensor learning rate outright, so the naive port
# applies the update by hand, as many migrated training loops do.)
import tensorflow as tf

global_step = tf.Variable(1.0, name="global_step")
learning_rate = 0.1 / global_step
w = tf.Variable(2.0, name="w")


@tf.function
def train_step():
    with tf.GradientTape() as tape:
        loss = tf.square(w)
    w.assign_sub(learning_rate * tape.gradient(loss, w))
    return [learning_rate, global_step.assign_add(1.0)]


for i in range(4):
    lr, step = [t.numpy() for t in train_step()]
    print("step", i, "lr", f"{lr:.5f}", "global_step", step)
