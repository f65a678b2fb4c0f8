# `t.eval()` values bound to names in a `with tf.Session()` block (the Deep MNIST
# tutorial's `train_accuracy = accuracy.eval(feed_dict=...)` beside `train_step.run(...)`):
# each is a run of the block's session, the default one, as `sess.run(t)` is: the name holds
# the value a function returns (a variable's own value needs no function).
import numpy as np
import tensorflow as tf

W = tf.Variable([[0.5], [-0.5]], name="W")
b = tf.Variable([0.1], name="b")

xs = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=np.float32)
ys = np.array([[0], [1], [1], [1]], dtype=np.float32)

optimizer = tf.keras.optimizers.SGD(learning_rate=0.2)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_accuracy(x, y_):
    y = tf.matmul(x, W) + b
    accuracy = tf.reduce_mean(tf.cast(tf.equal(y > 0.5, y_ > 0.5), tf.float32))
    return accuracy


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train_step(x, y_):
    with tf.GradientTape() as tape:
        y = tf.matmul(x, W) + b
        loss = tf.reduce_mean(tf.square(y - y_))
    grads = tape.gradient(loss, [W, b])
    optimizer.apply_gradients(zip(grads, [W, b]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_loss(x, y_):
    y = tf.matmul(x, W) + b
    loss = tf.reduce_mean(tf.square(y - y_))
    return loss


for i in range(6):
    if i % 2 == 0:
        train_accuracy = run_accuracy(x=xs, y_=ys).numpy()
        print("step %d, training accuracy %g" % (i, train_accuracy))
    run_train_step(x=xs, y_=ys)
final_loss = run_loss(x=xs, y_=ys).numpy()
weights = W.numpy()
print(final_loss, weights.shape, weights.ravel())
