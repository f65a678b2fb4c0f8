"""TFM503: tensors and variables as set members and dict keys (guide: hashing tensors).

TF1 (tensor equality off): hashed by identity: the set has 2 members, the dict finds w.
TF2 (tensor equality on): TypeError "Variable is unhashable"; `.ref()` keys work in both.
"""
import tensorflow as tf

from common_steps import mode

print("mode:", mode())
x = tf.Variable(0.0)
try:
    s = set([x, tf.constant(2.0)])
    print("set members:", len(s))
except TypeError as e:
    print("TypeError:", "unhashable" in str(e))
w = tf.Variable(1.0)
try:
    lr = {w: 0.1}
    print("lookup:", lr[w])
except TypeError as e:
    print("TypeError:", "unhashable" in str(e))
refs = {x.ref(): "x", w.ref(): "w"}
print("ref keys:", sorted(refs.values()), x.ref() in refs)
