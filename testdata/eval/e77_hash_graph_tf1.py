"""TF1 per-variable learning rates keyed by variable objects."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
emb = tf.compat.v1.get_variable("emb", [100, 8])
out_w = tf.compat.v1.get_variable("out_w", [8, 2])
x = tf.compat.v1.placeholder(tf.int32, [None])
loss = tf.reduce_sum(tf.matmul(tf.nn.embedding_lookup(emb, x), out_w))
multipliers = {emb: 0.1, out_w: 1.0}  # expect: TFM503, TFM503
opt = tf.compat.v1.train.GradientDescentOptimizer(0.1)
grads = opt.compute_gradients(loss, var_list=[emb, out_w])
scaled = [(g * multipliers[v], v) for g, v in grads]
train_op = opt.apply_gradients(scaled)
feed = {x: [1, 2, 3]}
