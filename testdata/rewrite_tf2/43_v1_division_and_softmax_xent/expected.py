# tf.div (Python 2 division: floor division of integers, real division of floats) becomes
# tf.math.floordiv or tf.math.divide where the text shows the kind of number (literals,
# tf.constant, random draws, names bound once before); elsewhere it stays tf.compat.v1.div.
# The v1 softmax_cross_entropy_with_logits is TF2's with the labels' gradient stopped.
import numpy as np
import tensorflow as tf

w = tf.Variable(tf.random.normal([3], seed=4))


@tf.function
def run_ints_floats_vector():
    a = tf.constant(7.0)
    b = tf.constant(2.0, name="b")
    k = tf.constant([7, -7, 9])
    ints = tf.math.floordiv(7, -2)
    floats = tf.math.divide(a, b, name="half")
    vector = tf.math.floordiv(k, 2)
    return [ints, floats, vector]


@tf.function
def run_drawn():
    drawn = tf.math.divide(w, tf.sin(3.0 / 4.0))
    return drawn


@tf.function(input_signature=[tf.TensorSpec(shape=[3], dtype=tf.float32)])
def run_unknown(x):
    unknown = tf.compat.v1.div(x, 2.0)
    return unknown


@tf.function
def run_xent():
    logits = tf.constant([[2.0, -1.0, 0.5], [0.1, 0.2, 0.3]])
    labels = tf.constant([[0.0, 1.0, 0.0], [0.25, 0.25, 0.5]])
    xent = tf.nn.softmax_cross_entropy_with_logits(labels=tf.stop_gradient(labels), logits=logits, axis=-1)
    return xent


print([t.numpy() for t in run_ints_floats_vector()])
print(run_drawn().numpy())
print(run_unknown(x=np.array([1.0, 3.0, -5.0], np.float32)).numpy())
print(run_xent().numpy())
