# modes: tf1 tf2
# softmax_cross_entropy_with_logits on other ranks than [batch, classes], as TensorFlow's
# helper flattens them: labels [1, N, C] against logits [N, C] (a real program's shapes),
# rank-3 logits, rank-1 logits, another class axis, and the gradient through the flattening.
import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1
tf1.disable_eager_execution()
rng = np.random.RandomState(3)
logits = tf.constant(rng.randn(5, 4).astype(np.float32))
labels = tf.constant(np.eye(4, dtype=np.float32)[[0, 3, 1, 1, 2]][None])
l3 = tf.constant(rng.randn(2, 3, 4).astype(np.float32))
y3 = tf.nn.softmax(tf.constant(rng.randn(2, 3, 4).astype(np.float32)))
outs = [
    tf1.nn.softmax_cross_entropy_with_logits_v2(labels=labels, logits=logits),
    tf1.nn.softmax_cross_entropy_with_logits_v2(labels=y3, logits=l3),
    tf1.nn.softmax_cross_entropy_with_logits_v2(labels=[0.0, 1.0, 0.0], logits=[1.0, 2.0, 3.0]),
    tf1.nn.softmax_cross_entropy_with_logits_v2(labels=tf.transpose(y3, [0, 2, 1]),
                                               logits=tf.transpose(l3, [0, 2, 1]), axis=1),
]
outs.append(tf1.gradients(tf.reduce_sum(outs[1] * tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])), l3)[0])
with tf1.Session() as sess:
    for o in outs:
        v = sess.run(o)
        print(v.shape, np.round(v, 5).tolist())
