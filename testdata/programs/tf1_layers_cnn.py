# modes: tf1
# tf.layers conv2d / max_pooling2d / average_pooling2d / flatten / dropout (training from a
# placeholder: a tf.cond), tf.losses softmax / sparse softmax cross entropy with weights and
# label smoothing, tf.nn.embedding_lookup; seeded initializers give TF's numbers.
import numpy as np
import tensorflow as tf
tf.set_random_seed(2)
rng = np.random.RandomState(1)
xs = rng.rand(5, 6, 6, 2).astype(np.float32)
lab = np.array([0, 2, 1, 1, 0])
x = tf.placeholder(tf.float32, [None, 6, 6, 2])
y = tf.placeholder(tf.int64, [None])
is_train = tf.placeholder_with_default(False, [])
h = tf.layers.conv2d(x, 4, 3, padding="same", activation=tf.nn.relu)
h = tf.layers.max_pooling2d(h, 2, 2)
h = tf.layers.conv2d(h, 3, [2, 2], strides=(1, 1), name="second")
h = tf.layers.average_pooling2d(h, 2, 1, padding="same")
f = tf.layers.flatten(h)
f = tf.layers.dropout(f, 0.3, training=is_train)
logits = tf.layers.dense(f, 3)
emb = tf.get_variable("emb", [4, 2])
e = tf.nn.embedding_lookup(emb, [[1, 3], [0, 0]])
loss = tf.losses.sparse_softmax_cross_entropy(labels=y, logits=logits)
loss2 = tf.losses.softmax_cross_entropy(tf.one_hot(y, 3), logits, label_smoothing=0.1, weights=[1.0, 0.0, 2.0, 1.0, 1.0])
train = tf.train.GradientDescentOptimizer(0.3).minimize(loss + 0.01 * tf.reduce_sum(e))
print([v.name for v in tf.trainable_variables()])
with tf.Session() as s:
    s.run(tf.global_variables_initializer())
    for i in range(3):
        print(i, s.run([loss, loss2, train], {x: xs, y: lab})[:2])
    print("train-mode dropout shape", s.run(f, {x: xs, is_train: True}).shape)
    print("emb", s.run(e))
