import tensorflow as tf
import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1 import disable_resource_variables, get_variable
from tensorflow import Variable

tf1.disable_resource_variables()  # expect: TFM304
disable_resource_variables()  # expect: TFM304
counter = tf.Variable(0.0, use_resource=False)  # expect: TFM304
weights = get_variable("w", [3], use_resource=False)  # expect: TFM304
legacy = tf1.VariableV1(1.0)  # expect: TFM304
total = Variable(0.0)
increment = total.assign_add(1.0)
safe = tf1.Variable(0.0, use_resource=True)  # ok: an explicit resource variable
bump = safe.assign_add(1.0)

with tf1.Session() as sess:
    sess.run(tf1.global_variables_initializer())
    new_count, seen = sess.run([counter.assign_add(1.0), counter])  # expect: TFM304
    _, t = sess.run([increment, total])  # expect: TFM304
    sess.run((tf1.assign(weights, [1.0, 2.0, 3.0]), weights.read_value()))  # expect: TFM304
    # Must not fire:
    _, s = sess.run([bump, safe])  # ok: resource variable requested explicitly
    sess.run(increment)  # ok: the update alone
    value = sess.run(total)  # ok: a read in its own run
    both = sess.run([increment, counter])  # ok: different variables

resource = tf1.get_variable("r", [3], use_resource=True)  # ok
plain = tf.Variable(1.0)  # ok
