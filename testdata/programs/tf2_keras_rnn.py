# modes: tf2
# Keras 3 SimpleRNN and LSTM (cells stepped over a static sequence length; LSTM's forget
# gate bias starting at one): return_sequences, return_state, go_backwards; an LSTM model
# trained with fit. Constant initializers (Keras draws its orthogonal ones from its own seeds) and
# seeds (each cell keeps a seed generator for its dropout masks).
import numpy as np
import tensorflow as tf

C = tf.keras.initializers.Constant
seq = (np.arange(24, dtype=np.float32).reshape(2, 4, 3) % 5) / 5.0 - 0.3
rnn = tf.keras.layers.SimpleRNN(2, kernel_initializer=C(np.linspace(-0.5, 0.5, 6).reshape(3, 2)),
                                recurrent_initializer=C([[0.3, -0.2], [0.1, 0.4]]), return_sequences=True, seed=1)
print(rnn.name, rnn(seq).numpy().tolist(), [v.path for v in rnn.weights])
lstm = tf.keras.layers.LSTM(2, kernel_initializer=C(np.linspace(-0.5, 0.5, 24).reshape(3, 8)),
                            recurrent_initializer=C(np.linspace(0.4, -0.4, 16).reshape(2, 8)), return_state=True,
                            seed=2)
out, h, c = lstm(seq)
print(out.numpy().tolist(), c.numpy().tolist(), [v.path for v in lstm.weights], lstm.cell.bias.numpy().tolist())

model = tf.keras.Sequential([
    tf.keras.Input((4, 3)),
    tf.keras.layers.LSTM(3, kernel_initializer=C(np.linspace(-0.5, 0.5, 36).reshape(3, 12)),
                         recurrent_initializer=C(np.linspace(0.2, -0.2, 36).reshape(3, 12)), go_backwards=True,
                         seed=3),
    tf.keras.layers.Dense(1, kernel_initializer="ones"),
])
model.compile(optimizer=tf.keras.optimizers.SGD(0.2), loss="mse")
print(model.fit(seq, np.array([0.5, -0.5], np.float32), epochs=3, verbose=0).history["loss"])
print([v.path for v in model.weights][:3], model.layers[0].cell.kernel.numpy().ravel().tolist()[:6])
