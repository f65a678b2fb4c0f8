import tensorflow as tf
from tensorflow import nn

x = tf.ones([4, 3])
s = tf.reduce_sum(x, reduction_indices=[1])  # expect: TFM104
m = tf.reduce_mean(x, axis=0, keep_dims=True)  # expect: TFM104
e = tf.expand_dims(x, dim=1)  # expect: TFM104
am = tf.argmax(x, dimension=1)  # expect: TFM104
sm = tf.nn.softmax(x, dim=-1)  # expect: TFM104
d1 = tf.nn.dropout(x, 0.5)  # expect: TFM104
d2 = nn.dropout(x, keep_prob=0.8, seed=1)  # expect: TFM104
kp = 0.9
d3 = tf.nn.dropout(x, keep_prob=kp * 1.0)  # expect: TFM104
init = tf.random_normal_initializer()  # expect: TFM104
init2 = tf.random_uniform_initializer(-1.0)  # expect: TFM104
sq = tf.squeeze(x, squeeze_dims=[0])  # expect: TFM104
sum_pos = tf.reduce_sum(x, [1], True, "n", [0])  # expect: TFM104
both = tf.reduce_sum(x, axis=1, reduction_indices=1)  # expect: TFM104
xent = tf.nn.softmax_cross_entropy_with_logits(labels=x, logits=x)  # expect: TFM104
xent_dim = tf.nn.softmax_cross_entropy_with_logits(labels=x, logits=x, dim=1)  # expect: TFM104 (tf.compat.v1 keeps dim=: no rename)
xent_sg = tf.nn.softmax_cross_entropy_with_logits(labels=tf.stop_gradient(x), logits=x)  # ok: no gradient reaches the labels

# Already TF2 spelling: no finding.
s2 = tf.reduce_sum(x, axis=[1], keepdims=True)  # ok
d4 = tf.nn.dropout(x, rate=0.5)  # ok
init3 = tf.random_normal_initializer(stddev=1.0)  # ok
init4 = tf.random_normal_initializer(0.0, 0.5)  # ok
e2 = tf.expand_dims(x, 1)  # ok
kw = {"keep_dims": True}
s3 = tf.reduce_sum(x, **kw)  # ok
v = tf.compat.v1.reduce_sum(x, keep_dims=True)  # ok
tf.summary.scalar("loss", tf.reduce_mean(x))  # expect: TFM104
tf.compat.v1.summary.scalar("loss", tf.reduce_mean(x))  # ok
tf.summary.scalar("lr", 0.1, step=3)  # ok

# Keywords TF 1.x already renamed (deprecated aliases): only the old keyword is flagged.
img = tf.zeros([1, 4, 4, 1])
k = tf.zeros([2, 2, 1, 1])
c1 = tf.nn.conv2d(img, k, [1, 1, 1, 1], "SAME")  # ok: same positions in TF2
c2 = tf.nn.conv2d(img, filter=k, strides=[1, 1, 1, 1], padding="SAME")  # expect: TFM104
c3 = tf.nn.conv2d(img, filters=k, strides=[1, 1, 1, 1], padding="SAME")  # ok
p1 = tf.nn.max_pool(img, [1, 2, 2, 1], [1, 2, 2, 1], "VALID")  # ok
p2 = tf.nn.max_pool(value=img, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID")  # expect: TFM104
n1 = tf.while_loop(lambda k: k < 9, lambda k: k * 2, [tf.constant(1)])  # expect: TFM104
n2 = tf.while_loop(lambda a, b: a < 9, lambda a, b: (a + 1, b), [tf.constant(1), tf.constant(2)])  # ok
n3 = tf.while_loop(lambda k: k < 9, lambda k: k * 2, [tf.constant(1)], return_same_structure=True)  # expect: TFM104
rows = tf.where(tf.constant([True, False, True, False]), x, tf.zeros([4, 3]))  # expect: TFM104
picked = tf.where(x > 0.5, x=x, y=-x)  # expect: TFM104
coords = tf.where(x > 0.5)  # ok: coordinates, the same in TF1 and TF2
o1 = tf.ones_like(x)  # ok: only the parameter's name changed (tensor -> input)
z1 = tf.zeros_like(x, tf.int32)  # ok
with tf.device("/cpu:0"):  # ok: a device name means the same in TF2
    dv = tf.identity(x)
with tf.device(lambda op: "/cpu:0"):  # expect: TFM104
    df = tf.identity(x)
var3 = tf.Variable(x, True, ["my_collection"])  # expect: TFM104
state = (tf.constant(1), x, x)
n4 = tf.while_loop(lambda a, b, c: a < 9, lambda a, b, c: (a + 1, b, c), state)  # ok: three loop variables
n5 = tf.while_loop(lambda a, b, c: a < 9, lambda a, b, c: (a + 1, b, c), loop_vars=[tf.constant(1), x, x])  # ok
sess = tf.compat.v1.Session()
