# Adam built inline in the training op; two placeholders; a fetch list with the loss.
import numpy as np
import tensorflow as tf

features = np.linspace(-1.0, 1.0, 8, dtype=np.float32).reshape(8, 1)
targets = 3.0 * features - 0.5

w = tf.Variable([[0.1]])
c = tf.Variable([0.0])

optimizer = tf.keras.optimizers.Adam(learning_rate=0.1, beta_1=0.8999999761581421, beta_2=0.9990000128746033, epsilon=1e-08)


@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
    tf.TensorSpec(shape=[None, 1], dtype=tf.float32),
])
def run_train_op_loss(x, t):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, w) + c
        loss = tf.reduce_mean(tf.square(pred - t))
    grads = tape.gradient(loss, [w, c])
    optimizer.apply_gradients(zip(grads, [w, c]))
    return loss


for epoch in range(30):
    loss_value = run_train_op_loss(x=features, t=targets).numpy()
    if epoch % 10 == 9:
        print(epoch, round(float(loss_value), 5))
print(np.round(w.numpy(), 4), np.round(c.numpy(), 4))
