# modes: tf2
# The gradient of a gather from a variable is tf.IndexedSlices (as TF's ResourceGather
# gradient); tf.convert_to_tensor densifies it; optimizers apply it.
import tensorflow as tf

emb = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], name="emb")
with tf.GradientTape() as tape:
    rows = tf.gather(emb, [2, 0, 2])
    loss = tf.reduce_sum(rows * tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
g = tape.gradient(loss, emb)
print(type(g).__name__, g.indices.numpy().tolist(), g.values.numpy().tolist(), g.dense_shape.numpy().tolist())
print(tf.convert_to_tensor(g).numpy().tolist())
tf.keras.optimizers.SGD(0.1).apply_gradients([(g, emb)])
print(emb.numpy().tolist())
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.gather(emb, [1])) + tf.reduce_sum(emb)
print(type(tape.gradient(loss, emb)).__name__)


@tf.function
def step(ids):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(tf.gather(emb, ids)))
    grad = tape.gradient(loss, emb)
    return tf.convert_to_tensor(grad)


print(step(tf.constant([0, 1])).numpy().tolist())
