import tensorflow as tf
import tensorflow as tensorflow_lib
from tensorflow import train
import tensorflow.compat.v1 as v1

x = tf.placeholder(tf.float32, [None, 3])  # expect: TFM102
w = tf.get_variable("w", [3, 1])  # expect: TFM102
with tf.variable_scope("scope"):  # expect: TFM102
    b = tensorflow_lib.get_variable("b", [1])  # expect: TFM102
opt = tf.train.AdamOptimizer(0.01)  # expect: TFM102
opt2 = train.GradientDescentOptimizer(0.1)  # expect: TFM102
keys = tf.GraphKeys.TRAINABLE_VARIABLES  # expect: TFM102
init = tf.global_variables_initializer()  # expect: TFM102
sess = tf.Session()  # expect: TFM102
h = tf.layers.dense(x, 4)  # expect: TFM102
cell = tf.nn.rnn_cell.BasicLSTMCell(4)  # expect: TFM102

# Already TF2 or already compat.v1: no finding.
y = tf.matmul(x, w)  # ok
z = tf.math.log(y)  # ok
opt3 = tf.keras.optimizers.Adam(0.01)  # ok
v = v1.placeholder(tf.float32)  # ok
s2 = tf.compat.v1.Session()  # ok
const = tf.constant(1.0)  # ok
GK = tf.GraphKeys  # expect: TFM102
trainables = tf.get_collection(GK.TRAINABLE_VARIABLES)  # expect: TFM102
again = tf.get_collection(keys)  # expect: TFM102


def placeholder(shape):  # ok
    return shape


p = placeholder([3])  # ok

# A version check: the branch TF2 takes is migrated, the other is compatibility code.
if int((tf.__version__).split('.')[1]) < 12 and int((tf.__version__).split('.')[0]) < 1:
    init_old = tf.initialize_all_variables()  # ok: runs only before TF 0.12
else:
    init_new = tf.global_variables_initializer()  # expect: TFM102
