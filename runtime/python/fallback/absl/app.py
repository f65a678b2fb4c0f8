"""absl.app for the bundled runtime when the interpreter has none: run(main, argv,
flags_parser) parses the command line with `flags_parser` (absl's default parser accepts
only defined flags), calls main with what remains and exits with its result, as absl's
app.run does (tf.app.run is absl's run with a parser that leaves undefined flags alone)."""
import sys

from absl import flags as _flags


class UsageError(Exception):
    def __init__(self, message, exitcode=1):
        super().__init__(message)
        self.exitcode = exitcode


def parse_flags_with_usage(args):
    return _flags.FLAGS(args)


def run(main, argv=None, flags_parser=parse_flags_with_usage):
    args = flags_parser(sys.argv if argv is None else argv)
    sys.exit(main(args))
