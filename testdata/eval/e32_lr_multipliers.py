"""Per-variable learning-rate multipliers keyed by the variable."""
import tensorflow as tf


class FineTuner:
    def __init__(self):
        self.backbone_w = tf.Variable(tf.random.normal([4, 4]))
        self.head_w = tf.Variable(tf.random.normal([4, 2]))
        self.lr_mult = {self.backbone_w: 0.1, self.head_w: 1.0}  # expect: TFM503
        self.safe_mult = {self.backbone_w.ref(): 0.1, self.head_w.ref(): 1.0}

    def scaled(self, grads_and_vars):
        return [(g * self.safe_mult[v.ref()], v) for g, v in grads_and_vars]
