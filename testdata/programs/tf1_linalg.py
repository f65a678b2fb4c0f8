# modes: tf1
# Linear algebra in a session: matrix_inverse, matrix_determinant, slogdet/logdet, cholesky,
# matrix_solve, matrix_triangular_solve (lower/upper, adjoint), qr, svd, self_adjoint_eig,
# matrix_band_part, matrix_diag / matrix_diag_part / matrix_set_diag, diag / diag_part,
# trace, eye, batches, gradients (inverse, det, solve, triangular solve, cholesky, band part,
# diagonals) and the singular-matrix errors.
import numpy as np
import tensorflow as tf


def _r(t, digits=None):
    """Values printed in full: the trace comparison has its own float tolerance."""
    return np.asarray(t)



rng = np.random.RandomState(3)
m = rng.rand(3, 3).astype(np.float32) + 2.0 * np.eye(3, dtype=np.float32)
spd = (m @ m.T).astype(np.float32)
batch = np.stack([m, m.T + np.eye(3, dtype=np.float32)]).astype(np.float32)
rhs = rng.rand(3, 2).astype(np.float32)
rect = rng.rand(4, 3).astype(np.float32)

a = tf.placeholder(tf.float32, [None, 3])
w = tf.Variable(m)
inv = tf.matrix_inverse(a)
inv_adj = tf.matrix_inverse(a, adjoint=True)
det = tf.matrix_determinant(a)
bdet = tf.matrix_determinant(tf.constant(batch))
binv = tf.linalg.inv(tf.constant(batch))
sign, logabs = tf.linalg.slogdet(tf.constant(batch))
logdet = tf.linalg.logdet(tf.constant(spd))
chol = tf.cholesky(tf.constant(spd))
sol = tf.matrix_solve(tf.constant(m), tf.constant(rhs))
sol_adj = tf.matrix_solve(tf.constant(m), tf.constant(rhs), adjoint=True)
tri_l = tf.matrix_triangular_solve(chol, tf.constant(rhs))
tri_u = tf.matrix_triangular_solve(tf.transpose(chol), tf.constant(rhs), lower=False)
tri_adj = tf.matrix_triangular_solve(chol, tf.constant(rhs), adjoint=True)
chol_solve = tf.cholesky_solve(chol, tf.constant(rhs))
q, r = tf.qr(tf.constant(rect))
qf, rf = tf.qr(tf.constant(rect), full_matrices=True)
s = tf.svd(tf.constant(rect), compute_uv=False)
s2, u2, v2 = tf.svd(tf.constant(rect))
recon = tf.matmul(u2 * s2, v2, transpose_b=True)
e, v = tf.self_adjoint_eig(tf.constant(spd))
ev = tf.self_adjoint_eigvals(tf.constant(spd))
band = tf.matrix_band_part(tf.constant(rect), 1, 0)
band2 = tf.matrix_band_part(tf.constant(batch), -1, 1)
d = tf.matrix_diag(tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
dp = tf.matrix_diag_part(tf.constant(rect))
sd = tf.matrix_set_diag(tf.constant(rect), tf.constant([7.0, 8.0, 9.0]))
dg = tf.diag(tf.constant([1, 2, 3]))
dgp = tf.diag_part(tf.constant(m))
tr = tf.trace(tf.constant(batch))
eyes = [tf.eye(3), tf.eye(2, 4), tf.eye(2, batch_shape=[2]), tf.eye(2, dtype=tf.int32), tf.linalg.eye(3, 2)]
print("static", inv.shape, det.shape, bdet.shape, q.shape, r.shape, qf.shape, rf.shape, s.shape, u2.shape, v2.shape,
      e.shape, v.shape, d.shape, dp.shape, tr.shape, [t.shape for t in eyes])

loss = (tf.reduce_sum(tf.matrix_inverse(w) * tf.constant(rhs[:, :1])) + tf.matrix_determinant(w)
        + tf.reduce_sum(tf.matrix_solve(w, tf.constant(rhs)) ** 2)
        + tf.reduce_sum(tf.matrix_triangular_solve(tf.matrix_band_part(w, -1, 0), tf.constant(rhs)))
        + tf.reduce_sum(tf.cholesky(tf.matmul(w, w, transpose_b=True)) * tf.constant(spd))
        + tf.reduce_sum(tf.matrix_diag_part(w) * tf.constant([1.0, 2.0, 3.0]))
        + tf.trace(tf.matrix_set_diag(w, tf.zeros([3])) * 2.0)
        + tf.linalg.slogdet(w)[1])
gw = tf.gradients(loss, w)[0]
ga = tf.gradients(tf.reduce_sum(tf.matrix_inverse(a)), a)[0]
train = tf.train.GradientDescentOptimizer(0.01).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(_r(sess.run(inv, {a: m}), 4).tolist())
    vals = sess.run([inv_adj, det, bdet, binv, sign, logabs, logdet, chol, sol, sol_adj, tri_l, tri_u, tri_adj,
                     chol_solve], {a: m})
    for t in vals:
        print(_r(t, 4).tolist())
    for t in sess.run([q, r, qf, rf, s, s2, recon, e, ev, tf.abs(v)]):
        print(_r(t, 4).tolist())
    for t in sess.run([band, band2, d, dp, sd, dg, dgp, tr] + eyes):
        print(_r(t, 4).tolist())
    print(_r(sess.run(loss), 3), _r(sess.run(gw), 3).tolist())
    print(_r(sess.run(ga, {a: m}), 4).tolist())
    for _ in range(3):
        sess.run(train)
    print(_r(sess.run(loss), 3))
    for bad, feed in ((inv, {a: np.ones((3, 3), np.float32)}), (det, {a: np.ones((2, 3), np.float32)})):
        try:
            print(sess.run(bad, feed))
        except tf.errors.InvalidArgumentError as err:
            print("InvalidArgumentError", type(err).__name__)
    # TF leaves the upper triangle of a failed factorization uninitialized: only the lower one is compared
    print(sess.run(tf.matrix_band_part(tf.cholesky(tf.constant([[1.0, 2.0], [2.0, 1.0]])), -1, 0)).tolist())
    for f in [lambda: sess.run(tf.matrix_solve(tf.ones([2, 2]), tf.ones([2, 1])))]:
        try:
            print(f())
        except tf.errors.InvalidArgumentError as err:
            print("InvalidArgumentError", type(err).__name__)
try:
    tf.matrix_inverse(tf.ones([2, 3]))
except ValueError as err:
    print("ValueError")
