# modes: tf1
# What libraries written against TF1's internals (tf-slim, Sonnet 1) use at import and in
# their tests: tensorflow.python.util's decorators, deprecation markers, compat and
# all_util; tensorflow.core's SaverDef; tf.train.SessionRunHook; the full GraphKeys; dtype
# and TensorShape checks; shapes TensorFlow computes at construction from small constant
# subgraphs (tf.shape of a static tensor); construction-time errors; name scopes of
# moments / batch_normalization / add_n; sufficient statistics.
import sys
import types

import numpy as np
import tensorflow as tf
from tensorflow.core.protobuf import saver_pb2
from tensorflow.python.framework import ops
from tensorflow.python.util import all_util, compat, deprecation, tf_contextlib, tf_decorator, tf_inspect
from tensorflow.python import tf2

print("v2 enabled:", tf2.enabled())
print("SaverDef:", saver_pb2.SaverDef.V1, saver_pb2.SaverDef.V2)


@tf_contextlib.contextmanager
def scope(label, depth=1):
    yield "%s:%d" % (label, depth)


with scope("outer") as s:
    print("contextmanager:", s, tf_inspect.getfullargspec(scope).args)


def add(a, b=2):
    return a + b


def traced(*args, **kwargs):
    return add(*args, **kwargs) * 10


wrapped = tf_decorator.make_decorator(add, traced)
decorators, target = tf_decorator.unwrap(wrapped)
print("decorator:", wrapped.__name__, wrapped(1), target is add, tf_inspect.getargspec(wrapped).args)


@deprecation.deprecated(None, "use something else")
def old(x):
    return x + 1


print("deprecated still runs:", old(1), deprecation.deprecated_argument_lookup("axis", None, "dim", 3))
print("compat:", compat.as_bytes("ab"), compat.as_text(b"cd"), compat.as_str_any(5))

mod = types.ModuleType("demo_module", "Demo.\n\n@@kept\n")
mod.kept, mod.dropped = 1, 2
sys.modules["demo_module"] = mod
print("make_all:", all_util.make_all("demo_module"))
all_util.remove_undocumented("demo_module")
print("after remove_undocumented:", hasattr(mod, "kept"), hasattr(mod, "dropped"))


class CountingHook(tf.train.SessionRunHook):
    def __init__(self):
        self.calls = 0

    def before_run(self, run_context):
        self.calls += 1
        return tf.train.SessionRunArgs(fetches=None)


hook = CountingHook()
print("hook:", hook.before_run(None), hook.calls, hook.after_run(None, None))
print("GraphKeys:", tf.GraphKeys.WEIGHTS, tf.GraphKeys.BIASES, tf.GraphKeys.ACTIVATIONS,
      tf.GraphKeys.METRIC_VARIABLES, tf.GraphKeys.TABLE_INITIALIZERS)
print("sync:", tf.VariableSynchronization.ON_READ.value, tf.VariableAggregation.MEAN.value)

print("dtype compat:", tf.float32.is_compatible_with(tf.float32), tf.float32.is_compatible_with(tf.int32),
      tf.uint8.is_unsigned, tf.int32.is_unsigned)
shape = tf.TensorShape([None, 3])
print("shape:", shape.with_rank(2), shape.with_rank_at_least(1), shape.concatenate([4]),
      shape.most_specific_compatible_shape([5, 3]))
for bad in (lambda: shape.assert_has_rank(3), lambda: shape.assert_is_compatible_with([2, 4]),
            lambda: shape.assert_is_fully_defined(), lambda: shape.with_rank_at_most(1)):
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
print("dimension_value:", tf.dimension_value(shape[1]), tf.dimension_value(7),
      tf.dimension_at_index(tf.TensorShape(None), 0))
try:
    tf.convert_to_tensor(None)
except ValueError as e:
    print("ValueError:", e)

x = tf.zeros([3, 4])
print("folded:", tf.squeeze(tf.stack([tf.shape(x), [5, 6]])).shape,
      tf.reshape(tf.range(12), [tf.shape(x)[0], -1]).shape, tf.ones(tf.reshape(tf.shape(x)[0], [1])).shape)
p = tf.placeholder(tf.float32, [None, None])
print("rank from a shape's length:", tf.ones(tf.shape(p)).shape, tf.squeeze(p, [-1]).shape)
try:
    tf.reshape(tf.constant([[1, 2], [3, 4]]), [tf.shape(tf.zeros([2, 2]))[0]])
except ValueError as e:
    print("ValueError at construction: reshape")

g1 = tf.Graph()
with g1.as_default():
    a = tf.constant(1.0)
b = tf.constant(2.0)
print("graph from inputs:", ops._get_graph_from_inputs([a]) is g1, ops._get_graph_from_inputs([]) is tf.get_default_graph())
try:
    ops._get_graph_from_inputs([b], graph=g1)
except ValueError:
    print("ValueError: not from the passed-in graph")

data = tf.constant(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
mean, var = tf.nn.moments(data, [0, 1])
normed = tf.nn.batch_normalization(data, mean, var, None, None, 1e-3)
total = tf.add_n([mean, var, mean], name="total")
with tf.name_scope("reg") as sc:
    named = tf.add_n([mean, var], name=sc)
counts, m_ss, v_ss, _ = tf.nn.sufficient_statistics(data, [0, 1])
m2, v2 = tf.nn.normalize_moments(counts, m_ss, v_ss, None)
print("names:", mean.op.name.split("/")[0], normed.op.name.split("/")[0], total.op.name, named.op.name)
with tf.Session() as sess:
    for v in sess.run([mean, var, counts, m_ss, v_ss, m2, v2, total]):
        print(np.round(v, 4).tolist())
