"""Batch norm statistics captured from inside a cond branch (TF1)."""
import tensorflow as tf


class BatchNorm:
    def __init__(self, decay=0.9):
        self.decay = decay
        self.batch_mean = None

    def __call__(self, x, is_training):
        def train_branch():
            mean, var = tf.nn.moments(x, axes=[0])
            self.batch_mean = mean  # expect: TFM601
            return (x - mean) / tf.sqrt(var + 1e-5)

        def infer_branch():
            return x

        out = tf.cond(is_training, train_branch, infer_branch)
        return out, self.batch_mean
