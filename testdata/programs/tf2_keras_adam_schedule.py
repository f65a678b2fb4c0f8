# modes: tf2
# Keras Adam with a float, a callable and an ExponentialDecay schedule learning rate.
import tensorflow as tf

target = tf.constant([1.0, -2.0])
results = []
for lr in (0.1, lambda: 0.05, tf.keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=2, decay_rate=0.5)):
    w = tf.Variable([0.0, 0.0])
    opt = tf.keras.optimizers.Adam(learning_rate=lr)
    for _ in range(4):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(w - target))
        opt.apply_gradients([(tape.gradient(loss, w), w)])
    print(w.numpy(), int(opt.iterations.numpy()))
