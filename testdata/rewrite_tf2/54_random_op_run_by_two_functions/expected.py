# One unseeded random op run by several sess.run calls of other fetches: TF1 drew its next
# numbers on each run from the one op. Each function draws from one tf.random.Generator
# made once (with --deterministic-random, one stream per generator, as per TF1 op).
import tensorflow as tf

# the random op TF1 made here: each run draws this generator's next numbers
noise_generator = tf.random.Generator.from_non_deterministic_state()


@tf.function
def run_noise():
    noise = noise_generator.normal([2, 3], stddev=0.5)
    return noise


@tf.function
def run_scaled():
    noise = noise_generator.normal([2, 3], stddev=0.5)
    scale = tf.constant(3.0)
    scaled = noise * scale
    return scaled


@tf.function
def run_total():
    noise = noise_generator.normal([2, 3], stddev=0.5)
    total = tf.reduce_sum(noise)
    return total


@tf.function
def run_noise_2():
    noise = noise_generator.normal([2, 3], stddev=0.5)
    return noise + 1.0


print("noise", run_noise().numpy())
print("scaled", run_scaled().numpy())
print("total", run_total().numpy())
print("again", run_noise_2().numpy())
