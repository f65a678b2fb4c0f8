# modes: tf2
# AutoGraph: Python if/while/for on tensors inside tf.function become cond/while_loop;
# on Python values they keep Python semantics (unrolled at trace time).
import tensorflow as tf


@tf.function
def absval(x):
    if x > 0:
        y = x
    else:
        y = -x
    return y


@tf.function
def sign(x):
    if x > 0:
        return 1.0
    else:
        if x < 0:
            return -1.0
        return 0.0


@tf.function
def clip_early(x):
    if x > 10.0:
        return tf.constant(10.0)
    return x * 2.0


@tf.function
def collatz(n):
    steps = 0
    while n > 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


@tf.function
def sum_squares(n):
    total = tf.constant(0)
    for i in tf.range(n):
        total += i * i
    return total


@tf.function
def range_of_tensor(n):
    acc = tf.constant(1.0)
    for _ in range(n):
        acc = acc * 2.0
    return acc


@tf.function
def unrolled(x):
    print("tracing unrolled")
    for k in range(3):
        x = x * 2.0
    if x.shape.rank == 0:
        x = x + 1.0
    return x


@tf.function
def both_positive(x, y):
    if x > 0 and y > 0:
        return x + y
    return x - y


@tf.function
def not_negative(x):
    if not x < 0:
        return x
    return tf.zeros_like(x)


@tf.function
def rows(m):
    out = tf.constant(0.0)
    for row in m:
        out += tf.reduce_max(row)
    return out


def helper(x):
    if tf.reduce_sum(x) > 5.0:
        x = x / 2.0
    return x


@tf.function
def calls_helper(x):
    return helper(x) + 1.0


@tf.function
def structures(x):
    if x > 0:
        pair = (x, x * 2.0)
        label = "positive"
    else:
        pair = (-x, x * -2.0)
        label = "positive"
    return pair[0] + pair[1], label


v = tf.Variable(0.0)


@tf.function
def side_effects(n):
    i = tf.constant(0)
    while i < n:
        v.assign_add(1.5)
        i += 1
    if v > 3.0:
        v.assign(100.0)
    return v.read_value()


print(absval(tf.constant(-3.0)).numpy(), absval(tf.constant(2.0)).numpy())
print(sign(tf.constant(-2.0)).numpy(), sign(tf.constant(0.0)).numpy(), sign(tf.constant(5.0)).numpy())
print(clip_early(tf.constant(3.0)).numpy(), clip_early(tf.constant(30.0)).numpy())
print(collatz(tf.constant(27)).numpy(), collatz(tf.constant(1)).numpy())
print(sum_squares(tf.constant(5)).numpy(), sum_squares(tf.constant(10)).numpy())
print(range_of_tensor(tf.constant(4)).numpy())
print(unrolled(tf.constant(1.0)).numpy(), unrolled(tf.constant(2.0)).numpy())
print(both_positive(tf.constant(1.0), tf.constant(2.0)).numpy(), both_positive(tf.constant(1.0), tf.constant(-2.0)).numpy())
print(not_negative(tf.constant(-4.0)).numpy(), not_negative(tf.constant(4.0)).numpy())
print(rows(tf.constant([[1.0, 5.0], [7.0, 2.0], [0.5, 0.25]])).numpy())
print(calls_helper(tf.constant([1.0, 2.0])).numpy(), calls_helper(tf.constant([4.0, 6.0])).numpy())
s, label = structures(tf.constant(-1.5))
print(s.numpy(), label)
print(side_effects(tf.constant(1)).numpy(), side_effects(tf.constant(2)).numpy())
