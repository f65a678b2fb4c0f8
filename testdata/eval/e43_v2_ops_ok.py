"""Inspecting a TF2 graph for functional control flow."""
import tensorflow as tf


@tf.function
def f(x):
    return tf.cond(x > 0, lambda: x, lambda: -x)


graph = f.get_concrete_function(tf.TensorSpec([], tf.float32)).graph
ifs = [op for op in graph.get_operations() if op.type in ("If", "StatelessIf")]
loops = [op.name for op in graph.get_operations() if op.type == "While"]
report_path = "exports/condition_report.txt"
print(len(ifs), len(loops))
