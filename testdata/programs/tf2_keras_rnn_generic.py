# modes: tf2
# Keras 3's generic RNN layer over SimpleRNNCell, LSTMCell, GRUCell, a user-defined cell and
# a list of cells (made a StackedRNNCells): the state structure it returns (the initial
# state's: (out, h), (out, h, c), (out, [h1], [h2, c2], [h3]) for stacked cells, flat or
# nested as the initial state given), return_sequences, go_backwards, StackedRNNCells on its
# own, cell and variable names and paths, state_size / output_size, a functional
# encoder-decoder (return_state feeding initial_state) trained with fit, and the orthogonal
# initializer's orthogonality. Constant initializers and seeds throughout.
import numpy as np
import tensorflow as tf

C = tf.keras.initializers.Constant
rng = np.random.RandomState(11)
seq = rng.uniform(-1, 1, (2, 4, 3)).astype(np.float32)


def lin(lo, hi, shape):
    return C(np.linspace(lo, hi, int(np.prod(shape))).reshape(shape))


def r2(x):
    return tf.nest.map_structure(lambda t: np.round(np.asarray(t, np.float64), 5).tolist(), x)


def shapes(x):
    return tf.nest.map_structure(lambda t: tuple(t.shape), x)


def srnn_cell(units, din, seed):
    return tf.keras.layers.SimpleRNNCell(units, kernel_initializer=lin(-0.5, 0.5, (din, units)),
                                         recurrent_initializer=lin(0.4, -0.4, (units, units)),
                                         bias_initializer=C(0.05), seed=seed)


def lstm_cell(units, din, seed):
    return tf.keras.layers.LSTMCell(units, kernel_initializer=lin(-0.4, 0.6, (din, 4 * units)),
                                    recurrent_initializer=lin(0.3, -0.3, (units, 4 * units)), seed=seed)


def gru_cell(units, din, seed, **kw):
    return tf.keras.layers.GRUCell(units, kernel_initializer=lin(-0.6, 0.4, (din, 3 * units)),
                                   recurrent_initializer=lin(0.2, -0.4, (units, 3 * units)), seed=seed, **kw)


# one cell (every layer kept alive: the final variables are those still referenced)
layers = []
for make, units in ((srnn_cell, 2), (lstm_cell, 2), (gru_cell, 3)):
    layer = tf.keras.layers.RNN(make(units, 3, units), return_state=True)
    layers.append(layer)
    res = layer(seq)
    print(layer.name, layer.cell.name, type(res).__name__, shapes(res), r2(res))
    print([(w.path, w.name) for w in layer.weights], [v.path for v in layer.variables])

backwards = tf.keras.layers.RNN(gru_cell(2, 3, 20, reset_after=False), return_sequences=True, go_backwards=True)
seqs = backwards(seq)
print(shapes(seqs), r2(seqs))

# a list of cells: StackedRNNCells, the state one entry per cell
stacked = tf.keras.layers.RNN([srnn_cell(2, 3, 30), lstm_cell(3, 2, 31), gru_cell(2, 3, 32)], return_state=True)
res = stacked(seq)
print(stacked.name, type(stacked.cell).__name__, stacked.cell.name, [c.name for c in stacked.cell.cells])
print(shapes(res), r2(res))
print(stacked.cell.state_size, stacked.cell.output_size, [(w.path, tuple(w.shape)) for w in stacked.weights])
print([v.path for v in stacked.variables], [v.path for v in stacked.trainable_variables])
res2 = stacked(seq, initial_state=[[tf.zeros([2, 2])], [tf.ones([2, 3]), tf.zeros([2, 3])], [tf.ones([2, 2])]])
print(shapes(res2), r2(res2[0]))

