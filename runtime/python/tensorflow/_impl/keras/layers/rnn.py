"""Keras 3 recurrent layers over a static number of steps: the cells (SimpleRNNCell,
LSTMCell, GRUCell with its two bias layouts), StackedRNNCells, the generic RNN layer over
any cell (a list of cells is stacked) and SimpleRNN / LSTM / GRU on it.

The state structure is Keras 3's: an RNN layer's states keep the structure of its initial
state (the cell's get_initial_state, or the one given, a bare tensor made a list), so a
return_state call returns (output, *states): (out, h) for SimpleRNN and GRU, (out, h, c)
for LSTM, (out, [h1], [h2, c2], ...) for stacked cells. A cell called directly returns its
state as a list when given a list and as a tensor when given a tensor (LSTMCell always a
list). Gates: LSTM (i, f, c, o), GRU (z, r, h) with h = z * h_prev + (1 - z) * candidate;
GRU's bias is (2, 3u) with reset_after (input and recurrent rows), (3u,) without."""
from ... import array_ops, core, math_ops, nest
from .. import activations, backend, initializers
from . import base


def _nested(x):
    return isinstance(x, (list, tuple, dict))


def _zeros(batch_size, n, dtype=core.float32):
    """A (batch, n) zero state; the batch size may be a tensor (unknown statically)."""
    if isinstance(batch_size, core.Tensor):
        return array_ops.zeros(array_ops.stack([batch_size, n]), dtype)
    return array_ops.zeros([int(batch_size), int(n)], dtype)


def _state_input(x):
    return base._as_input(x)


def _cast_tensor(value, dtype):
    """A weight's initial value as Keras 3 converts what an initializer returns: arrays and
    lists to the weight's dtype, a tensor of another dtype an error (TensorFlow's words)."""
    if isinstance(value, core.Tensor):
        if value.dtype != dtype:
            raise ValueError("initial_value: Tensor conversion requested dtype %s for Tensor with dtype %s: %r"
                             % (dtype.name, value.dtype.name, value))
        return value
    return core.convert_to_tensor(value, dtype=dtype)


def _check_cell(cell, stacked=False):
    """Keras 3's checks of a cell (RNN's words, or StackedRNNCells')."""
    if "call" not in dir(cell):
        raise ValueError("All cells must have a `call` method. Received cell without a `call` method: %s" % (cell,)
                         if stacked else "Argument `cell` should have a `call` method. Received: cell=%s" % (cell,))
    if "state_size" not in dir(cell):
        raise ValueError("All cells must have a `state_size` attribute. Received cell without a `state_size`: %s"
                         % (cell,) if stacked else
                         "The RNN cell should have a `state_size` attribute (single integer or list of integers, one "
                         "integer per RNN state). Received: cell=%s" % (cell,))


def _no_regularizers(layer_name, kwargs):
    if any(kwargs.get(k) is not None for k in ("kernel_regularizer", "recurrent_regularizer", "bias_regularizer")):
        raise backend.unsupported("%s regularizers" % layer_name)
    for k in ("kernel_regularizer", "recurrent_regularizer", "bias_regularizer", "kernel_constraint",
              "recurrent_constraint", "bias_constraint"):
        if kwargs.pop(k, None) is not None and k.endswith("constraint"):
            raise backend.unsupported("%s constraints" % layer_name)


# ---------------------------------------------------------------------------- cells
class _Cell(base.Layer):
    """What the three Keras cells share: units, activations, initializers, the seed
    generator Keras 3 keeps for the dropout masks, zero initial states."""
    _n_states = 1

    def __init__(self, units, activation="tanh", recurrent_activation=None, use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 dropout=0.0, recurrent_dropout=0.0, seed=None, **kwargs):
        _no_regularizers(type(self).__name__, kwargs)
        implementation = kwargs.pop("implementation", 2)   # Keras 3's two compute the same values
        super().__init__(**kwargs)
        self.implementation = implementation
        if int(units) <= 0:
            raise ValueError("Received an invalid value for argument `units`, expected a positive integer, "
                             "got %s." % (units,))
        if dropout or recurrent_dropout:
            raise backend.unsupported("%s(dropout / recurrent_dropout)" % type(self).__name__)
        self.units, self.use_bias = int(units), use_bias
        self.activation = activations.get_activation(activation)
        if recurrent_activation is not None:
            self.recurrent_activation = activations.get_activation(recurrent_activation)
        self.kernel_initializer = initializers.get_initializer(kernel_initializer)
        self.recurrent_initializer = initializers.get_initializer(recurrent_initializer)
        self.bias_initializer = initializers.get_initializer(bias_initializer)
        self.dropout, self.recurrent_dropout, self.seed = 0.0, 0.0, seed
        self.bias = None
        self._seed_state = backend.seed_state_variable(seed)   # Keras 3 cells keep one for their dropout masks

    def _state_variables(self):
        return [self._seed_state]

    @property
    def state_size(self):
        return self.units if self._n_states == 1 else [self.units] * self._n_states

    @property
    def output_size(self):
        return self.units

    def get_initial_state(self, batch_size=None):
        return [_zeros(batch_size, self.units) for _ in range(self._n_states)]

    def _weights(self, input_dim, gates, bias_shape):
        u = self.units
        self.kernel = self.add_weight(shape=(input_dim, gates * u), initializer=self.kernel_initializer, name="kernel")
        self.recurrent_kernel = self.add_weight(shape=(u, gates * u), initializer=self.recurrent_initializer,
                                                name="recurrent_kernel")
        if self.use_bias:
            self.bias = self.add_weight(shape=bias_shape, initializer=self._bias_init(), name="bias")

    def _bias_init(self):
        return self.bias_initializer

    @staticmethod
    def _states_in(states):
        return nest.map_structure(_state_input, list(states)) if _nested(states) else [_state_input(states)]


