# The graph is finished inside the session block, after the initializer ran (TF1 adds
# the ops to the session's graph): those ops join the functions.
import numpy as np
import tensorflow as tf

w = tf.Variable(0.0)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None], dtype=tf.float32),
    tf.TensorSpec(shape=[None], dtype=tf.float32),
])
def run_step_loss(x, y):
    with tf.GradientTape() as tape:
        pred = w * x
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [w])
    opt.apply_gradients(zip(grads, [w]))
    return loss


opt = tf.keras.optimizers.SGD(learning_rate=0.1)
data = np.array([1.0, 2.0, 3.0], np.float32)
for i in range(4):
    value = run_step_loss(x=data, y=2.0 * data).numpy()
    print(i, round(float(value), 4))
print("w", round(float(w.numpy()), 4))
