# tf.layers.batch_normalization of a matmul by a variable (its width read from the variable's
# literal shape), trained under a flag placeholder of no static shape, the UPDATE_OPS block
# around an Adam minimize() bound to `optimizer`.
import numpy as np
import tensorflow as tf

tf.random.set_seed(1)
xs = np.random.RandomState(2).randn(16, 3).astype(np.float32)
ys = (xs[:, :1] > 0).astype(np.float32)
W1 = tf.Variable(tf.random.normal([3, 5], stddev=0.5))
batch_normalization = tf.keras.layers.BatchNormalization()
batch_normalization.build([None, 5])
W2 = tf.Variable(tf.random.normal([5, 1], stddev=0.5))
b2 = tf.Variable(tf.zeros([1]))

optimizer_2 = tf.keras.optimizers.Adam(learning_rate=0.01, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    tf.TensorSpec(shape=None, dtype=tf.bool),
])
def run_cost_optimizer(X, Y, is_training):
    with tf.GradientTape() as tape:
        h1 = tf.matmul(X, W1)
        h1 = tf.cond(is_training, lambda: batch_normalization(h1, training=True), lambda: batch_normalization(h1, training=False))
        h1 = tf.nn.relu(h1)
        logits = tf.matmul(h1, W2) + b2
        cost = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=Y, logits=logits))
    grads = tape.gradient(cost, [W1, *batch_normalization.trainable_variables, W2, b2])
    optimizer_2.apply_gradients(zip(grads, [W1, *batch_normalization.trainable_variables, W2, b2]))
    return cost


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    tf.TensorSpec(shape=None, dtype=tf.bool),
])
def run_cost(X, Y, is_training):
    h1 = tf.matmul(X, W1)
    h1 = tf.cond(is_training, lambda: batch_normalization(h1, training=True), lambda: batch_normalization(h1, training=False))
    h1 = tf.nn.relu(h1)
    logits = tf.matmul(h1, W2) + b2
    cost = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=Y, logits=logits))
    return cost


for i in range(30):
    c = run_cost_optimizer(X=xs, Y=ys, is_training=True).numpy()
print(c, run_cost(X=xs, Y=ys, is_training=False).numpy())
