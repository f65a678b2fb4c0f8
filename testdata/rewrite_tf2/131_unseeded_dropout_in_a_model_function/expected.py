# An unseeded dropout inside the model function, its keep probability a placeholder (the
# tutorials' convolutional network): `logits` is one op of the TF1 graph that the training
# run and the evaluation runs all run, each run drawing the op's next numbers (at
# keep_prob 1.0 too). Each tf.function would trace a dropout of its own: the dropout draws
# from one generator, made where TF1 made the op (after the variables, from the graph seed),
# so that every call takes the next mask as every TF1 run did. The batch is of unknown size:
# --deterministic-random draws a block of each run's shape.
import numpy as np
import tensorflow as tf

tf.random.set_seed(0)
weights = {
    'h': tf.Variable(tf.random.normal([6, 8])),
    'out': tf.Variable(tf.random.normal([8, 2]))
}
biases = {
    'h': tf.Variable(tf.zeros([8])),
    'out': tf.Variable(tf.zeros([2]))
}


def net(x, weights, biases, dropout):
    h = tf.nn.relu(tf.add(tf.matmul(x, weights['h']), biases['h']))
    h = tf.nn.experimental.general_dropout(h, rate=1 - dropout, uniform_sampler=net_dropout_generator.uniform)
    return tf.add(tf.matmul(h, weights['out']), biases['out'])


# the random op TF1 made here: each run draws this generator's next numbers
net_dropout_generator = tf.random.Generator.from_seed(0).split(1)[0]

rng = np.random.RandomState(0)
bx = rng.rand(5, 6).astype(np.float32)
by = np.eye(2)[rng.randint(0, 2, 5)].astype(np.float32)

optimizer = tf.keras.optimizers.SGD(learning_rate=0.05)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 6], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=None, dtype=tf.float32),
])
def run_train_op(X, Y, keep_prob):
    with tf.GradientTape() as tape:
        logits = net(X, weights, biases, keep_prob)
        loss_op = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=tf.stop_gradient(Y)))
    grads = tape.gradient(loss_op, [*weights.values(), *biases.values()])
    optimizer.apply_gradients(zip(grads, [*weights.values(), *biases.values()]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 6], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=None, dtype=tf.float32),
])
def run_loss_op_accuracy(X, Y, keep_prob):
    logits = net(X, weights, biases, keep_prob)
    loss_op = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=tf.stop_gradient(Y)))
    correct = tf.equal(tf.argmax(logits, 1), tf.argmax(Y, 1))
    accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
    return [loss_op, accuracy]


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 6], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=None, dtype=tf.float32),
])
def run_accuracy(X, Y, keep_prob):
    logits = net(X, weights, biases, keep_prob)
    correct = tf.equal(tf.argmax(logits, 1), tf.argmax(Y, 1))
    accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
    return accuracy


for step in range(3):
    run_train_op(X=bx, Y=by, keep_prob=0.6)
    loss, acc = [t.numpy() for t in run_loss_op_accuracy(X=bx, Y=by, keep_prob=1.0)]
    print(step, loss, acc)
print("accuracy", run_accuracy(X=bx[:3], Y=by[:3], keep_prob=1.0).numpy())
