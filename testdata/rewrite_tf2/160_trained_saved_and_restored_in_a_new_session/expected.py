# Train and save in one session, then restore in a second session and train on: the later
# session runs the initializer and restores every variable (a Saver() of all of them)
# before it runs anything else. TF1's second session starts from fresh state that the
# restore overwrites with what the first saved; in one TF2 program nothing changed the
# variables between the save and the restore. The sessions become one, the second
# initializer run goes, the Saver a tf.train.Checkpoint of the variables (Adam's slots
# are not in it: nothing here reads them back).
import os
import tempfile

import numpy as np
import tensorflow as tf

tf.random.set_seed(4)
rng = np.random.RandomState(1)
train_x = rng.rand(20, 2).astype(np.float32)
train_y = (train_x @ np.array([[2.0], [-1.0]], np.float32) + 0.5).astype(np.float32)
model_path = os.path.join(tempfile.mkdtemp(), "model.ckpt")

w = tf.Variable(tf.random.normal([2, 1], stddev=0.1), name="weight")
b = tf.Variable(tf.zeros([1]), name="bias")
saver = tf.train.Checkpoint(weight=w, bias=b)

print("first session")

optimizer_2 = tf.keras.optimizers.Adam(learning_rate=0.1, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_optimizer(x, y):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, w) + b
        cost = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(cost, [w, b])
    optimizer_2.apply_gradients(zip(grads, [w, b]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_cost(x, y):
    pred = tf.matmul(x, w) + b
    cost = tf.reduce_mean(tf.square(pred - y))
    return cost


for epoch in range(20):
    run_optimizer(x=train_x, y=train_y)
print("cost", round(float(run_cost(x=train_x, y=train_y).numpy()), 5))
save_path = saver.write(model_path)
print("saved", save_path == model_path)

print("second session")
saver.read(model_path).assert_existing_objects_matched()
print("restored")
for epoch in range(10):
    run_optimizer(x=train_x, y=train_y)
print("cost", round(float(run_cost(x=train_x, y=train_y).numpy()), 5))
print("w", np.round(w.numpy(), 4).tolist())
