# A BasicRNNCell run over `tf.reshape(X, [-1, n_steps, n_input])` of a flat placeholder:
# the reshape's last dimension, a name, is the depth the Keras SimpleRNN is built for; its
# final state feeds a dense layer trained with momentum.
import numpy as np
import tensorflow as tf

n_steps, n_input, n_hidden, n_classes = 4, 6, 7, 3
cell = tf.keras.layers.SimpleRNN(n_hidden, return_sequences=True, return_state=True,
    # TF1's kernel, drawn where the cell first ran: the inputs' rows, then the state's
    kernel_initializer=lambda shape, dtype=None: cell_kernel[:shape[0]],
    recurrent_initializer=lambda shape, dtype=None: cell_kernel[-shape[0]:])
cell_kernel = tf.keras.initializers.GlorotUniform()([n_input + n_hidden, n_hidden])
cell.build([None, None, n_input])
dense = tf.keras.layers.Dense(n_classes)
dense.build([None, n_hidden])

rng = np.random.RandomState(4)
data = rng.rand(12, n_steps * n_input).astype(np.float32)
labels = np.eye(n_classes)[rng.randint(0, n_classes, 12)].astype(np.float32)

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.9)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, n_steps * n_input], dtype=tf.float32),
    tf.TensorSpec(shape=[None, n_classes], dtype=tf.float32),
])
def run_train(X, Y):
    with tf.GradientTape() as tape:
        x = tf.reshape(X, [-1, n_steps, n_input])
        outputs, state = cell(x)
        logits = dense(state)
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=Y, logits=logits))
    grads = tape.gradient(loss, [*cell.trainable_variables, *dense.trainable_variables])
    optimizer.apply_gradients(zip(grads, [*cell.trainable_variables, *dense.trainable_variables]))


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, n_steps * n_input], dtype=tf.float32),
    tf.TensorSpec(shape=[None, n_classes], dtype=tf.float32),
])
def run_accuracy(X, Y):
    x = tf.reshape(X, [-1, n_steps, n_input])
    outputs, state = cell(x)
    logits = dense(state)
    correct = tf.equal(tf.argmax(logits, 1), tf.argmax(Y, 1))
    accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
    return accuracy


for epoch in range(6):
    for i in range(0, 12, 4):
        run_train(X=data[i:i + 4], Y=labels[i:i + 4])
    print("epoch", epoch, "accuracy", run_accuracy(X=data, Y=labels).numpy())
