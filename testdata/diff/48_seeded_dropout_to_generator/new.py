# TF2, the tf2 rewrite's form: Keras initializers with the int seed (the same numbers on
# every call), and one generator made from the dropout's seed before the functions, whose
# draws go on across both of them.
import numpy as np
import tensorflow as tf

SEED = 66478
w1 = tf.Variable(tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=0.1, seed=SEED)([2, 3], dtype=tf.float32),
                 name="w1")
w2 = tf.Variable(tf.keras.initializers.TruncatedNormal(mean=0.0, stddev=0.1, seed=SEED)([2, 3], dtype=tf.float32),
                 name="w2")
hidden_dropout_generator = tf.random.Generator.from_seed(SEED)


def model(data, train=False):
    hidden = tf.matmul(data, w1) + w2
    if train:
        hidden = tf.nn.experimental.general_dropout(hidden, rate=1 - 0.5,
                                                    uniform_sampler=hidden_dropout_generator.uniform)
    return hidden


@tf.function
def train_step(data):
    return model(data, True)


@tf.function
def eval_step(data):
    return tf.reduce_sum(model(data, True), axis=1)


data = np.ones([2, 2], dtype=np.float32)
print("w1", np.round(w1.numpy(), 5).tolist())
print("w2", np.round(w2.numpy(), 5).tolist())
for step in range(2):
    print("train", step, np.round(train_step(data).numpy(), 5).tolist())
    print("eval", step, np.round(eval_step(data).numpy(), 5).tolist())
