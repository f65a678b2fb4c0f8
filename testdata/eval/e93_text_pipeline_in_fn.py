"""A tokenizer module that builds its vocabulary table and line dataset inside the traced call."""
import tensorflow as tf


class LineCounter(tf.Module):
    def __init__(self, path):
        super().__init__()
        self.path = path
        self.lines_seen = None

    @tf.function
    def __call__(self):
        if self.lines_seen is None:
            self.lines_seen = tf.Variable(0, dtype=tf.int64)
        lines = tf.data.TextLineDataset(self.path)  # expect: TFM402
        vocab = tf.lookup.StaticVocabularyTable(  # expect: TFM402
            tf.lookup.KeyValueTensorInitializer(["a", "b"], [0, 1], value_dtype=tf.int64), num_oov_buckets=1)
        for line in lines:
            self.lines_seen.assign_add(vocab.lookup(tf.strings.split(line)[:1])[0] * 0 + 1)
        return self.lines_seen


class LineCounterFixed(tf.Module):
    def __init__(self, path):
        super().__init__()
        self.lines = tf.data.TextLineDataset(path)
        self.lines_seen = tf.Variable(0, dtype=tf.int64)

    @tf.function
    def __call__(self):
        for _ in self.lines:
            self.lines_seen.assign_add(1)
        return self.lines_seen
