# A helper that runs the session it is passed (tensorflow/models' eval_in_batches), called
# only in the session block, always with that session: it moves into the block, its session
# parameter goes (by position or keyword; a literal default of another parameter is kept),
# and its runs convert with the block's.
import numpy as np
import tensorflow as tf

BATCH = 2


def main():
    w = tf.Variable([[1.0], [2.0], [-1.0]])

    values = np.arange(12, dtype=np.float32).reshape(4, 3) / 10.0

    @tf.function(input_signature=[tf.TensorSpec(shape=(BATCH, 3), dtype=tf.float32)])
    def run_prediction(data):
        prediction = tf.sigmoid(tf.matmul(data, w))
        return prediction

    @tf.function
    def run_grow():
        grow = w.assign(w * 1.5)
        return grow

    # Runs the prediction over a dataset, BATCH rows at a time.
    def predict_in_batches(values, scale=1.0):
        """All predictions for `values`."""
        out = np.zeros((values.shape[0], 1), np.float32)
        for begin in range(0, values.shape[0], BATCH):
            out[begin:begin + BATCH] = run_prediction(data=values[begin:begin + BATCH]).numpy()
        return out * scale

    print(predict_in_batches(values))
    run_grow()
    print(predict_in_batches(values[:2], scale=2.0))


if __name__ == "__main__":
    main()
