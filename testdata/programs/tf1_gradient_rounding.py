# modes: tf1
# Gradients and optimizer updates round as TensorFlow's fused kernels do: SqrtGrad is
# g * (0.5 / y), RsqrtGrad -0.5 * (g * y) * (y * y), TF1's AdamOptimizer is ApplyAdam
# (m += (g - m)(1 - beta1), v += (g^2 - v)(1 - beta2), alpha = lr * sqrt(1 - beta2^t) /
# (1 - beta1^t) left to right, var -= m * alpha / (sqrt(v) + epsilon)). Another order
# differs in the last bit; in a network with batch normalization the gradient of a bias
# before the normalization is rounding noise (zero in exact arithmetic), which Adam's first
# step turns into an update of about the learning rate, so the last bit shows. Digests are
# of the exact bits. Also TF1's slot names: get_slot(var, "m"), slot variables named
# "<var>/<optimizer name>" and uniquified.
import hashlib

import numpy as np
import tensorflow as tf


def digest(a):
    return hashlib.md5(np.ascontiguousarray(a).tobytes()).hexdigest()[:12]


rng = np.random.RandomState(7)
x = tf.placeholder(tf.float32, [1000])
g = tf.placeholder(tf.float32, [1000])
grads = tf.gradients([tf.sqrt(x), tf.rsqrt(x)], [x], grad_ys=[g, g * 0.5])
sq = tf.gradients(tf.sqrt(x), x, grad_ys=g)[0]
rsq = tf.gradients(tf.rsqrt(x), x, grad_ys=g)[0]

w = tf.Variable(rng.normal(0, 1, 10).astype(np.float32), name="w")
gp = tf.placeholder(tf.float32, [10])
adam = tf.train.AdamOptimizer(0.03)
step = adam.apply_gradients([(gp, w)])

# Batch normalization (tf.layers, non-fused for 2-D inputs) between two layers written
# without matrix products (whose rounding oneDNN chooses by processor): elementwise products
# and sums, which round the same on every machine.
bx = tf.placeholder(tf.float32, [None, 1])
by = tf.placeholder(tf.float32, [None, 1])
w1 = tf.Variable(rng.normal(0, 0.1, (1, 10)).astype(np.float32))
bias = tf.Variable(np.full(10, -0.2, np.float32))
w2 = tf.Variable(rng.normal(0, 0.1, (1, 10)).astype(np.float32))
h = tf.nn.tanh(tf.layers.batch_normalization(bx * w1 + bias, momentum=0.4, training=True))
out = tf.reduce_sum(h * w2, axis=1, keepdims=True)
loss = tf.losses.mean_squared_error(by, out)
bias_grad = tf.gradients(loss, bias)[0]
with tf.control_dependencies(tf.get_collection(tf.GraphKeys.UPDATE_OPS)):
    train = tf.train.AdamOptimizer(0.03).minimize(loss)

opts = [tf.train.MomentumOptimizer(0.1, 0.9), tf.train.RMSPropOptimizer(0.1, momentum=0.5),
        tf.train.RMSPropOptimizer(0.1, centered=True), tf.train.AdagradOptimizer(0.1)]
for o in opts:
    o.minimize(tf.reduce_sum(w * w))
print("adam", adam.get_slot_names(), [adam.get_slot(w, n).name for n in adam.get_slot_names()])
for o in opts:
    print(type(o).__name__, o.get_slot_names(), [o.get_slot(w, n).name for n in o.get_slot_names()])

xv = rng.uniform(0.01, 5, 1000).astype(np.float32)
gv = rng.normal(0, 1, 1000).astype(np.float32)
data_x = np.linspace(-7, 10, 64, dtype=np.float32)[:, None]
data_y = np.square(data_x) - 5
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    a, b, c = sess.run([sq, rsq, grads[0]], {x: xv, g: gv})
    print("sqrt grad", digest(a), "rsqrt grad", digest(b), "both", digest(c))
    for i in range(20):
        gs = (rng.normal(0, 1e-3, 10) * 10.0 ** rng.randint(-4, 2, 10)).astype(np.float32)
        sess.run(step, {gp: gs})
    wv, mv, vv = sess.run([w, adam.get_slot(w, "m"), adam.get_slot(w, "v")])
    print("adam w", digest(wv), "m", digest(mv), "v", digest(vv))
    print("bias gradient before batch norm", digest(sess.run(bias_grad, {bx: data_x, by: data_y})))
    for i in range(3):
        sess.run(train, {bx: data_x, by: data_y})
    bv = sess.run(bias)
    print("bias after 3 Adam steps", digest(bv), np.round(bv, 4))
