# A run of an expression built in the session block (`tf.reduce_sum(...) / (2 *
# test_x.shape[0])`) that reads a Python value bound once before the run and never
# changed: the function reads it when traced, the value every TF1 run saw. (A name bound
# again, or changed in place by a method, keeps the expression refused.)
import numpy as np
import tensorflow as tf

train_x = np.array([1.0, 2.0, 3.0, 4.0, 5.0], np.float32)
train_y = np.array([2.1, 3.9, 6.2, 8.1, 9.8], np.float32)
w = tf.Variable(0.5, name="w")
b = tf.Variable(0.0, name="b")

optimizer = tf.keras.optimizers.SGD(learning_rate=0.02)


@tf.function(input_signature=[
    tf.TensorSpec(shape=None, dtype=tf.float32),
    tf.TensorSpec(shape=None, dtype=tf.float32),
])
def run_train(x, y):
    with tf.GradientTape() as tape:
        pred = w * x + b
        cost = tf.reduce_sum(tf.square(pred - y)) / (2 * train_x.shape[0])
    grads = tape.gradient(cost, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=None, dtype=tf.float32),
    tf.TensorSpec(shape=None, dtype=tf.float32),
])
def run_cost(x, y):
    pred = w * x + b
    cost = tf.reduce_sum(tf.square(pred - y)) / (2 * train_x.shape[0])
    return cost


@tf.function(input_signature=[
    tf.TensorSpec(shape=None, dtype=tf.float32),
    tf.TensorSpec(shape=None, dtype=tf.float32),
])
def run_pred_y(x, y):
    pred = w * x + b
    return tf.reduce_sum(tf.square(pred - y)) / (2 * test_x.shape[0])


for step in range(30):
    for (px, py) in zip(train_x, train_y):
        run_train(x=px, y=py)
print("train cost", round(float(run_cost(x=train_x, y=train_y).numpy()), 5))
test_x = np.array([6.0, 7.5], np.float32)
test_y = np.array([12.1, 14.8], np.float32)
test_cost = run_pred_y(x=test_x, y=test_y).numpy()
print("test cost", round(float(test_cost), 5))
