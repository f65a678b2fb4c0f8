"""DQN with a periodic target-network sync."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
online = [tf.Variable(tf.ones([4, 2])), tf.Variable(tf.zeros([2]))]
target = [tf.Variable(tf.ones([4, 2])), tf.Variable(tf.zeros([2]))]
states = tf.compat.v1.placeholder(tf.float32, [None, 4])
q = tf.matmul(states, online[0]) + online[1]
loss = tf.reduce_mean(tf.square(q))
train_op = tf.compat.v1.train.RMSPropOptimizer(1e-3).minimize(loss, var_list=online)
update_target_ops = tf.group(*[t.assign(s) for t, s in zip(target, online)])

sess = tf.compat.v1.Session()
sess.run(tf.compat.v1.global_variables_initializer())
for step in range(10000):
    sess.run(train_op, feed_dict={states: [[0.0, 1.0, 0.0, 1.0]]})  # expect: TFM203
    if step % 1000 == 0:
        sess.run(update_target_ops)  # expect: TFM203
