import tensorflow as tf

tf.compat.v1.disable_eager_execution()
x = tf.compat.v1.placeholder(tf.float32, [])
pred = x > 0.0
intermediates = []


# Variants that fire: a tensor made in a branch and kept for use outside it.
def true_fn():
    global hidden
    hidden = tf.square(x)  # expect: TFM601
    return hidden + 1.0


def false_fn():
    intermediates.append(tf.negative(x))  # expect: TFM601
    return x - 1.0


out = tf.cond(pred, true_fn, false_fn)
use_outside = hidden * 2.0


class Model:
    def build(self, x):
        def then_branch():
            self.activation = tf.nn.relu(x)  # expect: TFM601
            return self.activation

        def else_branch():
            return tf.zeros_like(x)

        return tf.cond(x > 0.0, then_branch, else_branch)


cache = {}


def body(i, acc):
    cache["last"] = acc * 2.0  # expect: TFM601
    return i + 1, acc + 1.0


loop_out = tf.while_loop(lambda i, acc: i < 10, body, [0, 0.0])


def branch_a():
    intermediates.extend([tf.ones([2])])  # expect: TFM601
    return tf.constant(1.0)


def branch_b():
    return tf.constant(2.0)


picked = tf.switch_case(tf.constant(0), [branch_a, branch_b])

# Variants that must not fire.


def clean_true():
    y = tf.square(x)  # ok: local, returned
    return y + 1.0


def clean_false():
    return x - 1.0  # ok


clean = tf.cond(pred, clean_true, clean_false)


def counting_body(i, total):
    parts = []
    parts.append(total)  # ok: a local list
    return i + 1, tf.add_n(parts)


loop2 = tf.while_loop(lambda i, t: i < 3, counting_body, [0, 0.0])


def not_a_branch():
    intermediates.append(tf.ones([1]))  # ok: not passed to control flow
