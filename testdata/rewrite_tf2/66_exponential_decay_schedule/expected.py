# A learning rate decayed from the global step (tf.train.exponential_decay, staircase) that
# the optimizer reads and a run fetches: TF2's form is Keras' ExponentialDecay of the same
# step. The Keras optimizer reads it as a callable learning rate at each update (before the
# step's increment, as TF1's minimize read it), and the function that fetches it calls the
# schedule with the step.
import numpy as np
import tensorflow as tf

BATCH = 4
w = tf.Variable([[0.5], [-0.25]])
step = tf.Variable(0, trainable=False)

data = np.arange(8, dtype=np.float32).reshape(BATCH, 2) / 8.0

learning_rate_schedule = tf.keras.optimizers.schedules.ExponentialDecay(0.1, 8, 0.5, staircase=True)
optimizer = tf.keras.optimizers.SGD(learning_rate=lambda: learning_rate_schedule(step * BATCH))


@tf.function(input_signature=[tf.TensorSpec(shape=[BATCH, 2], dtype=tf.float32)])
def run_train_loss_learning_rate(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) - 1.0))
        learning_rate = learning_rate_schedule(step * BATCH)
    grads = tape.gradient(loss, [w])
    optimizer.apply_gradients(zip(grads, [w]))
    step.assign_add(1)
    return loss, learning_rate


for i in range(5):
    l, lr = [t.numpy() for t in run_train_loss_learning_rate(x=data)]
    print(i, l, lr)
print(w.numpy(), step.numpy())
