# modes: tf2
# tf.keras.layers.Layer subclass (build / add_weight / non-trainable weights), tf.keras.Model
# subclass tracking its layer attributes in assignment order, `training` passed down to inner
# layers, the Keras 3 losses (MSE, sparse / categorical / binary crossentropy, from logits or
# probabilities, class and function forms), tf.keras.metrics.Mean, Adam in a tf.function step.
import numpy as np
import tensorflow as tf


class Scale(tf.keras.layers.Layer):
    def __init__(self, init=1.0, **kwargs):
        super().__init__(**kwargs)
        self.init = init

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1],), initializer=tf.keras.initializers.Constant(self.init),
                                 name="w")
        self.calls = self.add_weight(shape=(), initializer="zeros", trainable=False, name="calls")

    def call(self, inputs, training=None):
        self.calls.assign_add(1.0)
        out = inputs * self.w
        return out + 1.0 if training else out


class Logits(tf.keras.layers.Layer):
    # distinct weight names: inside a Model subclass, TF names every backing tf.Variable
    # "<model>/<weight name>", so two Dense layers there would share "classifier/kernel:0"
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.logit_kernel = self.add_weight(shape=(input_shape[-1], self.units), name="logit_kernel",
                                            initializer=tf.keras.initializers.Constant(
                                                [[0.5, -0.5, 0.1], [0.2, 0.3, -0.6], [-0.4, 0.1, 0.3], [0.1, 0.2, 0.2]]))
        self.logit_bias = self.add_weight(shape=(self.units,), initializer="ones", name="logit_bias")

    def call(self, inputs):
        return tf.matmul(inputs, self.logit_kernel) + self.logit_bias


class Classifier(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.scale = Scale(0.5)
        self.hidden = tf.keras.layers.Dense(4, activation="tanh", kernel_initializer=tf.keras.initializers.Constant(
            [[0.3, -0.2, 0.1, 0.4], [-0.1, 0.2, 0.5, -0.3], [0.2, 0.2, -0.4, 0.1]]))
        self.out = Logits(3)

    def call(self, x, training=False):
        return self.out(self.hidden(self.scale(x, training=training)))


model = Classifier()
x = tf.constant([[1.0, 2.0, -1.0], [0.5, -0.5, 2.0], [-1.0, 0.0, 1.0], [2.0, 1.0, 0.0]])
labels = tf.constant([0, 2, 1, 2])
logits = model(x)
print(model.name, model.scale.name, [l.name for l in model.layers])
print([v.path for v in model.trainable_variables], [v.value.name for v in model.weights])
print([v.path for v in model.non_trainable_variables], len(model.weights), len(model.variables))
print(logits.numpy().tolist())
print(model(x, training=True).numpy().tolist(), float(model.scale.calls.numpy()))

probs = tf.nn.softmax(logits)
onehot = tf.one_hot(labels, 3)
print("scce logits", float(tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(labels, logits)))
print("scce probs", float(tf.keras.losses.SparseCategoricalCrossentropy()(labels, probs)))
print("cce logits", float(tf.keras.losses.CategoricalCrossentropy(from_logits=True)(onehot, logits)))
print("cce probs", float(tf.keras.losses.CategoricalCrossentropy()(onehot, probs)))
print("cce smooth", float(tf.keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1)(onehot, logits)))
y_bin = tf.constant([[1.0], [0.0], [1.0], [0.0]])
z = logits[:, :1]
print("bce logits", float(tf.keras.losses.BinaryCrossentropy(from_logits=True)(y_bin, z)))
print("bce probs", float(tf.keras.losses.BinaryCrossentropy()(y_bin, tf.sigmoid(z))))
print("mse", float(tf.keras.losses.MeanSquaredError()(tf.constant([1.0, 0.0, 2.0, -1.0]), z)))
print("mse fn", tf.keras.losses.mse(onehot, probs).numpy().tolist())
print("scce fn", tf.keras.losses.sparse_categorical_crossentropy(labels, logits, from_logits=True).numpy().tolist())
print("weighted", float(tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(
    labels, logits, sample_weight=tf.constant([1.0, 0.0, 2.0, 0.5]))))
print("sum", float(tf.keras.losses.MeanSquaredError(reduction="sum")(onehot, probs)))
print(tf.keras.losses.SparseCategoricalCrossentropy().name, tf.keras.losses.BinaryCrossentropy().reduction)

loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
opt = tf.keras.optimizers.Adam(learning_rate=0.05)
train_loss = tf.keras.metrics.Mean(name="train_loss")


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    train_loss.update_state(loss)
    return loss


for epoch in range(3):
    train_loss.reset_state()
    for i in range(2):
        train_step(x[2 * i:2 * i + 2], labels[2 * i:2 * i + 2])
    print("epoch", epoch, float(train_loss.result()), train_loss.name)
print(model(x).numpy().tolist())
print(float(model.scale.calls.numpy()), model.scale.w.numpy().tolist())

m = tf.keras.metrics.Mean()
m.update_state([1.0, 2.0, 3.0])
m.update_state(tf.constant([[4.0, 6.0]]), sample_weight=[2.0])
print(m.name, float(m.result()), [v.name for v in m.variables])
