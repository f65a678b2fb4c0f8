"""TF2 DQN agent with a Python replay buffer (a list that is meant to grow)."""
import random
from collections import deque

import numpy as np
import tensorflow as tf


class Agent:
    def __init__(self, n_actions):
        self.q = tf.keras.Sequential([tf.keras.layers.Dense(32, activation="relu"), tf.keras.layers.Dense(n_actions)])
        self.opt = tf.keras.optimizers.Adam(1e-3)
        self.buffer = []
        self.recent = deque(maxlen=100)
        self.gamma = 0.99

    def remember(self, s, a, r, s2):
        self.buffer.append((s, a, r, s2))
        self.recent.append(r)

    @tf.function
    def learn_on(self, s, a, target):
        with tf.GradientTape() as tape:
            q = tf.reduce_sum(self.q(s) * tf.one_hot(a, 2), axis=1)
            loss = tf.reduce_mean(tf.square(target - q))
        grads = tape.gradient(loss, self.q.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.q.trainable_variables))
        return loss

    def train_step(self):
        batch = random.sample(self.buffer, min(32, len(self.buffer)))
        s, a, r, s2 = map(np.array, zip(*batch))
        target = r + self.gamma * tf.reduce_max(self.q(s2.astype(np.float32)), axis=1)
        return self.learn_on(s.astype(np.float32), a, tf.cast(target, tf.float32))


agent = Agent(2)
for t in range(64):
    agent.remember(np.zeros(4), t % 2, 1.0, np.ones(4))
    if t >= 32:
        agent.train_step()
print(np.mean(agent.recent))
