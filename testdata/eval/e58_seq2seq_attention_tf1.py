"""Greedy decoder that records attention weights from inside the loop body."""
import tensorflow as tf


class Decoder:
    def __init__(self, cell, memory):
        self.cell = cell
        self.memory = memory
        self.attention_history = []

    def decode(self, start, max_len):
        def loop_cond(t, state, token):
            return t < max_len

        def loop_body(t, state, token):
            scores = tf.matmul(self.memory, tf.expand_dims(state, -1))
            alpha = tf.nn.softmax(tf.squeeze(scores, -1))
            self.attention_history.append(alpha)  # expect: TFM601
            self.last_alpha = alpha  # expect: TFM601
            new_state = tf.tanh(state + tf.reduce_sum(self.memory * tf.expand_dims(alpha, -1), 0))
            return t + 1, new_state, tf.argmax(new_state)

        return tf.while_loop(loop_cond, loop_body, [tf.constant(0), start, tf.constant(0, tf.int64)])
