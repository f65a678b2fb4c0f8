# modes: tf1
# Python operators on graph objects under TF1: a variable object is truthy whatever its
# value; a symbolic tensor refuses bool() and iteration, even at a known shape, and so does
# a function traced in the TF1 graph.
import tensorflow as tf

v = tf.Variable(0.0, name="zero")
print("variable is truthy", bool(v))
t = tf.constant([1.0, 2.0]) * 2.0
for what, op in (("bool", lambda: bool(t)), ("iterate", lambda: list(t)), ("unpack", lambda: tuple(t))):
    try:
        op()
        print(what, "allowed")
    except TypeError as e:
        print(what, type(e).__name__, hasattr(tf.errors, "OperatorNotAllowedInGraphError"))


@tf.function
def first_plus_second(x):
    a, b = x
    return a + b


try:
    first_plus_second(t)
    print("function unpack allowed")
except TypeError as e:
    print("function unpack", type(e).__name__)
with tf.Session() as sess:
    print("values", sess.run(t).tolist(), sess.run(tf.unstack(t)))
