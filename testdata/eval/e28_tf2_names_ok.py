"""TF2 model code: names are given, not looked up."""
import tensorflow as tf

inputs = tf.keras.Input(shape=(4,), name="features")
hidden = tf.keras.layers.Dense(8, activation="relu", name="hidden")(inputs)
outputs = tf.keras.layers.Dense(1, name="score")(hidden)
model = tf.keras.Model(inputs, outputs)

for variable in model.trainable_variables:
    print(variable.name, variable.shape)

layer = model.get_layer("hidden")
ckpt = tf.train.Checkpoint(model=model)
tag = "run:1"
