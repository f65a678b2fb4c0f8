# modes: tf2
# TF2 spellings of the functional helpers, eagerly and in tf.function (unrolled over
# static sizes): tf.scan, tf.foldl / foldr, tf.case, tf.TensorArray (Python loops),
# tf.compat.v1.train schedules as callables, tape gradients through scan and TensorArray.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]])


def run(x):
    s = tf.scan(lambda a, e: a * 0.5 + e, x)
    f = tf.foldl(lambda a, e: a + e * e, x, initializer=tf.zeros([2]))
    r = tf.foldr(lambda a, e: a * 2.0 - e, x[:, 0])
    ta = tf.TensorArray(tf.float32, size=3)
    for i in range(3):
        ta = ta.write(i, x[i] * float(i + 1))
    ta2 = tf.TensorArray(tf.float32, size=3).unstack(x)
    c = tf.case([(tf.reduce_sum(x) > 100.0, lambda: tf.constant(1.0)), (tf.reduce_sum(x) > 1.0, lambda: tf.constant(2.0))],
                default=lambda: tf.constant(3.0))
    c_excl = tf.case([(x[0, 0] > 2.0, lambda: x[0]), (x[0, 0] <= 2.0, lambda: x[1])])
    return s, f, r, ta.stack(), ta.size(), ta2.read(2), ta2.read(0), c, c_excl


for v in run(x):
    print(v)
for v in tf.function(run)(x):
    print(v)

w = tf.Variable(x)
with tf.GradientTape() as tape:
    ta = tf.TensorArray(tf.float32, size=3)
    for i in range(3):
        ta = ta.write(i, tf.reduce_sum(w[i] ** 2))
    loss = tf.reduce_sum(tf.scan(lambda a, e: a * e, w)) + tf.reduce_sum(ta.stack() * tf.constant([1.0, 2.0, 3.0]))
print(tape.gradient(loss, w))

step = tf.Variable(0, name="step")
lr = tf.compat.v1.train.piecewise_constant(step, [2, 4], [0.1, 0.05, 0.01])
poly = tf.compat.v1.train.polynomial_decay(0.1, step, 5, end_learning_rate=0.0)
for _ in range(6):
    print(lr().numpy(), poly().numpy())
    step.assign_add(1)
try:
    print(tf.case([(tf.constant(True), lambda: tf.constant(1)), (tf.constant(True), lambda: tf.constant(2))], exclusive=True))
    tf.case([(tf.constant(False), lambda: tf.constant(1)), (tf.constant(False), lambda: tf.constant(2))])
except tf.errors.InvalidArgumentError:
    print("InvalidArgumentError")
