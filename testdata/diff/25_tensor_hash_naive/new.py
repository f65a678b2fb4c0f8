# TF2, naive: the same dict. TF2 variables are unhashable:
# "TypeError: Variable is unhashable. Instead, use variable.ref() as the key."
import tensorflow as tf

w = tf.Variable([1.0, 2.0], name="w")
b = tf.Variable(0.5, name="b")
lr_mult = {w: 1.0, b: 0.1}


@tf.function
def train_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(w * w) + b * b
    grads = tape.gradient(loss, [w, b])
    return [v.assign_sub(0.1 * lr_mult[v] * g) for v, g in zip([w, b], grads)]


for step in range(2):
    new_w, new_b = train_step()
    print("step", step, "w", [round(float(a), 5) for a in new_w], "b", round(float(new_b), 5))
