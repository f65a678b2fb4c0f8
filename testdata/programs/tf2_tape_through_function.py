# modes: tf2
# A GradientTape outside a tf.function: the call is one differentiable op (arguments,
# variables it reads, outputs); nested calls, several outputs, persistent tapes, tapes
# inside another tf.function, side effects, and a training loop whose loss is a function.
import tensorflow as tf

k = tf.Variable(3.0, name="k")


@tf.function
def h():
    return k * 2.0


with tf.GradientTape() as tape:
    y = h()
print(tape.gradient(y, k))
print([v.name for v in tape.watched_variables()])


@tf.function
def h2(v, x):
    return v * x * x


x = tf.constant(3.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = h2(k, x)
print(tape.gradient(y, [k, x]))
print(tape.gradient(y, x))
print(tape.gradient(y, k))

# a variable that is not read is not watched; an unwatched constant has no gradient
other = tf.Variable(1.0, name="other")
with tf.GradientTape() as tape:
    y = h2(k, tf.constant(2.0))
print(tape.gradient(y, [k, other]))
print([v.name for v in tape.watched_variables()])

# watch_accessed_variables=False: only explicitly watched sources
with tf.GradientTape(watch_accessed_variables=False) as tape:
    tape.watch(x)
    y = h2(k, x)
print(tape.gradient(y, [k, x]))
print(len(tape.watched_variables()))


# several outputs, some without a gradient (integer, constant, stop_gradient)
@tf.function
def multi(a):
    return {"sq": a * a, "n": tf.constant(7), "c": tf.constant(1.0), "s": tf.stop_gradient(a) * k}


a = tf.constant([1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(a)
    out = multi(a)
print(tape.gradient(out["sq"], a))
print(tape.gradient(out["c"], a))
print(tape.gradient(out["s"], [a, k]))
print(tape.gradient([out["sq"], out["s"]], a))
print(tape.gradient(out["sq"], a, unconnected_gradients="zero"))


# nested functions
@tf.function
def inner(x):
    return tf.sin(x) * k


@tf.function
def outer(x):
    return inner(x) * inner(2.0 * x) + k


with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = outer(x)
print(tape.gradient(y, x))
print(tape.gradient(y, k))


# a tape inside another tf.function around a call
@tf.function
def grad_in_function(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = h2(k, x)
    return t.gradient(y, [k, x])


print(grad_in_function(tf.constant(2.0)))


# h was traced eagerly before; here it is called inside a function, under its tape
@tf.function
def grad_of_h():
    with tf.GradientTape() as t:
        y = h() * h()
    return t.gradient(y, k), len(t.watched_variables())


print(grad_of_h())

# a function with side effects: the backward pass uses the values the call read
counter = tf.Variable(0.0, name="counter")
w = tf.Variable(2.0, name="w")


@tf.function
def step_loss(x):
    counter.assign_add(1.0)
    r = w * x * counter
    w.assign(w * 10.0)
    return r


with tf.GradientTape() as tape:
    y = step_loss(tf.constant(3.0))
print(y, tape.gradient(y, w), counter.numpy(), w.numpy())
w.assign(2.0)


# matmul / reductions through a function, gradients w.r.t. a list of variables
dense_w = tf.Variable([[1.0], [2.0]], name="dense_w")
dense_b = tf.Variable(0.0, name="dense_b")
data = tf.constant([[1.0, 2.0], [3.0, 4.0]])
target = tf.constant([[1.0], [2.0]])


@tf.function
def loss_fn(d, t):
    return tf.reduce_mean(tf.square(tf.matmul(d, dense_w) + dense_b - t))


opt = tf.keras.optimizers.SGD(learning_rate=0.01)
for i in range(5):
    with tf.GradientTape() as tape:
        loss = loss_fn(data, target)
    grads = tape.gradient(loss, [dense_w, dense_b])
    opt.apply_gradients(zip(grads, [dense_w, dense_b]))
    print(i, loss.numpy(), [g.numpy().tolist() for g in grads])
print(dense_w.numpy().tolist(), dense_b.numpy())
print(loss_fn.experimental_get_tracing_count())
