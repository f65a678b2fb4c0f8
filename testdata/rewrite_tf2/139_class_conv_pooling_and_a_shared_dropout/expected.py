# A class whose constructor builds a small convnet with tf.layers (conv2d, max_pooling2d,
# flatten, dense) and an unseeded dropout that training and prediction both run, predict
# called between training steps. The conv2d becomes a Keras Conv2D built for the
# placeholder's channels, the pooling and flatten their TF2 ops, the first dense layer built
# for the flattened width (4 * 4 * 4); the dropout draws from one generator the constructor
# makes where TF1 made the op (split from the script's graph seed), each call of either
# function taking its next mask as each run took TF1's one op's.
import numpy as np
import tensorflow as tf


class ConvNet(tf.Module):
    def __init__(self, lr=0.01):
        super().__init__()
        self.conv_layer = tf.keras.layers.Conv2D(4, 3, padding="same", activation=tf.nn.relu)
        self.conv_layer.build([None, None, None, 1])
        self.hidden_layer = tf.keras.layers.Dense(8, activation=tf.nn.relu)
        self.hidden_layer.build([None, 64])
        # the random op TF1 made here: each run draws this generator's next numbers
        self.drop_generator = tf.random.Generator.from_seed(5).split(1)[0]
        self.logits_layer = tf.keras.layers.Dense(3)
        self.logits_layer.build([None, 8])
        self.optimizer = tf.keras.optimizers.SGD(learning_rate=lr)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 8, 8, 1], dtype=tf.float32),
        tf.TensorSpec(shape=None, dtype=tf.float32),
    ])
    def run_pred(self, x, keep):
        conv = self.conv_layer(x)
        pool = tf.nn.max_pool2d(conv, ksize=2, strides=2, padding="VALID")
        flat = tf.reshape(pool, [tf.shape(pool)[0], -1])
        hidden = self.hidden_layer(flat)
        # the dropout both runs share
        drop = tf.nn.experimental.general_dropout(hidden, rate=1 - keep, uniform_sampler=self.drop_generator.uniform)
        logits = self.logits_layer(drop)
        pred = tf.argmax(logits, 1)
        return pred

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 8, 8, 1], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
        tf.TensorSpec(shape=None, dtype=tf.float32),
    ])
    def run_loss_step(self, x, y, keep):
        with tf.GradientTape() as tape:
            conv = self.conv_layer(x)
            pool = tf.nn.max_pool2d(conv, ksize=2, strides=2, padding="VALID")
            flat = tf.reshape(pool, [tf.shape(pool)[0], -1])
            hidden = self.hidden_layer(flat)
            # the dropout both runs share
            drop = tf.nn.experimental.general_dropout(hidden, rate=1 - keep, uniform_sampler=self.drop_generator.uniform)
            logits = self.logits_layer(drop)
            loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
        grads = tape.gradient(loss, [*self.conv_layer.trainable_variables, *self.hidden_layer.trainable_variables, *self.logits_layer.trainable_variables])
        self.optimizer.apply_gradients(zip(grads, [*self.conv_layer.trainable_variables, *self.hidden_layer.trainable_variables, *self.logits_layer.trainable_variables]))
        return loss

    def train(self, xs, ys):
        l = self.run_loss_step(x=xs, y=ys, keep=0.5).numpy()
        return l

    def predict(self, xs, keep=1.0):
        return self.run_pred(x=xs, keep=keep).numpy()


rng = np.random.RandomState(0)
xs = rng.rand(6, 8, 8, 1).astype(np.float32)
ys = np.eye(3, dtype=np.float32)[rng.randint(0, 3, size=6)]
tf.random.set_seed(5)
net = ConvNet()
for i in range(4):
    print(i, round(float(net.train(xs, ys)), 5), net.predict(xs, 0.5))
print(net.predict(xs))
