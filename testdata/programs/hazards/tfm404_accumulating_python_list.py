"""TFM404: a module-level loss list appended to by per-step code (guide pattern 1, example 4).

TF1: the appends run once while building the graph; every step sums one loss: 1, 1, 1.
TF2: eagerly the appends run every step; the sum covers all steps so far: 1, 2, 3.
"""
import tensorflow as tf

from common_steps import mode, run_steps

all_losses = []
w = tf.Variable(1.0)


class Model:
    def __call__(self, x):
        loss = w * x
        all_losses.append(loss)
        return loss


model = Model()


def train_step():
    model(tf.constant(1.0))
    return tf.reduce_sum(all_losses)


print("mode:", mode())
print("total_loss per step:", run_steps(train_step, 3))
