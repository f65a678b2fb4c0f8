# modes: tf2
# tf.TensorArray in tf.function loops (AutoGraph `for i in tf.range(n)` with a computed
# size, `while` on a tensor), unstack/read inside the loop, tape gradients through it.
import tensorflow as tf


@tf.function
def squares(n):
    ta = tf.TensorArray(tf.float32, size=n)
    for i in tf.range(n):
        ta = ta.write(i, tf.cast(i * i, tf.float32))
    return ta.stack()


@tf.function
def running(x):
    inp = tf.TensorArray(tf.float32, size=4).unstack(x)
    acc = tf.TensorArray(tf.float32, size=4)
    s = tf.zeros([2])
    i = tf.constant(0)
    while i < 4:
        s = s * 0.5 + inp.read(i)
        acc = acc.write(i, s)
        i += 1
    return acc.stack(), acc.size()


x = tf.constant([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5], [2.0, 4.0]])
print(squares(tf.constant(4)))
print(squares(tf.constant(2)))
print(running(x))
v = tf.Variable(x)
with tf.GradientTape() as tape:
    st, _ = running(v * 1.0)
    loss = tf.reduce_sum(st * st)
print(tape.gradient(loss, v))


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def cumulative(x):
    return tf.scan(lambda a, e: a * 0.5 + e, x), tf.foldr(lambda a, e: a - e, x, initializer=tf.zeros([2]))


print(cumulative(x))
print(cumulative(x[:2]))
