# modes: tf2
# compare: shapes-only
# tf.nn.experimental.general_dropout with a tf.random.Generator's uniform as the sampler
# (the tf2 rewrite's form of a seeded TF1 dropout), eagerly and inside a tf.function called
# twice (each call draws anew), and a Keras initializer with an int seed (Keras 3: the same
# numbers on every call). Generator values differ from TF's Philox: printed lines say only
# what TF makes certain.
import numpy as np
import tensorflow as tf

g = tf.random.Generator.from_seed(66478)
x = tf.ones([8, 16])
y = tf.nn.experimental.general_dropout(x, rate=0.5, uniform_sampler=g.uniform)
vals = y.numpy()
print("eager", y.shape, y.dtype.name, "kept or zero:", bool(np.all((vals == 0) | (vals == 2))))


@tf.function
def drop(t):
    # the draw's shape, tf.shape(t) of a fully known t, is known when it is traced
    print("static noise shape:", tf.get_static_value(tf.shape(t)))
    return tf.nn.experimental.general_dropout(t, rate=1 - 0.5, uniform_sampler=g.uniform)


a = drop(x)
b = drop(x)
print("traced", a.shape, b.shape, "kept or zero:", bool(np.all((a.numpy() == 0) | (a.numpy() == 2))))
print("calls draw anew:", bool(np.any(a.numpy() != b.numpy())))

# noise_shape [1, 16]: one draw per column, the same for every row
c = tf.nn.experimental.general_dropout(x, rate=0.25, uniform_sampler=g.uniform, noise_shape=[1, 16])
cv = c.numpy()
print("noise_shape", c.shape, "columns whole:", bool(np.all(cv == cv[:1])),
      "kept:", sorted(set(np.round(cv.ravel(), 4).tolist())) <= [0.0, 1.3333])
print("rate 0 is x:", bool(np.all(tf.nn.experimental.general_dropout(x, 0.0, g.uniform).numpy() == 1)))
try:
    tf.nn.experimental.general_dropout(x, rate=1.0, uniform_sampler=g.uniform)
except ValueError as e:
    print("rate 1:", type(e).__name__)

init = tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=0.1, seed=66478)
w1 = init([5, 5, 1, 32], dtype=tf.float32)
w2 = init([5, 5, 1, 32], dtype=tf.float32)
print("keras", w1.shape, w1.dtype.name, "same numbers on every call:", bool(np.all(w1.numpy() == w2.numpy())),
      "within 2 stddev:", bool(np.all(np.abs(w1.numpy()) <= 0.2 + 1e-6)))
again = tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=0.1, seed=66478)([5, 5, 1, 32], dtype=tf.float32)
print("a second initializer with the seed:", bool(np.all(again.numpy() == w1.numpy())))
u = tf.keras.initializers.RandomUniform(minval=-1.0, maxval=1.0, seed=3)
print("uniform same:", bool(np.all(u([4]).numpy() == u([4]).numpy())))
