"""Graph surgery relying on TF1 control-flow ops."""
import tensorflow as tf


def find_loop_outputs(graph):
    exits = [op for op in graph.get_operations() if op.type == "Exit"]  # expect: TFM602
    final_state = graph.get_tensor_by_name("rnn/while/Exit_2:0")  # expect: TFM501, TFM602
    return exits, final_state


def strip_switches(graph_def):
    kept = []
    for node in graph_def.node:
        if node.op in ("Switch", "Merge"):  # expect: TFM602, TFM602
            continue
        kept.append(node)
    return kept
