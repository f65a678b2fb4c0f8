"""The `tensorflow` package of tfmigrate's bundled runtime (`tfmigrate run`).

TFMIGRATE_TF_MODE=tf1 presents the TF 1.15 API with graph-mode semantics, tf2 the TF 2
API with eager semantics; tf.compat.v1 / tf.compat.v2 exist in both. Kernels run in the
C++/Eigen runtime (module _tfrt). A symbol the bundled runtime lacks raises an
AttributeError naming it and suggesting `--backend tensorflow`."""
import os as _os
import sys as _sys

from tensorflow._impl import core as _core
from tensorflow._impl import api as _api

_mode = _os.environ.get("TFMIGRATE_TF_MODE", "tf2")
_core.configure(_mode)
_v1, _v2 = _api._build()
_chosen = _v1 if _mode == "tf1" else _v2

__version__ = "1.15.5" if _mode == "tf1" else "2.21.0"
VERSION = __version__
_removed = _chosen._tfm_removed

for _k, _v in list(vars(_chosen).items()):
    if not _k.startswith("_"):
        globals()[_k] = _v

_sys.modules["tensorflow.compat"] = _chosen.compat
_sys.modules["tensorflow.compat.v1"] = _v1
_sys.modules["tensorflow.compat.v2"] = _v2
for _name in ("nn", "train", "math", "random", "data", "keras", "errors", "dtypes", "linalg", "initializers"):
    if hasattr(_chosen, _name) or _name in vars(_chosen):
        _sys.modules["tensorflow." + _name] = vars(_chosen)[_name]
# tensorflow.keras.layers and other submodules of API modules: imported through ApiFinder
# (tf.keras is made on first use)
if _api.ApiFinder not in _sys.meta_path:
    _sys.meta_path.insert(0, _api.ApiFinder)


class _CoreModules:
    """`tensorflow.core...` (protocol buffer modules): made by tensorflow.python's
    _CoreFinder, loaded on the first such import."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        if fullname != "tensorflow.core" and not fullname.startswith("tensorflow.core."):
            return None
        import tensorflow.python as _internal
        return _internal._CoreFinder.find_spec(fullname, path, target)


if not any(getattr(f, "__name__", "") == "_CoreModules" for f in _sys.meta_path):
    _sys.meta_path.append(_CoreModules)


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    if name in _removed:
        raise AttributeError("module 'tensorflow' has no attribute '%s'" % name)
    raise _core.UnsupportedSymbolError("tf." + name)
