import tensorflow as tf

# Guide, pattern 1, example 4 (TF1): the list is filled once while building the graph.
all_losses = []


class Model():
    def __call__(self, x):
        regularization_loss = tf.reduce_sum(x) * 0.01
        label_loss_a = tf.reduce_mean(x)
        label_loss_b = tf.reduce_max(x)
        all_losses.append(regularization_loss)
        all_losses.append(label_loss_a)
        all_losses.append(label_loss_b)
        return x


g = tf.Graph()
with g.as_default():
    model = Model()
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(0.1)
    model(tf.ones([2]))
    total_loss = tf.reduce_sum(all_losses)  # ok: runs once at graph build
    sess = tf.compat.v1.Session(graph=g)

# Guide (TF2): the same logic run eagerly every step.
step_losses = []


class EagerModel():
    def __call__(self, x):
        step_losses.append(tf.reduce_sum(x) * 0.01)
        step_losses.append(tf.reduce_mean(x))
        return x


eager_model = EagerModel()
opt = tf.keras.optimizers.SGD(0.1)


def train_step(x):
    eager_model(x)
    total_loss = tf.reduce_sum(step_losses)  # expect: TFM404
    return total_loss


# Variants that fire.
penalties = []


class Net(tf.Module):
    def __init__(self):
        self.w = tf.Variable(1.0)
        self.aux = []

    def __call__(self, x):
        self.aux.append(tf.abs(self.w))
        penalties.append(self.w * 0.1)
        return x * self.w

    def loss(self, x):
        return tf.add_n(self.aux) + tf.math.add_n(penalties)  # expect: TFM404


net = Net()
for batch in tf.data.Dataset.range(3):
    with tf.GradientTape() as tape:
        y = net(tf.cast(batch, tf.float32))
        l = net.loss(y)  # the reductions fire inside `loss`, which runs per step

extra = []


@tf.function
def traced_step(x):
    extra.append(x * 2)
    return tf.reduce_mean(extra)  # expect: TFM404


class Critic:
    def __init__(self):
        self.grad_penalties = []

    def penalty(self, x):
        self.grad_penalties.append(tf.reduce_mean(tf.square(x)))

    def train_step(self, x):
        self.penalty(x)
        return tf.reduce_mean(tf.stack(self.grad_penalties))  # expect: TFM404


# Variants that must not fire.
history = []


def fit_step(x):
    history.append(float(x))  # recorded for plotting
    return x


for i in range(3):
    fit_step(i)
print(sum(history))  # ok: reduced once after the loop

scratch = []


def cleared_step(x):
    scratch.clear()
    scratch.append(x)
    return tf.reduce_sum(scratch)  # ok: cleared every step


def local_step(x):
    parts = []
    parts.append(x)
    return tf.add_n(parts)  # ok: a local list
