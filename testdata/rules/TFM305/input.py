import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1.train import MomentumOptimizer
from tensorflow.train import AdamOptimizer

x = tf1.placeholder(tf.float32, [None, 3])
w = tf.Variable(tf.zeros([3, 1]))
loss = tf.reduce_mean(tf.matmul(x, w))

opt = tf.train.AdamOptimizer(1e-3)
train_op = opt.minimize(loss)  # expect: TFM305
step = tf1.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=None)  # expect: TFM305
grads = MomentumOptimizer(0.1, 0.9).compute_gradients(loss)  # expect: TFM305
adam = AdamOptimizer()
explicit_none = adam.minimize(loss, var_list=None)  # expect: TFM305


class Trainer:
    def __init__(self):
        self.optimizer = tf1.train.RMSPropOptimizer(0.01)

    def build(self, loss):
        return self.optimizer.compute_gradients(loss)  # expect: TFM305


# Must not fire:
with_vars = opt.minimize(loss, var_list=[w])  # ok
positional = opt.minimize(loss, None, [w])  # ok: var_list given positionally
pairs = tf1.train.AdamOptimizer().compute_gradients(loss, [w])  # ok
applied = opt.apply_gradients(pairs)  # ok
keras_opt = tf.keras.optimizers.Adam(1e-3)  # ok


def train_step(model, data, labels):
    with tf.GradientTape() as tape:
        l = tf.reduce_mean((model(data) - labels) ** 2)  # ok
    keras_opt.apply_gradients(zip(tape.gradient(l, model.trainable_variables), model.trainable_variables))  # ok


class Agent:
    def __init__(self, loss, optimizer=tf.compat.v1.train.RMSPropOptimizer(0.01)):
        self.optimizer = optimizer
        self.train_op = self.optimizer.minimize(loss)  # expect: TFM305
        self.other = make_optimizer().minimize(loss)  # expect: TFM305
        self.keras = tf.keras.optimizers.Adam(1e-3)


def make_optimizer():
    return tf.compat.v1.train.AdamOptimizer(0.05)


def explicit(agent, loss, variables):
    return agent.optimizer.minimize(loss, var_list=variables)  # ok: explicit variables


def train(loss, var_list=None, optimizer=None):
    if optimizer is None:
        optimizer = tf1.train.AdamOptimizer(1e-3)
    return optimizer.compute_gradients(loss, var_list=var_list)  # expect: TFM305 (None unless the caller passes it)


def train_default_filled(loss, var_list=None):
    if var_list is None:
        var_list = tf1.trainable_variables()
    return tf1.train.AdamOptimizer(1e-3).minimize(loss, var_list=var_list)  # ok here: the collection is read above


def train_required(loss, var_list):
    return tf1.train.AdamOptimizer(1e-3).minimize(loss, var_list=var_list)  # ok: the caller must pass variables
