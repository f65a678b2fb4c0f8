# modes: tf1 tf2
# tf.strings.to_number / TF1 tf.string_to_number with out_type float32/float64/int32/int64
# (whitespace, signs, exponents, inf/nan, hex floats), string constants and placeholders
# fed with Python str and bytes lists (sess.run gives bytes, as TensorFlow), and the
# InvalidArgumentError TensorFlow raises on a string it cannot convert (eagerly, in a
# tf.function, in a session).
import numpy as np
import tensorflow as tf

if tf.executing_eagerly():
    s = tf.constant(["1.5", "-2", " 3e2 "])
    print(s)
    print(s.numpy(), s.numpy().dtype, s.shape, s.dtype)
    print(tf.constant("x"), tf.constant(b"y").numpy(), tf.constant([[b"a"], ["b"]]).numpy().tolist())
    print(tf.strings.to_number(s), tf.strings.to_number(s, tf.float64).numpy().tolist())
    print(tf.strings.to_number(["0x10", "+3", "-0", ".5", "1e40", "00012", "\t5\n"]).numpy().tolist())
    print(tf.strings.to_number(["9223372036854775807", "-2147483648"], out_type=tf.int64).numpy().tolist())
    print(tf.strings.to_number(tf.constant(["10", "-4"]), out_type=tf.int32))
    n = tf.strings.to_number(np.array([b"7", b"8"]), out_type=tf.int64)
    print(n.numpy().tolist(), n.dtype)
    print(tf.strings.to_number("42"), tf.strings.to_number(["inf", "-inf", "nan"]).numpy().tolist())
    @tf.function
    def f(x):
        return tf.strings.to_number(x) * 2.0
    print(f(tf.constant(["1", "2.5"])).numpy().tolist())
    print(f(["3"]).numpy().tolist())
    try:
        f(tf.constant(["oops"]))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, "could not correctly convert string: oops" in e.message)
    for bad, ot in (("1.5", tf.int32), ("2147483648", tf.int32), ("abc", tf.float32), ("", tf.float64),
                    ("- 3", tf.float32), ("1e3", tf.int64), ("9223372036854775808", tf.int64), ("12abc", tf.float64)):
        try:
            tf.strings.to_number(bad, out_type=ot)
        except tf.errors.InvalidArgumentError as e:
            print(type(e).__name__, repr(bad), ot.name, e.message.split("}} ")[-1])
else:
    p = tf.placeholder(tf.string, [None])
    c = tf.constant(["0.25", "4"])
    print(p, c)
    x = tf.string_to_number(p)
    y = tf.strings.to_number(c, out_type=tf.float64)
    z = tf.string_to_number(p, out_type=tf.int32)
    print(x, y, z)
    with tf.Session() as sess:
        print(sess.run(c), sess.run(c).dtype)
        print(sess.run(c[0]), type(sess.run(c[0])))
        print(sess.run([x, y], {p: ["1", "2.5", b"-3"]}))
        print(sess.run(x, {p: np.array(["7", "8"])}))
        print(sess.run(z, {p: [" 12 ", "-5"]}))
        print(sess.run(tf.identity(p), {p: ["a", b"b"]}), sess.run(tf.strings.to_number(c) * 2.0))
        print(repr(sess.run(p, {p: ["a", b"b"]})))   # a fetched feed: the fed array itself
        for bad in (["1.5"], ["x", "2"], [""]):
            try:
                sess.run(z, {p: bad})
            except tf.errors.InvalidArgumentError as e:
                print(type(e).__name__, e.message.splitlines()[-2] if len(e.message.splitlines()) > 1 else e.message)
