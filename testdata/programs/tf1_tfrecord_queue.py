# modes: tf1
# TFRecord files in a TF1 input pipeline: tf.io.TFRecordWriter (write, flush, close, as a
# context manager; str records as UTF-8), tf.io.tf_record_iterator, a tf.train.Example with
# one feature per message (a map of several features is serialized and printed in an order that
# changes from one TensorFlow process to the next) serialized, parsed back and printed,
# tf.image.encode_jpeg's bytes; TFRecordReader from a
# string_input_producer queue (keys FILE:OFFSET; read_up_to stops at the end of a file),
# num_records_produced / num_work_units_completed; RandomShuffleQueue, direct and filled by a
# QueueRunner of two readers, fetched only through what does not depend on the shuffle
# (sorted values, sizes); GZIP / ZLIB files (TFRecordOptions: TensorFlow's compressed bytes,
# a flush in the middle, TFRecordReader(options=) keyed by offsets in the uncompressed stream);
# DataLossError on a damaged file.
import hashlib
import os
import tempfile

import numpy as np
import tensorflow as tf

d = os.path.join(tempfile.gettempdir(), "tfm_tfrecord_program")  # a fixed path: keys are fetched
os.makedirs(d, exist_ok=True)
path_a, path_b, path_c = (os.path.join(d, n) for n in ("a.tfrecord", "b.tfrecord", "c.tfrecord"))

with tf.io.TFRecordWriter(path_a) as w:
    for i in range(5):
        w.write(b"%d" % (10 + i))
    w.flush()
w = tf.python_io.TFRecordWriter(path_b)
w.write("20")
w.write(b"21")
w.write(u"22")
w.close()
print(os.path.getsize(path_a), os.path.getsize(path_b))
print(list(tf.io.tf_record_iterator(path_a)), list(tf.python_io.tf_record_iterator(path_b)))

ex = tf.train.Example(features=tf.train.Features(feature={
    "v": tf.train.Feature(float_list=tf.train.FloatList(value=[1.5, -2.0]))}))
ex2 = tf.train.Example(features=tf.train.Features(feature={
    "n": tf.train.Feature(int64_list=tf.train.Int64List(value=[3, -1, 300]))}))
ex3 = tf.train.Example(features=tf.train.Features(feature={
    "s": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"ab", b""]))}))
with tf.io.TFRecordWriter(path_c) as w:
    for e in (ex, ex2, ex3):
        w.write(e.SerializeToString())
print([r for r in tf.io.tf_record_iterator(path_c)])
for r in tf.io.tf_record_iterator(path_c):
    back = tf.train.Example.FromString(r)
    print(back, back == ex or back == ex2 or back == ex3)
parsed = tf.train.Example()
parsed.ParseFromString(ex2.SerializeToString())
print(list(parsed.features.feature["n"].int64_list.value), parsed.features.feature["n"].WhichOneof("kind"))

rng = np.random.RandomState(3)
img = rng.randint(0, 256, size=(12, 9, 3)).astype(np.uint8)
jpeg = tf.image.encode_jpeg(tf.constant(img))
gray = tf.image.encode_jpeg(tf.constant(img[:, :, :1]), quality=75)


def base(key):
    p, _, off = key.decode().rpartition(":")
    return "%s:%s" % (os.path.basename(p), off)


files = tf.train.string_input_producer([path_a, path_b], num_epochs=1, shuffle=False)
reader = tf.TFRecordReader()
key, value = reader.read(files)
produced, units = reader.num_records_produced(), reader.num_work_units_completed()
files2 = tf.train.string_input_producer([path_a, path_b], num_epochs=1, shuffle=False)
keys, values = tf.TFRecordReader().read_up_to(files2, 3)
print(key.shape, value.shape, keys.shape, values.shape)

rsq = tf.RandomShuffleQueue(capacity=10, min_after_dequeue=3, dtypes=[tf.int32, tf.float32], shapes=[[], []],
                            seed=7)
print(rsq.name, rsq.dtypes, rsq.shapes, rsq.names)
fill = rsq.enqueue_many([tf.range(8), tf.range(8, dtype=tf.float32) * 0.5])
ints, halves = rsq.dequeue_many(3)
one = rsq.dequeue()
rest_i, rest_h = rsq.dequeue_up_to(10)
print(ints.shape, one[0].shape, rest_i.shape)
# which elements a dequeue takes is random: they go to a FIFO queue, fetched at the end sorted
sink = tf.FIFOQueue(20, [tf.int32, tf.float32], shapes=[[], []])
take_many = sink.enqueue_many([ints, halves])
take_one = sink.enqueue(one)
take_rest = sink.enqueue_many([rest_i, rest_h])
close_sink = sink.close()
sunk_i, sunk_h = sink.dequeue_up_to(20)
sunk = [tf.sort(sunk_i), tf.sort(sunk_h), tf.reduce_all(tf.equal(tf.cast(sunk_i, tf.float32) * 0.5, sunk_h))]

