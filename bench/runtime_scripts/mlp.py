import time
import numpy as np
import tensorflow as tf
rng = np.random.RandomState(0)
x = tf.constant(rng.rand(256, 784).astype(np.float32))
y = tf.constant(rng.rand(256, 10).astype(np.float32))
ws = [tf.Variable(rng.randn(i, o).astype(np.float32) * 0.05) for i, o in [(784, 512), (512, 256), (256, 10)]]
opt = tf.keras.optimizers.SGD(0.01)
def step():
    with tf.GradientTape() as tape:
        h = x
        for i, w in enumerate(ws):
            h = tf.matmul(h, w)
            if i < 2:
                h = tf.nn.relu(h)
        loss = tf.reduce_mean(tf.square(h - y))
    grads = tape.gradient(loss, ws)
    opt.apply_gradients(zip(grads, ws))
    return loss
step()
t0 = time.perf_counter()
n = 20
for _ in range(n):
    loss = step()
_ = float(loss)
print("mlp_steps_per_s", n / (time.perf_counter() - t0))
