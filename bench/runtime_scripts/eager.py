import time
import tensorflow as tf
x = tf.constant(1.0)
for _ in range(200):
    x = x + 1.0
t0 = time.perf_counter()
for _ in range(3000):
    x = x + 1.0
print("eager_us_per_op", (time.perf_counter() - t0) / 3000 * 1e6)
