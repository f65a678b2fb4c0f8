"""Shadow copies for an exponential moving average, keyed by variable."""
import tensorflow as tf

w = tf.Variable(tf.ones([3]))
b = tf.Variable(tf.zeros([3]))
shadow = {}
shadow[w] = tf.Variable(w.read_value(), trainable=False)  # expect: TFM503
shadow[b] = tf.Variable(b.read_value(), trainable=False)  # expect: TFM503
visited = set()
visited.add(w)  # expect: TFM503
if b in shadow:  # expect: TFM503
    print("b tracked")


def update(decay=0.99):
    for v, s in shadow.items():
        s.assign(decay * s + (1 - decay) * v)
