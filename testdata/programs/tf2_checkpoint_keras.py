# modes: tf2
# The checkpoint keys TensorFlow's object graph gives Keras 3 objects (tf.train.list_variables):
# Conv2D and Dense (`_kernel`), Embedding (`_embeddings`), BatchNormalization, LayerNormalization,
# the recurrent layers' `cell`, a built Sequential (`_functional/_operations/i`), a functional
# Model (`_operations/i`), a subclassed Model (attributes; a list of layers is not tracked), a
# compiled and fitted model (its weights reached through `optimizer/_trainable_variables`), SGD
# with momentum and RMSprop slots; then deferred restoration into an unbuilt Sequential at its
# first call, a built subclassed Model, and a tf.Module gaining attributes after the read.
import os
import tempfile

import numpy as np
import tensorflow as tf

root = tempfile.mkdtemp()
os.chdir(root)


def keys(prefix):
    for name, shape in tf.train.list_variables(prefix):
        if name != "_CHECKPOINTABLE_OBJECT_GRAPH":
            print("  ", name, shape)


def fill(layer, start):
    """Deterministic weights: start, start + 0.01, ... across the layer's weights."""
    out = []
    for w in layer.get_weights():
        n = int(np.prod(w.shape))
        out.append((start + 0.01 * np.arange(n, dtype=np.float32)).reshape(w.shape))
        start += 1.0
    layer.set_weights(out)


conv = tf.keras.layers.Conv2D(2, 3)
conv(tf.zeros([1, 5, 5, 1]))
bn = tf.keras.layers.BatchNormalization()
bn(tf.zeros([2, 3]))
ln = tf.keras.layers.LayerNormalization()
ln(tf.zeros([1, 3]))
emb = tf.keras.layers.Embedding(5, 2)
emb(tf.zeros([1], tf.int32))
lstm = tf.keras.layers.LSTM(2, recurrent_initializer="zeros", seed=1)
lstm(tf.zeros([1, 2, 3]))
rnn = tf.keras.layers.SimpleRNN(2, recurrent_initializer="zeros", seed=2)
rnn(tf.zeros([1, 2, 3]))
for i, layer in enumerate([conv, bn, ln, emb, lstm, rnn]):
    fill(layer, 10 + i)
print("layers")
keys(tf.train.Checkpoint(conv=conv, bn=bn, ln=ln, emb=emb, lstm=lstm, rnn=rnn).write("layers"))


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.first = tf.keras.layers.Dense(4, activation="relu")
        self.blocks = [tf.keras.layers.Dense(3)]
        self.drop = tf.keras.layers.Dropout(0.5, seed=3)
        self.head = tf.keras.layers.Dense(1)

    def call(self, x):
        return self.head(self.drop(self.blocks[0](self.first(x))))


x = tf.constant([[1.0, 2.0], [-1.0, 0.5], [0.0, 3.0]])
seq = tf.keras.Sequential([tf.keras.layers.Dense(3, activation="tanh"), tf.keras.layers.Dense(1)])
seq(x)
inp = tf.keras.Input((2,))
functional = tf.keras.Model(inp, tf.keras.layers.Dense(1)(tf.keras.layers.Dense(3)(inp)))
net = Net()
net(x)
for i, layer in enumerate([l for m in (seq, functional, net) for l in m.layers]):
    if layer.weights:
        fill(layer, i)
print("models")
keys(tf.train.Checkpoint(seq=seq, functional=functional, net=net, unbuilt=tf.keras.Sequential(
    [tf.keras.layers.Dense(2)])).write("models"))

fitted = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
fitted.compile(tf.keras.optimizers.SGD(0.1, momentum=0.9), "mse")
fitted.fit(x, tf.constant([[1.0], [0.0], [2.0]]), epochs=2, verbose=0)
print("compiled")
keys(tf.train.Checkpoint(model=fitted).write("compiled"))

v = tf.Variable([1.0, -2.0])
rms = tf.keras.optimizers.RMSprop(0.01)
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(v * v)
rms.apply_gradients([(tape.gradient(loss, v), v)])
print("rmsprop")
keys(tf.train.Checkpoint(rms=rms, v=v).write("rmsprop"))

