"""Feature columns cached per feature name inside the traced call."""
import tensorflow as tf


class FeatureEncoder(tf.Module):
    def __init__(self, vocab):
        super().__init__()
        self.vocab = vocab
        self._tables = {}

    @tf.function
    def encode(self, name, ids):
        if name not in self._tables:
            init = tf.lookup.KeyValueTensorInitializer(self.vocab, tf.range(len(self.vocab), dtype=tf.int64))
            self._tables[name] = tf.lookup.StaticHashTable(init, default_value=-1)  # expect: TFM403
        return self._tables[name].lookup(ids)


encoder = FeatureEncoder(["a", "b", "c"])
for _ in range(2):
    encoder.encode("color", tf.constant(["a", "c"]))
