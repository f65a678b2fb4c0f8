# RMSProp: TF1 starts the mean square at 1, Keras at 0, so no Keras optimizer makes the
# same update: the session converts and the v1 optimizer stays, with the reason.
import numpy as np
import tensorflow as tf

w = tf.Variable(0.0)

optimizer = tf.compat.v1.train.RMSPropOptimizer(0.01)


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def run_train_loss(x):
    loss = tf.reduce_mean(tf.square(w * x - 2.0 * x))
    train = optimizer.minimize(loss, var_list=[w])
    return loss


for i in range(10):
    l = run_train_loss(x=np.array([1.0, 2.0], np.float32)).numpy()
print("loss", round(float(l), 5), "w", round(float(w.numpy()), 5))
