# Random ops several runs share, under a graph seed: one generator each, split from that
# seed (reproducible, as TF1's draws were); a tuple of independent expressions becomes one
# statement per name, so each run computes (and draws) only what it needs, as TF1 pruned.
import numpy as np
import tensorflow as tf

tf.random.set_seed(5)
w = tf.Variable([[0.5], [-0.25]])
# the random op TF1 made here: each run draws this generator's next numbers
noise_generator = tf.random.Generator.from_seed(5).split(2)[0]
# the random op TF1 made here: each run draws this generator's next numbers
shift_generator = tf.random.Generator.from_seed(5).split(2)[1]

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


@tf.function
def run_train():
    with tf.GradientTape() as tape:
        noise = noise_generator.normal([4, 2])
        shift = shift_generator.uniform([4, 1])
        high = tf.matmul(noise, w) + shift
        loss = tf.reduce_mean(tf.square(high))
    grads = tape.gradient(loss, [w])
    optimizer.apply_gradients(zip(grads, [w]))


@tf.function
def run_low():
    noise = noise_generator.normal([4, 2])
    low = tf.matmul(noise, w)
    return low


@tf.function
def run_high():
    noise = noise_generator.normal([4, 2])
    shift = shift_generator.uniform([4, 1])
    high = tf.matmul(noise, w) + shift
    return high


for step in range(4):
    run_train()
    print(step, np.round(run_low().numpy().ravel(), 4))
print("high", np.round(run_high().numpy().ravel(), 4))
print("w", np.round(w.numpy().ravel(), 4))
