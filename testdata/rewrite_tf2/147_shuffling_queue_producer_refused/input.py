# A queue producer that shuffles (slice_input_producer's default): its order is its
# RandomShuffleQueue's, which no tf.data pipeline reproduces, so the queue stays and the
# session is not converted; the reason names the queue call.
import numpy as np
import tensorflow as tf

tf.set_random_seed(1)
values = np.arange(12, dtype=np.float32).reshape(6, 2)
value = tf.train.slice_input_producer([values], num_epochs=1)[0]
batch = tf.train.batch([value], batch_size=3)
total = tf.reduce_sum(batch)

with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    print(sess.run(total) + sess.run(total))
    coord.request_stop()
    coord.join(threads)
