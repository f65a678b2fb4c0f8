# String ops under TF1 names: string_to_number, substr, string_join, as_string.
import tensorflow as tf

s = tf.constant(["12", "7", "30"])
n = tf.string_to_number(s, out_type=tf.int32)
sub = tf.substr(tf.constant("tensorflow"), 3, 4)
joined = tf.string_join(["a", "b", "c"], separator="-")
as_str = tf.as_string(tf.constant([1.5, 2.25]), precision=2)
with tf.Session() as sess:
    print("numbers", sess.run(n).tolist())
    print("sub", sess.run(sub).decode())
    print("joined", sess.run(joined).decode())
    print("as_string", [v.decode() for v in sess.run(as_str)])
