# modes: tf2
# tf.function with keyword arguments, nested structures in and out, Python bools and
# None arguments in the retracing key.
import tensorflow as tf


@tf.function
def f(x, scale=1.0, config=None, flag=False):
    print("trace", flag, config is None)
    out = {"scaled": x * scale, "pair": (x + 1, x - 1)}
    if flag:
        out["flag"] = tf.constant(1)
    return out


r = f(tf.constant([1.0, 2.0]))
print(sorted(r.keys()), r["scaled"], r["pair"][0])
r = f(tf.constant([1.0, 2.0]), scale=2.0)
r = f(tf.constant([3.0, 4.0]), scale=2.0)
r = f(tf.constant([1.0, 2.0]), flag=True)
print(sorted(r.keys()))
r = f(tf.constant([1.0, 2.0]), config={"a": 1})


@tf.function
def g(inputs):
    return [inputs["x"] * 2, inputs["y"][0] + inputs["y"][1]]


print(g({"x": tf.constant(1), "y": (tf.constant(2), tf.constant(3))}))
print(f.experimental_get_tracing_count(), g.experimental_get_tracing_count())
