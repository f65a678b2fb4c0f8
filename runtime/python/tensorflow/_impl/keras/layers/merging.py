"""Add, Subtract, Multiply and Concatenate over a list of inputs."""
from ... import array_ops, math_ops
from . import base


class _Merge(base.Layer):
    def call(self, inputs):
        if not isinstance(inputs, (list, tuple)) or len(inputs) < 1:
            raise ValueError("A merge layer should be called on a list of inputs. Received: inputs=%r" % (inputs,))
        return self._merge(list(inputs))


class Add(_Merge):
    def _merge(self, xs):
        out = xs[0]
        for x in xs[1:]:
            out = math_ops.add(out, x)
        return out


class Subtract(_Merge):
    def _merge(self, xs):
        if len(xs) != 2:
            raise ValueError("A `Subtract` layer should be called on exactly 2 inputs. Received: inputs=%r" % (xs,))
        return math_ops.subtract(xs[0], xs[1])


class Multiply(_Merge):
    def _merge(self, xs):
        out = xs[0]
        for x in xs[1:]:
            out = math_ops.multiply(out, x)
        return out


class Concatenate(_Merge):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def _merge(self, xs):
        return array_ops.concat(xs, self.axis)
