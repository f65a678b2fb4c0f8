# A graph built in its own tf.Graph() and run by a `with` session inside it.
import numpy as np
import tensorflow as tf

data = np.linspace(-1.0, 1.0, 8).astype(np.float32)

a = tf.Variable(0.0, name="a")
c = tf.Variable(1.0, name="c")
opt = tf.keras.optimizers.Adam(learning_rate=0.1, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def run_train_loss(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(a * x + c - (2.0 * x - 0.5)))
    grads = tape.gradient(loss, [a, c])
    opt.apply_gradients(zip(grads, [a, c]))
    return loss


for step in range(25):
    l = run_train_loss(x=data).numpy()
print("loss", round(float(l), 4))
print("a, c", [round(float(t), 3) for t in [a.numpy(), c.numpy()]])
print("graph done")
print("end")
