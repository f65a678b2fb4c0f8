# A TF1 queue input pipeline over arrays: tf.train.slice_input_producer (in order, 3 epochs)
# and tf.train.batch (5 rows, the last smaller batch dropped), run by queue-runner threads a
# Coordinator stops, the loop ending at tf.errors.OutOfRangeError. TF2's form is the tf.data
# pipeline of the same batches in the same order (`from_tensor_slices(...).repeat(3)
# .batch(5, drop_remainder=True)`), iterated by `iter()`; the threads, the Coordinator and
# their statements go (`not coord.should_stop()` is True).
import numpy as np
import tensorflow as tf

features = np.linspace(-1.0, 1.0, 24, dtype=np.float32).reshape(12, 2)
targets = features.sum(axis=1, keepdims=True) * 0.5
feature, target = tf.train.slice_input_producer([features, targets], num_epochs=3, shuffle=False)
x_batch, y_batch = tf.train.batch([feature, target], batch_size=5)
w = tf.Variable(tf.zeros([2, 1]))
b = tf.Variable(tf.zeros([1]))
loss = tf.reduce_mean(tf.square(tf.matmul(x_batch, w) + b - y_batch))
train = tf.train.GradientDescentOptimizer(0.2).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
        while not coord.should_stop():
            _, l = sess.run([train, loss])
            if step % 2 == 0:
                print(step, round(float(l), 5))
            step += 1
    except tf.errors.OutOfRangeError:
        print("done after", step, "batches")
    finally:
        coord.request_stop()
    coord.join(threads)
    print(sess.run(w).ravel(), sess.run(b))
