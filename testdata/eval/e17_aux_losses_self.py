"""Auxiliary losses kept on the trainer object across steps."""
import tensorflow as tf


class MultiTaskTrainer:
    def __init__(self, backbone, heads):
        self.backbone = backbone
        self.heads = heads
        self.aux_losses = []
        self.opt = tf.keras.optimizers.Adam(1e-3)

    def compute_aux(self, features):
        for head in self.heads:
            self.aux_losses.append(tf.reduce_mean(head(features)))

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            features = self.backbone(x)
            main = tf.reduce_mean(tf.square(features - y))
            self.compute_aux(features)
            loss = main + 0.1 * tf.reduce_sum(self.aux_losses)  # expect: TFM404
        variables = self.backbone.trainable_variables
        self.opt.apply_gradients(zip(tape.gradient(loss, variables), variables))
        return loss


class CleanTrainer(MultiTaskTrainer):
    def train_step(self, x, y):
        self.aux_losses = []
        return super().train_step(x, y)
