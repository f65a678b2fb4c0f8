# TF2, fixed: the function returns the value and the Python loop prints it, as the TF1
# loop printed what sess.run fetched.
import tensorflow as tf

x = tf.Variable(1.0, name="x")


@tf.function
def step():
    return x.assign(x * 2.0)


for i in range(3):
    val = step().numpy()
    print("value", val)
