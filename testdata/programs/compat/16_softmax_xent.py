# softmax_cross_entropy_with_logits (v1: no gradient into labels) and its gradients.
import numpy as np
import tensorflow as tf

logits = tf.Variable([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]])
labels = tf.Variable([[1.0, 0.0, 0.0], [0.0, 0.8, 0.2]])
xent = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
loss = tf.reduce_mean(xent)
grads = tf.gradients(loss, [logits, labels])
sparse = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 1], logits=logits)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print("xent", np.round(sess.run(xent).astype(np.float64), 4).tolist())
    g_logits, g_labels = sess.run([grads[0], grads[1] if grads[1] is not None else tf.constant(0.0)])
    print("grad logits", np.round(g_logits.astype(np.float64), 4).tolist())
    print("grad labels is None", grads[1] is None)
    print("sparse", np.round(sess.run(sparse).astype(np.float64), 4).tolist())
