import tensorflow as tf
import tensorflow.compat.v1 as v1
import tensorflow.contrib.slim as slim  # expect: TFM101
from tensorflow.contrib import layers as contrib_layers  # expect: TFM101
from tensorflow import keras  # ok
from tensorflow.examples.tutorials.mnist import input_data  # expect: TFM101

x = tf.zeros([4, 3])
init = tf.contrib.layers.xavier_initializer()  # expect: TFM101
reg = contrib_layers.l2_regularizer(0.1)  # expect: TFM101
net = slim.fully_connected(x, 3)  # expect: TFM101
# Keras 2 endpoints: TF 2.21 has them under tf.compat.v1 with the tf_keras package (TFM102).
cell = tf.nn.rnn_cell.LSTMCell(10)  # ok
dense = v1.layers.dense(x, 3)  # ok
hp = tf.contrib.training.HParams(lr=0.1)  # expect: TFM101
est = tf.estimator.DNNClassifier  # expect: TFM101

# Pre-1.0 names (TF 1.0 renamed them): neither TF 1.15 nor TF2 has them.
prod = tf.mul(x, 2.0)  # expect: TFM101
stacked = tf.pack([x, x])  # expect: TFM101
summ = tf.scalar_summary("loss", tf.reduce_sum(x))  # expect: TFM101
outputs = tf.nn.rnn(cell, [x], dtype=tf.float32)  # expect: TFM101
prod2 = tf.multiply(x, 2.0)  # ok
stacked2 = tf.stack([x, x])  # ok

# Not removed: these exist in TF2 (possibly under tf.compat.v1).
y = tf.keras.layers.Dense(3)(x)  # ok
cell2 = tf.keras.layers.LSTMCell(10)  # ok
sess_cls = tf.compat.v1.Session  # ok
p = tf.placeholder  # ok
contrib = {"layers": 1}  # ok
contrib["layers"]  # ok


class Model:
    contrib = None  # ok

    def build(self):
        return self.contrib.layers  # ok


try:
    import tensorflow.contrib.rnn as rnn
    legacy = rnn.LSTMCell(4)  # ok
except ImportError:
    legacy = None

# contrib's uniform Xavier draw is tf.compat.v1's Glorot uniform (fixed); its normal draw is
# no TF2 initializer's (reported only)
w_init = tf.contrib.layers.xavier_initializer(seed=3, dtype=tf.float64)  # expect: TFM101
c_init = tf.contrib.layers.xavier_initializer_conv2d(True, 7)  # expect: TFM101
n_init = tf.contrib.layers.xavier_initializer(uniform=False)  # expect: TFM101

# tf.contrib.rnn's cells and static RNN functions were tf.nn's (the same objects): their
# tf.compat.v1 endpoints (fixed), also through a name imported from tensorflow.contrib,
# whose import then goes
from tensorflow.contrib import rnn as contrib_rnn  # expect: TFM101
lstm = tf.contrib.rnn.BasicLSTMCell(8, forget_bias=1.0)  # expect: TFM101
outs, state = tf.contrib.rnn.static_rnn(lstm, [x], dtype=tf.float32)  # expect: TFM101
gru = contrib_rnn.GRUCell(4)  # expect: TFM101
