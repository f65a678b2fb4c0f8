# A feed_dict built first as a dict (`feed = {x: ..., y: ...}`) and passed by name: its keys
# become the function's parameter names and the run passes `**feed`. The loss is extended
# with `+=` while the graph is built: a new tensor bound to the name, as `loss = loss + ...`.
import numpy as np
import tensorflow as tf

w = tf.Variable(0.5)
b = tf.Variable(0.0)

data = np.array([0.0, 1.0, 2.0, 3.0], np.float32)

optimizer = tf.keras.optimizers.SGD(learning_rate=0.05)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[4], dtype=tf.float32),
    tf.TensorSpec(shape=[4], dtype=tf.float32),
])
def run_step(x, y):
    with tf.GradientTape() as tape:
        pred = w * x + b
        loss = tf.reduce_mean(tf.square(pred - y))
        loss += 0.01 * tf.square(w)
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[4], dtype=tf.float32),
    tf.TensorSpec(shape=[4], dtype=tf.float32),
])
def run_loss(x, y):
    pred = w * x + b
    loss = tf.reduce_mean(tf.square(pred - y))
    loss += 0.01 * tf.square(w)
    return loss


for i in range(5):
    feed = {
        "x": data,
        "y": 2.0 * data + 1.0,
    }
    run_step(**feed)
    print(i, round(float(run_loss(**feed).numpy()), 5))
print("w", round(float(w.numpy()), 5), "b", round(float(b.numpy()), 5))
