import tensorflow as tf
import tensorflow.compat.v1 as v1
from tensorflow.compat.v1 import InteractiveSession

x = tf.placeholder(tf.float32, [None, 3])
y = tf.reduce_sum(x * 2.0)
init = tf.global_variables_initializer()

with tf.Session() as sess:  # expect: TFM201
    sess.run(init)  # expect: TFM201
    print(sess.run(y, feed_dict={x: [[1.0, 2.0, 3.0]]}))  # expect: TFM201
    print(y.eval(feed_dict={x: [[1.0, 2.0, 3.0]]}))  # expect: TFM201
    init.run()  # expect: TFM201

s2 = v1.Session()  # expect: TFM201
s3 = InteractiveSession()  # expect: TFM201
mon = tf.train.MonitoredTrainingSession()  # expect: TFM201


def train_step(sess, op):
    return sess.run(op)  # expect: TFM201


class Runner:
    def __init__(self):
        self.session = tf.Session()  # expect: TFM201

    def step(self, op):
        return self.session.run(op)  # expect: TFM201


# Must not fire:
import subprocess

subprocess.run(["true"])  # ok: not a session
result = model_runner.run()  # ok: unknown receiver with no session name
z = tf.constant(1.0)  # ok
v = tf.Variable(1.0)  # ok
value = v.numpy()  # ok: TF2 form
try:
    from tensorflow.compat.v1 import Session as LegacySession
except ImportError:
    LegacySession = None
if hasattr(tf, "Session"):
    legacy = tf.Session()  # ok: guarded by a version check


# Sessions the data flow follows: a helper's result, a getter of another module, a
# default parameter, a tensor evaluated in a session handed to it.
from mylib.util import get_session, make_runner


def update(op, feed):
    sess = get_session()
    sess.run(op, feed)  # expect: TFM201


def get_value(var, session=None):
    session = tf.get_default_session() if session is None else session  # expect: TFM201
    return var.eval(session)  # expect: TFM201


def first_variable():
    for w in tf.get_collection(tf.GraphKeys.GLOBAL_VARIABLES):
        return w.eval()  # expect: TFM201


runner = make_runner()
runner.run()  # ok: another module's object not named like a session
df_frame.eval("a + b")  # ok: a string expression on an object of unknown type


from mylib.training import train_model


def fit(loss):
    sess = tf.Session()  # expect: TFM201
    train_model(sess, loss)  # expect: TFM201
    print(sess)  # ok: a builtin
    train_model(loss, steps=3)  # ok: no session handed over


class SessionTest(tf.test.TestCase):
    def test_sum(self):
        with self.test_session() as sess:  # expect: TFM201
            pass


class Helper:
    def session(self):
        return None

    def go(self):
        return self.session()  # ok: not a tf.test.TestCase


def default_session():
    return tf.compat.v1.get_default_session()  # expect: TFM201


class TracerSession(tf.Session):  # expect: TFM201
    def run(self, *args, **kwargs):
        return super(TracerSession, self).run(*args, **kwargs)  # expect: TFM201


def traced():
    return TracerSession()  # expect: TFM201


def evaluate_flow(session, ops):
    return session.run(ops)  # expect: TFM201


def log_only(session, ops):
    return len(ops)


def evaluate_all(ops):
    sess = tf.Session()  # expect: TFM201
    evaluate_flow(sess, ops)  # expect: TFM201
    log_only(sess, ops)  # ok: the helper does not run anything through it


from .trainer import evaluate_flow as run_flow


def evaluate_elsewhere(ops):
    sess = tf.Session()  # expect: TFM201
    run_flow(sess, ops)  # expect: TFM201
    image = make_image()
    return image.eval()  # expect: TFM201
