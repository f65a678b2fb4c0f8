# modes: tf2
# tf.train.Checkpoint, the object-based checkpoints a TF1 Saver flow becomes in TF2: write and
# read into fresh objects (a tf.Module with a list and a dict, a Variable, a built Dense), the
# deferred restoration of an unbuilt Dense and a fresh Adam (their variables, made at the first
# call inside a tf.function, get the checkpoint's values), save() numbering -N and the
# `checkpoint` state file, restore() of save_counter, tf.train.list_variables / load_variable
# keys and shapes, the status assertions failing as TensorFlow words them, the errors for a
# missing checkpoint and a mismatched shape, and CheckpointManager keeping the newest two.
import os
import tempfile

import numpy as np
import tensorflow as tf

root = tempfile.mkdtemp()
os.chdir(root)


def show(text):
    return str(text).replace(root, "<root>")


class Block(tf.Module):
    def __init__(self, scale):
        super().__init__()
        self.w = tf.Variable(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32) * scale)
        self.extras = [tf.Variable(scale), tf.Variable([scale, -scale])]
        self.table = {"bias": tf.Variable(np.full([2], scale, np.float32)), "step": tf.Variable(7 * int(scale))}


# ---- write / read into fresh objects
dense = tf.keras.layers.Dense(3)
dense(tf.zeros([1, 2]))
dense.set_weights([np.arange(6, dtype=np.float32).reshape(2, 3) / 10, np.array([0.5, -0.5, 1.0], np.float32)])
src = tf.train.Checkpoint(block=Block(2.0), dense=dense, count=tf.Variable(41, dtype=tf.int64))
prefix = src.write("wr/plain")
print("write returned", prefix, os.path.exists("wr/plain.index"), tf.train.latest_checkpoint("wr"))
for name, shape in tf.train.list_variables(prefix):
    print("key", name, shape)
print("load kernel", tf.train.load_variable(prefix, "dense/_kernel/.ATTRIBUTES/VARIABLE_VALUE").tolist())
print("load count", tf.train.load_variable(prefix, "count/.ATTRIBUTES/VARIABLE_VALUE"))

fresh_block, fresh_dense = Block(0.0), tf.keras.layers.Dense(3)
fresh_dense(tf.zeros([1, 2]))
count = tf.Variable(0, dtype=tf.int64)
status = tf.train.Checkpoint(block=fresh_block, dense=fresh_dense, count=count).read(prefix)
print("status", type(status).__name__, status.assert_consumed() is status,
      status.assert_existing_objects_matched() is status, status.assert_nontrivial_match() is status)
print("block", fresh_block.w.numpy().tolist(), [v.numpy().tolist() for v in fresh_block.extras],
      fresh_block.table["bias"].numpy().tolist(), fresh_block.table["step"].numpy())
print("dense", [w.tolist() for w in fresh_dense.get_weights()], "count", count.numpy())

# ---- deferred restoration: an unbuilt Dense and a fresh Adam, built inside a tf.function
x = tf.constant([[1.0, -2.0], [0.5, 3.0]])
y = tf.constant([[1.0, 0.0, 2.0], [-1.0, 1.0, 0.0]])


def make_step(layer, opt):
    @tf.function
    def step(inputs, targets):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(layer(inputs) - targets))
        grads = tape.gradient(loss, layer.trainable_variables)
        opt.apply_gradients(zip(grads, layer.trainable_variables))
        return loss
    return step


trained, adam = tf.keras.layers.Dense(3), tf.keras.optimizers.Adam(0.05)
trained(tf.zeros([1, 2]))
trained.set_weights(dense.get_weights())
train = make_step(trained, adam)
for _ in range(3):
    train(x, y)
saved = tf.train.Checkpoint(dense=trained, opt=adam).save("train/ckpt")
print("saved", saved)
for name, shape in tf.train.list_variables(saved):
    print("key", name, shape)

later, later_adam = tf.keras.layers.Dense(3), tf.keras.optimizers.Adam(0.05)
ckpt = tf.train.Checkpoint(dense=later, opt=later_adam)
status = ckpt.restore(saved)
print("built before the call:", later.built, "save_counter", ckpt.save_counter.numpy())
try:
    status.assert_consumed()
except AssertionError as e:
    print("assert_consumed before the call:", e)
status.assert_existing_objects_matched()
later_step = make_step(later, later_adam)
print("loss", float(later_step(x, y)), float(train(x, y)))
print("same weights", all(np.array_equal(a, b) for a, b in zip(later.get_weights(), trained.get_weights())))
print("iterations", later_adam.iterations.numpy(), adam.iterations.numpy())
print("consumed after the call:", status.assert_consumed() is status)
print("values", [np.round(w, 5).tolist() for w in later.get_weights()])

# ---- save() numbering and the state file
counter_ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
paths = []
for i in range(3):
    counter_ckpt.v.assign_add(1.0)
    paths.append(counter_ckpt.save(os.path.join(root, "numbered", "model")))
