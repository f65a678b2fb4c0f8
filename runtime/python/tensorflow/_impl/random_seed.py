"""Graph-level and op-level seeds (tf.set_random_seed / tf.random.set_seed) as TF combines them."""
from . import core

_global = [None]
_counter = [0]
DEFAULT_GRAPH_SEED = 87654321


def set_seed(seed):
    if core.executing_eagerly():
        _global[0] = seed
        _counter[0] = 0
        import _tfrt
        _tfrt.reset_eager_rngs()
    else:
        core.get_default_graph().seed = seed


def _graph_seed():
    if core.executing_eagerly():
        return _global[0]
    g = core.get_default_graph()
    return g.seed if g.seed is not None else _global[0]


def get_seed(op_seed):
    gs = _graph_seed()
    if gs is not None:
        if op_seed is None:
            if core.executing_eagerly():
                _counter[0] += 1
                op_seed = _counter[0]
            else:
                op_seed = len(core.get_default_graph()._ops)   # TF: the graph's last op id
        return int(gs), int(op_seed)
    if op_seed is not None:
        return DEFAULT_GRAPH_SEED, int(op_seed)
    return 0, 0
