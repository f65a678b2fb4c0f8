"""absl for the bundled runtime when the interpreter has none (TensorFlow programs import
absl's flags beside TensorFlow; real TensorFlow depends on absl-py). The recorder puts this
directory last on sys.path, so an installed absl-py is used first."""