one = tf.keras.layers.RNN([lstm_cell(2, 3, 40)], return_state=True, return_sequences=True)
print(shapes(one(seq)), r2(one(seq)[1]))
two = tf.keras.layers.RNN([srnn_cell(2, 3, 41), srnn_cell(3, 2, 42)], return_state=True, go_backwards=True)
flat = two(seq, initial_state=[np.full((2, 2), 0.5, np.float32), np.full((2, 3), -0.5, np.float32)])
nested = two(seq, initial_state=[[np.full((2, 2), 0.5, np.float32)], [np.full((2, 3), -0.5, np.float32)]])
print(shapes(flat), shapes(nested), r2(flat), np.allclose(flat[2], nested[2][0]))

# StackedRNNCells called directly
cells = tf.keras.layers.StackedRNNCells([gru_cell(2, 3, 50), gru_cell(3, 2, 51, reset_after=False)])
out, st = cells(seq[:, 0, :], [tf.zeros([2, 2]), tf.zeros([2, 3])])
print(cells.name, r2(out), shapes(st), type(st).__name__, cells.state_size, cells.output_size)
print([w.path for w in cells.weights])


# a user-defined cell: a layer with state_size and call(inputs, states)
class MinimalCell(tf.keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.state_size = units

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer=C(0.2), name="kernel")
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units), initializer=C(-0.1),
                                                name="recurrent_kernel")

    def call(self, inputs, states):
        prev = states[0]
        out = tf.matmul(inputs, self.kernel) + tf.matmul(prev, self.recurrent_kernel)
        return out, [out]


custom = tf.keras.layers.RNN(MinimalCell(2), return_sequences=True, return_state=True)
res = custom(seq)
print(custom.cell.name, shapes(res), r2(res[1]), [w.path for w in custom.weights])
mixed = tf.keras.layers.RNN([MinimalCell(2), gru_cell(2, 2, 60)])
print(r2(mixed(seq)), [w.path for w in mixed.weights])

# functional encoder-decoder: the encoder's states start the decoder
enc_in = tf.keras.Input((4, 3))
dec_in = tf.keras.Input((3, 2))
enc_out, h, c = tf.keras.layers.LSTM(3, kernel_initializer=lin(-0.3, 0.3, (3, 12)),
                                     recurrent_initializer=lin(0.2, -0.2, (3, 12)), return_state=True,
                                     seed=70)(enc_in)
dec = tf.keras.layers.RNN(lstm_cell(3, 2, 71), return_sequences=True)(dec_in, initial_state=[h, c])
out = tf.keras.layers.Dense(1, kernel_initializer="ones")(dec)
model = tf.keras.Model([enc_in, dec_in], out)
print(enc_out.shape, h.shape, c.shape, dec.shape, [l.name for l in model.layers])
dec_x = rng.uniform(-1, 1, (2, 3, 2)).astype(np.float32)
y = np.array([[[0.1], [0.2], [0.3]], [[-0.1], [-0.2], [-0.3]]], np.float32)
print(r2(model([seq, dec_x])))
model.compile(optimizer=tf.keras.optimizers.SGD(0.3), loss="mse")
print(model.fit([seq, dec_x], y, epochs=3, batch_size=2, verbose=0).history["loss"])
print([v.path for v in model.weights])

# the default recurrent initializer is orthogonal
q = tf.keras.initializers.Orthogonal(seed=5)((4, 6))
print(q.shape, np.allclose(np.matmul(q, np.transpose(q)), np.eye(4), atol=1e-5))
q = tf.keras.initializers.Orthogonal(gain=2.0)((6, 4))
print(q.shape, np.allclose(np.matmul(np.transpose(q), q), 4 * np.eye(4), atol=1e-4))

# Keras 3's errors for what is not a cell, a cell without units, an unknown keyword argument
for bad in (lambda: tf.keras.layers.RNN(tf.keras.layers.Dense(2)), lambda: tf.keras.layers.RNN([3]),
            lambda: tf.keras.layers.StackedRNNCells([tf.keras.layers.Dense(2)]),
            lambda: tf.keras.layers.GRUCell(0), lambda: tf.keras.layers.Dense(2, not_an_argument=1)):
    try:
        bad()
    except ValueError as e:
        print(type(e).__name__, e)
