# Variables whose initial values are drawn with one op seed (tensorflow/models'
# convolutional.py: every weight with seed=SEED). TF1 made an op per variable, each
# starting the seed's stream, so the weights start with the same numbers; TF2's eager ops
# with that seed would continue the stream, one draw after the other. Keras initializers
# with the seed draw the same numbers on every call, as TF1's ops did. A draw whose seed no
# other shares starts its stream in TF2 too and stays as written.
import tensorflow as tf

SEED = 66478
w1 = tf.Variable(tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=0.1, seed=SEED)([2, 3], dtype=tf.float32))
w2 = tf.Variable(tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=0.1, seed=SEED)([3, 3], dtype=tf.float32))
b = tf.Variable(tf.random.uniform([3], seed=SEED))
scale = tf.Variable(tf.random.normal([3], mean=1.0, seed=5))


@tf.function(input_signature=[tf.TensorSpec(shape=[1, 2], dtype=tf.float32)])
def run_y(x):
    y = tf.matmul(tf.matmul(x, w1), w2) + b * scale
    return y


print(w1.numpy()[0])
print(w2.numpy()[0])
print(run_y(x=[[1.0, 2.0]]).numpy())
