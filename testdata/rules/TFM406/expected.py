import tensorflow as tf

# Guide, pattern 2, example 1 (TF1): recomputed on every sess.run in TF1, but the same
# code computes it once when it runs eagerly.
g = tf.Graph()
with g.as_default():
    gs_tf1 = tf.Variable(0)
    lr_tf1 = 1.0 / gs_tf1  # expect: TFM406
    opt_tf1 = tf.compat.v1.train.GradientDescentOptimizer(lr_tf1)
    gs_tf1.assign_add(1)
    sess = tf.compat.v1.Session(graph=g)

# Guide, pattern 2, example 1: learning rate from the global step.
global_step = tf.Variable(0)
learning_rate = 1.0 / global_step  # expect: TFM406
opt = tf.keras.optimizers.SGD(learning_rate)


def train_step(grads_and_vars):
    opt.apply_gradients(grads_and_vars)
    global_step.assign_add(1)


# Guide, pattern 2, example 2: noise drawn once in __init__.
class NoiseAdder(tf.Module):
    def __init__(self, shape, mean):
        self.noise_distribution = tf.random.normal(shape=shape, mean=mean)  # expect: TFM406
        self.trainable_scale = tf.Variable(1.0, trainable=True)

    def add_noise(self, input):
        return (self.noise_distribution + input) * self.trainable_scale


# Guide: the fix, a callable drawn on every use.
class NoiseAdderFixed(tf.Module):
    def __init__(self, shape, mean):
        self.noise_distribution = lambda: tf.random.normal(shape=shape, mean=mean)  # ok: a callable
        self.trainable_scale = tf.Variable(1.0, trainable=True)

    def add_noise(self, input):
        return (self.noise_distribution() + input) * self.trainable_scale


# Guide: learning rate as a callable or a schedule.
step_var = tf.Variable(1)
opt_callable = tf.keras.optimizers.SGD(lambda: 1.0 / tf.cast(step_var, tf.float32))  # ok: a callable
schedule = tf.keras.optimizers.schedules.ExponentialDecay(0.1, 1000, 0.96)  # ok
opt_schedule = tf.keras.optimizers.Adam(schedule)  # ok: a LearningRateSchedule

# Variants that fire.
epoch = tf.Variable(0.0)
opt_inline = tf.keras.optimizers.Adam(learning_rate=0.1 * tf.math.exp(-epoch))  # expect: TFM406
decay = tf.compat.v1.train.exponential_decay(0.1, global_step, 100, 0.9)  # ok: a decay object, not flagged here
temperature = tf.Variable(2.0)
scaled_noise = tf.random.uniform([4]) * temperature  # expect: TFM406


@tf.function
def sample_step(x):
    return x + scaled_noise


class Dropout(tf.Module):
    def __init__(self, rate):
        self.keep = tf.Variable(1.0 - rate)
        self.mask = tf.cast(tf.random.uniform([8]) < self.keep, tf.float32)  # expect: TFM406

    def __call__(self, x):
        return x * self.mask


# Variants that must not fire.
base_lr = 0.01
opt_const = tf.keras.optimizers.SGD(base_lr)  # ok: a Python number
init = tf.random.normal([3])
weights = tf.Variable(init)  # ok: the variable keeps the value on purpose


class Layer(tf.Module):
    def __init__(self):
        self.w = tf.Variable(tf.random.normal([3, 3]))  # ok: a variable, initialised once
        self.bias = tf.zeros([3])  # ok: a constant

    def __call__(self, x):
        return tf.matmul(x, self.w) + self.bias


def fresh_noise():
    return tf.random.normal([3])  # ok: drawn on every call


# Graph code: ops built once and run by later `sess.run` calls.
class Agent:
    def __init__(self, loss, online, target):
        self.sess = tf.compat.v1.Session()
        self.optimizer = tf.compat.v1.train.AdamOptimizer(0.01)
        self.train_op = self._build_train_op(loss)
        self.sync_ops = self._build_sync_ops(online, target)
        self.q_argmax = tf.argmax(loss)
        self.sess.run(self.sync_ops)  # ok: run once, in the method that builds it

    def _build_train_op(self, loss):
        return self.optimizer.minimize(loss)

    def _build_sync_ops(self, online, target):
        ops = []
        for w_online, w_target in zip(online, target):
            ops.append(w_target.assign(w_online))
        return ops

    def update(self):
        self.sess.run(self.train_op)  # expect: TFM406

    def sync(self):
        self.sess.run(self.sync_ops)  # expect: TFM406

    def act(self):
        return self.sess.run(self.q_argmax)  # ok: no state changes when it runs


def train_loop(sess, counter):
    increment = tf.compat.v1.assign_add(counter, 1)
    noise = tf.random.uniform([3])
    value = counter + 1
    for _ in range(10):
        sess.run(increment)  # expect: TFM406
        sess.run([noise, value])  # expect: TFM406
    sess.run(increment)  # ok: outside a loop, in the function that builds it


def variable(name, shape, regularizer=None):
    var = tf.compat.v1.get_variable(name, shape=shape)
    if regularizer is not None:
        penalty = regularizer(var)  # expect: TFM406 (a fixed number eagerly, summed into every step's loss)
        tf.compat.v1.add_to_collection(tf.compat.v1.GraphKeys.REGULARIZATION_LOSSES, penalty)
    tf.compat.v1.add_to_collection("model_variables", var)  # ok: the variable itself, not a value of it
    tf.compat.v1.add_to_collection(tf.compat.v1.GraphKeys.LOSSES, tf.constant(0.0))  # ok: nothing from a variable
    return var
