import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow.compat import v1
from tensorflow.compat.v1 import losses as v1_losses
from tensorflow import compat, keras

model = keras.Sequential([keras.layers.Dense(4), keras.layers.Dense(1)])
optimizer = tf1.train.AdamOptimizer(1e-3)  # expect: TFM105
minimize = optimizer.minimize  # ok: the optimizer was reported where it was created


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x)
        loss = v1_losses.mean_squared_error(y, pred)  # expect: TFM105
    grads = tape.gradient(loss, model.trainable_variables)
    tf.compat.v1.logging.info("loss computed")  # expect: TFM105
    return grads


init = v1.keras.initializers.glorot_uniform()  # expect: TFM105
big = compat.v1.image.resize_bilinear(tf.zeros([1, 4, 4, 1]), [8, 8])  # expect: TFM105
data = tf.data.Dataset.from_tensor_slices(tf.zeros([8, 3]))

# Must not fire:
ds = data.batch(2)  # ok
ones = tf.ones([2, 2])  # ok: TF2 API
v1_ns = tf.compat.v1  # ok: binding the namespace itself is not a use of an endpoint
tf1.enable_v2_behavior()  # ok: behavior switches belong to TFM110
rows = tf.compat.v1.where(tf.constant([True, False]), tf.ones([2, 3]), tf.zeros([2, 3]))  # ok: TF1's row selection, chosen
rank = tf.compat.v2.rank(ones)  # ok: compat.v2 is TF2
