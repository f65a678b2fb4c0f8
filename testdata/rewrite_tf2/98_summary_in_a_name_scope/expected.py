# v1 summaries, one made in a name scope (TF1 tags it "metrics/loss"): the scope block goes,
# and the TF2 summary is written with the scope's name in its tag.
import os
import tempfile

import numpy as np
import tensorflow as tf

logdir = tempfile.mkdtemp()
data = np.array([[0.5, 1.0], [1.0, -0.5], [1.5, 0.25], [-2.0, 1.0]], dtype=np.float32)
target = np.array([[1.0], [0.0], [1.0], [0.0]], dtype=np.float32)
w = tf.Variable(tf.zeros([2, 1]), name="w")
b = tf.Variable(0.0, name="b")

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_loss_w_train_loss(x, y):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, w) + b
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))
    return loss, w, loss


writer = tf.summary.create_file_writer(logdir)
for i in range(20):
    summary_loss, summary_w, l = [t.numpy() for t in run_loss_w_train_loss(x=data, y=target)]
    with writer.as_default(step=i):
        tf.summary.scalar("metrics/loss", summary_loss)
        tf.summary.histogram("weights", summary_w)
    if i % 5 == 0:
        print(i, round(float(l), 5))
writer.close()
print("event files", len([f for f in os.listdir(logdir) if f.startswith("events.out.tfevents")]))
