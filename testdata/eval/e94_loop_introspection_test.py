"""TF1 test helper that inspects while-loop internals."""
import tensorflow as tf


def count_loop_iterations_ops(graph):
    conds = [op for op in graph.get_operations() if op.name.endswith("while/LoopCond")]  # expect: TFM501, TFM602
    nexts = [op for op in graph.get_operations() if op.type == "NextIteration"]  # expect: TFM602
    return len(conds), len(nexts)


def count_v2_loops(graph):
    return len([op for op in graph.get_operations() if op.type in ("While", "StatelessWhile")])
