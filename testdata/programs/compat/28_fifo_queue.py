# Queues (tf.FIFOQueue is tf.queue.FIFOQueue in TF2): enqueue_many / dequeue.
import tensorflow as tf

q = tf.FIFOQueue(capacity=10, dtypes=[tf.int32, tf.float32], shapes=[[], []])
enq = q.enqueue_many(([1, 2, 3, 4], [0.5, 1.5, 2.5, 3.5]))
a, b = q.dequeue()
size = q.size()
with tf.Session() as sess:
    sess.run(enq)
    print("size", sess.run(size))
    for _ in range(3):
        print("got", [v.item() for v in sess.run([a, b])])
    print("left", sess.run(size))
