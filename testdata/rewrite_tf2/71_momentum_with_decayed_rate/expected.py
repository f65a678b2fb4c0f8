# Momentum whose learning rate decays from the global step (staircase, halved every two
# steps): TF1's MomentumOptimizer keeps the sum of the gradients and scales all of it by the
# current rate; Keras SGD(momentum) keeps rate * gradient of each step, so the two part once
# the rate changes. No Keras optimizer makes TF1's update: the tape step writes it out.
import numpy as np
import tensorflow as tf

w = tf.Variable([[0.5], [-0.25]])
b = tf.Variable(0.1)
step = tf.Variable(0, trainable=False)

data = np.arange(8, dtype=np.float32).reshape(4, 2) / 8.0

learning_rate_schedule = tf.keras.optimizers.schedules.ExponentialDecay(0.2, 2, 0.5, staircase=True)
momentum_accumulators = [tf.Variable(tf.zeros_like(v), trainable=False) for v in [w, b]]


@tf.function(input_signature=[tf.TensorSpec(shape=[4, 2], dtype=tf.float32)])
def run_train_loss(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - 1.0))
        learning_rate = learning_rate_schedule(step)
    grads = tape.gradient(loss, [w, b])
    # TF1's Momentum update (no Keras optimizer makes it once the rate decays)
    for var, grad, accumulator in zip([w, b], grads, momentum_accumulators):
        if grad is not None:
            accumulator.assign(accumulator * 0.9 + grad)
            var.assign_sub(accumulator * learning_rate)
    step.assign_add(1)
    return loss


for i in range(6):
    l = run_train_loss(x=data).numpy()
    print(i, l)
print(w.numpy(), b.numpy(), step.numpy())
