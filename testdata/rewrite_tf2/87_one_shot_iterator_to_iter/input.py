# A v1 one-shot iterator over a dataset made from arrays: TF2 iterates the dataset itself
# (`iter(dataset)`, made once where TF1 made the iterator); each function that computes
# `get_next()` takes the next batch, as each TF1 run of the op did, and past the last one
# raises tf.errors.OutOfRangeError, as sess.run did. A run that needs no batch takes none.
import numpy as np
import tensorflow as tf

xs = np.linspace(-1.0, 1.0, 10, dtype=np.float32).reshape(10, 1)
ys = 3.0 * xs + 0.5
dataset = tf.data.Dataset.from_tensor_slices((xs, ys)).repeat(3).batch(5)
iterator = dataset.make_one_shot_iterator()
batch_x, batch_y = iterator.get_next()
w = tf.Variable([[0.0]])
b = tf.Variable([0.0])
loss = tf.reduce_mean(tf.square(tf.matmul(batch_x, w) + b - batch_y))
train = tf.train.GradientDescentOptimizer(0.2).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    step = 0
    try:
        while True:
            _, value = sess.run([train, loss])
            if step % 2 == 0:
                print(step, round(float(value), 5))
            step += 1
    except tf.errors.OutOfRangeError:
        print("epochs done after", step, "batches")
    print(sess.run(w), sess.run(b))
