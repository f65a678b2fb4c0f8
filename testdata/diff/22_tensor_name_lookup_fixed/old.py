# TF1 (guide, pattern 3): outputs looked up by tensor name; feeds and fetches by name.
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [3], name="input")
hidden = tf.multiply(x, 2.0, name="hidden")
output = tf.reduce_sum(hidden, name="output")
by_name = {hidden.name: hidden, output.name: output}

data = np.array([1.0, 2.0, 3.5], dtype=np.float32)
with tf.Session() as sess:
    h, o = sess.run([by_name["hidden:0"], by_name["output:0"]], feed_dict={"input:0": data})
    print("hidden", h.tolist(), "output", o)
