# modes: tf1
# TF1 queue input pipelines with one runner thread (the reproducible kind): a FIFOQueue fed
# and read directly (enqueue, enqueue_many, dequeue, dequeue_many, size, close, OutOfRange
# when closed and short), range_input_producer and string_input_producer without shuffling
# (num_epochs counts in a local variable), tf.train.batch with a smaller final batch, the
# Coordinator and start_queue_runners loop of TF1 tutorials.
import numpy as np
import tensorflow as tf

q = tf.FIFOQueue(10, [tf.float32, tf.int32], shapes=[[2], []])
enq = q.enqueue([tf.constant([1.0, 2.0]), tf.constant(7)])
enq_many = q.enqueue_many([tf.constant([[3.0, 4.0], [5.0, 6.0]]), tf.constant([8, 9])])
x, y = q.dequeue()
xs, ys = q.dequeue_many(2)
size = q.size()
close = q.close()
print(q.name, x.shape, xs.shape, ys.dtype)
with tf.Session() as sess:
    sess.run(enq)
    sess.run(enq_many)
    print("size", sess.run(size))
    print(sess.run([x, y]))
    print(sess.run([xs, ys]))
    sess.run(close)
    try:
        sess.run(x)
    except tf.errors.OutOfRangeError:
        print("OutOfRangeError after close")

tf.reset_default_graph()
i = tf.train.range_input_producer(5, shuffle=False).dequeue()
names = tf.train.string_input_producer(["a.csv", "b.csv", "c.csv"], num_epochs=2, shuffle=False)
name = names.dequeue()
values = tf.constant(np.arange(10, dtype=np.int64))
item = tf.train.range_input_producer(10, num_epochs=1, shuffle=False).dequeue()
batch = tf.train.batch([tf.gather(values, item) * 10, item], batch_size=4, allow_smaller_final_batch=True)
print(len(tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS)), [v.name for v in tf.local_variables()])
with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    print([int(sess.run(i)) for _ in range(7)])
    print([sess.run(name).decode() for _ in range(6)])
    try:
        sess.run(name)
    except tf.errors.OutOfRangeError:
        print("OutOfRangeError after 2 epochs")
    try:
        while not coord.should_stop():
            v, idx = sess.run(batch)
            print(v.tolist(), idx.tolist())
    except tf.errors.OutOfRangeError:
        print("done")
    finally:
        coord.request_stop()
    coord.join(threads)
    print("stopped", coord.should_stop())

# count_up_to, a PaddingFIFOQueue batched with dynamic_pad, and the shapes FIFOQueue refuses
tf.reset_default_graph()
counter = tf.Variable(tf.constant(0, dtype=tf.int64)).count_up_to(3)
pq = tf.PaddingFIFOQueue(10, [tf.int32], shapes=[[None, 2]])
rows = [tf.constant([[1, 2], [3, 4]]), tf.constant([[5, 6], [7, 8], [9, 10]]), tf.constant([[11, 12]])]
fills = [pq.enqueue([r]) for r in rows]
padded, counts = tf.train.batch([pq.dequeue(), counter], batch_size=3, dynamic_pad=True)
print(padded.shape, counts.shape)
try:
    tf.FIFOQueue(4, [tf.int32], shapes=[[None, 3]])
except ValueError as e:
    print("ValueError:", e)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for f in fills:
        sess.run(f)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    p, c = sess.run([padded, counts])
    print(p.tolist(), c.tolist())
    try:
        sess.run(counter)
    except tf.errors.OutOfRangeError:
        print("OutOfRangeError: the counter reached its limit")
    coord.request_stop()
    coord.join(threads)
