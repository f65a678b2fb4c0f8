# modes: tf2
# tf.function and state: assign returns an UnreadVariable; an iterator made outside the
# function advances on every call; a variable created on the first call from a graph
# value is initialized before that call runs; a tensor escaping a tf.cond branch is
# inaccessible (InaccessibleTensorError).
import tensorflow as tf

x = tf.Variable(1.0, name="x")


@tf.function
def double():
    val = x.assign(x * 2.0)
    print("value", val)
    return val


for i in range(3):
    print(double().numpy())

it = iter(tf.data.Dataset.from_tensor_slices([10, 20, 30]))


@tf.function
def pull():
    return next(it)


print([int(pull()) for _ in range(3)])


class Lazy(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = None

    @tf.function
    def __call__(self, a):
        if self.v is None:
            self.v = tf.Variable(tf.ones([2]) * 3.0, name="lazy")
        return a * self.v


lazy = Lazy()
print(lazy(tf.constant([1.0, 2.0])).numpy(), lazy(tf.constant([0.5, 0.5])).numpy())


@tf.function
def escape(a):
    kept = []

    def yes():
        d = a * 2.0
        kept.append(d)
        return d + 1.0

    y = tf.cond(a > 0.0, yes, lambda: a - 1.0)
    return y, kept[0] * 10.0


try:
    escape(tf.constant(3.0))
except Exception as e:  # noqa: BLE001
    print("error", type(e).__name__)
