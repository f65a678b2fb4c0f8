"""tf.nest: flatten / pack_sequence_as / map_structure over lists, tuples, namedtuples, dicts."""


def _is_seq(x):
    return isinstance(x, (list, tuple, dict))


def flatten(structure, expand_composites=False):
    if isinstance(structure, dict):
        return [y for k in sorted(structure) for y in flatten(structure[k])]
    if isinstance(structure, (list, tuple)):
        return [y for x in structure for y in flatten(x)]
    return [structure]


def _pack(structure, it):
    if isinstance(structure, dict):
        vals = {k: _pack(structure[k], it) for k in sorted(structure)}
        return type(structure)((k, vals[k]) for k in structure)
    if isinstance(structure, (list, tuple)):
        vals = [_pack(x, it) for x in structure]
        if hasattr(structure, "_fields"):
            return type(structure)(*vals)
        return type(structure)(vals)
    return next(it)


def pack_sequence_as(structure, flat_sequence, expand_composites=False):
    return _pack(structure, iter(flat_sequence))


def map_structure(fn, *structures, **kw):
    flats = [flatten(s) for s in structures]
    return pack_sequence_as(structures[0], [fn(*xs) for xs in zip(*flats)])


def is_nested(x):
    return _is_seq(x)
