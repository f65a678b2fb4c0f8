"""TF1 loop with one train op and several evaluation-only run sites."""
import tensorflow as tf

tf.compat.v1.disable_eager_execution()
x = tf.compat.v1.placeholder(tf.float32, [None, 4])
y = tf.compat.v1.placeholder(tf.int64, [None])
logits = tf.compat.v1.layers.dense(x, 3)
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), y), tf.float32))
update_ops = tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.UPDATE_OPS)
with tf.control_dependencies(update_ops):
    train_op = tf.compat.v1.train.AdamOptimizer().minimize(loss)
saver = tf.compat.v1.train.Saver()
with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.global_variables_initializer())
    for step in range(100):
        sess.run(train_op, feed_dict={x: [[0.0] * 4], y: [0]})
        if step % 10 == 0:
            print(sess.run([loss, accuracy], feed_dict={x: [[0.0] * 4], y: [0]}))
    saver.save(sess, "/tmp/model.ckpt")
