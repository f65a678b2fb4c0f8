# modes: tf2
# tf.init_scope lifts out of a tf.function trace; Python side effects happen at trace time.
import tensorflow as tf

calls = []


@tf.function
def f(x):
    calls.append(1)
    with tf.init_scope():
        print("eager inside init_scope:", tf.executing_eagerly())
    print("eager in trace:", tf.executing_eagerly())
    return x + 1


print(f(tf.constant(1)), f(tf.constant(2)), len(calls))
print(tf.executing_eagerly())
