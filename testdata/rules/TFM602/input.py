import tensorflow as tf

g = tf.compat.v1.get_default_graph()

# Variants that fire.
merge = g.get_tensor_by_name("cond/Merge:0")  # expect: TFM602
exit_t = g.get_tensor_by_name("model/while/Exit_1:0")  # expect: TFM602
switch_out = "cond_1/switch_t:0"  # expect: TFM602
switches = [op for op in g.get_operations() if op.type == "Switch"]  # expect: TFM602
loops = [op for op in g.get_operations() if op.type in ("Enter", "Exit")]  # expect: TFM602, TFM602
ctx = switches[0]._control_flow_context  # expect: TFM602


def frozen_nodes(graph_def):
    return [n for n in graph_def.node if n.op == "Merge"]  # expect: TFM602


# Variants that must not fire.
ifs = [op for op in g.get_operations() if op.type in ("If", "StatelessIf")]  # ok: v2 ops
label = "Merge"  # ok: not compared with an op type
path = "secondary/conditions/report.txt"  # ok
name = "while_training/exit"  # ok: not a control-flow frame
status = "Exit"  # ok
