# A session made before the graph (the cookbook style), whose block builds a random op that
# two runs fetch: TF1 drew each run's numbers from that one op; its generator is made before
# the functions (the op's statement is in the session's block, not among the module's).
import numpy as np
import tensorflow as tf

sess = tf.Session()

identity_matrix = tf.eye(2)
print(sess.run(identity_matrix))

# a 2x3 draw, fetched alone and in a sum
A = tf.truncated_normal([2, 3])
print(np.round(sess.run(A), 4))
B = tf.fill([2, 3], 5.0)
print(np.round(sess.run(A + B), 4))
