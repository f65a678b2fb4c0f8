# modes: tf2
# Inside tf.function every stateful op runs in program order (automatic control
# dependencies), even when its result is unused.
import tensorflow as tf

v = tf.Variable(1.0)
log = tf.Variable(0.0)


@tf.function
def step(x):
    v.assign(v * x)
    log.assign_add(1.0)   # result unused: still runs
    v.assign_add(1.0)
    return v.read_value()


print(step(tf.constant(2.0)), step(tf.constant(3.0)))
print(v.numpy(), log.numpy())
