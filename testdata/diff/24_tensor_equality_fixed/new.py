# TF2, the guide's fix: compare object identity with `is` / `is not`.
import tensorflow as tf

x = tf.Variable(0.0, name="x")
y = tf.Variable(0.0, name="y")
print("x == y:", "same" if x is y else "different")
others = [v for v in [x, y] if v is not x]


@tf.function
def update():
    return [v.assign_add(1.0) for v in others]


new_vals = update()
print("updated", len(new_vals), [float(v) for v in new_vals])
