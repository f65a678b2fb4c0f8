# Weights and biases kept in dicts of variables (`weights = {'h1': tf.Variable(...)}`, the
# tutorials' multilayer perceptron): TF2 makes the variables once, eagerly, where the dict
# is, in the same order (so with TF1's names); the graph reads `weights['h1']` in the
# functions, the dicts' values are the variables trained, and a fetched variable (or a
# whole dict) is its value.
import numpy as np
import tensorflow as tf

tf.random.set_seed(1)
weights = {
    'h1': tf.Variable(tf.random.normal([3, 4])),
    'out': tf.Variable(tf.random.normal([4, 2]))
}
biases = {
    'b1': tf.Variable(tf.random.normal([4])),
    'out': tf.Variable(tf.random.normal([2]))
}


def net(x):
    layer_1 = tf.add(tf.matmul(x, weights['h1']), biases['b1'])
    return tf.matmul(layer_1, weights['out']) + biases['out']


rng = np.random.RandomState(0)
bx = rng.rand(5, 3).astype(np.float32)
by = np.eye(2)[rng.randint(0, 2, 5)].astype(np.float32)

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 3], dtype="float"),
    tf.TensorSpec(shape=[None, 2], dtype="float"),
])
def run_train_op(X, Y):
    with tf.GradientTape() as tape:
        logits = net(X)
        loss_op = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=tf.stop_gradient(Y)))
    grads = tape.gradient(loss_op, [*weights.values(), *biases.values()])
    optimizer.apply_gradients(zip(grads, [*weights.values(), *biases.values()]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 3], dtype="float"),
    tf.TensorSpec(shape=[None, 2], dtype="float"),
])
def run_loss_op(X, Y):
    logits = net(X)
    loss_op = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=tf.stop_gradient(Y)))
    return loss_op


for step in range(3):
    run_train_op(X=bx, Y=by)
    print(run_loss_op(X=bx, Y=by).numpy())
print(weights['out'].numpy())
print({k: v.numpy() for k, v in biases.items()})
