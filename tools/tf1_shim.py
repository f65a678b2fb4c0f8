#!/usr/bin/env python3
"""Run a TF1 script on the installed TF 2.x the way TF 1.15 would run it.

    .venv/bin/python tools/tf1_shim.py script.py [args...]

TF1 behavior is switched on (tf.compat.v1.disable_v2_behavior) and `import
tensorflow` hands the script the tf.compat.v1 module, which is TF 1.15's public
API surface. Used by tools/run_compat_programs.py to produce the TF1 reference
output of testdata/programs/compat/*.py.
"""
import os
import runpy
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow.compat.v1 as tf1  # noqa: E402

tf1.disable_v2_behavior()
sys.modules["tensorflow"] = tf1
script = sys.argv[1]
sys.argv = sys.argv[1:]
runpy.run_path(script, run_name="__main__")
