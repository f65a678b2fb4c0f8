"""absl.flags over the bundled runtime's flags (tf.compat.v1.flags defines into the same
FlagValues, as TensorFlow's wrapper around absl's does). Unlike TensorFlow's wrapper,
absl's FLAGS does not parse sys.argv on the first read: reading a flag before the
command line is parsed raises UnparsedFlagAccessError."""
from tensorflow._impl import platform as _p


class UnparsedFlagAccessError(_p.Error):
    pass


class _AbslFlagValues:
    def __init__(self, inner):
        object.__setattr__(self, "_inner", inner)

    def __getattr__(self, name):
        inner = object.__getattribute__(self, "_inner")
        if name in inner and not inner.is_parsed():
            raise UnparsedFlagAccessError("Trying to access flag --%s before flags were parsed." % name)
        return getattr(inner, name)

    def __setattr__(self, name, value):
        setattr(object.__getattribute__(self, "_inner"), name, value)

    def __call__(self, argv, known_only=False):
        return object.__getattribute__(self, "_inner")(argv, known_only)

    def __contains__(self, name):
        return name in object.__getattribute__(self, "_inner")

    def __getitem__(self, name):
        return object.__getattribute__(self, "_inner")[name]


FLAGS = _AbslFlagValues(_p.FLAGS)
FlagValues = _p.FlagValues
Error = _p.Error
IllegalFlagValueError = _p.IllegalFlagValueError
UnrecognizedFlagError = _p.UnrecognizedFlagError
for _name, _fn in _p.FLAGS_MODULE.items():
    if _name.startswith("DEFINE_") or _name == "mark_flag_as_required":
        globals()[_name] = _fn
