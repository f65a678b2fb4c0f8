"""Counting tensor occurrences with collections.Counter."""
import collections

import tensorflow as tf

a = tf.constant(1)
b = tf.constant(2)
counts = collections.Counter()
counts[a] += 1  # expect: TFM503
seen_by_ref = collections.Counter()
seen_by_ref[b.ref()] += 1
