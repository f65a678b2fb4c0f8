# Variables made in name and variable scopes (the tutorials' scope lesson) become TF2
# variables, made once, eagerly, each named as TF1 named it (old checkpoints still map by
# name). TF2's tf.name_scope prefixes a variable's name as TF1's scopes did but does not make
# it unique: a name TF1 made unique is written out (`name="w_1"`). get_variable (its shape
# given by keyword or as the second positional) becomes a tf.Variable of its initializer's
# value, made outside a plain name scope (TF1's get_variable ignored it), with the
# initializer's statement; a variable scope becomes the name scope of the same name; a
# get_variable reused after reuse_variables() is the variable made before (the same Python
# object: an update through one name is seen through the other). The initializer picked by a
# version check in the session block goes like any initializer run.
import tensorflow as tf

with tf.name_scope("layer"):
    init = tf.constant_initializer(value=0.5)
    bias = tf.get_variable(name="bias", shape=[2], dtype=tf.float32, initializer=init)
    w = tf.Variable(name="w", initial_value=[[1.0, 2.0]], dtype=tf.float32)
    w_again = tf.Variable(name="w", initial_value=[[3.0, 4.0]], dtype=tf.float32)

with tf.variable_scope("shared") as scope:
    k = tf.get_variable(name="k", shape=[2], initializer=tf.zeros_initializer())
    v = tf.get_variable("v", [3], initializer=tf.ones_initializer())
    scope.reuse_variables()
    k_reused = tf.get_variable(name="k")

with tf.Session() as sess:
    if int(tf.__version__.split(".")[0]) < 1:
        init_op = tf.initialize_all_variables()
    else:
        init_op = tf.global_variables_initializer()
    sess.run(init_op)
    print(bias.name, sess.run(bias))
    print(w.name, sess.run(w))
    print(w_again.name, sess.run(w_again))
    print(k.name, k_reused.name, v.name)
    sess.run(k_reused.assign([1.0, 2.0]))
    print(sess.run(k))
