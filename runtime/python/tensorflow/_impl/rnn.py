"""TF1 recurrent networks: tf.nn.rnn_cell (BasicRNNCell, BasicLSTMCell, LSTMCell without
peepholes or projections, GRUCell, MultiRNNCell, DropoutWrapper, LSTMStateTuple) and tf.nn.dynamic_rnn /
static_rnn. The cells compute what TF's do (same variables and names, gate order i, j, f, o,
forget bias), and the time loop is unrolled over the static number of steps (TF runs a
while_loop; the values are the same). With `sequence_length`, outputs past a sequence's end
are zero and its state is carried through unchanged, as in TF."""
import collections
import hashlib

from . import array_ops, core, init_ops, math_ops, nn_ops, variables
from .core import convert_to_tensor as _t


LSTMStateTuple = collections.namedtuple("LSTMStateTuple", ("c", "h"))


class RNNCell:
    _default_name = "rnn_cell"

    def __init__(self, num_units, activation=None, reuse=None, name=None, dtype=None):
        self._num_units = num_units
        self._activation = activation or math_ops.tanh
        self._name = name
        self._reuse = reuse
        self._vars = None

    @property
    def output_size(self):
        return self._num_units

    @property
    def state_size(self):
        return self._num_units

    def zero_state(self, batch_size, dtype):
        return _zeros_for(self.state_size, batch_size, dtype)

    def _variable(self, name, shape, dtype, initializer=None):
        return variables.get_variable(name, shape, dtype=dtype, initializer=initializer)

    def __call__(self, inputs, state, scope=None):
        x = _t(inputs)
        if self._vars is None:
            with variables.variable_scope(scope or self._name or self._default_name, reuse=self._reuse):
                self._vars = self._build(int(x.shape.as_list()[-1]), x.dtype)
        return self._step(x, state)


def _zeros_for(size, batch_size, dtype):
    if isinstance(size, LSTMStateTuple):
        return LSTMStateTuple(_zeros_for(size.c, batch_size, dtype), _zeros_for(size.h, batch_size, dtype))
    if isinstance(size, tuple):
        return tuple(_zeros_for(s, batch_size, dtype) for s in size)
    if not isinstance(batch_size, core.Tensor):
        return array_ops.zeros([batch_size, size], dtype)
    z = array_ops.zeros(array_ops.stack([_t(batch_size, dtype=core.int32), _t(size, dtype=core.int32)]), dtype)
    z.set_shape([None, size])
    return z


def _linear(parts, kernel, bias):
    return math_ops.add(math_ops.matmul(array_ops.concat(list(parts), 1), kernel), bias)


class BasicRNNCell(RNNCell):
    _default_name = "basic_rnn_cell"

    def _build(self, depth, dtype):
        return (self._variable("kernel", [depth + self._num_units, self._num_units], dtype),
                self._variable("bias", [self._num_units], dtype, init_ops.zeros_initializer()))

    def _step(self, x, state):
        k, b = self._vars
        h = self._activation(_linear([x, state], k, b))
        return h, h


class BasicLSTMCell(RNNCell):
    _default_name = "basic_lstm_cell"

    def __init__(self, num_units, forget_bias=1.0, state_is_tuple=True, activation=None, reuse=None, name=None,
                 dtype=None):
        super().__init__(num_units, activation, reuse, name, dtype)
        self._forget_bias = forget_bias
        self._state_is_tuple = state_is_tuple

    @property
    def state_size(self):
        n = self._num_units
        return LSTMStateTuple(n, n) if self._state_is_tuple else 2 * n

    def _build(self, depth, dtype):
        n = self._num_units
        return (self._variable("kernel", [depth + n, 4 * n], dtype),
                self._variable("bias", [4 * n], dtype, init_ops.zeros_initializer()))

    def _split_state(self, state):
        if self._state_is_tuple:
            return state
        c, h = array_ops.split(state, 2, axis=1)
        return LSTMStateTuple(c, h)

    def _step(self, x, state):
        k, b = self._vars
        c, h = self._split_state(state)
        gates = _linear([x, h], k, b)
        i, j, f, o = array_ops.split(gates, 4, axis=1)
        fb = _t(self._forget_bias, dtype=gates.dtype)
        new_c = math_ops.add(math_ops.multiply(c, math_ops.sigmoid(math_ops.add(f, fb))), math_ops.multiply(math_ops.sigmoid(i), self._activation(j)))
        new_h = math_ops.multiply(self._activation(new_c), math_ops.sigmoid(o))
        new_state = LSTMStateTuple(new_c, new_h) if self._state_is_tuple else array_ops.concat([new_c, new_h], 1)
        return new_h, new_state


