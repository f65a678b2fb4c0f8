# The loss summed over the data points by a Python loop while the graph is built (the
# accumulator starts as a Python number): the loop, with the statement that starts the
# sum, is repeated in the training function, where TF2 traces it as TF1 built it.
import tensorflow as tf

xs = [0.0, 1.0, 2.0, 3.0]
ys = [-0.8, -0.5, -0.1, 0.3]
m = tf.Variable(-0.5)
b = tf.Variable(1.0)

error = 0.0
for k in range(len(xs)):
    y_model = m * xs[k] + b
    error += (ys[k] - y_model) ** 2
mean_error = error / len(xs)

train = tf.train.GradientDescentOptimizer(learning_rate=0.05).minimize(mean_error)

with tf.Session() as session:
    session.run(tf.global_variables_initializer())
    for step in range(20):
        session.run(train)
    print("error", round(float(session.run(mean_error)), 5))
    print("m", round(float(m.eval()), 5), "b", round(float(b.eval()), 5))
