# modes: tf2 tf1
# tf.matmul on batches (BatchMatMulV2: broadcast batch dimensions, transposes) and
# tf.einsum (contractions, outer products, sums, transposes, ellipses, three operands),
# forward and gradients, eagerly / in a tf.function (tf2) and in a session (tf1).
import numpy as np
import tensorflow as tf

a = tf.constant(np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 10.0)
b = tf.constant(np.arange(20, dtype=np.float32).reshape(4, 5) / 7.0 - 1.0)
c = tf.constant(np.arange(40, dtype=np.float32).reshape(2, 4, 5) / 13.0)
d = tf.constant(np.arange(30, dtype=np.float32).reshape(1, 6, 5) / 9.0)
w = tf.Variable(np.linspace(-1.0, 1.0, 12, dtype=np.float32).reshape(3, 4))

r1 = tf.matmul(a, b)                         # [2,3,4] x [4,5]: batch broadcast
r2 = tf.matmul(a, c)                         # batch to batch
r3 = tf.matmul(c, d, transpose_b=True)       # [2,4,5] x [1,6,5]^T -> [2,4,6]
r4 = tf.linalg.matmul(a, a, transpose_a=True)  # [2,4,4]
e1 = tf.einsum("bij,jk->bik", a, b)
e2 = tf.einsum("ij,ij->i", w, w)
e3 = tf.einsum("i,j->ij", b[0], b[1])
e4 = tf.einsum("bij->jb", a)
e5 = tf.einsum("...ij,...jk->...ik", a, c)
e6 = tf.einsum("ij,bjk,kl->bil", w, c, tf.transpose(b))
e7 = tf.einsum("ij,jk", w, b)
e8 = tf.einsum("bij,bkj->bik", a, a)
print(r1.shape, r2.shape, r3.shape, r4.shape)
print(e1.shape, e2.shape, e3.shape, e4.shape, e5.shape, e6.shape, e7.shape, e8.shape)


def loss_of(w):
    x = tf.einsum("ij,bjk->bik", w, c)         # [2,3,5]
    y = tf.matmul(x, b, transpose_b=True)       # [2,3,4]
    return tf.reduce_sum(y * a) + tf.reduce_sum(tf.einsum("ij,ij->i", w, w))


if hasattr(tf, "GradientTape") and tf.executing_eagerly():
    for t in (r1, r2, r3, r4, e1, e2, e3, e4, e5, e6, e7, e8):
        print(np.round(t.numpy(), 4).tolist())
    with tf.GradientTape() as tape:
        loss = loss_of(w)
    print(float(loss), np.round(tape.gradient(loss, w).numpy(), 4).tolist())

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            l = loss_of(w) + tf.reduce_sum(tf.matmul(x, c))
        ga, gw = tape.gradient(l, [x, w])
        return l, ga, gw

    l, ga, gw = step(a)
    print(float(l), np.round(ga.numpy(), 4).tolist(), np.round(gw.numpy(), 4).tolist())
else:
    loss = loss_of(w)
    g = tf.gradients(loss, [w])[0]
    x = tf.compat.v1.placeholder(tf.float32, [None, 3, 4])
    dyn = tf.einsum("bij,jk->bik", x, b)
    dyn2 = tf.matmul(x, c[:1])
    gx = tf.gradients(tf.reduce_sum(dyn * dyn) + tf.reduce_sum(dyn2), x)[0]
    print(dyn.shape, dyn2.shape)
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        for t in sess.run([r1, r2, r3, r4, e1, e2, e3, e4, e5, e6, e7, e8]):
            print(np.round(t, 4).tolist())
        lv, gv = sess.run([loss, g])
        print(float(lv), np.round(gv, 4).tolist())
        feed = {x: np.ones((2, 3, 4), np.float32)}
        print(np.round(sess.run(dyn, feed), 4).tolist(), np.round(sess.run(gx, feed), 4).tolist())
