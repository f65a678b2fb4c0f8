# `op.run(feed, session=sess)` and `t.eval(session=sess)` name the session they run, so
# they are runs of a `sess = tf.Session()` too; a named feed holding more placeholders
# than a run needs passes only the ones it needs (TF1 ignored the others).
import numpy as np
import tensorflow as tf

state = tf.Variable(np.zeros([3], np.float32))
target = tf.placeholder(tf.float32, [3])
noise = tf.placeholder(tf.float32, [3])
gap = tf.reduce_sum(tf.square(state - target))
step = tf.group(state.assign(state + 0.5 * (target - state) + noise))
init = tf.global_variables_initializer()

sess = tf.Session()
sess.run(init)
goal = np.array([1.0, -2.0, 4.0], np.float32)
for i in range(4):
    feed = {target: goal, noise: np.full([3], 0.01 * i, np.float32)}
    step.run(feed, session=sess)
    print(i, round(float(gap.eval(feed_dict=feed, session=sess)), 5))
print("state", state.eval(session=sess))
sess.close()
