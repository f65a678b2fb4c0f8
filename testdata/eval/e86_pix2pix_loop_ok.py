"""pix2pix-style loop with the step index coming from Dataset.enumerate()."""
import tensorflow as tf

generator = tf.keras.Sequential([tf.keras.layers.Conv2D(3, 3, padding="same")])
generator_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
summary_writer = tf.summary.create_file_writer("/tmp/logs")


@tf.function
def train_step(input_image, target, step):
    with tf.GradientTape() as gen_tape:
        gen_output = generator(input_image, training=True)
        gen_l1_loss = tf.reduce_mean(tf.abs(target - gen_output))
    grads = gen_tape.gradient(gen_l1_loss, generator.trainable_variables)
    generator_optimizer.apply_gradients(zip(grads, generator.trainable_variables))
    with summary_writer.as_default():
        tf.summary.scalar("gen_l1_loss", gen_l1_loss, step=step // 1000)


train_ds = tf.data.Dataset.from_tensor_slices((tf.zeros([4, 8, 8, 3]), tf.zeros([4, 8, 8, 3]))).batch(1)
for step, (input_image, target) in train_ds.repeat().take(20).enumerate():
    if (step + 1) % 10 == 0:
        print(".", end="", flush=True)
    train_step(input_image, target, step)
