# modes: tf1
# tf.nn.sparse_softmax_cross_entropy_with_logits: TensorFlow's static checks of the labels'
# shape against the logits' (a ValueError at construction, with its message), and logits of
# rank 3 (flattened around the [batch, classes] kernel and reshaped back). A constant slice
# out of range is no construction error in TensorFlow (it fails when run): nothing printed.
import tensorflow as tf
logits = tf.zeros([3, 3])
for labels in (tf.constant([0, 1, 2, 0]), tf.constant([[0, 1], [2, 0]])):
    try:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    except ValueError as e:
        print("ValueError:", e)
try:
    tf.slice(tf.zeros([1, 2]), [2, 0], [1, 1])
except ValueError as e:
    print("ValueError:", str(e).split(" for ")[0])
try:
    tf.slice(tf.zeros([3, 2]), [1, 0], [3, 1])
except ValueError as e:
    print("ValueError:", str(e).split(" for ")[0])
lg = tf.constant([[[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]]])
lb = tf.constant([[2, 1]])
c = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=lb, logits=lg)
print(c.shape)
with tf.Session() as s:
    print(s.run(c))
