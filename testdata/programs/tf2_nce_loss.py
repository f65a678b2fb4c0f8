# modes: tf2
# The candidate samplers, tf.nn.nce_loss and tf.nn.sampled_softmax_loss under eager
# execution and tf.function: seeded draws give TensorFlow's classes (op seeds from
# random.Random(global seed), one generator per kernel), and GradientTape differentiates
# the losses through the embedding lookups (the sampler's outputs are constants).
import tensorflow as tf

tf.random.set_seed(11)
labels = tf.constant([[1, 2], [5, 0], [7, 7]], dtype=tf.int64)
for _ in range(2):
    print("log", [x.numpy().tolist() for x in tf.random.log_uniform_candidate_sampler(labels, 2, 4, True, 9)])
    print("uni", [x.numpy().tolist() for x in tf.random.uniform_candidate_sampler(labels, 2, 4, False, 9, seed=5)])
hits = tf.nn.compute_accidental_hits(labels, tf.constant([7, 1, 0, 7], tf.int64), 2)
print("hits", [x.numpy().tolist() for x in hits])


@tf.function
def draw():
    return tf.random.log_uniform_candidate_sampler(labels, 2, 3, False, 30)[0]


print("function", draw().numpy(), draw().numpy())
w = tf.Variable(tf.random.normal([10, 4], seed=1))
b = tf.Variable(tf.zeros([10]))
x = tf.random.normal([3, 4], seed=2)
with tf.GradientTape() as tape:
    l1 = tf.nn.nce_loss(w, b, labels, x, 4, 10, num_true=2)
    l2 = tf.nn.sampled_softmax_loss(w, b, labels, x, 4, 10, num_true=2, seed=3)
    loss = tf.reduce_sum(l1) + tf.reduce_sum(l2)
print("losses", l1.numpy(), l2.numpy())
gw, gb = tape.gradient(loss, [w, b])
print("grads", tf.convert_to_tensor(gw).numpy(), tf.convert_to_tensor(gb).numpy())


@tf.function
def step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.nn.sampled_softmax_loss(w, b, labels, x, 4, 10, num_true=2))
    gw, gb = tape.gradient(loss, [w, b])
    w.assign_sub(0.1 * tf.convert_to_tensor(gw))
    b.assign_sub(0.1 * tf.convert_to_tensor(gb))
    return loss


print("steps", [float(step(x)) for _ in range(3)])
