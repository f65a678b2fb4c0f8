# A TF1 queue filled by an enqueue op: it lives in the graph (filled by enqueue ops or
# queue-runner threads a session starts); TF2's form is a tf.data pipeline, which the
# conversion writes only for a slice_input_producer batched by tf.train.batch (golden 145),
# not for a queue of enqueue ops. Refused with that reason.
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()

q = tf.queue.FIFOQueue(4, tf.float32)
enqueue = q.enqueue_many([[1.0, 2.0, 3.0]])
item = q.dequeue()
with tf.compat.v1.Session() as sess:
    sess.run(enqueue)
    print(sess.run(item), sess.run(item))
