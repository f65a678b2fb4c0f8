# A model class whose build method stacks tf.layers.dense and tf.layers.batch_normalization
# under the class's `is_training` placeholder (a placeholder_with_default(False)), its train
# op made under the UPDATE_OPS control dependencies: the layer a Keras BatchNormalization
# the constructor builds, each method a cond of the flag (the scoring run leaves it False).
import numpy as np
import tensorflow as tf


class Regressor:
    def __init__(self):
        self.x = tf.placeholder(tf.float32, [None, 3])
        self.y = tf.placeholder(tf.float32, [None, 1])
        self.is_training = tf.placeholder_with_default(False, shape=[])
        self.build_model()
        self.sess = tf.Session()
        self.sess.run(tf.global_variables_initializer())

    def build_model(self):
        linear = tf.layers.dense(self.x, 8, use_bias=False)
        normed = tf.layers.batch_normalization(linear, momentum=0.7, training=self.is_training)
        hidden = tf.nn.relu(normed)
        self.pred = tf.layers.dense(hidden, 1)
        self.loss = tf.reduce_mean(tf.square(self.pred - self.y))
        update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
        with tf.control_dependencies(update_ops):
            self.train_op = tf.train.AdamOptimizer(0.05).minimize(self.loss)

    def fit(self, xs, ys):
        _, loss = self.sess.run([self.train_op, self.loss], {self.x: xs, self.y: ys, self.is_training: True})
        return loss

    def predict(self, xs):
        return self.sess.run(self.pred, {self.x: xs})


tf.set_random_seed(9)
rng = np.random.RandomState(5)
xs = rng.randn(20, 3).astype(np.float32) * 2.0
ys = np.cos(xs[:, :1]).astype(np.float32)
model = Regressor()
for epoch in range(30):
    loss = model.fit(xs, ys)
    if epoch % 10 == 0:
        print(epoch, round(float(loss), 5))
print(np.round(model.predict(xs[:4]), 4))
