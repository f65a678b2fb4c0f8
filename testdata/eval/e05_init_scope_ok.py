"""Creating state from inside a traced method with tf.init_scope."""
import tensorflow as tf


class RunningMean(tf.Module):
    def __init__(self):
        super().__init__()
        self._state = {}

    @tf.function
    def update(self, x):
        with tf.init_scope():
            if "mean" not in self._state:
                self._state["mean"] = tf.Variable(0.0)
                self._state["count"] = tf.Variable(0.0)
        self._state["count"].assign_add(1.0)
        delta = x - self._state["mean"]
        self._state["mean"].assign_add(delta / self._state["count"])
        return self._state["mean"]


tracker = RunningMean()
for value in [1.0, 2.0, 3.0]:
    tracker.update(tf.constant(value))
