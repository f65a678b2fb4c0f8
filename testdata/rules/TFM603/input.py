import tensorflow as tf

tf.compat.v1.disable_eager_execution()
x = tf.compat.v1.placeholder(tf.float32, [])
loss = tf.reduce_mean(tf.square(x))
step = tf.Variable(0)

# Variants that fire (TF1: TypeError; TF2 eager: works; tf.function: AutoGraph).
if loss > 1.0:  # expect: TFM603
    scale = 0.5
while step < 10:  # expect: TFM603
    step = step + 1
ok = (loss > 0.0) and True  # expect: TFM603
clipped = loss if loss < 5.0 else tf.constant(5.0)  # expect: TFM603
if not tf.reduce_any(tf.math.is_nan(loss)):  # expect: TFM603
    pass


def maybe_decay(lr_tensor):
    if tf.equal(step % 100, 0):  # expect: TFM603
        return lr_tensor * 0.1
    return lr_tensor


bias = tf.Variable(0.0)
if bias:  # expect: TFM603
    loss = loss + bias


class Dense(object):
    def __init__(self, use_bias):
        self.b = tf.Variable(0.0) if use_bias else None

    def __call__(self, y):
        if self.b:  # expect: TFM603
            y = y + self.b
        if self.b is not None:  # ok: identity test
            y = y * 2.0
        return y


# Variants that must not fire.
if x is not None:  # ok: identity test
    pass
if tf.executing_eagerly():  # ok: a Python bool
    pass
if x.shape[0] is None or x.shape.rank == 0:  # ok: static shape
    pass
if tf.compat.v1.gfile.Exists("/tmp/ckpt") and not tf.io.gfile.glob("/tmp/*.index"):  # ok: file helpers return bools and lists
    pass
features = {"x": tf.compat.v1.FixedLenFeature([1], tf.float32)}
if features["x"]:  # ok: a feature spec object, not a tensor
    pass
result = tf.cond(loss > 1.0, lambda: loss * 0.5, lambda: loss)  # ok: graph control flow


@tf.function
def traced(v):
    if v > 0:  # ok: AutoGraph converts it
        return v
    return -v
