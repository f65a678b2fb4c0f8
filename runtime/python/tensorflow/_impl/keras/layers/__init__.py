"""tf.keras.layers: base (Layer, and the functional API's KerasTensor, Input and InputLayer),
basic (Dense, Embedding, Reshape, Flatten, Lambda, activations, Dropout), convolutional
(Conv2D and pooling), normalization (BatchNormalization, LayerNormalization), rnn
(SimpleRNN, LSTM, GRU and their cells, StackedRNNCells, the generic RNN) and merging (Add, Subtract, Multiply, Concatenate)."""


