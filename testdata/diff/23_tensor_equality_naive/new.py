# TF2, naive: the same comparisons now compare values elementwise. x and y both hold 0.0,
# so x == y is true and v != x is false for y too: nothing gets updated.
import tensorflow as tf

x = tf.Variable(0.0, name="x")
y = tf.Variable(0.0, name="y")
print("x == y:", "same" if x == y else "different")
others = [v for v in [x, y] if v != x]


@tf.function
def update():
    return [v.assign_add(1.0) for v in others]


new_vals = update()
print("updated", len(new_vals), [float(v) for v in new_vals])
