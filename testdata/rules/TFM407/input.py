import numpy as np
import tensorflow as tf


@tf.function
def train_step(x, step):
    return x * tf.cast(step, tf.float32)


@tf.function
def scale(x, factor=1.0):
    return x * factor


class Trainer(tf.Module):
    @tf.function
    def step(self, x, lr):
        return x * lr


data = tf.ones([4])
trainer = Trainer()

# Variants that fire.
for i in range(100):
    train_step(data, i)  # expect: TFM407

for epoch, batch in enumerate([data, data]):
    scale(batch, factor=epoch)  # expect: TFM407

lr = 0.1
for _ in range(10):
    lr = lr * 0.9
    trainer.step(data, lr)  # expect: TFM407

compiled = tf.function(lambda x, k: x * k)


def body(x, k):
    return x + k


body_fn = tf.function(body)
for k in range(5):
    body_fn(data, k + 1)  # expect: TFM407

# Variants that must not fire.
for i in range(100):
    train_step(data, tf.constant(i))  # ok: a tensor argument

for step, batch in enumerate(tf.data.Dataset.range(3)):
    train_step(tf.cast(batch, tf.float32), 7)  # ok: a constant Python number

for batch in tf.data.Dataset.from_tensor_slices(tf.ones([3, 4])):
    scale(batch)  # ok: tensors from a dataset

step_counter = tf.Variable(0)
for _ in range(10):
    step_counter.assign_add(1)
    train_step(data, step_counter)  # ok: a variable


def plain(x, i):
    return x * i


for i in range(3):
    plain(data, i)  # ok: not a tf.function


@tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
def fixed_signature(x):
    return x * 2.0


smooth = tf.function(plain, input_signature=[tf.TensorSpec([4], tf.float32), tf.TensorSpec([], tf.float32)])
for i in range(3):
    fixed_signature(float(i))  # ok: converted to the signature's tensor
    smooth(data, float(i))  # ok: converted to the signature's tensor
    scale(np.ones(4, np.float32) * i)  # ok: a NumPy array is traced by dtype and shape
    scale(float(i))  # expect: TFM407
