# A session made before the graph (the cookbook style), whose block builds a random op that
# two runs fetch: TF1 drew each run's numbers from that one op; its generator is made before
# the functions (the op's statement is in the session's block, not among the module's).
import numpy as np
import tensorflow as tf


# one generator per random op of the session's block that several functions run: each run draws its next numbers
A_generator = tf.random.Generator.from_non_deterministic_state()


@tf.function
def run_identity_matrix():
    identity_matrix = tf.eye(2)
    return identity_matrix


@tf.function
def run_A():
    # a 2x3 draw, fetched alone and in a sum
    A = A_generator.truncated_normal([2, 3])
    return A


@tf.function
def run_A_B():
    # a 2x3 draw, fetched alone and in a sum
    A = A_generator.truncated_normal([2, 3])
    B = tf.fill([2, 3], 5.0)
    return A + B


print(run_identity_matrix().numpy())

# a 2x3 draw, fetched alone and in a sum
print(np.round(run_A().numpy(), 4))
print(np.round(run_A_B().numpy(), 4))
