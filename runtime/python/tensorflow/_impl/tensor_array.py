"""tf.TensorArray: a Python list of element tensors eagerly, in graphs and in unrolled loops;
carried through a graph tf.while_loop (or created with a computed size in a graph) a dense
buffer [size, *element] updated with TensorScatterUpdate."""
import numpy as np

from . import array_ops, control_flow_ops, core, math_ops
from .core import convert_to_tensor as _t


def _leading(flat, what):
    n = flat[0].shape.as_list()[0] if flat[0].shape.ndims else None
    if n is None:
        if core.executing_eagerly():
            return int(flat[0]._numpy().shape[0])
        core.unsupported("%s over a first dimension of unknown size" % what)
    return n


class TensorArray:
    """tf.TensorArray. Eagerly, in graphs and in unrolled loops it is a Python list of
    element tensors. Carried through a graph tf.while_loop (or created with a computed size
    in a graph) it becomes a dense buffer [size, *element] updated with
    TensorScatterUpdate; a buffer whose element shape is not known yet starts as an empty
    tensor of unknown shape and is allocated by the first write."""

    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None, tensor_array_name=None,
                 handle=None, flow=None, infer_shape=True, element_shape=None, colocate_with_first_write_call=True,
                 name=None):
        self._dtype = core.as_dtype(dtype)
        if size is None and not dynamic_size:
            raise ValueError("Size must be provided if handle is not provided")
        self._dynamic = bool(dynamic_size)
        self._element_shape = core.TensorShape(element_shape) if element_shape is not None else None
        self._buf = None
        self._size_t = None
        if isinstance(size, core.Tensor):
            v = size._numpy() if isinstance(size, core.EagerTensor) else core.constant_value(size)
            if v is None:
                self._size, self._size_t, self._elems = None, size, []
                self._buf = self._empty_buffer()
                return
            size = int(v)
        self._size = int(size or 0)
        self._elems = [None] * self._size

    dtype = property(lambda self: self._dtype)
    dynamic_size = property(lambda self: self._dynamic)

    @property
    def element_shape(self):
        return self._element_shape if self._element_shape is not None else core.TensorShape(None)

    # -- list mode
    def _copy(self, elems=None, buf=None):
        t = object.__new__(TensorArray)
        t.__dict__.update(self.__dict__)
        if buf is not None:
            t._buf = buf
        else:
            t._elems = elems
            t._size = len(elems)
        return t

    def _index(self, index):
        i = index
        if isinstance(i, core.Tensor):
            v = i._numpy() if isinstance(i, core.EagerTensor) else core.constant_value(i)
            if v is None:
                return None
            i = int(v)
        return int(i)

    def _note_shape(self, v):
        if v.shape.ndims is not None and (self._element_shape is None or self._element_shape.ndims is None):
            self._element_shape = v.shape

    def _value(self, value):
        v = _t(value, dtype=self._dtype) if not isinstance(value, core.Tensor) else value
        if v.dtype != self._dtype:
            raise core._BY_CODE[3](None, None, "TensorArray dtype is %s but Op is trying to write dtype %s "
                                   % (self._dtype.name, v.dtype.name))
        return v

    def write(self, index, value, name=None):
        v = self._value(value)
        i = self._index(index)
        if self._buf is not None or i is None:
            return self._as_buffer_ta()._buffer_write(index, v)
        elems = list(self._elems)
        if i >= len(elems):
            if not self._dynamic:  # eagerly TF raises OutOfRangeError (a Python list there)
                code = 11 if core.executing_eagerly() else 3
                raise core._BY_CODE[code](None, None, "Tried to write to index %d but array is not resizeable and "
                                          "size is: %d " % (i, len(elems)))
            elems.extend([None] * (i + 1 - len(elems)))
        if i < 0:
            raise core._BY_CODE[3](None, None, "Tried to write to index %d but array is not resizeable and size "
                                   "is: %d " % (i, len(elems)))
        elems[i] = v
        t = self._copy(elems)
        t._note_shape(v)
        return t

    def read(self, index, name=None):
        i = self._index(index)
        if self._buf is not None or i is None:
            return array_ops.gather(self._as_buffer_ta()._buf, array_ops.int_tensor(index))
        if i < 0 or i >= len(self._elems):
            raise core._BY_CODE[3](None, None, "Tried to read from index %d but array size is: %d " % (i, len(self._elems)))
        v = self._elems[i]
        if v is None:
            if self._element_shape is not None and self._element_shape.is_fully_defined():
                return array_ops.zeros(self._element_shape.as_list(), self._dtype)
            core.unsupported("tf.TensorArray.read of an unwritten element")
        return v

    def stack(self, name=None):
        if self._buf is not None:
            return self._static_buffer()
        if not self._elems:
            if self._element_shape is not None and self._element_shape.is_fully_defined():
                return array_ops.zeros([0] + self._element_shape.as_list(), self._dtype)
            core.unsupported("tf.TensorArray.stack of an empty array")
        return array_ops.stack([self.read(i) for i in range(len(self._elems))])

    def _static_indices(self, indices):
        if isinstance(indices, core.EagerTensor):
            return indices._numpy()
        if isinstance(indices, core.Tensor):
            return core.constant_value(indices)
        return np.asarray(indices)

    def gather(self, indices, name=None):
        idx = self._static_indices(indices)
        if self._buf is not None or idx is None:
            return array_ops.gather(self._as_buffer_ta()._buf, array_ops.int_tensor(indices))
        return array_ops.stack([self.read(int(i)) for i in np.asarray(idx).reshape(-1)])

    def concat(self, name=None):
        if self._buf is not None:
            b = self._buf
            return array_ops.reshape(b, array_ops.concat([_t([-1]), array_ops.shape(b)[2:]], 0))
        return array_ops.concat([self.read(i) for i in range(len(self._elems))], 0)

    def unstack(self, value, name=None):
        v = self._value(value)
        if self._buf is not None:
            t = self._copy(buf=v)
            t._note_shape(v[0] if v.shape.ndims else v)
            return t
        n = _leading([v], "tf.TensorArray.unstack")
        elems = list(array_ops.unstack(v, num=n, axis=0)) if n else []
        if len(elems) < len(self._elems):
            elems += self._elems[len(elems):]
        elif len(elems) > len(self._elems) and not self._dynamic and self._size:
            raise core._BY_CODE[3](None, None, "Tried to write to index %d but array is not resizeable and size is: "
                                   "%d " % (len(elems) - 1, len(self._elems)))
        t = self._copy(elems)
        if elems:
            t._note_shape(elems[0])
        return t

    def scatter(self, indices, value, name=None):
        idx = self._static_indices(indices)
        v = self._value(value)
        if self._buf is not None or idx is None:
            t = self._as_buffer_ta()
            ii = array_ops.reshape(array_ops.int_tensor(indices), [-1, 1])
            buf = t._ensure(math_ops.reduce_max(ii), v[0])
            return t._copy(buf=array_ops.tensor_scatter_nd_update(buf, ii, v))
        parts = array_ops.unstack(v, num=len(np.asarray(idx).reshape(-1)), axis=0)
        ta = self
        for i, p in zip(np.asarray(idx).reshape(-1).tolist(), parts):
            ta = ta.write(int(i), p)
        return ta

    def size(self, name=None):
        if self._buf is not None:
            if self._size is not None and not self._dynamic:
                return _t(self._size, dtype=core.int32)
            if self._size_t is not None and not self._dynamic:
                return array_ops.cast(self._size_t, core.int32)
            return array_ops.shape(array_ops.reshape(self._buf, [-1]) if self._buf.shape.ndims is None else self._buf)[0]
        return _t(len(self._elems), dtype=core.int32)

    def identity(self):
        return self._copy(buf=self._buf) if self._buf is not None else self._copy(list(self._elems))

    def close(self, name=None):
        return control_flow_ops.no_op()

    def mark_used(self):
        pass

    # -- buffer mode
    def _empty_buffer(self):
        if self._element_shape is not None and self._element_shape.is_fully_defined() and self._size_t is None:
            return array_ops.zeros([self._size] + self._element_shape.as_list(), self._dtype)
        z = array_ops.zeros([0], self._dtype)
        return core.op1("PlaceholderWithDefault", [z], {"dtype": self._dtype, "shape": core.TensorShape(None)},
                        "TensorArrayBuffer")

    def _as_buffer_ta(self):
        if self._buf is not None:
            return self
        if core.executing_eagerly():
            core.unsupported("tf.TensorArray at a computed index in eager mode")
        written = [e for e in self._elems if e is not None]
        es = self._element_shape
        if written and (es is None or not es.is_fully_defined()):
            es = written[0].shape
        if written:
            if es is None or not es.is_fully_defined():
                core.unsupported("tf.TensorArray entering a loop with elements of unknown shape")
            elems = [e if e is not None else array_ops.zeros(es.as_list(), self._dtype) for e in self._elems]
            buf = array_ops.stack(elems)
        else:
            buf = self._empty_buffer()
        t = self._copy(buf=buf)
        t._element_shape = es
        return t

    def _target_rows(self, i):
        """Rows the buffer must have after writing row `i` (a tensor)."""
        if self._dynamic:
            need = math_ops.add(array_ops.cast(i, core.int32), _t(1))
            if self._size_t is not None:
                return math_ops.maximum(array_ops.cast(self._size_t, core.int32), need), True
            return math_ops.maximum(_t(self._size or 0), need), True
        if self._size_t is not None:
            return array_ops.cast(self._size_t, core.int32), False
        return _t(self._size), False

    def _ensure(self, i, v):
        """The buffer with its element shape taken from `v` and at least the rows TF's array has."""
        vshape = array_ops.shape(v)
        base = array_ops.reshape(self._buf, array_ops.concat([_t([-1]), vshape], 0))
        cur = array_ops.shape(base)[0]
        target, grow = self._target_rows(i)
        if grow:
            target = math_ops.maximum(target, cur)
        # the rows so far placed into zeros of the target size (differentiable, unlike a
        # concat along a dimension of unknown size)
        zeros = array_ops.zeros(array_ops.concat([array_ops.reshape(target, [1]), vshape], 0), self._dtype)
        return array_ops.tensor_scatter_nd_update(zeros, array_ops.reshape(math_ops.range(cur), [-1, 1]), base)

    def _buffer_write(self, index, v):
        i = array_ops.int_tensor(index)
        buf = self._ensure(i, v)
        t = self._copy(buf=array_ops.tensor_scatter_nd_update(buf, array_ops.reshape(array_ops.cast(i, core.int32), [1, 1]),
                                                    array_ops.expand_dims(v, 0)))
        t._note_shape(v)
        return t

    def _static_buffer(self):
        b = self._buf
        es = self._element_shape
        if self._size is not None and not self._dynamic and es is not None and es.is_fully_defined():
            want = [self._size] + es.as_list()
            cur = b.shape.as_list() if b.shape.ndims is not None else None
            if cur != want:
                b = array_ops.reshape(b, want)
        elif es is not None and es.is_fully_defined() and (
                b.shape.ndims is None or b.shape.as_list()[1:] != es.as_list()):
            b = array_ops.reshape(b, [-1] + es.as_list())  # rows unknown, element shape static
            b.set_shape([None] + es.as_list())
        return b


def _ta_in_loop(value, dtype=None, as_ref=False):
    core.unsupported("tf.TensorArray as a loop variable here (tf.while_loop in graphs carries it)")


core.register_conversion(lambda v: isinstance(v, TensorArray), _ta_in_loop)
