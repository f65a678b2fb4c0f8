# Nesterov momentum whose learning rate decays from the global step: as for plain momentum
# (71), no Keras optimizer makes TF1's update once the rate changes, so the tape step writes
# out TF1's ApplyMomentum with use_nesterov (var -= grad * rate + accumulator * momentum *
# rate, the accumulator summing the gradients).
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
            var.assign_sub(grad * learning_rate + accumulator * 0.9 * learning_rate)
    step.assign_add(1)
    return loss


for i in range(6):
    l = run_train_loss(x=data).numpy()
    print(i, l)
print(w.numpy(), b.numpy(), step.numpy())