files3 = tf.train.string_input_producer([path_a, path_b], num_epochs=1, shuffle=False, name="files3")
common = tf.queue.RandomShuffleQueue(capacity=20, min_after_dequeue=2, dtypes=[tf.string, tf.string],
                                     shapes=[[], []], seed=1)
loose = tf.RandomShuffleQueue(capacity=4, min_after_dequeue=0, dtypes=[tf.int32])   # no shapes
loose_fill = loose.enqueue([5])
loose_many = loose.dequeue_many(1)
readers = [tf.TFRecordReader(), tf.TFRecordReader()]
tf.train.add_queue_runner(tf.train.QueueRunner(common, [common.enqueue(r.read(files3)) for r in readers]))
all_k, all_v = common.dequeue_up_to(100)
all_sorted = tf.sort(tf.strings.to_number(all_v))

with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    print(hashlib.md5(sess.run(jpeg)).hexdigest(), hashlib.md5(sess.run(gray)).hexdigest())
    try:
        while True:
            k, v = sess.run([key, value])
            print(base(k), v)
    except tf.errors.OutOfRangeError:
        print("read done")
    print(sess.run([produced, units]))
    try:
        while True:
            ks, vs = sess.run([keys, values])
            print([base(k) for k in ks], list(vs))
    except tf.errors.OutOfRangeError:
        print("read_up_to done")
    sess.run(fill)
    print(sess.run(rsq.size()))
    sess.run(take_many)
    print(sess.run(rsq.size()))
    sess.run(take_one)
    print(sess.run(rsq.size()))
    sess.run(rsq.close())
    sess.run(take_rest)
    print(sess.run(rsq.size()))
    sess.run(close_sink)
    print(sess.run(sunk))
    try:
        sess.run(rest_i)
    except tf.errors.OutOfRangeError:
        print("shuffle queue closed and empty")
    print(sess.run([all_sorted, tf.size(all_k)]))
    sess.run(loose_fill)
    try:
        sess.run(loose_many)
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError")
    print(sess.run(loose.dequeue()))
    coord.request_stop()
    coord.join(threads)

path_gz, path_z = os.path.join(d, "g.tfrecord"), os.path.join(d, "z.tfrecord")
with tf.io.TFRecordWriter(path_gz, tf.io.TFRecordOptions(compression_type="GZIP")) as w:
    for i in range(12):
        w.write(b"%d" % (100 + i) * (i + 1))
        if i == 5:
            w.flush()
w = tf.python_io.TFRecordWriter(path_z, options=tf.python_io.TFRecordOptions(
    tf.python_io.TFRecordCompressionType.ZLIB, compression_level=9))
for i in range(4):
    w.write(b"z%d" % i)
w.close()
for p in (path_gz, path_z):
    with open(p, "rb") as f:
        print(os.path.basename(p), hashlib.md5(f.read()).hexdigest())
print([len(r) for r in tf.io.tf_record_iterator(path_gz, options="GZIP")],
      list(tf.io.tf_record_iterator(path_z, tf.io.TFRecordOptions("ZLIB"))))
print(tf.io.TFRecordOptions.get_compression_type_string(tf.io.TFRecordCompressionType.GZIP),
      repr(tf.io.TFRecordOptions.get_compression_type_string(None)))
try:
    tf.io.TFRecordOptions("BZIP2")
except ValueError as e:
    print("ValueError", e)
with tf.Graph().as_default():
    gz_files = tf.train.string_input_producer([path_gz], num_epochs=1, shuffle=False)
    gk, gv = tf.TFRecordReader(options=tf.io.TFRecordOptions("GZIP")).read_up_to(gz_files, 5)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        tf.train.start_queue_runners(sess)
        try:
            while True:
                ks, vs = sess.run([gk, gv])
                print([base(k) for k in ks], [v[:3] for v in vs])
        except tf.errors.OutOfRangeError:
            print("gzip read done")

with open(path_a, "rb") as f:
    data = bytearray(f.read())
data[22] ^= 1   # the second record's data
with open(path_c, "wb") as f:
    f.write(bytes(data))
try:
    print(list(tf.io.tf_record_iterator(path_c)))
except tf.errors.DataLossError as e:
    print("DataLossError", e)
data[22] ^= 1
with open(path_c, "wb") as f:
    f.write(bytes(data[:31]))   # the second record cut short
it = tf.io.tf_record_iterator(path_c)
print(next(it))
try:
    next(it)
except tf.errors.DataLossError as e:
    print("DataLossError", e)
