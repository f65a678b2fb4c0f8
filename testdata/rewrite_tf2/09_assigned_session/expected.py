# The session as a plain assignment, closed at the end: logistic regression on a toy set.
import numpy as np
import tensorflow as tf

features = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.0, 0.0]], dtype=np.float32)
labels = np.array([[1.0], [1.0], [1.0], [0.0]], dtype=np.float32)

w = tf.Variable(tf.zeros([2, 1]), name="w")
b = tf.Variable(0.0, name="b")

optimizer = tf.keras.optimizers.SGD(learning_rate=0.5)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train_op(x, t):
    with tf.GradientTape() as tape:
        logits = tf.matmul(x, w) + b
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=t, logits=logits))
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_loss(x, t):
    logits = tf.matmul(x, w) + b
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=t, logits=logits))
    return loss


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def run_prob(x):
    logits = tf.matmul(x, w) + b
    prob = tf.sigmoid(logits)
    return prob


for step in range(30):
    run_train_op(x=features, t=labels)
    if step % 10 == 0:
        print("step", step, "loss", round(float(run_loss(x=features, t=labels).numpy()), 5))
print("w", w.numpy().ravel().round(4).tolist(), "b", round(float(b.numpy()), 4))
print("p", run_prob(x=features).numpy().ravel().round(3).tolist())
print("done")
