import time
import numpy as np
import tensorflow as tf
a = tf.constant(np.random.RandomState(0).rand(1024, 1024).astype(np.float32))
c = tf.matmul(a, a)
t0 = time.perf_counter()
n = 10
for _ in range(n):
    c = tf.matmul(a, a)
_ = c.numpy()
print("matmul_gflops", 2 * 1024 ** 3 * n / (time.perf_counter() - t0) / 1e9)
