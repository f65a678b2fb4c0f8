# tf.layers.batch_normalization between dense layers, its moving statistics updated by the
# UPDATE_OPS the training op depends on, and a bool placeholder choosing batch or moving
# statistics. The layer becomes a Keras BatchNormalization made once and built for its
# input's width; the flag a bool argument and the call a cond of it (batch statistics and
# the moving averages' update while training, the moving statistics otherwise). TF1's
# 2-D batch norm is not fused: both move the moving variance toward the biased variance.
import numpy as np
import tensorflow as tf

tf.random.set_seed(3)
rng = np.random.RandomState(0)
features = rng.randn(16, 3).astype(np.float32) * 4.0 + 1.0
targets = np.sin(features.sum(axis=1, keepdims=True)).astype(np.float32)

dense = tf.keras.layers.Dense(8, use_bias=False)
dense.build([None, 3])
batch_normalization = tf.keras.layers.BatchNormalization(momentum=0.9)
batch_normalization.build([None, 8])
dense_1 = tf.keras.layers.Dense(1)
dense_1.build([None, 8])

optimizer = tf.keras.optimizers.Adam(learning_rate=0.02, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    tf.TensorSpec(shape=[], dtype=tf.bool),
])
def run_train_loss(inputs, labels, training):
    with tf.GradientTape() as tape:
        hidden = dense(inputs)
        hidden = tf.cond(training, lambda: batch_normalization(hidden, training=True), lambda: batch_normalization(hidden, training=False))
        hidden = tf.nn.relu(hidden)
        output = dense_1(hidden)
        loss = tf.reduce_mean(tf.math.squared_difference(output, labels))
    grads = tape.gradient(loss, [*dense.trainable_variables, *batch_normalization.trainable_variables, *dense_1.trainable_variables])
    optimizer.apply_gradients(zip(grads, [*dense.trainable_variables, *batch_normalization.trainable_variables, *dense_1.trainable_variables]))
    return loss


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
    tf.TensorSpec(shape=[], dtype=tf.bool),
])
def run_output(inputs, training):
    hidden = dense(inputs)
    hidden = tf.cond(training, lambda: batch_normalization(hidden, training=True), lambda: batch_normalization(hidden, training=False))
    hidden = tf.nn.relu(hidden)
    output = dense_1(hidden)
    return output


for step in range(40):
    value = run_train_loss(inputs=features, labels=targets, training=True).numpy()
    if step % 10 == 0:
        print(step, round(float(value), 5))
print(np.round(run_output(inputs=features[:4], training=False).numpy(), 4))