class SimpleRNNCell(_Cell):
    def __init__(self, units, activation="tanh", use_bias=True, kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros", kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, seed=None, **kwargs):
        super().__init__(units, activation, None, use_bias, kernel_initializer, recurrent_initializer,
                         bias_initializer, dropout, recurrent_dropout, seed, kernel_regularizer=kernel_regularizer,
                         recurrent_regularizer=recurrent_regularizer, bias_regularizer=bias_regularizer,
                         kernel_constraint=kernel_constraint, recurrent_constraint=recurrent_constraint,
                         bias_constraint=bias_constraint, **kwargs)

    def build(self, input_shape):
        self._weights(input_shape[-1], 1, (self.units,))

    def call(self, sequence, states, training=False):
        h_prev = self._states_in(states)[0]
        h = math_ops.matmul(sequence, self.kernel)
        if self.bias is not None:
            h = math_ops.add(h, self.bias)
        out = self.activation(math_ops.add(h, math_ops.matmul(h_prev, self.recurrent_kernel)))
        return out, ([out] if _nested(states) else out)


class LSTMCell(_Cell):
    _n_states = 2

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 unit_forget_bias=True, kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 kernel_constraint=None, recurrent_constraint=None, bias_constraint=None, dropout=0.0,
                 recurrent_dropout=0.0, seed=None, **kwargs):
        super().__init__(units, activation, recurrent_activation, use_bias, kernel_initializer,
                         recurrent_initializer, bias_initializer, dropout, recurrent_dropout, seed,
                         kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
                         bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
                         recurrent_constraint=recurrent_constraint, bias_constraint=bias_constraint, **kwargs)
        self.unit_forget_bias = unit_forget_bias

    def build(self, input_shape):
        self._weights(input_shape[-1], 4, (4 * self.units,))

    def _bias_init(self):
        if not self.unit_forget_bias:
            return self.bias_initializer
        u, init = self.units, self.bias_initializer

        def bias(shape, dtype=None):   # Keras 3: the forget gate's bias starts at one
            dt = core.as_dtype(dtype or core.float32)
            parts = [init((u,), dtype=dtype), None, init((2 * u,), dtype=dtype)]
            for p in (parts[0], parts[2]):
                # Keras concatenates the parts as they come: a float64 array makes a float64
                # value, which the float32 weight refuses
                if getattr(p, "dtype", None) is not None and core.as_dtype(p.dtype) != dt:
                    raise ValueError("initial_value: Tensor conversion requested dtype %s for Tensor with dtype %s"
                                     % (dt.name, core.as_dtype(p.dtype).name))
            parts = [_cast_tensor(parts[0], dt), array_ops.ones([u], dt), _cast_tensor(parts[2], dt)]
            return array_ops.concat(parts, 0)
        return bias

    def call(self, sequence, states, training=False):
        states_in = self._states_in(states)
        h_prev, c_prev = states_in[0], states_in[1]
        z = math_ops.add(math_ops.matmul(sequence, self.kernel), math_ops.matmul(h_prev, self.recurrent_kernel))
        if self.bias is not None:
            z = math_ops.add(z, self.bias)
        u = self.units
        z0, z1, z2, z3 = (z[:, k * u:(k + 1) * u] for k in range(4))
        i, f = self.recurrent_activation(z0), self.recurrent_activation(z1)
        c = math_ops.add(math_ops.multiply(f, c_prev), math_ops.multiply(i, self.activation(z2)))
        o = self.recurrent_activation(z3)
        h = math_ops.multiply(o, self.activation(c))
        return h, [h, c]


