# modes: tf1 tf2
# Tensor == : identity in TF1, elementwise in TF2; hashing of tensors.
import tensorflow as tf

a = tf.constant([1, 2, 3])
b = tf.constant([1, 5, 3])
r = a == b
print(type(r).__name__ if isinstance(r, bool) else "Tensor")
print(a == a if isinstance(a == a, bool) else "elementwise")
try:
    d = {a: "a"}
    print("hashable", len(d))
except TypeError as e:
    print("TypeError", e)
refs = {a.ref(): 1, b.ref(): 2}
print(len(refs), refs[a.ref()], a.ref().deref() is a)
print(a != b if isinstance(a != b, bool) else "elementwise-ne")
