# The session made first, then Python values and the graph made from them in turn: a
# value bound once and only read (`len(words)`, `words * 2`) before the graph is built from
# it is what the function reads when traced, as TF1 built it into the graph.
import tensorflow as tf


@tf.function
def run_base():
    base = tf.constant([1.0, 2.0])
    return base * 2.0


@tf.function
def run_scaled():
    base = tf.constant([1.0, 2.0])
    sizes = tf.constant(lengths, dtype=tf.float32)
    scaled = sizes / count + base[0]
    return scaled


print(run_base().numpy())
words = ["bear", "bar", "flow"]
count = len(words)
lengths = [len(w) for w in words]
doubled = words * 2
print(run_scaled().numpy(), len(doubled))
