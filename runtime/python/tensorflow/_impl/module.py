"""tf.Module: a name plus variable and submodule tracking through attributes."""
from . import checkpoint, variables


class Module:
    """tf.Module: name scope plus variable tracking through attributes."""

    def __init__(self, name=None):
        self._name = name or _snake(type(self).__name__)

    name = property(lambda self: self._name)

    def __setattr__(self, k, v):
        object.__setattr__(self, k, v)
        checkpoint.on_new_dependencies()   # a checkpoint read may wait for this attribute

    def _checkpoint_children(self):
        return checkpoint.attribute_children(self)

    def _flatten(self, pred, seen=None):
        seen = seen if seen is not None else set()
        out = []
        for k in sorted(vars(self)):
            v = vars(self)[k]
            out.extend(_walk(v, pred, seen))
        return out

    @property
    def variables(self):
        return tuple(self._flatten(lambda v: isinstance(v, variables.Variable)))

    @property
    def trainable_variables(self):
        return tuple(self._flatten(lambda v: isinstance(v, variables.Variable) and v.trainable))

    @property
    def submodules(self):
        return tuple(self._flatten(lambda v: isinstance(v, Module)))

    def name_scope(self):
        import contextlib
        return contextlib.nullcontext()


def _walk(v, pred, seen):
    if id(v) in seen:
        return []
    seen.add(id(v))
    out = []
    if pred(v):
        out.append(v)
    if isinstance(v, Module):
        out.extend(v._flatten(pred, seen))
    elif isinstance(v, (list, tuple)):
        for x in v:
            out.extend(_walk(x, pred, seen))
    elif isinstance(v, dict):
        for k in sorted(v, key=str):
            out.extend(_walk(v[k], pred, seen))
    return out


def _snake(n):
    import re
    return re.sub(r"(?<!^)(?=[A-Z])", "_", n).lower()
