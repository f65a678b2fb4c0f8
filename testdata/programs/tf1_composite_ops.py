# modes: tf1
# Ops TF builds in Python from other ops (clipping, moments, l2_normalize, sequence_mask,
# exponential_decay, variance-scaling initializers over N-D fans) and their gradients.
import tensorflow as tf
tf.set_random_seed(3)
x = tf.constant([[-2.0, -0.5, 0.0, 0.5, 3.0], [1.0, 2.0, -1.0, 0.25, -4.0]])
w = tf.get_variable("w", [3, 3, 2, 4], initializer=tf.glorot_normal_initializer())
k = tf.get_variable("k", [2, 3, 4])
h = tf.get_variable("h", [5, 3], initializer=tf.initializers.he_normal())
vs = tf.get_variable("vs", [4, 2], initializer=tf.variance_scaling_initializer(2.0, "fan_out", "uniform"))
outs = {
    "clip": tf.clip_by_value(x, -1.0, 1.5),
    "clipnorm": tf.clip_by_norm(x, 2.0, axes=[1]),
    "leaky": tf.nn.leaky_relu(x),
    "elu": tf.nn.elu(x),
    "softplus": tf.nn.softplus(x),
    "l2n": tf.nn.l2_normalize(x, axis=1),
    "mean_var": tf.nn.moments(x, axes=[0]),
    "mask": tf.sequence_mask([1, 3, 2], 4),
    "maskf": tf.sequence_mask(tf.constant([2, 0]), dtype=tf.float32),
    "gn": tf.global_norm([x, 2 * x]),
}
cg, n = tf.clip_by_global_norm([x, 3 * x], 5.0)
step = tf.train.get_or_create_global_step()
lr = tf.train.exponential_decay(0.1, step, 10, 0.5, staircase=True)
lr2 = tf.train.exponential_decay(0.1, step, 10, 0.5)
loss = tf.reduce_sum(tf.clip_by_value(x * tf.reduce_sum(w), -1.0, 1.0)) + tf.reduce_sum(tf.nn.elu(x) * tf.reduce_mean(k))
grads = tf.gradients(loss, [w, k])
with tf.Session() as s:
    s.run(tf.global_variables_initializer())
    for name, t in outs.items():
        print(name, s.run(t))
    print("cgn", s.run(cg), s.run(n))
    print("w", s.run(tf.reduce_sum(w)), s.run(w)[0, 0])
    print("k", s.run(k)[0])
    print("h", s.run(h)[0], "vs", s.run(vs)[0])
    for i in range(3):
        s.run(tf.assign_add(step, 7))
        print("lr", s.run([lr, lr2]))
    print("grads", [g.sum() for g in s.run(grads)])
