# A `with tf.control_dependencies([...]):` block that builds part of the graph: one
# statement of the graph, kept (with the ops it waits for) in each function that needs one
# of its names; TF2's tf.control_dependencies orders the function's ops as TF1's did.
import tensorflow as tf

w = tf.Variable([1.0, -2.0])
count = tf.Variable(0, trainable=False)


@tf.function
def run_after_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(w))
    grad = tape.gradient(loss, [w])[0]
    update = w.assign_sub(0.25 * grad)
    with tf.control_dependencies([update]):
        # read after the update
        after = tf.identity(w) * 2.0
        step = count.assign_add(1)
    return [after, step]


for i in range(3):
    print([t.numpy() for t in run_after_step()])
print(w.numpy(), count.numpy())