print("saves", [show(p) for p in paths], "counter", counter_ckpt.save_counter.numpy())
with open("numbered/checkpoint") as f:
    print(show(f.read()))
print("latest", show(tf.train.latest_checkpoint("numbered")))
print("state", show(tf.train.get_checkpoint_state("numbered").all_model_checkpoint_paths))
restored = tf.train.Checkpoint(v=tf.Variable(0.0))
restored.restore(paths[1]).assert_consumed()
print("restored v", restored.v.numpy(), "save_counter", restored.save_counter.numpy())
print("load_variable on the directory:", float(tf.train.load_variable("numbered", "v/.ATTRIBUTES/VARIABLE_VALUE")))

# ---- status assertions failing, errors
extra = tf.train.Checkpoint(v=tf.Variable(0.0), other=tf.Variable([1.0, 2.0]))
status = extra.restore(paths[0])
for check in ("assert_consumed", "assert_existing_objects_matched", "assert_nontrivial_match"):
    try:
        getattr(status, check)()
        print(check, "passed")
    except AssertionError as e:
        print(check, "AssertionError:", e)
print("expect_partial", status.expect_partial() is status)
status = tf.train.Checkpoint(unrelated=tf.Variable(3.0)).read(paths[0])
try:
    status.assert_nontrivial_match()
except AssertionError as e:
    print("nontrivial:", e)
try:
    tf.train.Checkpoint(v=tf.Variable(0.0)).restore(os.path.join(root, "numbered", "model"))
except tf.errors.NotFoundError as e:
    print("NotFoundError:", show(e.message))
try:
    tf.train.Checkpoint(v=tf.Variable(0.0)).read(os.path.join(root, "nowhere", "x"))
except tf.errors.NotFoundError as e:
    print("NotFoundError:", show(e.message))
try:
    tf.train.Checkpoint(v=tf.Variable([0.0, 0.0])).read(paths[0])
except ValueError as e:
    print("ValueError:", e)
try:
    tf.train.Checkpoint(v=5.0)
except ValueError as e:
    print("ValueError:", e)
none_status = tf.train.Checkpoint(v=tf.Variable(0.0)).restore(None)
try:
    none_status.assert_consumed()
except AssertionError as e:
    print(type(none_status).__name__, e)

# ---- CheckpointManager
managed = tf.train.Checkpoint(step=tf.Variable(0, dtype=tf.int64))
manager = tf.train.CheckpointManager(managed, "managed", max_to_keep=2)
print("manager latest before", manager.latest_checkpoint, manager.checkpoints)
for _ in range(3):
    managed.step.assign_add(5)
    print("manager saved", manager.save())
print("manager", manager.latest_checkpoint, manager.checkpoints)
print("files", sorted(f for f in os.listdir("managed") if f.endswith(".index")))
print("latest", tf.train.latest_checkpoint("managed"))
print("state", tf.train.get_checkpoint_state("managed").all_model_checkpoint_paths)
print("numbered", manager.save(checkpoint_number=100))
with open("managed/checkpoint") as f:
    lines = f.read().splitlines()
stamps = [float(line.split(": ")[1]) for line in lines if "timestamp" in line]
print("\n".join(line.split(": ")[0] + (": <time>" if "timestamp" in line else ": " + line.split(": ")[1])
                for line in lines))
print("stamps ordered", stamps[0] <= stamps[1] and stamps[2] < stamps[0])
again = tf.train.CheckpointManager(tf.train.Checkpoint(step=tf.Variable(0, dtype=tf.int64)), "managed", max_to_keep=2)
print("reopened", again.latest_checkpoint, again.checkpoints)
again.checkpoint.restore(again.latest_checkpoint).assert_consumed()
print("step", again.checkpoint.step.numpy())


# ---- a variable a tf.function makes at its first trace, from a value computed in the trace
class Lazy(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = None

    @tf.function
    def __call__(self, inputs):
        if self.w is None:
            self.w = tf.Variable(tf.ones([3]) * 2.0)
        return inputs * self.w


lazy = Lazy()
lazy(tf.ones([3]))
lazy.w.assign([5.0, 6.0, 7.0])
lazy_path = tf.train.Checkpoint(m=lazy).write("lazy/ckpt")
lazy2 = Lazy()
status = tf.train.Checkpoint(m=lazy2).read(lazy_path)
print("lazy", lazy2(tf.constant([1.0, 10.0, 100.0])).numpy().tolist(), lazy2.w.numpy().tolist(),
      status.assert_consumed() is status)

# ---- read vs restore of a write()-made and a save()-made checkpoint: save_counter's part
c = tf.train.Checkpoint(v=tf.Variable(1.0))
for path in (c.write("counter/written"), c.save("counter/saved")):
    for how in ("read", "restore"):
        status = getattr(tf.train.Checkpoint(v=tf.Variable(0.0)), how)(path)
        for check in ("assert_consumed", "assert_existing_objects_matched", "assert_nontrivial_match"):
            try:
                getattr(status, check)()
                print(path, how, check, "passed")
            except AssertionError as e:
                print(path, how, check, "AssertionError:", e)
