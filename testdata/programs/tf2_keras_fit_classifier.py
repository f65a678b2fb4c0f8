# modes: tf2
# compile / fit / evaluate on a tf.keras.Model subclass classifier: softmax output with
# SparseCategoricalCrossentropy (Keras 3 takes the logits of a symbolic softmax in fit), an
# Adam object, metrics=["accuracy"] (resolved to sparse categorical accuracy from the shapes),
# validation_data, evaluate returning [loss, accuracy], predict of class probabilities.
import numpy as np
import tensorflow as tf

x = np.array([[1.0, 0.2, -0.5], [0.1, 1.2, 0.3], [-0.4, 0.3, 1.1], [0.9, -0.1, 0.2], [0.0, 0.8, -0.2],
              [-0.3, -0.2, 0.9], [1.1, 0.4, 0.1], [0.2, 1.0, 0.6]], dtype=np.float32)
y = np.array([0, 1, 2, 0, 1, 2, 0, 1])
x_val, y_val = x[:3] * 0.5, np.array([0, 1, 1])


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__(name="net")
        self.hidden = tf.keras.layers.Dense(5, activation="relu", kernel_initializer=tf.keras.initializers.Constant(
            np.linspace(-0.5, 0.5, 15).reshape(3, 5)), bias_initializer="zeros")
        self.drop = tf.keras.layers.Dropout(0.0, seed=7)
        self.head = tf.keras.layers.Activation("softmax")

    def call(self, inputs, training=False):
        h = self.drop(self.hidden(inputs), training=training)
        return self.head(tf.matmul(h, tf.constant(np.linspace(1.0, -1.0, 15).reshape(5, 3), tf.float32)) + inputs)


net = Net()
net.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.05),
            loss=tf.keras.losses.SparseCategoricalCrossentropy(), metrics=["accuracy"])
print(net.metrics_names)
h = net.fit(x, y, batch_size=3, epochs=3, shuffle=False, verbose=0, validation_data=(x_val, y_val))
print(list(h.history))
for k in sorted(h.history):
    print(k, h.history[k])
print(net.evaluate(x, y, verbose=0))
print(net.evaluate(x, y, verbose=0, return_dict=True))
p = net.predict(x, verbose=0)
print(p.shape, p.argmax(axis=1).tolist(), p.sum(axis=1).round(5).tolist())
print([v.path for v in net.trainable_variables], net.optimizer.iterations.numpy())
