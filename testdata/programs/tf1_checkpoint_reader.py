# modes: tf1
# Reading a TF1 Saver checkpoint by variable name: tf.train.list_variables (names and shapes,
# sorted; a directory reads its latest checkpoint), tf.train.load_variable (":0" dropped),
# tf.train.NewCheckpointReader / load_checkpoint (shape and dtype maps, has_tensor,
# get_tensor) and their errors for a missing key, file or directory state.
import os
import tempfile

import numpy as np
import tensorflow as tf

root = tempfile.mkdtemp()
os.chdir(root)

with tf.variable_scope("model"):
    w = tf.get_variable("w", initializer=tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
    b = tf.get_variable("b", initializer=tf.constant([0.5, -0.5, 0.25], tf.float64))
step = tf.Variable(7, name="global_step", dtype=tf.int64, trainable=False)
saver = tf.train.Saver()
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    path = saver.save(sess, "ckpt/model", global_step=3)
print("saved", path)
print(tf.train.list_variables(path))
print(tf.train.list_variables("ckpt"))
print(tf.train.load_variable("ckpt", "model/w").tolist(), tf.train.load_variable(path, "model/b:0").dtype,
      tf.train.load_variable(path, "global_step"))
reader = tf.train.NewCheckpointReader(path)
print(sorted(reader.get_variable_to_shape_map().items()))
print(sorted((k, v.name) for k, v in reader.get_variable_to_dtype_map().items()))
print(reader.has_tensor("model/w"), reader.has_tensor("model/w:0"), reader.get_tensor("model/b").tolist())
print(sorted(tf.train.load_checkpoint("ckpt").get_variable_to_shape_map()))
for call in (lambda: tf.train.load_variable(path, "model/missing"), lambda: reader.get_tensor("nope"),
             lambda: tf.train.list_variables(os.path.join(root, "ckpt", "model-9")),
             lambda: tf.train.NewCheckpointReader(os.path.join(root, "absent")),
             lambda: tf.train.list_variables(root)):
    try:
        call()
    except (tf.errors.NotFoundError, ValueError) as e:
        print(type(e).__name__, str(e).replace(root, "<root>"))
