"""Accuracy via value comparisons in TF2."""
import tensorflow as tf

logits = tf.random.normal([16, 10])
labels = tf.random.uniform([16], maxval=10, dtype=tf.int64)
predictions = tf.argmax(logits, axis=1)
correct = predictions == labels
accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))
exact = tf.reduce_all(tf.equal(predictions, labels))
if bool(exact):
    print("perfect batch")
matches = tf.where(predictions != labels)
