# `op.run(feed, session=sess)` and `t.eval(session=sess)` name the session they run, so
# they are runs of a `sess = tf.Session()` too; a named feed holding more placeholders
# than a run needs passes only the ones it needs (TF1 ignored the others).
import numpy as np
import tensorflow as tf

state = tf.Variable(np.zeros([3], np.float32))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[3], dtype=tf.float32),
    tf.TensorSpec(shape=[3], dtype=tf.float32),
])
def run_step(target, noise):
    step = tf.group(state.assign(state + 0.5 * (target - state) + noise))


@tf.function(input_signature=[tf.TensorSpec(shape=[3], dtype=tf.float32)])
def run_gap(target):
    gap = tf.reduce_sum(tf.square(state - target))
    return gap


goal = np.array([1.0, -2.0, 4.0], np.float32)
for i in range(4):
    feed = {"target": goal, "noise": np.full([3], 0.01 * i, np.float32)}
    run_step(**feed)
    print(i, round(float(run_gap(target=feed["target"]).numpy()), 5))
print("state", state.numpy())
