# modes: tf1
# tf.train.Supervisor: the ops it makes (init_op, local_init_op, ready_op from
# report_uninitialized_variables, a Saver when there are global variables), the graph it
# finalizes, prepare_or_wait_for_session initializing the model and its local variables,
# start_queue_runners with its coordinator, managed_session and a restore from the logdir's
# checkpoint on the next Supervisor; tf.report_uninitialized_variables before and after.
import os
import shutil
import tempfile

import tensorflow as tf

logdir = os.path.join(tempfile.gettempdir(), "tfm_supervisor_program")
shutil.rmtree(logdir, ignore_errors=True)

w = tf.Variable([1.0, 2.0], name="w")
counter = tf.Variable(0, name="counter", trainable=False, collections=[tf.GraphKeys.LOCAL_VARIABLES])
bump = tf.assign_add(counter, 3)
scale = w * 2.0
q = tf.train.string_input_producer(["a", "b", "c"], shuffle=False, num_epochs=1)
item = q.dequeue()
uninit = tf.report_uninitialized_variables()
print(uninit.dtype, uninit.shape)
with tf.Session() as s:
    print(sorted(s.run(uninit).tolist()))

sv = tf.train.Supervisor(logdir=logdir)
print(tf.get_default_graph().finalized, sv.is_chief, sv.saver is not None, sv.global_step)
print(sv.init_op.type, sv.ready_op.name, sv.ready_for_local_init_op)
try:
    tf.constant(1.0)
except RuntimeError as e:
    print("RuntimeError", e)
with sv.prepare_or_wait_for_session() as sess:
    print(sess.run(uninit).tolist(), sess.run([scale, bump]))
    sv.start_queue_runners(sess)
    out = []
    try:
        while True:
            out.append(sess.run(item))
    except tf.errors.OutOfRangeError:
        print(out)
    print(sv.should_stop())
    sess.run(tf.get_default_graph().get_operation_by_name("w/Assign"), {"w/initial_value:0": [5.0, 6.0]})
    path = sv.saver.save(sess, os.path.join(logdir, "model.ckpt"))
    print(os.path.basename(path), sess.run(w))

with tf.Graph().as_default():
    w2 = tf.Variable([0.0, 0.0], name="w")
    sv2 = tf.train.Supervisor(logdir=logdir)
    with sv2.managed_session() as sess:
        print(sess.run(w2), sv2.should_stop())
    print(sv2.should_stop())

with tf.Graph().as_default():
    v = tf.Variable(1.0, name="v")
    sv3 = tf.train.Supervisor(logdir=None, init_op=tf.no_op())
    try:
        sv3.prepare_or_wait_for_session()
    except RuntimeError as e:
        print("RuntimeError", str(e).split(",")[0])
