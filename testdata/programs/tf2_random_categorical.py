# modes: tf2 tf1
# tf.random.categorical / TF1 tf.multinomial draw TensorFlow's numbers for given seeds:
# op seeds, the global seed (set_seed / set_random_seed), repeated calls continuing the
# kernel's stream, float32/float64 logits, int64 (default) and int32 output, -inf logits,
# placeholder-fed logits with an unknown batch, a tf.function. The batches stay small:
# larger ones are split across CPU threads by TensorFlow's cost model, which makes its
# numbers depend on the machine's core count.
import numpy as np
import tensorflow as tf

rows = [[0.0, 1.0, 2.0, 3.0], [1.0, 1.0, 1.0, 1.0], [-2.0, 0.0, 5.0, -np.inf], [2.0, -1.0, 0.5, 0.0]]
probs = np.log([[0.1, 0.2, 0.3, 0.4]])
if tf.executing_eagerly():
    logits = tf.constant(rows)
    for seed in (1, 7, 12345):
        print(seed, tf.random.categorical(logits, 6, seed=seed).numpy().tolist())
    print(tf.random.categorical(logits, 6, seed=1).numpy().tolist())   # same op: the stream continues
    out = tf.random.categorical(tf.constant(rows, tf.float64), 5, seed=3, dtype=tf.int32)
    print(out.dtype.name, out.shape, out.numpy().tolist())
    wide = np.linspace(-2.0, 2.0, 40, dtype=np.float32).reshape(2, 20)
    print(tf.random.categorical(wide, 13, seed=99).numpy().tolist())
    tf.random.set_seed(2024)
    print(tf.random.categorical(probs, 12).numpy().tolist(), tf.random.categorical(probs, 12).numpy().tolist())
    tf.random.set_seed(2024)
    print(tf.random.categorical(probs, 12).numpy().tolist())
    print(tf.random.categorical([[-np.inf, -np.inf]], 3, seed=5).numpy().tolist())
    print(tf.random.categorical(tf.zeros([0, 3]), 4, seed=5).shape, tf.random.categorical(logits, 0, seed=5).shape)

    @tf.function
    def sample(l):
        return tf.random.categorical(l, 8, seed=21)

    print(sample(logits).numpy().tolist(), sample(logits).numpy().tolist())
    counts = np.bincount(tf.random.categorical(probs, 2000, seed=8).numpy().ravel(), minlength=4)
    print(counts.tolist())
else:
    tf.set_random_seed(42)
    ph = tf.placeholder(tf.float32, [None, 4])
    a = tf.multinomial(ph, 6)
    b = tf.random.categorical(ph, 3, dtype=tf.int32)
    c = tf.multinomial(tf.constant(probs, tf.float64), 10, seed=5, output_dtype=tf.int32)
    d = tf.random.categorical(rows, 4, seed=77)
    print(a.shape, a.dtype, b.shape, b.dtype, c.shape, c.dtype, d.shape)
    with tf.Session() as sess:
        for _ in range(3):
            print(sess.run([a, b, c, d], {ph: rows}))
        print(sess.run(a, {ph: rows[:1]}))
    with tf.Session() as sess:   # a new session starts the kernels' streams again
        print(sess.run(d))
