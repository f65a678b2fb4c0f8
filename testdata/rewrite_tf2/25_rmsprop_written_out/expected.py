# RMSProp: TF1 starts the mean square at 1, Keras at 0, so no Keras optimizer makes the
# same update: the step writes TF1's ApplyRMSProp out over a mean square per variable.
import numpy as np
import tensorflow as tf

w = tf.Variable(0.0)

rmsprop_slots = [tf.Variable(tf.ones_like(v), trainable=False) for v in [w]]


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def run_train_loss(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(w * x - 2.0 * x))
    grads = tape.gradient(loss, [w])
    # TF1's RMSProp update (its mean square starts at 1; Keras RMSprop's at 0)
    for var, grad, mean_square in zip([w], grads, rmsprop_slots):
        if grad is not None:
            mean_square.assign_add((tf.square(grad) - mean_square) * (1 - 0.9))
            var.assign_sub((grad * 0.01) / tf.sqrt(mean_square + 1e-10))
    return loss


for i in range(10):
    l = run_train_loss(x=np.array([1.0, 2.0], np.float32)).numpy()
print("loss", round(float(l), 5), "w", round(float(w.numpy()), 5))
