import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1.train import Saver
from tensorflow.compat.v1.train import import_meta_graph
from tensorflow import train as tf_train

w = tf1.get_variable("w", shape=[3])
saver = tf.train.Saver()  # expect: TFM114
best = Saver(max_to_keep=1)  # expect: TFM114
meta = import_meta_graph("model.ckpt.meta")  # expect: TFM114
legacy = tf1.train.Saver(var_list=[w])  # expect: TFM114
sharded = tf_train.Saver(sharded=True)  # expect: TFM114

with tf1.Session() as sess:
    saver.restore(sess, tf.train.latest_checkpoint("ckpt"))  # expect: TFM114
    meta.restore(sess, "model.ckpt")  # expect: TFM114
    saver.save(sess, "ckpt/model")  # expect: TFM114 (the write through the session is a site to change too)


def load(sess, eval_saver, path):
    eval_saver.restore(sess, path)  # expect: TFM114


class Agent:
    def checkpoint(self, path):
        self._saver.save(self._sess, path)  # expect: TFM114 (a saver of unknown origin, a session argument)

    def export(self, path):
        self.model_saver.save(path)  # ok: no session argument, not a TF1 Saver's save


reader = tf1.train.NewCheckpointReader("ckpt/model")  # expect: TFM114
names = reader.get_variable_to_shape_map()
with tf1.train.MonitoredTrainingSession(checkpoint_dir="ckpt") as mon:  # expect: TFM114
    pass
with tf1.train.MonitoredTrainingSession(checkpoint_dir=None) as plain:  # ok: nothing restored
    pass
with tf1.train.MonitoredTrainingSession(checkpoint_dir="logs", save_checkpoint_secs=0) as logs:  # ok: summaries only
    pass


# Must not fire:
ckpt = tf.train.Checkpoint(w=tf.Variable(1.0))  # ok: the TF2 object-based checkpoint
manager = tf.train.CheckpointManager(ckpt, "ckpt", max_to_keep=3)  # ok
ckpt.restore(tf.train.latest_checkpoint("ckpt"))  # ok: latest_checkpoint feeding a TF2 Checkpoint
status = ckpt.restore(manager.latest_checkpoint)  # ok
model = tf.keras.Sequential([tf.keras.layers.Dense(1)])  # ok
model.save_weights("w.weights.h5")  # ok
backup.restore("snapshot")  # ok: an unknown object's restore with one argument
ckpt.save("ckpt/model")  # ok: TF2 object-based save
saver_like_saver.save("out", "h5")  # ok: no session first
