"""Strings that look like control-flow names but are not."""
import tensorflow as tf

with tf.name_scope("cond/inputs"):
    a = tf.constant(1.0)
log_dir = "runs/while_loop/Exit_codes"
checkpoint_key = "model/conditioner/Merge_layer"
event = "Switch"
if event == "Switch":
    print("user pressed switch")
nodes = [op.name for op in tf.compat.v1.get_default_graph().get_operations() if op.type == "MatMul"]
