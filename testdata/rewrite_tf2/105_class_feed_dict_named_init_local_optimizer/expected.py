# A logistic regression class in a common published shape: the graph in `build()`, the
# initializer bound to a name before its run, an optimizer bound to a local name with a
# global step, the feed dict built before its run, the step and the weights read by runs
# of single variables (their values in TF2).
import numpy as np
import tensorflow as tf


class LogisticRegression(tf.Module):
    def __init__(self, n_features, learning_rate=0.5):
        super().__init__()
        self.n_features = n_features
        self.learning_rate = learning_rate
        self.build()

    def build(self):
        self.W = tf.Variable(tf.zeros([2, 1]), name="W")
        self.b = tf.Variable(tf.zeros([1]), name="b")
        self.global_step = tf.Variable(0, trainable=False, name="global_step")
        self.optimizer = tf.keras.optimizers.SGD(learning_rate=self.learning_rate)

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
        tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    ])
    def run_loss_train_op(self, x, y):
        with tf.GradientTape() as tape:
            logits = tf.matmul(x, self.W) + self.b
            loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
        grads = tape.gradient(loss, [self.W, self.b])
        self.optimizer.apply_gradients(zip(grads, [self.W, self.b]))
        self.global_step.assign_add(1)
        return loss

    @tf.function(input_signature=[
        tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    ])
    def run_prob(self, x):
        logits = tf.matmul(x, self.W) + self.b
        prob = tf.sigmoid(logits)
        return prob

    def partial_fit(self, X, Y):
        loss = self.run_loss_train_op(x=X, y=Y).numpy()
        return loss, self.global_step.numpy()

    def predict_proba(self, X):
        return self.run_prob(x=X).numpy()

    def weights(self):
        return self.W.numpy()


X = np.array([[0.0, 0.1], [0.2, 0.9], [0.9, 0.3], [1.0, 1.0]], dtype=np.float32)
Y = np.array([[0.0], [1.0], [0.0], [1.0]], dtype=np.float32)
clf = LogisticRegression(2)
for epoch in range(40):
    loss, step = clf.partial_fit(X, Y)
    if epoch % 10 == 0:
        print(epoch, step, round(float(loss), 5))
print(np.round(clf.predict_proba(X), 4).ravel(), np.round(clf.weights(), 4).ravel())
