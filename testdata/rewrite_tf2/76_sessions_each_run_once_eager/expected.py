# Two examples, each a graph pinned to devices (its variables made there from a seeded
# draw), a session that initializes it and prints one result. Each session runs the graph
# once, from the variables' initial values: TF2 computes eagerly where the graph is built
# what each run fetched, the sessions and initializer runs go. Every TF1 session (and every
# op of the loop) drew the seed's numbers from their start; TF2's eager draws continue a
# seed's numbers, so they start again before each draw that repeats the seed.
import tensorflow as tf
tf.config.set_soft_device_placement(True)

with tf.device('/cpu:0'):
    rand_t = tf.random.uniform([2, 2], 0, 10, dtype=tf.float32, seed=0)
    a = tf.Variable(rand_t)
    b = tf.Variable(rand_t)
    c = tf.matmul(a, b)
print(c.numpy())

c = []
for d in ['/gpu:1', '/gpu:2']:
    with tf.device(d):
        tf.random.set_seed(None)  # TF1 drew each seeded op's numbers from their start: start them again
        rand_t = tf.random.uniform([2, 2], 0, 10, dtype=tf.float32, seed=0)
        w = tf.Variable(rand_t)
        c.append(tf.matmul(w, w) + tf.constant(1.0))
print([t.numpy() for t in c])
