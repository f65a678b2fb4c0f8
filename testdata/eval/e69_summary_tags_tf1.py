"""TF1 summaries tagged with generated op names."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
x = tf.compat.v1.placeholder(tf.float32, [None, 3])
w = tf.Variable(tf.ones([3, 1]), name="weights")
loss = tf.reduce_mean(tf.matmul(x, w), name="loss")
tf.compat.v1.summary.scalar(loss.op.name, loss)  # expect: TFM501
for var in tf.compat.v1.trainable_variables():
    tf.compat.v1.summary.histogram(var.name.replace(":", "_"), var)
tf.compat.v1.summary.scalar("loss_value", loss)
merged = tf.compat.v1.summary.merge_all()
