"""Weight tying check carried over from a TF1 seq2seq model."""
import tensorflow as tf


class Seq2Seq(tf.Module):
    def __init__(self, vocab, dim, tie=True):
        super().__init__()
        self.encoder_embedding = tf.Variable(tf.random.normal([vocab, dim]))
        self.decoder_embedding = self.encoder_embedding if tie else tf.Variable(tf.random.normal([vocab, dim]))
        self.projection = tf.Variable(tf.random.normal([dim, vocab]))

    def describe(self):
        if self.decoder_embedding == self.encoder_embedding:  # expect: TFM502
            print("embeddings are tied")
        if self.decoder_embedding is self.encoder_embedding:
            print("identity check")


model = Seq2Seq(100, 16)
model.describe()
