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

init = tf.constant_initializer(value=0.5)
bias = tf.Variable(init(shape=[2], dtype=tf.float32), name="bias")
with tf.name_scope("layer"):
    w = tf.Variable(name="w", initial_value=[[1.0, 2.0]], dtype=tf.float32)
    w_again = tf.Variable(name="w_1", initial_value=[[3.0, 4.0]], dtype=tf.float32)

with tf.name_scope("shared"):
    k = tf.Variable(tf.zeros_initializer()(shape=[2], dtype=tf.float32), name="k")
    v = tf.Variable(tf.ones_initializer()(shape=[3], dtype=tf.float32), name="v")
    # reuse_variables(): a get_variable below is the variable made above
    k_reused = k
print(bias.name, bias.numpy())
print(w.name, w.numpy())
print(w_again.name, w_again.numpy())
print(k.name, k_reused.name, v.name)
k_reused.assign([1.0, 2.0]).numpy()
print(k.numpy())
