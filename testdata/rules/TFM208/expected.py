import numpy as np
import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1.data import Dataset, make_initializable_iterator
from tensorflow.compat.v1.data import Iterator
from tensorflow import data as tfdata

features = np.arange(12, dtype=np.float32).reshape(6, 2)
ds = tf.data.Dataset.from_tensor_slices(features).shuffle(6).batch(2)
one_shot = tf.compat.v1.data.make_one_shot_iterator(ds)  # expect: TFM208
batch = one_shot.get_next()  # expect: TFM208
ranged = tf.compat.v1.data.make_one_shot_iterator(Dataset.range(10))  # expect: TFM208
v1_ds = tf1.data.TFRecordDataset(["a.tfrecord"])
records = tf.compat.v1.data.make_initializable_iterator(v1_ds)  # expect: TFM208
fed = make_initializable_iterator(ds)  # expect: TFM208
named = tf.compat.v1.data.make_initializable_iterator(ds, shared_name="train_it")  # expect: TFM208
reinit = Iterator.from_structure(tf1.data.get_output_types(ds))  # expect: TFM208


def input_fn(dataset):
    return tf.compat.v1.data.make_one_shot_iterator(dataset).get_next()  # expect: TFM208


def reinit_input(dataset):
    # A parameter of unknown origin: the fix to the function form is unsafe.
    return tf.compat.v1.data.make_initializable_iterator(dataset)  # expect: TFM208


def eval_input(tf, files):
    # `tf` is a parameter here, so the fix spells the prefix with `tf1`.
    return tf1.data.make_one_shot_iterator(tfdata.TextLineDataset(files))  # expect: TFM208


with tf1.Session() as sess:
    sess.run(records.initializer)  # expect: TFM208
    print(sess.run(batch))

# Must not fire:
compat = tf1.data.make_one_shot_iterator(ds)  # ok: the compat form the fix produces
for step, values in enumerate(ds):  # ok: TF2 iteration
    pass
it = iter(ds)  # ok
first = next(it)  # ok
nxt = it.get_next()  # ok: `iter(dataset)` is a TF2 iterator
queue_like.get_next()  # ok: unknown object


@tf.function
def peek():
    return tf1.data.make_one_shot_iterator(ds).get_next()  # ok: traced code, no session
