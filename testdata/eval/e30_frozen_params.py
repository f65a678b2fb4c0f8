"""Freezing some variables by membership tests."""
import tensorflow as tf

embedding = tf.Variable(tf.random.normal([50, 8]), name="embedding")
proj_w = tf.Variable(tf.random.normal([8, 4]), name="proj_w")
proj_b = tf.Variable(tf.zeros([4]), name="proj_b")
frozen = [embedding]


def trainable_subset():
    out = []
    for v in [embedding, proj_w, proj_b]:
        out.append(v)
    if proj_w in frozen:  # expect: TFM502
        out.remove(proj_w)  # expect: TFM502
    return out


params = [embedding, proj_w, proj_b]
params.remove(proj_b)  # expect: TFM502
