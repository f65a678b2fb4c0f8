"""Entry point of the trace recorder (tfmigrate_recorder.py): `tfmigrate run` starts
`python3 tfmigrate_runner.py --mode tf1|tf2 [--backend ...] [--trace FILE] SCRIPT [ARGS...]`.
Kept this small because Python compiles the script it runs every time; the recorder is an
imported module, whose bytecode is cached (also under PYTHONDONTWRITEBYTECODE, as the
bundled facade's is)."""
import sys

_dont_write, sys.dont_write_bytecode = sys.dont_write_bytecode, False
try:
    import tfmigrate_recorder
finally:
    sys.dont_write_bytecode = _dont_write

if __name__ == "__main__":
    tfmigrate_recorder.main()
