# A dropout inside a model function (tensorflow/models' convolutional.py): `logits` is one
# op of the TF1 graph that the training run and the run fetching the loss both run, each
# run drawing the next mask of the op's seed. Two tf.functions would each trace a dropout
# of their own, drawing the same first mask again: the dropout draws from one generator
# made from the seed before the functions (general_dropout with its `uniform` sampler), so
# each call takes the next mask, as each TF1 run did.
import numpy as np
import tensorflow as tf

w = tf.Variable([[0.5], [-0.25], [1.0]])


def model(data, train=False):
    hidden = tf.nn.relu(data)
    if train:
        hidden = tf.nn.experimental.general_dropout(hidden, rate=1 - 0.5, uniform_sampler=model_dropout_generator.uniform)
    return tf.matmul(hidden, w)


data = np.arange(12, dtype=np.float32).reshape(4, 3) / 12.0

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


# one generator per seeded dropout that several functions run: each call draws its next numbers
model_dropout_generator = tf.random.Generator.from_seed(7)


@tf.function(input_signature=[tf.TensorSpec(shape=[4, 3], dtype=tf.float32)])
def run_train(x):
    with tf.GradientTape() as tape:
        logits = model(x, True)
        loss = tf.reduce_mean(tf.square(logits - 1.0))
    grads = tape.gradient(loss, [w])
    optimizer.apply_gradients(zip(grads, [w]))


@tf.function(input_signature=[tf.TensorSpec(shape=[4, 3], dtype=tf.float32)])
def run_loss(x):
    logits = model(x, True)
    loss = tf.reduce_mean(tf.square(logits - 1.0))
    return loss


for i in range(3):
    run_train(x=data)
    print(i, run_loss(x=data).numpy())
