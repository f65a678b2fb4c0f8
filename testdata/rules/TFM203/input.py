import tensorflow as tf

tf.compat.v1.disable_eager_execution()
z = tf.compat.v1.placeholder(tf.float32, [None, 8])
real = tf.compat.v1.placeholder(tf.float32, [None, 8])
gen_w = tf.Variable(tf.ones([8, 8]))
disc_w = tf.Variable(tf.ones([8, 1]))
fake = tf.matmul(z, gen_w)
d_loss = tf.reduce_mean(tf.matmul(real, disc_w)) - tf.reduce_mean(tf.matmul(fake, disc_w))
g_loss = -tf.reduce_mean(tf.matmul(fake, disc_w))
d_train_op = tf.compat.v1.train.AdamOptimizer(1e-3).minimize(d_loss, var_list=[disc_w])
g_train_op = tf.compat.v1.train.AdamOptimizer(1e-3).minimize(g_loss, var_list=[gen_w])

# Guide, pattern 4: separate discriminator and generator steps on one graph.
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())  # ok: the initializer is not counted
    for step in range(100):
        sess.run(d_train_op, feed_dict={z: [[0.0] * 8], real: [[1.0] * 8]})  # expect: TFM203
        sess.run([g_train_op, g_loss], feed_dict={z: [[0.0] * 8]})  # expect: TFM203
        print(sess.run(d_loss, feed_dict={z: [[0.0] * 8], real: [[1.0] * 8]}))  # ok: no stateful fetch

# An update op run only sometimes.
counter = tf.Variable(0)
bump = counter.assign_add(1)
train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(d_loss)
mon = tf.compat.v1.Session()
for i in range(10):
    mon.run(train_op)  # expect: TFM203
    if i % 5 == 0:
        mon.run([train_op, bump])  # ok: runs everything the other site runs

# Must not fire: one site runs all stateful work.
single = tf.compat.v1.Session()
for i in range(10):
    single.run([d_train_op, g_train_op])  # ok
    single.run(d_loss)  # ok: evaluation only


class Trainer:
    def __init__(self, session):
        self.sess = session
        self.train_op = tf.group(d_train_op, g_train_op)

    def fit(self):
        self.sess.run(self.train_op)  # ok: the only stateful site on self.sess
        return self.sess.run(d_loss)  # ok


def restore_value(session, value):
    session.run(tf.compat.v1.assign(gen_w, value))  # ok: an op made for this run alone
    session.run(disc_w.assign(tf.zeros([8, 1])))  # ok: likewise


def both_steps(session):
    session.run(tf.group(d_train_op, g_train_op))  # ok: a group made here still runs both
    session.run(d_train_op)  # expect: TFM203


class Agent:
    # The target sync comes from a builder of this file that returns a list of assigns.
    def __init__(self, session, loss, online, target):
        self._sess = session
        self._learn = tf.compat.v1.train.AdamOptimizer(1e-3).minimize(loss)
        self._sync = self._build_sync(online, target)

    def _build_sync(self, online, target):
        ops = []
        for w_online, w_target in zip(online, target):
            ops.append(w_target.assign(w_online))
        return ops

    def step(self, t):
        self._sess.run(self._learn)  # expect: TFM203 (the sync runs at another period)
        if t % 100 == 0:
            self._sess.run(self._sync)  # expect: TFM203


def train_with_ema(ema_sess, loss, params, averages):
    step = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss)
    to_avg = [tf.compat.v1.assign(p, a) for p, a in zip(params, averages)]
    swap = to_avg
    for epoch in range(3):
        ema_sess.run(step)  # expect: TFM203 (the swap runs apart from the step)
        ema_sess.run(swap)  # expect: TFM203 (a comprehension of assigns, through a second name)
