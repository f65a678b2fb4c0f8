# modes: tf1
# A word2vec-style skip-gram model trained with tf.nn.nce_loss and tf.nn.sampled_softmax_loss
# (the real-program issue's scripts): the seeded candidate samplers draw TensorFlow's classes
# (log-uniform and uniform, unique and not, op seeds from the graph seed and counter), each
# run draws the next ones, and the losses' gradients train the embeddings.
import numpy as np
import tensorflow as tf

tf.set_random_seed(2024)
vocab, dim, batch = 40, 8, 6
rng = np.random.RandomState(0)
corpus = (rng.zipf(1.6, size=400) - 1) % vocab


def skipgram_batch(step):
    start = (step * batch) % (len(corpus) - batch - 1)
    centers = corpus[start:start + batch]
    contexts = corpus[start + 1:start + batch + 1]
    return centers.astype(np.int32), contexts.reshape(batch, 1).astype(np.int64)


centers = tf.placeholder(tf.int32, [batch], name="centers")
context = tf.placeholder(tf.int64, [batch, 1], name="context")
embeddings = tf.Variable(tf.random_uniform([vocab, dim], -1.0, 1.0), name="embeddings")
nce_w = tf.Variable(tf.truncated_normal([vocab, dim], stddev=1.0 / np.sqrt(dim)), name="nce_w")
nce_b = tf.Variable(tf.zeros([vocab]), name="nce_b")
sm_w = tf.Variable(tf.truncated_normal([vocab, dim], stddev=1.0 / np.sqrt(dim)), name="sm_w")
sm_b = tf.Variable(tf.zeros([vocab]), name="sm_b")
embed = tf.nn.embedding_lookup(embeddings, centers)

nce = tf.reduce_mean(tf.nn.nce_loss(weights=nce_w, biases=nce_b, labels=context, inputs=embed,
                                    num_sampled=5, num_classes=vocab))
ssm = tf.reduce_mean(tf.nn.sampled_softmax_loss(weights=sm_w, biases=sm_b, labels=context, inputs=embed,
                                                num_sampled=6, num_classes=vocab, seed=7))
# nce with its own sampler (uniform, repeats allowed) and the accidental hits removed
uniform = tf.random.uniform_candidate_sampler(context, 1, 8, False, vocab, seed=3)
nce_u = tf.reduce_mean(tf.nn.nce_loss(nce_w, nce_b, context, embed, 8, vocab, sampled_values=uniform,
                                      remove_accidental_hits=True))
loss = nce + ssm + 0.5 * nce_u
train = tf.train.GradientDescentOptimizer(0.5).minimize(loss)

# the samplers on their own: log-uniform and uniform, unique and not, with and without op seeds
two = tf.constant([[0, 3], [5, 5], [39, 1]], dtype=tf.int64)
small = tf.constant([[0, 3], [5, 5], [8, 1]], dtype=tf.int64)  # unique draws from 9 classes reject often
samplers = {
    "log_unique": tf.nn.log_uniform_candidate_sampler(two, 2, 7, True, vocab),
    "log_repeat": tf.random.log_uniform_candidate_sampler(two, 2, 7, False, vocab, seed=11),
    "uni_unique": tf.nn.uniform_candidate_sampler(small, 2, 6, True, 9),
    "uni_repeat": tf.random.uniform_candidate_sampler(two, 2, 6, False, 1000, seed=5),
}
hits = tf.nn.compute_accidental_hits(two, samplers["log_repeat"].sampled_candidates, num_true=2)
print("static shapes", [list(t.shape.as_list()) for t in samplers["log_unique"]], hits.indices.shape.as_list())

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(6):
        c, t = skipgram_batch(step)
        _, l1, l2, l3 = sess.run([train, nce, ssm, nce_u], {centers: c, context: t})
        print("step", step, "nce %.6f sampled_softmax %.6f nce_uniform %.6f" % (l1, l2, l3))
    for run in range(2):
        for name in sorted(samplers):
            cand, true_count, sampled_count = sess.run(samplers[name])
            print(run, name, cand, true_count.ravel(), sampled_count)
    print("hits", sess.run(hits))
    c, t = skipgram_batch(0)
    print("final nce", sess.run(nce, {centers: c, context: t}))
    print("embedding norms", np.round(np.linalg.norm(sess.run(embeddings), axis=1)[:8], 5))
