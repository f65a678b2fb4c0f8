# tf.app.run's main: a graph object, a seeded model built in it, an assigned session bound
# to it with graph=g, closed at the end.
import numpy as np
import tensorflow as tf

tf.app.flags.DEFINE_integer("epochs", 4, "Passes over the data.")
FLAGS = tf.app.flags.FLAGS


def main(_):
    data = np.linspace(0.0, 1.0, 16, dtype=np.float32).reshape(8, 2)
    g = tf.Graph()
    with g.as_default():
        tf.set_random_seed(3)
        x = tf.placeholder(tf.float32, [None, 2])
        w1 = tf.Variable(tf.truncated_normal([2, 4], stddev=0.5, seed=1))
        w2 = tf.Variable(tf.truncated_normal([4, 1], stddev=0.5, seed=2))
        hidden = tf.nn.relu(tf.matmul(x, w1))
        out = tf.matmul(hidden, w2)
        loss = tf.reduce_mean(tf.square(out - tf.reduce_sum(x, axis=1, keepdims=True)))
        train = tf.train.AdamOptimizer(0.05).minimize(loss)
        sess = tf.Session(graph=g)
        sess.run(tf.global_variables_initializer())
        for epoch in range(FLAGS.epochs):
            for start in range(0, 8, 4):
                sess.run(train, {x: data[start:start + 4]})
            print("epoch", epoch, "loss", round(float(sess.run(loss, {x: data})), 4))
        print("out", [round(float(t), 3) for t in sess.run(out, {x: data[:2]}).ravel()])
        sess.close()


if __name__ == "__main__":
    tf.app.run(main)
