"""tf.keras.utils."""
import numpy as np

from .. import core


def to_categorical(x, num_classes=None):
    """tf.keras.utils.to_categorical on arrays: float64 one-hot rows (a trailing 1 dimension dropped)."""
    if isinstance(x, core.Tensor):
        x = x.numpy()
    x = np.array(x, dtype="int64")
    shape = x.shape
    if shape and shape[-1] == 1 and len(shape) > 1:
        shape = tuple(shape[:-1])
    x = x.reshape(-1)
    if not num_classes:
        num_classes = np.max(x) + 1
    out = np.zeros((x.shape[0], num_classes))
    out[np.arange(x.shape[0]), x] = 1
    return np.reshape(out, shape + (num_classes,))
