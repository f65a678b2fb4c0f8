# modes: tf2
# GradientTape: persistent tapes, watch_accessed_variables=False, unconnected gradients,
# gradients through nn ops and losses, and a tape inside tf.function.
import tensorflow as tf

x = tf.Variable([1.0, -2.0, 3.0])
with tf.GradientTape(persistent=True) as tape:
    y = tf.reduce_sum(tf.nn.relu(x) * 2.0)
    z = tf.reduce_mean(tf.square(x))
print(tape.gradient(y, x), tape.gradient(z, x))
del tape
with tf.GradientTape(watch_accessed_variables=False) as tape:
    w = x * 2.0
print(tape.gradient(w, x))
u = tf.Variable(1.0)
with tf.GradientTape() as tape:
    out = x * 3.0
print(tape.gradient(out, [x, u]))
logits = tf.Variable([[1.0, 2.0, 0.5]])
with tf.GradientTape() as tape:
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=[[0.0, 1.0, 0.0]], logits=logits))
print(tape.gradient(loss, logits))
with tf.GradientTape() as tape:
    s = tf.reduce_sum(tf.nn.sigmoid(logits) + tf.nn.tanh(logits) + tf.exp(logits) * 0.1)
print(tape.gradient(s, logits))


@tf.function
def grad_fn(v):
    with tf.GradientTape() as tape:
        tape.watch(v)
        r = tf.reduce_sum(v * v * v)
    return tape.gradient(r, v)


print(grad_fn(tf.constant([1.0, 2.0])))
try:
    with tf.GradientTape() as tape:
        q = x * 1.0
    tape.gradient(q, x)
    tape.gradient(q, x)
except RuntimeError as e:
    print("RuntimeError")
