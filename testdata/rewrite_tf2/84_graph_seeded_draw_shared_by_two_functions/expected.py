# One unseeded draw two functions run, under a literal graph seed set before it: one
# generator split from the seed (reproducible, as TF1's draws were), each run drawing its next
# numbers, as from TF1's one op.
import tensorflow as tf

tf.random.set_seed(5)
# the random op TF1 made here: each run draws this generator's next numbers
noise_generator = tf.random.Generator.from_seed(5).split(1)[0]


@tf.function(input_signature=[tf.TensorSpec(shape=[3], dtype=tf.float32)])
def run_y(x):
    noise = noise_generator.normal([3])
    y = x + noise
    return y


@tf.function(input_signature=[tf.TensorSpec(shape=[3], dtype=tf.float32)])
def run_z(x):
    noise = noise_generator.normal([3])
    z = x * noise
    return z


for i in range(2):
    print(run_y(x=[1.0, 2.0, 3.0]).numpy())
    print(run_z(x=[1.0, 2.0, 3.0]).numpy())
