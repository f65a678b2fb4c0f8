import tensorflow as tf

# Guide: == between variables (TF1: identity, TF2: values).
tf.compat.v1.disable_tensor_equality()
x = tf.Variable(0.0)
y = tf.Variable(0.0)

x is y  # expect: TFM502

# Guide: the fix when identity is meant.
x is y  # ok

# Variants that fire.
a = tf.constant([1, 2])
b = tf.constant([1, 2])
if a is b:  # expect: TFM502
    pass
same = True if x is not y else False  # expect: TFM502
assert not (x is y)  # expect: TFM502
params = [x, y]
if x in params:  # expect: TFM502
    pass
position = params.index(y)  # expect: TFM502
weights = tf.Variable(tf.ones([2]))
if weights in [a, b, weights]:  # expect: TFM502
    pass

pair = [a, b]
others = [t for t in pair if t is not a]  # expect: TFM502
for t in pair:
    if t is b:  # expect: TFM502
        pass

# Variants that must not fire.
counts = [1, 2]


class PadRemover(object):
    def remove(self, x):
        return x


pad_remover = PadRemover()
trimmed = pad_remover.remove(a)  # ok: a user object's own remove, not list.remove
seen = list(pair)
seen.remove(b)  # expect: TFM502
small = [c for c in counts if c != 2]  # ok: a loop over Python numbers
mask = a == b  # ok: an elementwise tensor, value meant
accuracy = tf.reduce_mean(tf.cast(a == b, tf.float32))  # ok: inside a TF op
if tf.reduce_all(tf.equal(a, b)):  # ok: explicit value comparison
    pass
if x is not y:  # ok: identity
    pass
count = 3
if count == 3:  # ok: Python numbers
    pass
names = ["x", "y"]
if "x" in names:  # ok
    pass


# Elements of unknown type searched in lists of graph objects.
def add_to_trainables(variable, graph):
    if variable not in graph.get_collection(tf.compat.v1.GraphKeys.TRAINABLE_VARIABLES):  # expect: TFM502
        graph.add_to_collection(tf.compat.v1.GraphKeys.TRAINABLE_VARIABLES, variable)
    trainables = graph.get_collection_ref(tf.compat.v1.GraphKeys.TRAINABLE_VARIABLES)
    trainables.remove(variable)  # expect: TFM502
    if "bias" in trainables:  # ok: a string literal is not compared with tensors by ==
        pass
    items = graph.get_collection(tf.compat.v1.GraphKeys.QUEUE_RUNNERS)
    if variable in items:  # ok: queue runners are Python objects
        pass
    handles = [1, 2]
    handles.remove(variable)  # ok: a list of Python values


def without_shared(scope):
    shared = tf.compat.v1.losses.get_regularization_losses(scope=scope)
    return [r for r in tf.compat.v1.losses.get_regularization_losses() if r not in shared]  # expect: TFM502
