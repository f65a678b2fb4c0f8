# A helper that runs the session it is passed (tensorflow/models' eval_in_batches), called
# only in the session block, always with that session: it moves into the block, its session
# parameter goes (by position or keyword; a literal default of another parameter is kept),
# and its runs convert with the block's.
import numpy as np
import tensorflow as tf

BATCH = 2


def main():
    data = tf.placeholder(tf.float32, shape=(BATCH, 3))
    w = tf.Variable([[1.0], [2.0], [-1.0]])
    prediction = tf.sigmoid(tf.matmul(data, w))
    grow = w.assign(w * 1.5)

    # Runs the prediction over a dataset, BATCH rows at a time.
    def predict_in_batches(values, sess, scale=1.0):
        """All predictions for `values`."""
        out = np.zeros((values.shape[0], 1), np.float32)
        for begin in range(0, values.shape[0], BATCH):
            out[begin:begin + BATCH] = sess.run(prediction, feed_dict={data: values[begin:begin + BATCH]})
        return out * scale

    values = np.arange(12, dtype=np.float32).reshape(4, 3) / 10.0
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        print(predict_in_batches(values, sess))
        sess.run(grow)
        print(predict_in_batches(values[:2], sess=sess, scale=2.0))


if __name__ == "__main__":
    main()
