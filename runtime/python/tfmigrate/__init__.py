"""tfmigrate's hook for user scripts: `tfmigrate.observe(name, value)`.

Under `tfmigrate run` / `tfmigrate diff` the recorder replaces `_recorder`, and each call
adds an `observe` record (name, value, source line) to the run's trace, so a user can pin
the values that matter and `diff --align by-name` compares them by name. Anywhere else the
call does nothing, so a script may keep it:

    try:
        from tfmigrate import observe
    except ImportError:          # tfmigrate not on the path: observe nothing
        def observe(name, value):
            return value
"""

_recorder = None


def observe(name, value):
    """Records `value` (a tensor, variable, numpy value, number, or nested list/tuple/dict of
    them) under `name` when running under tfmigrate; returns `value` unchanged."""
    if _recorder is not None:
        _recorder(name, value)
    return value
