import tensorflow as tf
import tensorflow.compat.v1 as v1
from tensorflow.compat.v1 import local_variables_initializer
from tensorflow import tables_initializer

w = v1.get_variable("w", [3])
b = tf.Variable(0.0)
init = tf.global_variables_initializer()  # expect: TFM205

with tf.Session() as sess:
    sess.run(init)  # expect: TFM205
    sess.run(local_variables_initializer())  # expect: TFM205
    sess.run([tables_initializer(), b.initializer])  # expect: TFM205
    print(sess.run(w))  # ok: a real fetch

with v1.Session() as other:
    other.run(v1.variables_initializer([w, b]))  # expect: TFM205

init_op = tf.group(v1.global_variables_initializer(), local_variables_initializer())  # expect: TFM205
init_list = [tables_initializer()]  # expect: TFM205
with v1.Session() as sess3:
    sess3.run(init_op)  # expect: TFM205
    sess3.run(init_list)  # expect: TFM205
    sess3.run(tf.group(w.initializer, b.initializer))  # expect: TFM205
    sess3.run(tf.group(init, w))  # ok: groups a real op with the initializer

with v1.Session() as sess2:
    init.run()  # expect: TFM205
    w.initializer.run()  # expect: TFM205
    result = sess2.run([init, w])  # ok: mixes the initializer with a real fetch


def restore_or_init(session, saver, path):
    if path:
        saver.restore(session, path)  # ok
    else:
        session.run(v1.initialize_all_variables())  # expect: TFM205


@tf.function
def warmup():
    v1.global_variables_initializer()  # expect: TFM205
    return b + 1.0


# Must not fire:
initializer = tf.keras.initializers.GlorotUniform()  # ok: a weight initializer, not an init op
dense = tf.keras.layers.Dense(4, kernel_initializer="zeros")  # ok
table_init = tf.lookup.KeyValueTensorInitializer(["a"], [1])  # ok: TF2 table initializer object


from mylib.tf_utils import initialize_uninitialized_global_variables


class Loader:
    def __init__(self, sess, variables):
        self.sess = sess
        self.variables = variables
        self.counter = v1.Variable(0)
        self.reset = [v1.variables_initializer([self.counter])]  # ok: an op handed to the users, not run here

    def load(self, values):
        fetches, feeds = [], {}
        for var, value in zip(self.variables, values):
            fetches.append(var.initializer)  # expect: TFM205
            feeds[var.initializer.inputs[1]] = value
        self.sess.run(fetches, feed_dict=feeds)

    def prepare(self):
        initialize_uninitialized_global_variables(self.sess)  # expect: TFM205
        initialize_uninitialized_global_variables()  # ok: no session handed over
