# modes: tf2
# Keras 3 GRU and GRUCell (gates z, r, h; h = z * h_prev + (1 - z) * candidate): reset_after
# True (bias (2, 3u): input and recurrent rows) and False (bias (3u,), the reset gate applied
# before the recurrent product), use_bias=False, other activations, callable initializers
# (`lambda shape, dtype=None: ...`, also for LSTM and SimpleRNN), return_sequences,
# return_state, go_backwards, initial_state, a cell called on its own (tensor or list
# state), weight names, paths and order, gradients and fit. Constant or callable initializers
# (Keras draws its random ones from its own seeds) and seeds (each cell keeps a seed
# generator for its dropout masks).
import numpy as np
import tensorflow as tf

C = tf.keras.initializers.Constant
rng = np.random.RandomState(7)
seq = rng.uniform(-1, 1, (2, 5, 3)).astype(np.float32)


def lin(n, lo, hi, shape):
    return C(np.linspace(lo, hi, n).reshape(shape))


def r2(x):
    return np.round(np.asarray(x, np.float64), 5).tolist()


# reset_after=True (the default): bias (2, 3u)
gru = tf.keras.layers.GRU(2, kernel_initializer=lin(18, -0.6, 0.6, (3, 6)),
                          recurrent_initializer=lin(12, 0.5, -0.5, (2, 6)),
                          bias_initializer=lin(12, -0.2, 0.3, (2, 6)), return_sequences=True, seed=1)
out = gru(seq)
print(gru.name, gru.cell.name, gru.cell.reset_after, r2(out))
print([(w.name, w.path, tuple(w.shape)) for w in gru.weights], [v.path for v in gru.trainable_variables])
print([v.path for v in gru.variables], [v.path for v in gru.non_trainable_weights], gru.count_params())

# reset_after=False: bias (3u,); return_state and go_backwards
gru2 = tf.keras.layers.GRU(3, reset_after=False, kernel_initializer=lin(27, 0.4, -0.4, (3, 9)),
                           recurrent_initializer=lin(27, -0.3, 0.3, (3, 9)),
                           bias_initializer=lin(9, 0.1, -0.1, (9,)), return_state=True, go_backwards=True, seed=2)
res = gru2(seq)
print(type(res).__name__, len(res), r2(res[0]), r2(res[1]), np.allclose(res[0], res[1]))
print([(w.path, tuple(w.shape)) for w in gru2.weights], r2(gru2.cell.bias))

# sequences and state together, an initial state (a tensor, then a list of one tensor)
gru3 = tf.keras.layers.GRU(2, kernel_initializer=lin(18, -0.6, 0.6, (3, 6)),
                           recurrent_initializer=lin(12, 0.5, -0.5, (2, 6)),
                           return_sequences=True, return_state=True, go_backwards=True, seed=3)
h0 = np.array([[0.5, -0.5], [0.1, 0.2]], np.float32)
seqs, h = gru3(seq, initial_state=tf.constant(h0))
print(r2(seqs), r2(h))
seqs2, h2 = gru3(seq, initial_state=[h0])
print(np.allclose(seqs, seqs2), np.allclose(h, h2))

# no bias; relu candidate and a linear recurrent activation; callable initializers
calls = []


def kinit(shape, dtype=None):
    calls.append((tuple(shape), str(dtype)))
    return np.linspace(-1.0, 1.0, int(np.prod(shape))).reshape(shape) * 0.3


gru4 = tf.keras.layers.GRU(2, activation="relu", recurrent_activation="sigmoid", use_bias=False,
                           kernel_initializer=kinit,
                           recurrent_initializer=lambda shape, dtype=None: tf.eye(shape[0], shape[1], dtype=dtype) * 0.5,
                           seed=4)
print(r2(gru4(seq)), [w.path for w in gru4.weights], calls)
gru5 = tf.keras.layers.GRU(2, reset_after=False, activation="tanh", recurrent_activation="linear", use_bias=False,
                           kernel_initializer=kinit, recurrent_initializer=kinit, seed=5)
print(r2(gru5(seq)), calls[1:])

# LSTM and SimpleRNN take callable initializers too (LSTM's forget-gate bias still ones)
lstm = tf.keras.layers.LSTM(2, kernel_initializer=kinit, recurrent_initializer=kinit,
                            bias_initializer=lambda shape, dtype=None: np.full(shape, 0.25, np.float32), seed=6)
print(r2(lstm(seq)), r2(lstm.cell.bias))
srnn = tf.keras.layers.SimpleRNN(2, kernel_initializer=kinit, recurrent_initializer=kinit,
                                 bias_initializer=lambda shape, dtype=None: tf.fill(shape, 0.1), seed=7)
print(r2(srnn(seq)), calls[3:])

# a GRUCell on its own: the state comes back as it went in (tensor or list)
cell = tf.keras.layers.GRUCell(3, kernel_initializer=lin(9 * 3, -0.5, 0.5, (3, 9)),
                               recurrent_initializer=lin(27, 0.3, -0.3, (3, 9)),
                               bias_initializer=lin(18, -0.1, 0.1, (2, 9)), seed=8)
o, s = cell(seq[:, 0, :], tf.zeros([2, 3]))
print(cell.name, type(s).__name__, r2(o), np.allclose(o, s), cell.state_size, cell.output_size)
o2, s2 = cell(seq[:, 1, :], [s])
print(type(s2).__name__, len(s2), r2(o2), [w.path for w in cell.weights])
cell_nb = tf.keras.layers.GRUCell(2, reset_after=False, kernel_initializer=lin(12, -0.5, 0.5, (2, 6)),
                                  recurrent_initializer=lin(12, 0.3, -0.3, (2, 6)),
                                  bias_initializer=lin(6, -0.1, 0.1, (6,)), seed=9)
o3, s3 = cell_nb(seq[:, 0, :2], [np.ones((2, 2), np.float32)])
print(r2(o3), [tuple(w.shape) for w in cell_nb.weights])

# gradients through the recurrence, then a GRU model trained with fit
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.square(gru(seq)))
grads = tape.gradient(loss, gru.trainable_variables)
print(r2(loss), [r2(g) for g in grads])

model = tf.keras.Sequential([
    tf.keras.Input((5, 3)),
    tf.keras.layers.GRU(3, kernel_initializer=lin(27, -0.5, 0.5, (3, 9)),
                        recurrent_initializer=lin(27, 0.2, -0.2, (3, 9)), return_sequences=True, go_backwards=True,
                        seed=10),
    tf.keras.layers.GRU(2, kernel_initializer=lin(18, -0.5, 0.5, (3, 6)), reset_after=False,
                        recurrent_initializer=lin(12, 0.2, -0.2, (2, 6)), bias_initializer=C(0.05), seed=11),
    tf.keras.layers.Dense(1, kernel_initializer="ones"),
])
model.compile(optimizer=tf.keras.optimizers.SGD(0.2), loss="mse")
print(model.fit(seq, np.array([0.5, -0.5], np.float32), epochs=3, verbose=0).history["loss"])
print([v.path for v in model.weights], r2(model.layers[0].cell.bias), r2(model.layers[1].cell.bias))
print(r2(model.predict(seq, verbose=0)))
