"""Grouping in graphs: tf.no_op, tf.group, tf.tuple and tf.control_dependencies (eagerly
they do nothing)."""
from . import array_ops, core, nest
from .core import Tensor


def no_op(name=None):
    if core.executing_eagerly():
        return None
    return core.get_default_graph()._add_op("NoOp", [], {}, name or "NoOp", {})


def group(*inputs, name=None):
    if core.executing_eagerly():
        return None
    deps = []
    for i in nest.flatten(list(inputs)):
        if i is None:
            continue
        if hasattr(i, "_as_graph_element") and not isinstance(i, (Tensor, core.Operation)):
            i = i._as_graph_element()
        deps.append(i.op if isinstance(i, Tensor) else i)
    g = core.get_default_graph()
    with g.control_dependencies(deps):
        return no_op(name=name or "group_deps")


def tuple_(tensors, name=None, control_inputs=None):
    if core.executing_eagerly():
        return list(tensors)
    gate = group(*tensors, *(control_inputs or []))
    with core.get_default_graph().control_dependencies([gate]):
        return [array_ops.identity(t) if t is not None else None for t in tensors]


def control_dependencies(control_inputs):
    if core.executing_eagerly():
        import contextlib
        return contextlib.nullcontext()
    return core.get_default_graph().control_dependencies(control_inputs)
