"""tfmigrate: find, fix and prove the TensorFlow 1.x to TensorFlow 2 migration.

The tool is a native executable shipped inside this package (``_bundle/bin/tfmigrate``);
the ``tfmigrate`` console script and ``python -m tfmigrate`` run it. ``executable()``
returns its path for callers that start it themselves.
"""

import os as _os

try:
    from importlib.metadata import version as _version

    __version__ = _version("tfmigrate")
except Exception:  # not installed as a distribution (a source checkout on sys.path)
    __version__ = "unknown"

_BUNDLE = _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "_bundle")


def observe(name, value):
    """``tfmigrate.observe(name, value)`` outside a tfmigrate run: does nothing and returns
    ``value``. Under ``tfmigrate run`` / ``diff`` the runtime's own ``tfmigrate`` module, first
    on the path there, records the value instead."""
    return value


def executable() -> str:
    """Path of the bundled ``tfmigrate`` executable."""
    return _os.path.join(_BUNDLE, "bin", "tfmigrate")
