# modes: tf2
# tf.linalg in TF2: inv, det, slogdet, logdet, cholesky, solve, triangular_solve,
# cholesky_solve, qr, svd, eigh/eigvalsh, band_part, diag / diag_part / set_diag, trace,
# eye, matrix_transpose, eagerly, in a tf.function and through GradientTape (inverse,
# determinant, solve, cholesky, triangular solve); the singular-matrix error.
import numpy as np
import tensorflow as tf


def _r(t, digits=None):
    """Values printed in full: the trace comparison has its own float tolerance."""
    return np.asarray(t)



rng = np.random.RandomState(5)
m = rng.rand(3, 3).astype(np.float32) + 2.0 * np.eye(3, dtype=np.float32)
spd = (m @ m.T).astype(np.float32)
batch = np.stack([m, m.T + np.eye(3, dtype=np.float32)]).astype(np.float32)
rhs = rng.rand(3, 2).astype(np.float32)
rect = rng.rand(4, 3).astype(np.float32)
w = tf.Variable(m)


def forward(a, b):
    chol = tf.linalg.cholesky(tf.matmul(a, a, transpose_b=True))
    s, u, v = tf.linalg.svd(b)
    q, r = tf.linalg.qr(b)
    e, ev = tf.linalg.eigh(tf.matmul(a, a, transpose_b=True))
    return [tf.linalg.inv(a), tf.linalg.det(a), tf.linalg.slogdet(a)[1], tf.linalg.logdet(tf.matmul(a, a, transpose_b=True)),
            chol, tf.linalg.solve(a, rhs), tf.linalg.solve(a, rhs, adjoint=True),
            tf.linalg.triangular_solve(chol, rhs), tf.linalg.triangular_solve(chol, rhs, adjoint=True),
            tf.linalg.cholesky_solve(chol, rhs), s, tf.matmul(u * s, v, transpose_b=True), q, r, e, tf.abs(ev),
            tf.linalg.eigvalsh(tf.matmul(a, a, transpose_b=True)), tf.linalg.band_part(b, 0, 1),
            tf.linalg.diag(tf.linalg.diag_part(a)), tf.linalg.set_diag(b, [1.0, 2.0, 3.0]), tf.linalg.trace(batch),
            tf.linalg.det(batch), tf.linalg.inv(batch), tf.linalg.matrix_transpose(batch), tf.linalg.adjoint(b),
            tf.eye(3, 2), tf.linalg.eye(2, batch_shape=[3]), tf.linalg.tensor_diag_part(a), tf.linalg.tensor_diag([1.0, 2.0])]


for t in forward(tf.constant(m), tf.constant(rect)):
    print(_r(t.numpy(), 4).tolist())

traced = tf.function(forward)
for t in traced(tf.constant(m), tf.constant(rect)):
    print(_r(t.numpy(), 4).tolist())


def loss_fn():
    inv = tf.linalg.inv(w)
    chol = tf.linalg.cholesky(tf.matmul(w, w, transpose_b=True))
    return (tf.reduce_sum(inv * rhs[:, :1]) + tf.linalg.det(w) + tf.reduce_sum(tf.linalg.solve(w, rhs) ** 2)
            + tf.reduce_sum(tf.linalg.triangular_solve(tf.linalg.band_part(w, -1, 0), rhs))
            + tf.reduce_sum(chol * spd) + tf.linalg.slogdet(w)[1] + tf.linalg.trace(w * 3.0)
            + tf.reduce_sum(tf.linalg.diag_part(w) * tf.constant([1.0, 2.0, 3.0])))


with tf.GradientTape() as tape:
    l = loss_fn()
print(_r(l.numpy(), 3), _r(tape.gradient(l, w).numpy(), 3).tolist())


@tf.function
def step():
    with tf.GradientTape() as tape:
        l = loss_fn()
    g = tape.gradient(l, w)
    w.assign_sub(0.01 * g)
    return l, g


for _ in range(3):
    l, g = step()
print(_r(l.numpy(), 3), _r(g.numpy(), 3).tolist())
try:
    tf.linalg.inv(tf.ones([3, 3]))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError")
try:
    tf.linalg.solve(tf.ones([2, 2]), tf.ones([2, 1]))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError")
print(tf.linalg.det(tf.ones([2, 2])).numpy(), tf.linalg.band_part(tf.linalg.cholesky(tf.constant([[1.0, 2.0], [2.0, 1.0]])), -1, 0).numpy().tolist())
