# modes: tf2
# Migration guide: tensor equality by value in TF2, by identity with
# disable_tensor_equality; hashing; .ref() / .deref().
import tensorflow as tf

tf.compat.v1.disable_tensor_equality()
x = tf.Variable(0.0)
y = tf.Variable(0.0)
print(x == y)
print(len(set([x, tf.constant(2.0)])))
tf.compat.v1.enable_tensor_equality()
x = tf.Variable(0.0)
y = tf.Variable(0.0)
print(x == y)
print(x is y)
try:
    set([x, tf.constant(2.0)])
except TypeError as e:
    print(e)
tensor_set = set([x.ref(), tf.constant(2.0).ref()])
assert x.ref() in tensor_set
print(len(tensor_set))
referenced_var = x.ref().deref()
assert referenced_var is x
print(referenced_var)
