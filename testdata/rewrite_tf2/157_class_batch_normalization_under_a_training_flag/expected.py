# A model class whose build method stacks tf.layers.dense and tf.layers.batch_normalization
# under the class's `is_training` placeholder (a placeholder_with_default(False)), its train
# op made under the UPDATE_OPS control dependencies: the layer a Keras BatchNormalization
# the constructor builds, each method a cond of the flag (the scoring run leaves it False).
import numpy as np
import tensorflow as tf


class Regressor(tf.Module):
    def __init__(self):
        super().__init__()
        self.build_model()

    def build_model(self):
        self.linear_layer = tf.keras.layers.Dense(8, use_bias=False)
        self.linear_layer.build([None, 3])
        self.normed_layer = tf.keras.layers.BatchNormalization(momentum=0.7)
        self.normed_layer.build([None, 8])
        self.pred_layer = tf.keras.layers.Dense(1)
        self.pred_layer.build([None, 8])
        self.optimizer = tf.keras.optimizers.Adam(learning_rate=0.05, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
        tf.TensorSpec(shape=[], dtype=tf.bool),
    ])
    def run_train_op_loss(self, x, y, is_training=False):
        with tf.GradientTape() as tape:
            linear = self.linear_layer(x)
            normed = tf.cond(is_training, lambda: self.normed_layer(linear, training=True), lambda: self.normed_layer(linear, training=False))
            hidden = tf.nn.relu(normed)
            pred = self.pred_layer(hidden)
            loss = tf.reduce_mean(tf.square(pred - y))
        grads = tape.gradient(loss, [*self.linear_layer.trainable_variables, *self.normed_layer.trainable_variables, *self.pred_layer.trainable_variables])
        self.optimizer.apply_gradients(zip(grads, [*self.linear_layer.trainable_variables, *self.normed_layer.trainable_variables, *self.pred_layer.trainable_variables]))
        return loss

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
        tf.TensorSpec(shape=[], dtype=tf.bool),
    ])
    def run_pred(self, x, is_training=False):
        linear = self.linear_layer(x)
        normed = tf.cond(is_training, lambda: self.normed_layer(linear, training=True), lambda: self.normed_layer(linear, training=False))
        hidden = tf.nn.relu(normed)
        pred = self.pred_layer(hidden)
        return pred

    def fit(self, xs, ys):
        loss = self.run_train_op_loss(x=xs, y=ys, is_training=True).numpy()
        return loss

    def predict(self, xs):
        return self.run_pred(x=xs).numpy()


tf.random.set_seed(9)
rng = np.random.RandomState(5)
xs = rng.randn(20, 3).astype(np.float32) * 2.0
ys = np.cos(xs[:, :1]).astype(np.float32)
model = Regressor()
for epoch in range(30):
    loss = model.fit(xs, ys)
    if epoch % 10 == 0:
        print(epoch, round(float(loss), 5))
print(np.round(model.predict(xs[:4]), 4))
