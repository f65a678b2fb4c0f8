"""Evaluation script written against an exported graph."""
import tensorflow as tf

saver = tf.compat.v1.train.import_meta_graph("model.ckpt.meta")
with tf.compat.v1.Session() as sess:
    saver.restore(sess, "model.ckpt")
    batch = [[0.0] * 784]
    loss_val, acc_val = sess.run(["loss:0", "accuracy:0"], feed_dict={"x:0": batch, "keep_prob:0": 1.0})  # expect: TFM501
    print(loss_val, acc_val)
    summary = sess.run(tf.compat.v1.summary.merge_all())
