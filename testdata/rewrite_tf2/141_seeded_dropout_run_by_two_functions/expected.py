# A seeded dropout of a placeholder of static shape that the training run and a run of the
# dropped values both run, in turn. TF1 ran one op, every run drawing the next mask of its
# seed's stream; the converted program draws from one tf.random.Generator made from that
# seed where TF1 made the op (under --deterministic-random the stream of TF1's op seeded 3),
# each call of either function taking its next mask.
import numpy as np
import tensorflow as tf

tf.random.set_seed(1)
w = tf.Variable(tf.ones([4, 3]))
# the random op TF1 made here: each run draws this generator's next numbers
h_generator = tf.random.Generator.from_seed(3)
xs = np.arange(24, dtype=np.float32).reshape(6, 4) / 24.0

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


def _numpy(fetched):
    """What sess.run returned: NumPy values (None for operations)."""
    return tf.nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, fetched)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[6, 4], dtype=tf.float32),
    tf.TensorSpec(shape=None, dtype=tf.float32),
])
def run_loss_step(x, keep):
    with tf.GradientTape() as tape:
        h = tf.nn.experimental.general_dropout(x, rate=1 - keep, uniform_sampler=h_generator.uniform)
        loss = tf.reduce_mean(tf.square(tf.matmul(h, w)))
    grads = tape.gradient(loss, [w])
    optimizer.apply_gradients(zip(grads, [w]))
    return [loss, None]


@tf.function(input_signature=[
    tf.TensorSpec(shape=[6, 4], dtype=tf.float32),
    tf.TensorSpec(shape=None, dtype=tf.float32),
])
def run_h(x, keep):
    h = tf.nn.experimental.general_dropout(x, rate=1 - keep, uniform_sampler=h_generator.uniform)
    return h


for i in range(3):
    print(_numpy(run_loss_step(x=xs, keep=0.5))[0])
    print(run_h(x=xs, keep=0.5).numpy().sum())
print(w.numpy())
