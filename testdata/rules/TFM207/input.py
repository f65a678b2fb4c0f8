import threading

import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1.train import shuffle_batch
from tensorflow import TFRecordReader

filenames = ["a.tfrecord", "b.tfrecord"]
queue = tf.train.string_input_producer(filenames, num_epochs=2)  # expect: TFM207
reader = TFRecordReader()  # expect: TFM207
_, serialized = reader.read(queue)
lines = tf1.TextLineReader(skip_header_lines=1)  # expect: TFM207
image, label = tf1.train.slice_input_producer([[1.0, 2.0], [0, 1]])  # expect: TFM207
images, labels = shuffle_batch([image, label], 32, 1000, 100)  # expect: TFM207
plain = tf.train.batch([image], batch_size=8)  # expect: TFM207

with tf1.Session() as sess:
    coord = tf1.train.Coordinator()  # expect: TFM207
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)  # expect: TFM207
    coord.request_stop()
    coord.join(threads)

# Must not fire:
dataset = tf.data.TFRecordDataset(filenames).shuffle(1000).batch(32)  # ok: the TF2 pipeline
fifo = tf.queue.FIFOQueue(10, tf.float32)  # ok: tf.queue still exists in TF2 and works eagerly
worker = threading.Thread(target=print)  # ok
batch = next(iter(dataset))  # ok
