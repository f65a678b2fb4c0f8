"""An epsilon-greedy agent whose exploration decays inside the compiled policy."""
import tensorflow as tf


class Agent(tf.Module):
    def __init__(self, n_actions):
        super().__init__()
        self.q = tf.keras.Sequential([tf.keras.layers.Dense(n_actions)])
        self.n_actions = n_actions
        self.epsilon = 1.0
        self.eps_var = tf.Variable(1.0)

    @tf.function
    def act(self, state):
        self.epsilon *= 0.995  # expect: TFM403
        self.eps_var.assign(self.eps_var * 0.995)
        greedy = tf.argmax(self.q(state), axis=-1)
        random = tf.random.uniform(tf.shape(greedy), maxval=self.n_actions, dtype=tf.int64)
        explore = tf.random.uniform(tf.shape(greedy)) < self.eps_var
        return tf.where(explore, random, greedy)


agent = Agent(4)
for _ in range(10):
    agent.act(tf.zeros([1, 8]))