# deferred restoration into an unbuilt Sequential; a subclassed Model is called before the
# read (TF 2.21 leaves weights an unbuilt subclassed Model makes at its first call unrestored)
seq2 = tf.keras.Sequential([tf.keras.layers.Dense(3, activation="tanh"), tf.keras.layers.Dense(1)])
net2 = Net()
net2(x)
for i, layer in enumerate(net2.layers):
    if layer.weights:
        fill(layer, 20 + i)
status = tf.train.Checkpoint(seq=seq2, net=net2).read("models")
print("before:", seq2.built, len(seq2.weights))
print("seq same", np.array_equal(seq2(x).numpy(), seq(x).numpy()))
print("net first/head restored", np.array_equal(net2.first.kernel.numpy(), net.first.kernel.numpy()),
      np.array_equal(net2.head.kernel.numpy(), net.head.kernel.numpy()),
      "block (a list, not tracked) restored", np.array_equal(net2.blocks[0].kernel.numpy(), net.blocks[0].kernel.numpy()))
try:
    status.assert_consumed()
except AssertionError as e:
    print("assert_consumed:", str(e).splitlines()[0])
status.assert_existing_objects_matched()


class Holder(tf.Module):
    pass


saved = Holder()
saved.scale = tf.Variable(3.5)
saved.inner = Holder()
saved.inner.offset = tf.Variable([1, 2, 3])
tf.train.Checkpoint(holder=saved).write("holder")
later = Holder()
status = tf.train.Checkpoint(holder=later).read("holder")
later.scale = tf.Variable(0.0)
later.inner = Holder()
print("holder scale", later.scale.numpy())
later.inner.offset = tf.Variable([0, 0, 0])
print("holder offset", later.inner.offset.numpy().tolist(), status.assert_consumed() is status)

# a compiled model and its optimizer through a CheckpointManager: fit, save, restore into a
# fresh compiled model (its Adam not built yet: the slots are restored when fit builds it)
xs = np.arange(12, dtype=np.float32).reshape(6, 2) / 10
ys = xs.sum(1, keepdims=True)


def make():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(3, kernel_initializer="ones"),
                                 tf.keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile(tf.keras.optimizers.Adam(0.01), "mse")
    return model


first = make()
manager = tf.train.CheckpointManager(tf.train.Checkpoint(model=first, optimizer=first.optimizer), "fit", max_to_keep=3)
first.fit(xs, ys, batch_size=3, epochs=2, verbose=0, shuffle=False)
print("saved", manager.save())
keys(manager.latest_checkpoint)
second = make()
status = tf.train.Checkpoint(model=second, optimizer=second.optimizer).restore(tf.train.latest_checkpoint("fit"))
h1 = first.fit(xs, ys, batch_size=3, epochs=1, verbose=0, shuffle=False).history["loss"]
h2 = second.fit(xs, ys, batch_size=3, epochs=1, verbose=0, shuffle=False).history["loss"]
print("losses", h1, h2, first.optimizer.iterations.numpy(), second.optimizer.iterations.numpy())
print("consumed", status.assert_consumed() is status)

# RMSprop's slots in Keras 3's order (every velocity, then every momentum, then every average
# gradient) under `_variables/<i>`, with their values
a = tf.Variable([1.0, -2.0])
b = tf.Variable([[3.0], [4.0], [5.0]])
centered = tf.keras.optimizers.RMSprop(0.01, momentum=0.5, centered=True)
for _ in range(2):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(a * a) + tf.reduce_sum(b * b * b)
    centered.apply_gradients(zip(tape.gradient(loss, [a, b]), [a, b]))
path = tf.train.Checkpoint(opt=centered).write("centered")
for name, shape in tf.train.list_variables(path):
    if name != "_CHECKPOINTABLE_OBJECT_GRAPH":
        print("  ", name, shape, np.round(tf.train.load_variable(path, name), 5).ravel().tolist())
print([v.shape.as_list() for v in centered.variables])
