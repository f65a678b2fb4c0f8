# modes: tf1
# TF1 file readers over a filename queue: TextLineReader (header lines skipped, keys
# FILE:LINE) with decode_csv (typed by the defaults, a missing field takes its default),
# FixedLengthRecordReader (header and footer bytes, keys FILE:N) with decode_raw, and
# WholeFileReader; read_up_to, num_records_produced, OutOfRange when the files run out.
import os
import tempfile

import numpy as np
import tensorflow as tf

d = os.path.join(tempfile.gettempdir(), "tfm_readers_program")  # a fixed path: keys are fetched
os.makedirs(d, exist_ok=True)
csv_a, csv_b, raw = (os.path.join(d, n) for n in ("a.csv", "b.csv", "r.bin"))
with open(csv_a, "w") as f:
    f.write("x,y,label\n1.5,2,cat\n,4,dog\n")
with open(csv_b, "w") as f:
    f.write("x,y,label\n7.25,-3,\"a,b\"\n8,9,eel")
with open(raw, "wb") as f:
    f.write(b"HD" + bytes(range(12)) + b"F")


def base(key):
    path, _, rest = key.decode().rpartition(":")
    return "%s:%s" % (os.path.basename(path), rest) if path else os.path.basename(key.decode())


files = tf.train.string_input_producer([csv_a, csv_b], num_epochs=1, shuffle=False)
key, line = tf.TextLineReader(skip_header_lines=1).read(files)
x, y, label = tf.decode_csv(line, record_defaults=[[0.5], [0], ["none"]])
raw_q = tf.FIFOQueue(4, tf.string, shapes=())
fill = raw_q.enqueue_many([[raw, raw]])
close = raw_q.close()
reader = tf.FixedLengthRecordReader(record_bytes=4, header_bytes=2, footer_bytes=1)
rkey, rval = reader.read(raw_q)
decoded = tf.decode_raw(rval, tf.uint8)
as_int16 = tf.decode_raw(rval, tf.int16)
produced = reader.num_records_produced()
whole_q = tf.FIFOQueue(2, tf.string, shapes=())
whole_fill = whole_q.enqueue([csv_b])
wkey, wval = tf.WholeFileReader().read(whole_q)
keys, vals = tf.TextLineReader().read_up_to(tf.train.string_input_producer([csv_a], num_epochs=1, shuffle=False), 10)
print(x.dtype, y.dtype, label.dtype, decoded.shape, keys.shape)
with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    try:
        while True:
            k, a, b, c = sess.run([key, x, y, label])
            print(base(k), a, b, c)
    except tf.errors.OutOfRangeError:
        print("csv done")
    sess.run(fill)
    sess.run(close)
    try:
        while True:
            k, v, w = sess.run([rkey, decoded, as_int16])
            print(base(k), v.tolist(), w.tolist())
    except tf.errors.OutOfRangeError:
        print("records done", sess.run(produced))
    sess.run(whole_fill)
    k, v = sess.run([wkey, wval])
    print(base(k), v)
    k, v = sess.run([keys, vals])
    print([base(s) for s in k], v.tolist())
    coord.request_stop()
    coord.join(threads)
