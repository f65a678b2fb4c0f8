"""A graph-mode test of a queue fed by a queue runner: its threads need a graph and a
session; TF2's form is a tf.data pipeline, which tests another thing: not converted."""
import tensorflow as tf


def setUpModule():
  tf.compat.v1.disable_eager_execution()


class QueueTest(tf.test.TestCase):

  def test_dequeue(self):
    queue = tf.queue.FIFOQueue(10, [tf.float32], shapes=[[]])
    enqueue = queue.enqueue([tf.constant(1.5)])
    tf.compat.v1.train.add_queue_runner(tf.compat.v1.train.QueueRunner(queue, [enqueue]))
    value = queue.dequeue()
    with self.cached_session() as sess:
      coord = tf.compat.v1.train.Coordinator()
      threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
      self.assertEqual(1.5, sess.run(value))
      coord.request_stop()
      coord.join(threads)


if __name__ == "__main__":
  tf.test.main()
