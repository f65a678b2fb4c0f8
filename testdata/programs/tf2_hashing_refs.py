# modes: tf2
# TF2: tensors and variables are unhashable; use .ref() / .deref().
import tensorflow as tf

t = tf.constant(1.0)
v = tf.Variable(2.0)
for obj in (t, v):
    try:
        hash(obj)
    except TypeError as e:
        print("TypeError", str(e).split(".")[0])
s = {t.ref(), v.ref(), t.ref()}
print(len(s))
print(t.ref().deref().numpy(), v.ref().deref().numpy())
print(tf.constant([1, 2]) == tf.constant([1, 3]))
print(tf.constant([1, 2]) != tf.constant([1, 3]))