class LSTMCell(BasicLSTMCell):
    _default_name = "lstm_cell"

    def __init__(self, num_units, use_peepholes=False, cell_clip=None, initializer=None, num_proj=None,
                 proj_clip=None, num_unit_shards=None, num_proj_shards=None, forget_bias=1.0, state_is_tuple=True,
                 activation=None, reuse=None, name=None, dtype=None):
        if use_peepholes or num_proj is not None or cell_clip is not None:
            raise core.UnsupportedSymbolError("tf.nn.rnn_cell.LSTMCell(use_peepholes / num_proj / cell_clip)")
        super().__init__(num_units, forget_bias, state_is_tuple, activation, reuse, name, dtype)
        self._initializer = initializer

    def _build(self, depth, dtype):
        n = self._num_units
        return (self._variable("kernel", [depth + n, 4 * n], dtype, self._initializer),
                self._variable("bias", [4 * n], dtype, init_ops.zeros_initializer()))


class GRUCell(RNNCell):
    _default_name = "gru_cell"

    def __init__(self, num_units, activation=None, reuse=None, kernel_initializer=None, bias_initializer=None,
                 name=None, dtype=None):
        super().__init__(num_units, activation, reuse, name, dtype)
        self._kinit, self._binit = kernel_initializer, bias_initializer

    def _build(self, depth, dtype):
        n = self._num_units
        with variables.variable_scope("gates"):
            gk = self._variable("kernel", [depth + n, 2 * n], dtype, self._kinit)
            gb = self._variable("bias", [2 * n], dtype, self._binit or init_ops.constant_initializer(1.0))
        with variables.variable_scope("candidate"):
            ck = self._variable("kernel", [depth + n, n], dtype, self._kinit)
            cb = self._variable("bias", [n], dtype, self._binit or init_ops.zeros_initializer())
        return gk, gb, ck, cb

    def _step(self, x, h):
        gk, gb, ck, cb = self._vars
        value = math_ops.sigmoid(_linear([x, h], gk, gb))
        r, u = array_ops.split(value, 2, axis=1)
        c = self._activation(_linear([x, math_ops.multiply(r, h)], ck, cb))
        one = _t(1.0, dtype=u.dtype)
        new_h = math_ops.add(math_ops.multiply(u, h), math_ops.multiply(math_ops.subtract(one, u), c))
        return new_h, new_h


class MultiRNNCell(RNNCell):
    _default_name = "multi_rnn_cell"

    def __init__(self, cells, state_is_tuple=True):
        self._cells = list(cells)
        self._name = None
        self._reuse = None

    @property
    def output_size(self):
        return self._cells[-1].output_size

    @property
    def state_size(self):
        return tuple(c.state_size for c in self._cells)

    def __call__(self, inputs, state, scope=None):
        with variables.variable_scope(scope or self._default_name):
            cur = inputs
            new_states = []
            for i, cell in enumerate(self._cells):
                with variables.variable_scope("cell_%d" % i):
                    cur, s = cell(cur, state[i])
                new_states.append(s)
        return cur, tuple(new_states)


