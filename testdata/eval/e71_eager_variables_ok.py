"""Eager code creating variables in plain Python loops."""
import tensorflow as tf

weights = []
for i, width in enumerate([4, 8, 2]):
    weights.append(tf.Variable(tf.random.normal([width]), name=f"w{i}"))


def make_bias(n):
    return tf.Variable(tf.zeros([n]))


biases = [make_bias(n) for n in (4, 8, 2)]
total = tf.add_n([tf.reduce_sum(w) for w in weights])
print(float(total))