class GRUCell(_Cell):
    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None, dropout=0.0, recurrent_dropout=0.0,
                 reset_after=True, seed=None, **kwargs):
        super().__init__(units, activation, recurrent_activation, use_bias, kernel_initializer,
                         recurrent_initializer, bias_initializer, dropout, recurrent_dropout, seed,
                         kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
                         bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
                         recurrent_constraint=recurrent_constraint, bias_constraint=bias_constraint, **kwargs)
        self.reset_after = reset_after

    def build(self, input_shape):
        u = self.units
        self._weights(input_shape[-1], 3, (2, 3 * u) if self.reset_after else (3 * u,))

    def call(self, sequence, states, training=False):
        h_prev = self._states_in(states)[0]
        u = self.units
        x = math_ops.matmul(sequence, self.kernel)
        if self.bias is not None:
            x = math_ops.add(x, self.bias[0] if self.reset_after else self.bias)
        x_z, x_r, x_h = x[:, :u], x[:, u:2 * u], x[:, 2 * u:]
        if self.reset_after:
            inner = math_ops.matmul(h_prev, self.recurrent_kernel)
            if self.bias is not None:
                inner = math_ops.add(inner, self.bias[1])
        else:
            inner = math_ops.matmul(h_prev, self.recurrent_kernel[:, :2 * u])
        z = self.recurrent_activation(math_ops.add(x_z, inner[:, :u]))
        r = self.recurrent_activation(math_ops.add(x_r, inner[:, u:2 * u]))
        if self.reset_after:
            rec_h = math_ops.multiply(r, inner[:, 2 * u:])
        else:
            rec_h = math_ops.matmul(math_ops.multiply(r, h_prev), self.recurrent_kernel[:, 2 * u:])
        candidate = self.activation(math_ops.add(x_h, rec_h))
        h = math_ops.add(math_ops.multiply(z, h_prev), math_ops.multiply(math_ops.subtract(1.0, z), candidate))
        return h, ([h] if _nested(states) else h)


class StackedRNNCells(base.Layer):
    """Cells applied one after another at each step (what RNN makes of a list of cells):
    each cell's output is the next one's input; the state is the list of the cells' states."""

    def __init__(self, cells, **kwargs):
        super().__init__(**kwargs)
        for cell in cells:
            _check_cell(cell, stacked=True)
        self.cells = list(cells)

    @property
    def state_size(self):
        return [c.state_size for c in self.cells]

    @property
    def output_size(self):
        last = self.cells[-1]
        if getattr(last, "output_size", None) is not None:
            return last.output_size
        return last.state_size[0] if _nested(last.state_size) else last.state_size

    def get_initial_state(self, batch_size=None):
        out = []
        for cell in self.cells:
            if hasattr(cell, "get_initial_state"):
                out.append(cell.get_initial_state(batch_size=batch_size))
            else:
                sizes = cell.state_size
                out.append([_zeros(batch_size, d) for d in sizes] if _nested(sizes) else [_zeros(batch_size, sizes)])
        return out

    def build(self, input_shape):
        for cell in self.cells:
            if isinstance(cell, base.Layer) and not cell.built:
                cell.build(input_shape)
                cell.built = True
            size = getattr(cell, "output_size", None)
            if size is None:
                size = cell.state_size[0] if _nested(cell.state_size) else cell.state_size
            input_shape = (input_shape[0], size)

    def call(self, inputs, states, training=False):
        new_states = []
        for cell, state in zip(self.cells, states):
            as_list = _nested(state)
            state = list(state) if as_list else [state]
            kw = {"training": training} if isinstance(cell, base.Layer) and cell._accepts_training() else {}
            inputs, state = cell(inputs, state, **kw)
            if not _nested(state):
                state = [state]
            if len(state) == 1 and not as_list:
                state = state[0]
            new_states.append(state)
        if len(new_states) == 1:
            new_states = new_states[0]
        return inputs, new_states


