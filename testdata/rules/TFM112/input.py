import tensorflow as tf
import tensorflow.compat.v1 as v1
from tensorflow.compat.v1.summary import FileWriter
from tensorflow.compat.v1 import summary as v1_summary
from tensorflow import summary as tf_summary

x = v1.placeholder(tf.float32, [])
loss = x * 2.0
tf.summary.scalar("loss", loss)  # expect: TFM112
v1.summary.histogram("x", x)  # expect: TFM112
merged = tf.summary.merge_all()  # expect: TFM112
writer = FileWriter("logs")  # expect: TFM112
writer2 = v1.summary.FileWriter("logs2", graph=v1.get_default_graph())  # expect: TFM112
img = v1_summary.image("img", tf.zeros([1, 4, 4, 1]))  # expect: TFM112
both = v1_summary.merge([img])  # expect: TFM112
hist = tf_summary.histogram("loss_hist", loss)  # expect: TFM112
proto = v1.Summary(value=[v1.Summary.Value(tag="acc", simple_value=0.5)])  # expect: TFM112

with v1.Session() as sess:
    summary, _ = sess.run([merged, loss], feed_dict={x: 1.0})
    writer.add_summary(summary, 0)  # expect: TFM112 (the fetch-and-write site must change too)
    writer.flush()  # ok

# Must not fire: the TF2 summary API (the scalar above fires only because this file
# runs graphs in sessions).
tb_writer = tf.summary.create_file_writer("tb")  # ok
with tb_writer.as_default():  # ok
    tf.compat.v2.summary.scalar("loss", 0.5, step=1)  # ok: explicit TF2 spelling
    tf.summary.flush()  # ok
summary_dir = "logs/summary"  # ok


class Agent:
    # No session in sight here (it arrives as a parameter), but the file merges
    # summaries: these are the v1 ops feeding `merge_all`.
    def build_loss(self, loss):
        tf.summary.scalar("HuberLoss", loss)  # expect: TFM112
        return loss

    def log(self, var, key):
        tf_summary.histogram("w", var, collections=[key])  # expect: TFM112 (the v1 signature)


@tf.function
def train_step(step):
    tf.summary.scalar("loss", 0.1, step=step)  # ok: traced TF2 code writes to the default writer
