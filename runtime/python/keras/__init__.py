"""`import keras` in tfmigrate's bundled runtime: TF 2.21 ships Keras 3, which is tf.keras
(runtime/python/tensorflow/_impl/keras/). With --backend tensorflow the real keras package
is imported instead (the runner drops this directory from sys.path)."""
import sys as _sys

import tensorflow as _tf
from tensorflow._impl import core as _core

_k = _tf.keras
for _name in dir(_k):
    if not _name.startswith("_"):
        globals()[_name] = getattr(_k, _name)
for _name in ("layers", "optimizers", "losses", "metrics", "initializers", "activations", "models", "backend",
              "regularizers", "utils", "callbacks"):
    _sys.modules["keras." + _name] = getattr(_k, _name)
_sys.modules["keras.optimizers.schedules"] = _k.optimizers.schedules
__version__ = "3.15.1"


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise _core.UnsupportedSymbolError("keras." + name)