# ---------------------------------------------------------------------------- layers
class RNN(base.Layer):
    """Keras 3's RNN over a (batch, time, features) input with a static number of steps:
    the cell called at each step (no dropout masks, no mask), the states starting at the
    cell's initial state or the one given."""

    def __init__(self, cell, return_sequences=False, return_state=False, go_backwards=False, stateful=False,
                 unroll=False, zero_output_for_mask=False, **kwargs):
        if isinstance(cell, (list, tuple)):
            cell = StackedRNNCells(cell)
        _check_cell(cell)
        super().__init__(**kwargs)
        if stateful:
            raise backend.unsupported("%s(stateful=True)" % type(self).__name__)
        self.cell = cell
        self.return_sequences, self.return_state, self.go_backwards = return_sequences, return_state, go_backwards
        self.stateful, self.unroll, self.zero_output_for_mask = False, unroll, zero_output_for_mask

    @property
    def state_size(self):
        return self.cell.state_size

    def build(self, sequences_shape, initial_state_shape=None):
        if isinstance(self.cell, base.Layer) and not self.cell.built:
            self.cell.build((sequences_shape[0],) + tuple(sequences_shape[2:]))
            self.cell.built = True

    def get_initial_state(self, batch_size):
        fn = getattr(self.cell, "get_initial_state", None)
        if fn is None:
            sizes = self.cell.state_size
            return [_zeros(batch_size, d) for d in (sizes if _nested(sizes) else [sizes])]
        state = fn(batch_size=batch_size)
        return list(state) if _nested(state) else [state]

    def call(self, sequences, initial_state=None, mask=None, training=False):
        if mask is not None:
            raise backend.unsupported("%s with a mask" % type(self).__name__)
        if sequences.shape.ndims is None or sequences.shape.ndims < 3:
            raise ValueError("Input %s of %s should have rank >= 3 (batch, time, features); received shape %s"
                             % (getattr(sequences, "name", ""), self.name, sequences.shape))
        steps = sequences.shape.as_list()[1]
        if steps is None:
            raise backend.unsupported("%s over a sequence of unknown length" % type(self).__name__)
        if initial_state is None:
            batch = sequences.shape.as_list()[0]
            initial_state = self.get_initial_state(batch if batch is not None else array_ops.shape(sequences)[0])
        if not _nested(initial_state):
            initial_state = [initial_state]
        initial_state = nest.map_structure(_state_input, list(initial_state))
        kw = {"training": training} if isinstance(self.cell, base.Layer) and self.cell._accepts_training() else {}
        states, outputs = initial_state, []
        for t in (range(steps - 1, -1, -1) if self.go_backwards else range(steps)):
            out, new = self.cell(sequences[:, t], states, **kw)
            states = nest.pack_sequence_as(initial_state, nest.flatten(new))
            outputs.append(out)
        output = array_ops.stack(outputs, axis=1) if self.return_sequences else outputs[-1]
        return (output,) + tuple(states) if self.return_state else output


def _cell_property(name):
    return property(lambda self: getattr(self.cell, name))


class _KerasRNN(RNN):
    """SimpleRNN / LSTM / GRU: an RNN over the matching cell, named as Keras names it
    ("lstm_cell" in every LSTM, the name not counted among the uniquified ones)."""
    _cell_args = ()

    def __init__(self, cell_type, cell_name, cell_args, kwargs):
        _no_regularizers(type(self).__name__, kwargs)
        kwargs.pop("use_cudnn", None)   # no cuDNN on the CPU: Keras 3 runs the cell then too
        layer_kw = {k: kwargs.pop(k) for k in ("return_sequences", "return_state", "go_backwards", "stateful",
                                                 "unroll", "name", "trainable", "dtype", "input_shape",
                                                 "input_dim") if k in kwargs}
        cell = cell_type(**cell_args, dropout=kwargs.pop("dropout", 0.0),
                         recurrent_dropout=kwargs.pop("recurrent_dropout", 0.0), seed=kwargs.pop("seed", None),
                         name=cell_name, **{k: kwargs.pop(k) for k in ("implementation",) if k in kwargs})
        super().__init__(cell, **layer_kw, **kwargs)

    for _p in ("units", "activation", "use_bias", "kernel_initializer", "recurrent_initializer",
               "bias_initializer", "dropout", "recurrent_dropout"):
        locals()[_p] = _cell_property(_p)
    del _p


class SimpleRNN(_KerasRNN):
    def __init__(self, units, activation="tanh", use_bias=True, kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros", **kwargs):
        super().__init__(SimpleRNNCell, "simple_rnn_cell", dict(
            units=units, activation=activation, use_bias=use_bias, kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer, bias_initializer=bias_initializer), kwargs)


class LSTM(_KerasRNN):
    recurrent_activation = _cell_property("recurrent_activation")
    unit_forget_bias = _cell_property("unit_forget_bias")

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 unit_forget_bias=True, **kwargs):
        super().__init__(LSTMCell, "lstm_cell", dict(
            units=units, activation=activation, recurrent_activation=recurrent_activation, use_bias=use_bias,
            kernel_initializer=kernel_initializer, recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer, unit_forget_bias=unit_forget_bias), kwargs)


class GRU(_KerasRNN):
    recurrent_activation = _cell_property("recurrent_activation")
    reset_after = _cell_property("reset_after")

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 reset_after=True, **kwargs):
        super().__init__(GRUCell, "gru_cell", dict(
            units=units, activation=activation, recurrent_activation=recurrent_activation, use_bias=use_bias,
            kernel_initializer=kernel_initializer, recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer, reset_after=reset_after), kwargs)
