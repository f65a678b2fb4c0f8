# A `with tf.control_dependencies([...]):` block that builds part of the graph: one
# statement of the graph, kept (with the ops it waits for) in each function that needs one
# of its names; TF2's tf.control_dependencies orders the function's ops as TF1's did.
import tensorflow as tf

w = tf.Variable([1.0, -2.0])
count = tf.Variable(0, trainable=False)
loss = tf.reduce_sum(tf.square(w))
grad = tf.gradients(loss, [w])[0]
update = tf.assign_sub(w, 0.25 * grad)
with tf.control_dependencies([update]):
    # read after the update
    after = tf.identity(w) * 2.0
    step = tf.assign_add(count, 1)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(3):
        print(sess.run([after, step]))
    print(sess.run(w), sess.run(count))
