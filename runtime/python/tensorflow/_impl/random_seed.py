"""Graph-level and op-level seeds (tf.set_random_seed / tf.random.set_seed) as TF combines them."""
from . import core


_global = [None]
_rng = [None]          # eager: random.Random(global seed) hands out op seeds, as TF's context does
DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2 ** 31 - 1


def set_seed(seed):
    if core.executing_eagerly():
        import random
        _global[0] = seed
        _rng[0] = random.Random(int(seed)) if seed is not None else None
        import _tfrt
        _tfrt.reset_eager_rngs()
    else:
        core.get_default_graph().seed = seed


def _graph_seed():
    if core.executing_eagerly():
        return _global[0]
    g = core.get_default_graph()
    return g.seed if g.seed is not None else _global[0]


def _truncate(seed):
    return int(seed) % _MAXINT32


def get_seed(op_seed):
    """(seed, seed2) for a random op, derived as TF 2.x does: a graph-level seed with no op
    seed takes the graph's next op-seed counter value (0, 1, 2, ...); eagerly, the next
    draw of random.Random(global seed)."""
    gs = _graph_seed()
    if gs is not None:
        if op_seed is None:
            if core.executing_eagerly():
                if _rng[0] is None:
                    import random
                    _rng[0] = random.Random(int(gs))
                op_seed = _rng[0].randint(0, _MAXINT32)
            else:
                g = core.get_default_graph()
                g = getattr(g, "_tfm_seed_graph", None) or g
                op_seed = getattr(g, "_tfm_seed_counter", 0)
                g._tfm_seed_counter = op_seed + 1
        seeds = _truncate(gs), _truncate(op_seed)
    elif op_seed is not None:
        seeds = DEFAULT_GRAPH_SEED, _truncate(op_seed)
    else:
        return 0, 0
    if seeds == (0, 0):
        return 0, _MAXINT32
    return seeds
