# Nesterov momentum with a global step that minimize() increments; the step is read back.
import numpy as np
import tensorflow as tf

data = np.array([[0.5], [1.0], [1.5], [2.0]], dtype=np.float32)
w = tf.Variable([[0.2]])
b = tf.Variable([0.1])
global_step = tf.Variable(0, trainable=False, name="global_step")
optimizer = tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9, nesterov=True)


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 1], dtype=tf.float32)])
def run_train_op_loss(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - (1.5 * x + 0.25)))
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))
    global_step.assign_add(1)
    return loss


for i in range(25):
    l = run_train_op_loss(x=data).numpy()
    if i % 8 == 0:
        print(i, round(float(l), 5))
print("step", global_step.numpy())
print("w", np.round(w.numpy(), 4), "b", np.round(b.numpy(), 4))
