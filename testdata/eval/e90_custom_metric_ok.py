"""A Keras metric with state created in __init__."""
import tensorflow as tf


class BinaryTruePositives(tf.keras.metrics.Metric):
    def __init__(self, name="binary_true_positives", **kwargs):
        super().__init__(name=name, **kwargs)
        self.true_positives = self.add_weight(name="tp", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true = tf.cast(y_true, tf.bool)
        y_pred = tf.cast(y_pred, tf.bool)
        values = tf.cast(tf.logical_and(tf.equal(y_true, True), tf.equal(y_pred, True)), self.dtype)
        if sample_weight is not None:
            values = tf.multiply(values, tf.cast(sample_weight, self.dtype))
        self.true_positives.assign_add(tf.reduce_sum(values))

    def result(self):
        return self.true_positives

    def reset_state(self):
        self.true_positives.assign(0.0)


m = BinaryTruePositives()
m.update_state([0, 1, 1, 1], [1, 0, 1, 1])
print(m.result().numpy())
