# A v1 optimizer whose learning rate is a graph tensor (a decay of the global step) is kept
# when no Keras optimizer makes its update with a decaying rate (Momentum: TF1 scales the
# whole accumulator by the current rate, Keras SGD each step's gradient by that step's) and
# its update is not written out (a gathered variable: TF1's sparse update moves only the
# gathered rows), and made once at module level it could not read that tensor: refused,
# with the reason.
import tensorflow as tf
tf.compat.v1.disable_v2_behavior()
step = tf.Variable(0, trainable=False)
lr = tf.compat.v1.train.exponential_decay(0.1, step, 10, 0.9)
w = tf.Variable([1.0, 2.0])
loss = tf.reduce_sum(tf.square(tf.gather(w, [0, 0])))
train = tf.compat.v1.train.MomentumOptimizer(lr, 0.9).minimize(loss, global_step=step)
with tf.compat.v1.Session() as s:
    s.run(tf.compat.v1.global_variables_initializer())
    s.run(train)
    print(s.run(w))
