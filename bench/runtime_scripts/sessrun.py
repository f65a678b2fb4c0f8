import time
import tensorflow as tf
a = tf.placeholder(tf.float32, [])
b = a * 2.0 + 1.0
with tf.Session() as sess:
    for _ in range(100):
        sess.run(b, {a: 1.0})
    t0 = time.perf_counter()
    for _ in range(2000):
        sess.run(b, {a: 1.0})
    print("sessrun_us_per_call", (time.perf_counter() - t0) / 2000 * 1e6)
