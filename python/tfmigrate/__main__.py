"""``tfmigrate`` console script and ``python -m tfmigrate``: exec the bundled executable.

The bundled runtime (``tfmigrate run`` without ``--backend tensorflow``) starts a Python
interpreter with its facade and extension; the extension is built for this interpreter's
ABI, so this interpreter is the one it gets. ``--backend tensorflow`` uses the same
interpreter, where the user's TensorFlow is installed next to tfmigrate. Either can be
overridden with TFMIGRATE_PYTHON / TFMIGRATE_ORACLE_PYTHON.
"""

import os
import sys

from tfmigrate import executable


def main() -> None:
    exe = executable()
    if not os.access(exe, os.X_OK):
        sys.stderr.write(f"tfmigrate: the bundled executable is missing: {exe}\n")
        raise SystemExit(2)
    env = dict(os.environ)
    env.setdefault("TFMIGRATE_PYTHON", sys.executable)
    env.setdefault("TFMIGRATE_ORACLE_PYTHON", sys.executable)
    os.execve(exe, [exe] + sys.argv[1:], env)


if __name__ == "__main__":
    main()
