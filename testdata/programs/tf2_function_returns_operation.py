# modes: tf2
# A tf.function may not return an operation (tf.group, a v1 optimizer's minimize): TF 2.x
# raises TypeError at trace time, and the variable update inside never ran. Returning
# None (the update still runs, ordered by automatic control dependencies) is the fix.
import tensorflow as tf

v = tf.Variable(1.0)


@tf.function
def step():
    return tf.group(v.assign_add(1.0))


try:
    step()
except TypeError as e:
    print("TypeError:", str(e).split(";")[0])
print("after the failed trace", v.numpy())


@tf.function
def step2():
    v.assign_add(1.0)
    return None


print(step2(), v.numpy())
print(step2(), v.numpy())