class DropoutWrapper(RNNCell):
    """tf.nn.rnn_cell.DropoutWrapper: dropout on a cell's inputs, outputs and (by default)
    the h part of LSTM states, not the memory c; variables and names are the wrapped
    cell's. Each dropped tensor gets its own op seed, derived from `seed` as TensorFlow
    derives it (an MD5 of the seed and "input_0", "output_0", "state_1", ...), so that the
    draws are TensorFlow's. variational_recurrent (one mask for every step) is not here."""

    def __init__(self, cell, input_keep_prob=1.0, output_keep_prob=1.0, state_keep_prob=1.0,
                 variational_recurrent=False, input_size=None, dtype=None, seed=None,
                 dropout_state_filter_visitor=None, **kwargs):
        if variational_recurrent:
            raise core.UnsupportedSymbolError("tf.nn.rnn_cell.DropoutWrapper(variational_recurrent=True)")
        for attr, p in (("input_keep_prob", input_keep_prob), ("state_keep_prob", state_keep_prob),
                        ("output_keep_prob", output_keep_prob)):
            if isinstance(p, (int, float)) and not 0 <= p <= 1:
                raise ValueError("Parameter %s must be between 0 and 1. Received %s" % (attr, p))
        self._cell = cell
        self._input_keep_prob, self._output_keep_prob = input_keep_prob, output_keep_prob
        self._state_keep_prob = state_keep_prob
        self._seed = seed
        self._state_filter = dropout_state_filter_visitor or (
            lambda s: LSTMStateTuple(c=False, h=True) if isinstance(s, LSTMStateTuple) else True)

    @property
    def wrapped_cell(self):
        return self._cell

    @property
    def output_size(self):
        return self._cell.output_size

    @property
    def state_size(self):
        return self._cell.state_size

    def zero_state(self, batch_size, dtype):
        return self._cell.zero_state(batch_size, dtype)

    def _op_seed(self, salt, index):
        if self._seed is None:
            return None
        digest = hashlib.md5(("%s%s_%d" % (self._seed, salt, index)).encode("utf-8")).hexdigest()
        return int(digest[:8], 16) & 0x7FFFFFFF

    def _drop(self, values, salt, keep_prob, which=None):
        """Dropout on every leaf of `values` whose `which` flag is true (all when None);
        leaves are numbered in order, dropped or not, for their seeds."""
        counter = [0]

        def walk(v, w):
            if isinstance(v, tuple) and not isinstance(w, bool):
                parts = [walk(x, w[i] if isinstance(w, tuple) else w) for i, x in enumerate(v)]
                return type(v)(*parts) if hasattr(v, "_fields") else tuple(parts)
            i = counter[0]
            counter[0] += 1
            if w is False:
                return v
            return nn_ops.dropout(v, rate=1.0 - keep_prob, seed=self._op_seed(salt, i))
        return walk(values, values if which is None else which)

    def _state_flags(self, state):
        flags = self._state_filter(state)
        if flags is True and isinstance(state, tuple) and not isinstance(state, LSTMStateTuple):
            return tuple(self._state_flags(s) for s in state)
        return flags

    def __call__(self, inputs, state, scope=None):
        def should(p):
            return not isinstance(p, float) or p < 1
        if should(self._input_keep_prob):
            inputs = self._drop(inputs, "input", self._input_keep_prob)
        output, new_state = self._cell(inputs, state, scope=scope)
        if should(self._state_keep_prob):
            new_state = self._drop(new_state, "state", self._state_keep_prob, self._state_flags(new_state))
        if should(self._output_keep_prob):
            output = self._drop(output, "output", self._output_keep_prob)
        return output, new_state


def _where_state(mask, new, old):
    if isinstance(new, tuple):
        parts = [_where_state(mask, n, o) for n, o in zip(new, old)]
        return LSTMStateTuple(*parts) if isinstance(new, LSTMStateTuple) else tuple(parts)
    return array_ops.where(mask, new, old)


def _run(cell, steps, initial_state, dtype, sequence_length, scope, batch_size):
    with variables.variable_scope(scope or "rnn"):
        state = initial_state if initial_state is not None else cell.zero_state(batch_size, dtype or steps[0].dtype)
        lengths = None if sequence_length is None else array_ops.cast(_t(sequence_length), core.int32)
        outputs = []
        for t, x in enumerate(steps):
            out, new_state = cell(x, state)
            if lengths is not None:
                alive = array_ops.expand_dims(math_ops.less(_t(t, dtype=core.int32), lengths), 1)
                out = array_ops.where(math_ops.logical_and(alive, array_ops.ones_like(out, dtype=core.bool_)), out, array_ops.zeros_like(out))
                new_state = _where_state(math_ops.logical_and(alive, array_ops.ones_like(_flat_first(new_state), dtype=core.bool_)),
                                         new_state, state)
            outputs.append(out)
            state = new_state
        return outputs, state


def _flat_first(state):
    while isinstance(state, tuple):
        state = state[0]
    return state


def dynamic_rnn(cell, inputs, sequence_length=None, initial_state=None, dtype=None, parallel_iterations=None,
                swap_memory=False, time_major=False, scope=None):
    x = _t(inputs)
    dims = x.shape.as_list()
    steps_n = dims[0] if time_major else dims[1]
    if steps_n is None:
        raise core.UnsupportedSymbolError("tf.nn.dynamic_rnn over a time dimension of unknown length")
    steps = array_ops.unstack(x, num=steps_n, axis=0 if time_major else 1)
    batch = dims[1] if time_major else dims[0]
    batch_size = batch if batch is not None else array_ops.shape(x)[1 if time_major else 0]
    outputs, state = _run(cell, steps, initial_state, dtype, sequence_length, scope, batch_size)
    out = array_ops.stack(outputs, axis=0 if time_major else 1)
    size = cell.output_size
    out.set_shape([steps_n, batch, size] if time_major else [batch, steps_n, size])
    return out, state


def static_rnn(cell, inputs, initial_state=None, dtype=None, sequence_length=None, scope=None):
    steps = [_t(i) for i in inputs]
    batch = steps[0].shape.as_list()[0]
    batch_size = batch if batch is not None else array_ops.shape(steps[0])[0]
    return _run(cell, steps, initial_state, dtype, sequence_length, scope, batch_size)
