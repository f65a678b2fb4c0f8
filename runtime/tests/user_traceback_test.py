"""`tfmigrate run` shows the user's frames and the error, never its own: an exception a
script does not catch is printed as Python prints it, minus the frames of the runner, the
recorder and the bundled tensorflow / keras facade (runtime/python/), as TensorFlow leaves
its own frames out of the tracebacks it shows. Chained exceptions are filtered alike.

    python3 user_traceback_test.py BUILD/tfmigrate

Run by CTest as runtime_user_traceback."""
import os
import subprocess
import sys
import tempfile

RUNTIME_PY = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

HELPER = '''def check(m):
    if m.shape[0] != 2:
        raise ValueError("helper says no")
    return m
'''
CASES = [
    # (name, script, frames that must be shown as 'File "...", line N, in F', text that must be shown)
    ("kernel error inside a user function",
     "import tensorflow as tf\n\n\ndef product(a, b):\n    return tf.matmul(a, b)\n\n\n"
     "print(product(tf.ones([2, 3]), tf.ones([2, 3])))\n",
     [("script", 8, "<module>"), ("script", 5, "product")], "InvalidArgumentError: Matrix size-incompatible"),
    ("error raised in the user's own module",
     "import tensorflow as tf\nimport helper\n\nhelper.check(tf.zeros([3, 1]))\n",
     [("script", 4, "<module>"), ("helper", 3, "check")], "ValueError: helper says no"),
    ("chained: raise ... from a facade error",
     "import tensorflow as tf\n\ntry:\n    tf.reshape(tf.zeros([5]), [2, 2])\n"
     "except Exception as e:\n    raise RuntimeError('reshape failed') from e\n",
     [("script", 4, "<module>"), ("script", 6, "<module>")], "RuntimeError: reshape failed"),
    ("user code the facade calls back (tf.function)",
     "import tensorflow as tf\n\n\n@tf.function\ndef f(x):\n    if x.shape[0] == 5:\n        raise ValueError('five')\n"
     "    return x\n\n\nf(tf.zeros([5]))\n",
     [("script", 11, "<module>"), ("script", 7, "f")], "ValueError: five"),
    ("Keras error deep in the facade",
     "import tensorflow as tf\n\nm = tf.keras.Sequential([tf.keras.layers.Dense(2)])\n"
     "m.compile(loss='mse', optimizer='sgd')\nm.fit(tf.ones([4, 3]), tf.ones([5, 2]), verbose=0)\n",
     [("script", 5, "<module>")], "Error"),
]
INTERNAL = ("tfmigrate_runner.py", "tfmigrate_recorder.py", os.sep + "_impl" + os.sep, os.sep + "keras" + os.sep,
            "<frozen importlib")


def main():
    tfm = sys.argv[1]
    failed = 0
    for name, text, frames, message in CASES:
        with tempfile.TemporaryDirectory() as d:
            paths = {"script": os.path.join(d, "script.py"), "helper": os.path.join(d, "helper.py")}
            with open(paths["script"], "w") as f:
                f.write(text)
            with open(paths["helper"], "w") as f:
                f.write(HELPER)
            p = subprocess.run([tfm, "run", "--mode", "tf2", paths["script"]], capture_output=True, text=True,
                               timeout=120)
            err = p.stderr
            problems = []
            if p.returncode != 1:
                problems.append("exit %d, not 1" % p.returncode)
            for which, line, fn in frames:
                want = 'File "%s", line %d, in %s' % (paths[which], line, fn)
                if want not in err:
                    problems.append("missing frame: " + want)
            if message not in err:
                problems.append("missing message: " + message)
            shown = [ln.strip() for ln in err.splitlines() if ln.strip().startswith("File ")]
            for ln in shown:
                if any(k in ln for k in INTERNAL) or RUNTIME_PY in ln:
                    problems.append("internal frame shown: " + ln)
        print("%-45s %s" % (name, "ok" if not problems else "FAILED"))
        for pr in problems:
            print("    " + pr)
        if problems:
            print("    stderr was:\n" + "\n".join("      | " + ln for ln in err.splitlines()))
        failed += bool(problems)
    print("%d cases, %d failed" % (len(CASES), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
