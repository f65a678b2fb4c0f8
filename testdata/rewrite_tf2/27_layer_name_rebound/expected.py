# The layer-stacking idiom: a name bound again while the graph is built (`L1 = relu(...)`,
# then `L1 = dropout(L1)`), a tensor made from the first binding in between, a loss extended.
import numpy as np
import tensorflow as tf

data = np.array([[0.5, 1.0, -1.0], [1.0, -0.5, 0.5], [1.5, 0.25, 2.0], [-2.0, 1.0, 0.0]], dtype=np.float32)
target = np.array([[1.0], [0.0], [1.0], [0.0]], dtype=np.float32)
W1 = tf.Variable(tf.constant([[0.1, -0.2, 0.3, 0.05], [0.2, 0.1, -0.1, 0.3], [-0.3, 0.2, 0.1, 0.1]]))
b1 = tf.Variable(tf.zeros([4]))
W2 = tf.Variable(tf.constant([[0.3], [-0.1], [0.2], [0.4]]))
# the random op TF1 made here: each run draws this generator's next numbers
L1_generator = tf.random.Generator.from_non_deterministic_state()

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    tf.TensorSpec(shape=[], dtype=tf.float32),
])
def run_train_loss(X, Y, keep_prob=1.0):
    with tf.GradientTape() as tape:
        L1 = tf.nn.relu(tf.matmul(X, W1) + b1)
        L1 = tf.nn.experimental.general_dropout(L1, rate=1 - keep_prob, uniform_sampler=L1_generator.uniform)
        L1 = L1 * 2.0
        logits = tf.matmul(L1, W2)
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=Y, logits=logits))
        loss = loss + 0.01 * tf.nn.l2_loss(W1)
    grads = tape.gradient(loss, [W1, b1, W2])
    optimizer.apply_gradients(zip(grads, [W1, b1, W2]))
    return loss


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32)])
def run_active(X):
    L1 = tf.nn.relu(tf.matmul(X, W1) + b1)
    active = tf.reduce_sum(tf.cast(L1 > 0, tf.float32))
    return active


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
    tf.TensorSpec(shape=[], dtype=tf.float32),
])
def run_L1(X, keep_prob=1.0):
    L1 = tf.nn.relu(tf.matmul(X, W1) + b1)
    L1 = tf.nn.experimental.general_dropout(L1, rate=1 - keep_prob, uniform_sampler=L1_generator.uniform)
    L1 = L1 * 2.0
    return L1


for i in range(20):
    l = run_train_loss(X=data, Y=target).numpy()
    if i % 5 == 0:
        print(i, round(float(l), 5))
print("active", run_active(X=data).numpy())
print("hidden", np.round(run_L1(X=data).numpy(), 4))
