# tf.layers.dense stacked into a small regression net: each layer becomes a Keras Dense
# made once (built where TF1 made its variables), the v1 losses a TF2 expression.
import numpy as np
import tensorflow as tf

tf.random.set_seed(7)
features = np.linspace(-2.0, 2.0, 24, dtype=np.float32).reshape(8, 3)
targets = np.sin(features.sum(axis=1, keepdims=True))

hidden_layer = tf.keras.layers.Dense(6, activation=tf.nn.tanh, name="hidden")
hidden_layer.build([None, 3])
dense = tf.keras.layers.Dense(4, activation=tf.nn.relu, kernel_initializer=tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=0.3), bias_initializer=tf.keras.initializers.Constant(value=0.1))
dense.build([None, 6])
dense_1 = tf.keras.layers.Dense(1)
dense_1.build([None, 4])

optimizer = tf.keras.optimizers.SGD(learning_rate=0.05)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 3], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train_loss(inputs, labels):
    with tf.GradientTape() as tape:
        hidden = hidden_layer(inputs)
        hidden = dense(hidden)
        output = dense_1(hidden)
        loss = tf.reduce_mean(tf.math.squared_difference(output, labels))
    grads = tape.gradient(loss, [*hidden_layer.trainable_variables, *dense.trainable_variables, *dense_1.trainable_variables])
    optimizer.apply_gradients(zip(grads, [*hidden_layer.trainable_variables, *dense.trainable_variables, *dense_1.trainable_variables]))
    return loss


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32)])
def run_output(inputs):
    hidden = hidden_layer(inputs)
    hidden = dense(hidden)
    output = dense_1(hidden)
    return output


for step in range(30):
    value = run_train_loss(inputs=features, labels=targets).numpy()
    if step % 10 == 0:
        print(step, round(float(value), 5))
print(np.round(run_output(inputs=features[:2]).numpy(), 4))
