"""Learning-rate schedules done the TF2 way."""
import tensorflow as tf

boundaries = [1000, 2000]
values = [0.1, 0.01, 0.001]
piecewise = tf.keras.optimizers.schedules.PiecewiseConstantDecay(boundaries, values)
opt_a = tf.keras.optimizers.SGD(learning_rate=piecewise, momentum=0.9)

global_step = tf.Variable(0, trainable=False)
opt_b = tf.keras.optimizers.Adam(learning_rate=lambda: 1e-3 / (1.0 + tf.cast(global_step, tf.float32)))


class WarmUp(tf.keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, peak, warmup_steps):
        self.peak = peak
        self.warmup_steps = warmup_steps

    def __call__(self, step):
        return self.peak * tf.minimum(1.0, tf.cast(step, tf.float32) / self.warmup_steps)


opt_c = tf.keras.optimizers.Adam(WarmUp(1e-3, 500))
base = 3e-4
opt_d = tf.keras.optimizers.RMSprop(base * 2)
