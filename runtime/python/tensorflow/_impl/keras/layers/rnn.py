"""SimpleRNN and LSTM (and their cells) over a static number of steps."""
from ... import array_ops, core, math_ops
from .. import activations, backend, initializers
from . import base
from ...core import convert_to_tensor as _t


class SimpleRNNCell(base.Layer):
    def __init__(self, units, activation="tanh", use_bias=True, kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros", seed=None, **kwargs):
        super().__init__(**kwargs)
        self.units, self.activation, self.use_bias = int(units), activations.get_activation(activation), use_bias
        self._inits = (kernel_initializer, recurrent_initializer, bias_initializer)
        self.bias = None
        self._seed_state = backend.seed_state_variable(seed)   # Keras 3 cells keep one for their dropout masks

    def _state_variables(self):
        return [self._seed_state]

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), initializer=self._inits[0], name="kernel")
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units), initializer=self._inits[1],
                                                name="recurrent_kernel")
        if self.use_bias:
            self.bias = self.add_weight(shape=(self.units,), initializer=self._inits[2], name="bias")

    def step(self, x, states):
        h = math_ops.matmul(x, self.kernel)
        if self.bias is not None:
            h = math_ops.add(h, self.bias)
        out = self.activation(math_ops.add(h, math_ops.matmul(states[0], self.recurrent_kernel)))
        return out, [out]


class LSTMCell(base.Layer):
    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 unit_forget_bias=True, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.units, self.use_bias, self.unit_forget_bias = int(units), use_bias, unit_forget_bias
        self.activation, self.recurrent_activation = activations.get_activation(activation), activations.get_activation(recurrent_activation)
        self._inits = (kernel_initializer, recurrent_initializer, bias_initializer)
        self.bias = None
        self._seed_state = backend.seed_state_variable(seed)

    def _state_variables(self):
        return [self._seed_state]

    def build(self, input_shape):
        u = self.units
        self.kernel = self.add_weight(shape=(input_shape[-1], 4 * u), initializer=self._inits[0], name="kernel")
        self.recurrent_kernel = self.add_weight(shape=(u, 4 * u), initializer=self._inits[1], name="recurrent_kernel")
        if self.use_bias:
            init = initializers.get_initializer(self._inits[2])
            if self.unit_forget_bias:
                base = init

                def init(shape, dtype=None):   # Keras 3: the forget gate's bias starts at one
                    return array_ops.concat([base((u,), dtype=dtype), array_ops.ones([u], core.as_dtype(dtype or core.float32)),
                                       base((2 * u,), dtype=dtype)], 0)
            self.bias = self.add_weight(shape=(4 * u,), initializer=init, name="bias")

    def step(self, x, states):
        h_prev, c_prev = states
        z = math_ops.add(math_ops.matmul(x, self.kernel), math_ops.matmul(h_prev, self.recurrent_kernel))
        if self.bias is not None:
            z = math_ops.add(z, self.bias)
        u = self.units
        z0, z1, z2, z3 = (z[:, k * u:(k + 1) * u] for k in range(4))
        i, f = self.recurrent_activation(z0), self.recurrent_activation(z1)
        c = math_ops.add(math_ops.multiply(f, c_prev), math_ops.multiply(i, self.activation(z2)))
        o = self.recurrent_activation(z3)
        h = math_ops.multiply(o, self.activation(c))
        return h, [h, c]


class _RNN(base.Layer):
    """Keras 3 SimpleRNN / LSTM over a (batch, time, features) input with a static number
    of steps: zero initial states, the cell applied step by step (no dropout masks)."""
    _n_states = 1

    def __init__(self, cell, return_sequences=False, return_state=False, go_backwards=False, stateful=False,
                 unroll=False, dropout=0.0, recurrent_dropout=0.0, **kwargs):
        super().__init__(**kwargs)
        if stateful or dropout or recurrent_dropout:
            raise backend.unsupported("%s(stateful / dropout / recurrent_dropout)" % type(self).__name__)
        self.cell = cell
        self.return_sequences, self.return_state, self.go_backwards = return_sequences, return_state, go_backwards

    def build(self, input_shape):
        self.cell.build((input_shape[0], input_shape[-1]))

    def call(self, inputs, initial_state=None, training=None, mask=None):
        if mask is not None:
            raise backend.unsupported("%s with a mask" % type(self).__name__)
        steps = inputs.shape.as_list()[1]
        if steps is None:
            raise backend.unsupported("%s over a sequence of unknown length" % type(self).__name__)
        if initial_state is None:
            batch = inputs.shape.as_list()[0]
            zero = array_ops.zeros([batch, self.cell.units], inputs.dtype) if batch is not None else \
                array_ops.stop_gradient(array_ops.zeros(array_ops.stack([array_ops.shape(inputs)[0], self.cell.units]), inputs.dtype))
            states = [zero] * self._n_states
        else:
            states = [_t(v) for v in (initial_state if isinstance(initial_state, (list, tuple)) else [initial_state])]
        order = range(steps - 1, -1, -1) if self.go_backwards else range(steps)
        outputs = []
        for t in order:
            out, states = self.cell.step(inputs[:, t, :], states)
            outputs.append(out)
        result = array_ops.stack(outputs, axis=1) if self.return_sequences else outputs[-1]
        return [result] + list(states) if self.return_state else result


class SimpleRNN(_RNN):
    def __init__(self, units, activation="tanh", use_bias=True, kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros", seed=None, **kwargs):
        if any(kwargs.get(k) is not None for k in ("kernel_regularizer", "recurrent_regularizer", "bias_regularizer")):
            raise backend.unsupported("SimpleRNN regularizers")
        for k in ("kernel_regularizer", "recurrent_regularizer", "bias_regularizer"):
            kwargs.pop(k, None)
        cell = SimpleRNNCell(units, activation, use_bias, kernel_initializer, recurrent_initializer, bias_initializer,
                             seed=seed, name="simple_rnn_cell")
        super().__init__(cell, **kwargs)
        self.units = units


class LSTM(_RNN):
    _n_states = 2

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 unit_forget_bias=True, seed=None, **kwargs):
        if any(kwargs.get(k) is not None for k in ("kernel_regularizer", "recurrent_regularizer", "bias_regularizer")):
            raise backend.unsupported("LSTM regularizers")
        for k in ("kernel_regularizer", "recurrent_regularizer", "bias_regularizer"):
            kwargs.pop(k, None)
        cell = LSTMCell(units, activation, recurrent_activation, use_bias, kernel_initializer, recurrent_initializer,
                        bias_initializer, unit_forget_bias, seed=seed, name="lstm_cell")
        super().__init__(cell, **kwargs)
        self.units = units
