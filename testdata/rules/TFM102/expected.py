import tensorflow as tf
tf.compat.v1.disable_v2_behavior()
import os  # tf.compat.v1.layers and nn.rnn_cell are Keras 2 (the tf_keras package)
os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")
import tensorflow as tensorflow_lib
from tensorflow import train
import tensorflow.compat.v1 as v1

x = tf.compat.v1.placeholder(tf.float32, [None, 3])  # expect: TFM102
w = tf.compat.v1.get_variable("w", [3, 1])  # expect: TFM102
with tf.compat.v1.variable_scope("scope"):  # expect: TFM102
    b = tensorflow_lib.compat.v1.get_variable("b", [1])  # expect: TFM102
opt = tf.compat.v1.train.AdamOptimizer(0.01)  # expect: TFM102
opt2 = train.GradientDescentOptimizer(0.1)  # expect: TFM102
keys = tf.compat.v1.GraphKeys.TRAINABLE_VARIABLES  # expect: TFM102
init = tf.compat.v1.global_variables_initializer()  # expect: TFM102
sess = tf.compat.v1.Session()  # expect: TFM102
h = tf.compat.v1.layers.dense(x, 4)  # expect: TFM102
cell = tf.compat.v1.nn.rnn_cell.BasicLSTMCell(4)  # expect: TFM102

# Already TF2 or already compat.v1: no finding.
y = tf.matmul(x, w)  # ok
z = tf.math.log(y)  # ok
opt3 = tf.keras.optimizers.Adam(0.01)  # ok
v = v1.placeholder(tf.float32)  # ok
s2 = tf.compat.v1.Session()  # ok
const = tf.constant(1.0)  # ok
GK = tf.compat.v1.GraphKeys  # expect: TFM102
trainables = tf.compat.v1.get_collection(GK.TRAINABLE_VARIABLES)  # expect: TFM102
again = tf.compat.v1.get_collection(keys)  # expect: TFM102


def placeholder(shape):  # ok
    return shape


p = placeholder([3])  # ok

# A version check: the branch TF2 takes is migrated, the other is compatibility code.
if int((tf.__version__).split('.')[1]) < 12 and int((tf.__version__).split('.')[0]) < 1:
    init_old = tf.initialize_all_variables()  # ok: runs only before TF 0.12
else:
    init_new = tf.compat.v1.global_variables_initializer()  # expect: TFM102
