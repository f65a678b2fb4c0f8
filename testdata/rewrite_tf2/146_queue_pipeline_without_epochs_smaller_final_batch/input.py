# A queue pipeline without num_epochs (endless: `repeat()`), tf.train.batch keeping a
# smaller final batch (`allow_smaller_final_batch=True`: no drop_remainder), the session
# made and closed by hand, the coordinator stopped and joined at the end.
import numpy as np
import tensorflow as tf

images = np.arange(30, dtype=np.float32).reshape(10, 3) / 30.0
labels = np.arange(10) % 2
image, label = tf.train.slice_input_producer([images, labels], shuffle=False)
image_batch, label_batch = tf.train.batch([image, label], batch_size=4, allow_smaller_final_batch=True)
w = tf.Variable(tf.ones([3, 2]) * 0.1)
logits = tf.matmul(image_batch, w)
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=label_batch, logits=logits))
train = tf.train.AdamOptimizer(0.05).minimize(loss)

sess = tf.Session()
sess.run(tf.global_variables_initializer())
coord = tf.train.Coordinator()
threads = tf.train.start_queue_runners(sess=sess, coord=coord)
for i in range(7):
    _, l = sess.run([train, loss])
    print(i, round(float(l), 5))
print(sess.run(label_batch))
coord.request_stop()
coord.join(threads)
sess.close()
