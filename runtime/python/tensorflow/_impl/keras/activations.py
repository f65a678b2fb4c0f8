"""tf.keras.activations. A softmax / sigmoid output remembers its logits when it is symbolic
(Keras 3 does; its crossentropies then use them)."""
from .. import core, math_ops, nn_ops
from . import backend


def _keras_softmax(x, axis=-1):
    out = nn_ops.softmax(x)
    _mark_logits(out, x)
    return out


def _keras_sigmoid(x):
    out = math_ops.sigmoid(x)
    _mark_logits(out, x)
    return out


def _mark_logits(out, logits):
    # Keras 3 records the logits on a symbolic softmax/sigmoid output (an EagerTensor takes
    # no new attribute), and its crossentropies then use them. fit/evaluate run in a
    # tf.function in Keras, so their outputs count as symbolic here.
    if not isinstance(out, core.EagerTensor) or backend.fitting:
        out._keras_logits = logits


def _linear(x):
    return x


ACTIVATIONS = {"relu": nn_ops.relu, "sigmoid": _keras_sigmoid, "tanh": math_ops.tanh, "softmax": _keras_softmax,
               "linear": _linear, "softplus": math_ops.softplus, "exponential": math_ops.exp}


def get_activation(a):
    if a is None:
        return _linear
    if isinstance(a, str):
        if a not in ACTIVATIONS:
            raise ValueError("Could not interpret activation function identifier: %s" % a)
        return ACTIVATIONS[a]
    return a
