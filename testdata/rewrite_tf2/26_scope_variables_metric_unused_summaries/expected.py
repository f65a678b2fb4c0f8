# A variable scope of get_variable calls, the global step, tf.metrics.accuracy, summaries and
# a Saver nothing uses, tf.logging, flags never read, a threading config, the trainable collection.
import numpy as np
import tensorflow as tf
tf.config.threading.set_intra_op_parallelism_threads(1)
tf.config.threading.set_inter_op_parallelism_threads(1)

tf.get_logger().setLevel("WARNING")
from absl import flags
flags.DEFINE_float("lr", 0.3, "learning rate")
FLAGS = flags.FLAGS

data = np.array([[0.5, 1.0], [1.0, -0.5], [1.5, 0.25], [-2.0, 1.0]], dtype=np.float32)
target = np.array([1, 0, 1, 0], dtype=np.int64)
w = tf.Variable(tf.constant_initializer(0.1)(shape=[2, 2]), name="linear/w")
b = tf.Variable(tf.ones_initializer()(shape=[2]), name="linear/b")
scale = tf.Variable(tf.ones_initializer()(shape=[]), name="linear/scale", trainable=False)
step = tf.Variable(0, dtype=tf.int64, trainable=False, name="global_step")
acc_metric = tf.keras.metrics.Accuracy()

optimizer = tf.keras.optimizers.Adam(learning_rate=0.05, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None], dtype=tf.int64),
])
def run_train_loss(x, y):
    with tf.GradientTape() as tape:
        logits = scale * (tf.matmul(x, w) + b)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))
    step.assign_add(1)
    return loss


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 2], dtype=tf.float32),
    tf.TensorSpec(shape=[None], dtype=tf.int64),
])
def run_acc_op(x, y):
    logits = scale * (tf.matmul(x, w) + b)
    acc_op = acc_metric(y, tf.argmax(logits, 1))
    return acc_op


@tf.function
def run_acc():
    acc = acc_metric.result()
    return acc


for i in range(30):
    l = run_train_loss(x=data, y=target).numpy()
    if i % 10 == 0:
        tf.get_logger().warning("step %d loss %.5f", i, l)
        print(i, round(float(l), 5))
run_acc_op(x=data, y=target)
print("accuracy", run_acc().numpy(), "steps", step.numpy())
for v in [w, b]:
    print(v.name, v.shape[0])
