"""Standard tf.data loop feeding tensors to a compiled step."""
import tensorflow as tf

w = tf.Variable(tf.zeros([4, 1]))
opt = tf.keras.optimizers.Adam(0.01)


@tf.function(reduce_retracing=True)
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) - y))
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    return loss


ds = tf.data.Dataset.from_tensor_slices((tf.ones([32, 4]), tf.ones([32, 1]))).shuffle(32).batch(8)
for epoch in range(3):
    for step, (x, y) in enumerate(ds):
        loss = train_step(x, y)
    tf.print("epoch", epoch, "loss", loss)
