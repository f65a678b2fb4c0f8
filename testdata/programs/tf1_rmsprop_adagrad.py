# modes: tf1
# tf.train.RMSPropOptimizer (plain, momentum + centered) and AdagradOptimizer: the update
# formulas of TF's ApplyRMSProp / ApplyCenteredRMSProp / ApplyAdagrad kernels.
import tensorflow as tf
for name, make in [("rms", lambda: tf.train.RMSPropOptimizer(0.05)),
                   ("rms_mom_centered", lambda: tf.train.RMSPropOptimizer(0.05, momentum=0.5, centered=True)),
                   ("adagrad", lambda: tf.train.AdagradOptimizer(0.3))]:
    tf.reset_default_graph()
    w = tf.Variable([1.0, -2.0, 3.0], name="w")
    b = tf.Variable(0.5, name="b")
    loss = tf.reduce_sum(tf.square(w * 2.0 + b - 1.0))
    step = make().minimize(loss)
    with tf.Session() as s:
        s.run(tf.global_variables_initializer())
        for i in range(4):
            s.run(step)
        print(name, s.run(w), s.run(b), s.run(loss))
