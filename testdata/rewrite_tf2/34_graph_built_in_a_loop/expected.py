# The loss summed over the data points by a Python loop while the graph is built (the
# accumulator starts as a Python number): the loop, with the statement that starts the
# sum, is repeated in the training function, where TF2 traces it as TF1 built it.
import tensorflow as tf

xs = [0.0, 1.0, 2.0, 3.0]
ys = [-0.8, -0.5, -0.1, 0.3]
m = tf.Variable(-0.5)
b = tf.Variable(1.0)

optimizer = tf.keras.optimizers.SGD(learning_rate=0.05)


@tf.function
def run_train():
    with tf.GradientTape() as tape:
        error = 0.0
        for k in range(len(xs)):
            y_model = m * xs[k] + b
            error += (ys[k] - y_model) ** 2
        mean_error = error / len(xs)
    grads = tape.gradient(mean_error, [m, b])
    optimizer.apply_gradients(zip(grads, [m, b]))


@tf.function
def run_mean_error():
    error = 0.0
    for k in range(len(xs)):
        y_model = m * xs[k] + b
        error += (ys[k] - y_model) ** 2
    mean_error = error / len(xs)
    return mean_error


for step in range(20):
    run_train()
print("error", round(float(run_mean_error().numpy()), 5))
print("m", round(float(m.numpy()), 5), "b", round(float(b.numpy()), 5))
