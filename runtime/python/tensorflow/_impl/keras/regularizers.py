"""tf.keras.regularizers: L1, L2, L1L2."""
from .. import math_ops
from ..core import convert_to_tensor as _t


class Regularizer:
    def __call__(self, x):
        return _t(0.0)


class L1L2(Regularizer):
    def __init__(self, l1=0.0, l2=0.0):
        self.l1, self.l2 = float(l1 or 0.0), float(l2 or 0.0)

    def __call__(self, x):
        x = _t(x)
        reg = _t(0.0, dtype=x.dtype)
        if self.l1 != 0.0:
            reg = math_ops.add(reg, math_ops.multiply(_t(self.l1, dtype=x.dtype), math_ops.reduce_sum(math_ops.abs(x))))
        if self.l2 != 0.0:
            reg = math_ops.add(reg, math_ops.multiply(_t(self.l2, dtype=x.dtype), math_ops.reduce_sum(math_ops.square(x))))
        return reg


class L1(Regularizer):
    def __init__(self, l1=0.01):
        self.l1 = float(0.01 if l1 is None else l1)

    def __call__(self, x):
        x = _t(x)
        return math_ops.multiply(_t(self.l1, dtype=x.dtype), math_ops.reduce_sum(math_ops.abs(x)))


class L2(Regularizer):
    def __init__(self, l2=0.01):
        self.l2 = float(0.01 if l2 is None else l2)

    def __call__(self, x):
        x = _t(x)
        return math_ops.multiply(_t(self.l2, dtype=x.dtype), math_ops.reduce_sum(math_ops.square(x)))


def get_regularizer(spec):
    if spec is None or isinstance(spec, Regularizer) or (callable(spec) and not isinstance(spec, str)):
        return spec
    table = {"l1": L1, "l2": L2, "l1_l2": L1L2, "l1l2": L1L2}
    if isinstance(spec, str) and spec.lower() in table:
        return table[spec.lower()]()
    raise ValueError("Could not interpret regularizer identifier: %s" % (spec,))
