# modes: tf1
# v1 summary ops take their scope's name (TF names the op `name=scope`): "loss", "loss_1",
# "train/w" in a name scope, "eval/acc" with a family.
import tensorflow as tf
x = tf.constant(2.0)
a = tf.summary.scalar("loss", x)
b = tf.summary.scalar("loss", x * 2)
with tf.name_scope("train"):
    c = tf.summary.histogram("w", tf.ones([3]))
d = tf.summary.scalar("acc", x, family="eval")
print(a.op.name, b.op.name, c.op.name, d.op.name, a.name)
