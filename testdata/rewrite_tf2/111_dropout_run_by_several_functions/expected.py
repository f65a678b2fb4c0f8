# Unseeded dropouts that several sess.run sites run: tf.layers.dropout with a bool
# placeholder for `training` (a cond: dropout while training, the input otherwise) and
# tf.nn.dropout with a keep_prob placeholder. TF1 ran one op each, every run drawing its next
# mask; each becomes general_dropout drawing from a generator made where TF1 made the op
# (between the two layers' variables), so every call of every function takes the next mask.
# (The batch size is static: with a dynamic one TF1's own masks differ run to run, even
# under --deterministic-random.)
import numpy as np
import tensorflow as tf

tf.random.set_seed(1)
dense = tf.keras.layers.Dense(8, activation=tf.nn.relu)
dense.build([6, 4])
# the random op TF1 made here: each run draws this generator's next numbers
h_generator = tf.random.Generator.from_seed(1).split(2)[0]
dense_1 = tf.keras.layers.Dense(8, activation=tf.nn.relu)
dense_1.build([None, 8])
# the random op TF1 made here: each run draws this generator's next numbers
h2_generator = tf.random.Generator.from_seed(1).split(2)[1]
dense_2 = tf.keras.layers.Dense(2)
dense_2.build([None, 8])

data = np.linspace(-1, 1, 24, dtype=np.float32).reshape(6, 4)
target = np.eye(2, dtype=np.float32)[[0, 1, 0, 1, 1, 0]]

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[6, 4], dtype=tf.float32),
    tf.TensorSpec(shape=[6, 2], dtype=tf.float32),
    tf.TensorSpec(shape=None, dtype=tf.bool),
    tf.TensorSpec(shape=None, dtype=tf.float32),
])
def run_train_loss(x, y, training, keep_prob):
    with tf.GradientTape() as tape:
        h = dense(x)
        h = tf.cond(training, lambda: tf.nn.experimental.general_dropout(h, rate=0.5, uniform_sampler=h_generator.uniform), lambda: tf.identity(h))
        h2 = dense_1(h)
        h2 = tf.nn.experimental.general_dropout(h2, rate=1 - keep_prob, uniform_sampler=h2_generator.uniform)
        logits = dense_2(h2)
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, [*dense.trainable_variables, *dense_1.trainable_variables, *dense_2.trainable_variables])
    optimizer.apply_gradients(zip(grads, [*dense.trainable_variables, *dense_1.trainable_variables, *dense_2.trainable_variables]))
    return loss


@tf.function(input_signature=[
    tf.TensorSpec(shape=[6, 4], dtype=tf.float32),
    tf.TensorSpec(shape=[6, 2], dtype=tf.float32),
    tf.TensorSpec(shape=None, dtype=tf.bool),
    tf.TensorSpec(shape=None, dtype=tf.float32),
])
def run_loss(x, y, training, keep_prob):
    h = dense(x)
    h = tf.cond(training, lambda: tf.nn.experimental.general_dropout(h, rate=0.5, uniform_sampler=h_generator.uniform), lambda: tf.identity(h))
    h2 = dense_1(h)
    h2 = tf.nn.experimental.general_dropout(h2, rate=1 - keep_prob, uniform_sampler=h2_generator.uniform)
    logits = dense_2(h2)
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
    return loss


for i in range(4):
    l = run_train_loss(x=data, y=target, training=True, keep_prob=0.75).numpy()
    print(i, round(float(l), 5))
print("eval", round(float(run_loss(x=data, y=target, training=False, keep_prob=1.0).numpy()), 5))
