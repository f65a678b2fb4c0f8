# A v1 initializable iterator over a dataset of arrays, its initializer run at the start of
# each epoch and again before an accuracy run, the training loop ending at
# tf.errors.OutOfRangeError (20 rows in batches of 6: the last batch is 2). TF2 iterates the
# dataset itself: `iterator = iter(dataset)` where TF1 made the iterator and where each
# initializer ran; the functions that take the next batch take the iterator as an argument
# (tf.data.IteratorSpec in their signature), so each call reads the iterator made last. The
# dropout both functions run draws from one generator.
import numpy as np
import tensorflow as tf

tf.random.set_seed(0)
features = np.arange(40, dtype=np.float32).reshape(20, 2) / 20.0
labels = (features.sum(axis=1, keepdims=True) > 1.0).astype(np.float32)
dataset = tf.data.Dataset.from_tensor_slices((features, labels))
dataset = dataset.batch(6)
iterator = iter(dataset)
w = tf.Variable(tf.random.normal([2, 1], stddev=0.1))
b = tf.Variable(tf.zeros([1]))
# the random op TF1 made here: each run draws this generator's next numbers
xd_generator = tf.random.Generator.from_seed(0).split(1)[0]

optimizer = tf.keras.optimizers.SGD(learning_rate=0.3)


@tf.function(input_signature=[
    tf.data.IteratorSpec(dataset.element_spec),
    tf.TensorSpec(shape=[], dtype=tf.float32),
])
def run_train_loss(iterator, keep=1.0):
    with tf.GradientTape() as tape:
        x, y = iterator.get_next()
        xd = tf.nn.experimental.general_dropout(x, rate=1 - keep, uniform_sampler=xd_generator.uniform)
        logits = tf.matmul(xd, w) + b
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))
    return loss


@tf.function(input_signature=[
    tf.data.IteratorSpec(dataset.element_spec),
    tf.TensorSpec(shape=[], dtype=tf.float32),
])
def run_accuracy(iterator, keep=1.0):
    x, y = iterator.get_next()
    xd = tf.nn.experimental.general_dropout(x, rate=1 - keep, uniform_sampler=xd_generator.uniform)
    logits = tf.matmul(xd, w) + b
    accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.cast(logits > 0, tf.float32), y), tf.float32))
    return accuracy


for epoch in range(3):
    iterator = iter(dataset)
    steps = 0
    try:
        while True:
            l = run_train_loss(keep=0.8, iterator=iterator).numpy()
            steps += 1
    except tf.errors.OutOfRangeError:
        pass
    iterator = iter(dataset)
    print(epoch, steps, round(float(l), 5), run_accuracy(iterator=iterator).numpy())


