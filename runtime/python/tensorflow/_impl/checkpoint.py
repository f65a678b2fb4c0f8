"""tf.train.Checkpoint, tf.train.CheckpointManager, tf.train.list_variables / load_variable:
TensorFlow 2's object-based checkpoints (tensorflow/python/checkpoint/checkpoint.py).

The object graph is TensorFlow's: the Checkpoint is the root, its keyword arguments its
named children; a tf.Module's children are its attributes (lists, tuples and dicts of
trackables are nodes of their own, children "0", "1", ... or the keys); a Keras layer's are
its weights and sub-layers held in attributes (Keras 3 names the Dense and Conv kernel
`_kernel`, the Embedding table `_embeddings`; lists in a layer's attributes are not
tracked), a built Sequential's are `_functional/_operations/<i>` (0 the input), a
functional Model's `_operations/<i>`, a compiled model's `optimizer`; a Keras optimizer's
are `_iterations`, `_learning_rate`, `_trainable_variables` and `_variables` (iterations,
the learning rate, then the slots). Each variable is saved once, under the first path a
breadth-first walk of the graph reaches it by: `dense/_kernel/.ATTRIBUTES/VARIABLE_VALUE`.

Reading matches the saved graph to the Python objects from the root, name by name. A child
the checkpoint has and the Python object does not have yet (the kernel of a Dense that is
not built) is restored when it appears: after a layer builds (also inside a tf.function),
an attribute is set on a tf.Module, an optimizer makes a slot, or `save_counter` is made.

The file is the bundled runtime's own format, as saver.py's: `PREFIX.index` is a NumPy .npz
archive holding every value by its checkpoint key, and under `_CHECKPOINTABLE_OBJECT_GRAPH`
(a scalar string, as in TensorFlow) the object graph as JSON (nodes in breadth-first order,
each with its named children and, for a variable, its key and name) instead of TensorFlow's
TrackableObjectGraph proto."""
import collections
import glob
import json
import os
import time
import weakref

import numpy as np

import _tfrt
from . import core, saver, variables
from .graph_def import _bytes_text  # protobuf's text format of a string field

OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
_SUFFIX = "/.ATTRIBUTES/VARIABLE_VALUE"


# ---------------------------------------------------------------------------- the object graph
class Node:
    """A trackable TensorFlow makes for an object's state that the bundled object keeps
    elsewhere (a Keras optimizer's `_variables` list, a Sequential's `_functional`): its
    children, `children(owner)`, are computed when asked, so a node restored into before it
    had them sees them. It holds its owner weakly: a restoration waiting on it does not keep
    the owner alive."""

    def __init__(self, owner, children):
        self._owner = _ref(owner)
        self._fn = children

    def _checkpoint_children(self):
        owner = self._owner()
        return [] if owner is None else self._fn(owner)


def _ref(obj):
    """A weak reference where the object allows one (lists and dicts do not); a Node, which
    nothing else holds and which holds its owner weakly, strongly."""
    if isinstance(obj, Node):
        return lambda: obj
    try:
        return weakref.ref(obj)
    except TypeError:
        return lambda: obj


def _is_variable(obj):
    return isinstance(obj, variables.Variable) or hasattr(obj, "_tfm_variable")


def _backing(obj):
    return obj._tfm_variable if hasattr(obj, "_tfm_variable") else obj


def _is_trackable(obj):
    return _is_variable(obj) or hasattr(obj, "_checkpoint_children") or isinstance(obj, (list, tuple, dict))


def _container_children(obj):
    if isinstance(obj, dict):
        return [(str(k), v) for k, v in obj.items() if _is_trackable(v)]
    return [(str(i), v) for i, v in enumerate(obj) if _is_trackable(v)]


def children(obj):
    """The named children of a trackable, in TensorFlow's order."""
    if _is_variable(obj):
        return []
    if isinstance(obj, (list, tuple, dict)):
        return _container_children(obj)
    return list(obj._checkpoint_children())


def attribute_children(obj, skip=()):
    """A tf.Module's children: its trackable attributes, in the order they were set."""
    return [(k, v) for k, v in vars(obj).items() if k not in skip and _is_trackable(v)]


def _uid(obj):
    return id(_backing(obj))


def _escape(name):
    return name.replace(".", "..").replace("/", ".S")


def walk(root):
    """Breadth-first: (objects, paths, edges), node 0 the root; every object once."""
    objects, paths, edges, index = [root], [[]], [], {_uid(root): 0}
    queue = collections.deque([0])
    while queue:
        i = queue.popleft()
        kids = []
        for name, child in children(objects[i]):
            u = _uid(child)
            if u not in index:
                index[u] = len(objects)
                objects.append(child)
                paths.append(paths[i] + [name])
                queue.append(index[u])
            kids.append((name, index[u]))
        edges.append(kids)
    return objects, paths, edges


def _full_name(v):
    if hasattr(v, "_tfm_variable"):
        return v.path
    return v.name.split(":")[0]


def _write_checkpoint(root, prefix):
    objects, paths, edges = walk(root)
    names, values, nodes = [], [], []
    for obj, path, kids in zip(objects, paths, edges):
        node = {"children": kids}
        if _is_variable(obj) and path:
            key = "/".join(_escape(n) for n in path) + _SUFFIX
            node["key"], node["full_name"] = key, _full_name(obj)
            names.append(key)
            values.append(np.asarray(_backing(obj).numpy()))
        nodes.append(node)
    names.append(OBJECT_GRAPH_KEY)
    values.append(np.array(json.dumps({"nodes": nodes}).encode()))
    saver._write(prefix, names, values)


# ---------------------------------------------------------------------------- reading
_pending = []   # restorations with children the Python objects do not have yet


def on_new_dependencies():
    """Called where trackables gain children (a layer built, an attribute set, a slot made):
    restores what a read left for them."""
    if not _pending:
        return
    for restore in list(_pending):
        restore._resolve()


def _not_found(e):
    return core.NotFoundError(None, None, e.args[1]) if e.args[0] == 5 else core._BY_CODE[e.args[0]](None, None, e.args[1])


def _load(path):
    try:
        return saver._read_all(path)
    except _tfrt.StatusError as e:
        raise _not_found(e) from None


class _Restoration:
    """One read: the saved graph, the values and the Python objects matched to its nodes."""

    def __init__(self, path, stored, root):
        self.path = path
        self.values = stored
        if OBJECT_GRAPH_KEY not in stored:
            raise NotImplementedError("tfmigrate bundled runtime: reading a name-based checkpoint (one a "
                                      "tf.compat.v1.train.Saver wrote, %s) with tf.train.Checkpoint is not supported; "
                                      "run with --backend tensorflow" % path)
        graph = json.loads(bytes(np.asarray(stored[OBJECT_GRAPH_KEY]).item()).decode())
        self.nodes = graph["nodes"]
        # what matched, held weakly (as TensorFlow's restorations hang on the Python objects, a
        # read must not keep them alive): node ids, and the variables by id
        self.matched_nodes = set()
        self.matched_vars = {}
        self.waiting = []   # (reference to a python object, node id) with children still to come
        self.reading = True   # False once read() returned: values assigned later are deferred ones
        self.guarded = set()  # nodes under a subclassed Keras Model unbuilt at read time

    def match(self, nid, obj, guarded=False):
        if nid in self.matched_nodes:
            return
        self.matched_nodes.add(nid)
        node = self.nodes[nid]
        if guarded or getattr(obj, "_checkpoint_defers_unsupported", lambda: False)():
            self.guarded.add(nid)
        if "key" in node and _is_variable(obj):
            if nid in self.guarded and not self.reading:
                raise NotImplementedError(
                    "tfmigrate bundled runtime: restoring %s when a subclassed Keras Model unbuilt at "
                    "Checkpoint.read first runs is not supported (TensorFlow 2.21 with Keras 3 leaves some of those "
                    "weights unrestored); call the model once before reading the checkpoint, or run with --backend "
                    "tensorflow" % node["key"])
            self._assign(node, obj)
            self.matched_vars[_uid(obj)] = _ref(_backing(obj))
        if not self._match_children(nid, obj):
            self.waiting.append((_ref(obj), nid))
            if self not in _pending:
                # restorations whose objects are all gone have nothing left to restore
                _pending[:] = [r for r in _pending if any(ref() is not None for ref, _ in r.waiting)]
                _pending.append(self)

    def _match_children(self, nid, obj):
        """Matches the node's children the object has; False when some are still missing."""
        kids = None
        complete = True
        for name, cid in self.nodes[nid]["children"]:
            if cid in self.matched_nodes:
                continue
            if kids is None:
                kids = dict(children(obj))
            if name in kids:
                self.match(cid, kids[name], nid in self.guarded)
            else:
                complete = False
        return complete

    def _resolve(self):
        waiting, self.waiting = self.waiting, []
        for ref, nid in waiting:
            obj = ref()
            if obj is not None and not self._match_children(nid, obj):
                self.waiting.append((ref, nid))
        if not self.waiting and self in _pending:
            _pending.remove(self)

    def _assign(self, node, obj):
        var = _backing(obj)
        value = self.values[node["key"]]
        if tuple(value.shape) != tuple(var.shape.as_list()):
            raise ValueError("Received incompatible tensor with shape %s when attempting to restore variable with "
                             "shape %s and name %s." % (_shape_str(value.shape), _shape_str(var.shape.as_list()),
                                                         var.name))
        want = var.dtype.base_dtype
        have = core.as_dtype(value.dtype)
        if want != have:
            raise core.InvalidArgumentError(None, None, "tensor_name = %s; expected dtype %s does not equal original "
                                            "dtype %s [Op:RestoreV2]" % (node["key"], want.name, _dtype_word(have)))
        with core.init_scope():
            var.assign(value)
        var._tfm_restored = True   # replaces an initial value a tf.function computes at its first call

    def is_matched(self, var):
        ref = self.matched_vars.get(_uid(var))
        return ref is not None and ref() is _backing(var)


def _shape_str(shape):
    return str(tuple(int(d) for d in shape))


def _dtype_word(dtype):
    # TensorFlow's DataTypeString: "float", "double" for float32/float64
    return {"float32": "float", "float64": "double"}.get(dtype.name, dtype.name)


class _Status:
    """What TensorFlow's load statuses share: nothing to run eagerly, partial loads allowed."""

    def expect_partial(self):
        return self

    def run_restore_ops(self, session=None):
        return None

    def initialize_or_restore(self, session=None):
        return None


class CheckpointLoadStatus(_Status):
    """What Checkpoint.read / restore return: checks of how the checkpoint matched."""

    def __init__(self, restoration, root):
        self._r = restoration
        self._root = root

    def _python_variables(self):
        objects, _, _ = walk(self._root)
        return [o for o in objects if _is_variable(o)]

    def _unmatched(self):
        return [v for v in self._python_variables() if not self._r.is_matched(v)]

    def assert_existing_objects_matched(self):
        unused = self._unmatched()
        if unused:
            shown = min(10, len(unused))
            raise AssertionError("Found %d Python objects that were not bound to checkpointed values, likely due to "
                                 "changes in the Python program. Showing %d of %d unmatched objects: %s"
                                 % (len(unused), shown, len(unused), _list_repr(unused[:shown])))
        return self

    def assert_consumed(self):
        self.assert_existing_objects_matched()
        names = _pretty_names(self._r.nodes)
        for nid, node in enumerate(self._r.nodes):
            if "key" in node and nid not in self._r.matched_nodes:
                raise AssertionError("Unresolved object in checkpoint %s: attributes {\n  name: \"VARIABLE_VALUE\"\n"
                                     "  full_name: %s\n  checkpoint_key: %s\n}\nhas_checkpoint_values {\n"
                                     "  value: true\n}\n" % (names[nid], _bytes_text(node["full_name"]),
                                                            _bytes_text(node["key"])))
        return self

    def assert_nontrivial_match(self):
        if len(self._r.matched_nodes) <= 1:
            unused = self._unmatched()
            if unused:
                raise AssertionError("Nothing except the root object matched a checkpointed value. Typically this "
                                     "means that the checkpoint does not match the Python program. The following "
                                     "objects have no matching checkpointed value: %s" % _list_repr(unused))
            raise AssertionError("Nothing to load. No dependencies have been added to %r yet." % (self._root,))
        return self



def _list_repr(objs):
    return "[" + ", ".join(repr(o) for o in objs) + "]"


def _pretty_names(nodes):
    """TensorFlow's ObjectGraphProtoPrettyPrinter: "(root).dense._kernel"."""
    names = {0: "(root)"}
    queue = collections.deque([0])
    while queue:
        i = queue.popleft()
        for name, cid in nodes[i]["children"]:
            if cid not in names:
                names[cid] = names[i] + "." + name
                queue.append(cid)
    return names


class InitializationOnlyStatus(_Status):
    """Checkpoint.restore(None): nothing is restored."""

    def __init__(self, root):
        self._root = root

    def _fail(self):
        raise AssertionError("No checkpoint specified (save_path=None); nothing is being restored.")

    def assert_consumed(self):
        self._fail()

    def assert_existing_objects_matched(self):
        self._fail()

    def assert_nontrivial_match(self):
        self._fail()



# ---------------------------------------------------------------------------- tf.train.Checkpoint
def _eager_only(what):
    if not core.executing_eagerly_outside_functions():
        raise NotImplementedError("tfmigrate bundled runtime: tf.train.Checkpoint.%s in graph mode (TF1 sessions) is "
                                  "not supported; run with --backend tensorflow" % what)


class Checkpoint:
    """tf.train.Checkpoint(root=None, **kwargs)."""

    def __init__(self, root=None, **kwargs):
        self.__dict__["_kids"] = []
        self.__dict__["_save_counter"] = None
        if root is not None:
            raise NotImplementedError("tfmigrate bundled runtime: tf.train.Checkpoint(root=...) is not supported; "
                                      "run with --backend tensorflow")
        for k, v in sorted(kwargs.items()):
            setattr(self, k, v)

    def __setattr__(self, name, value):
        if name.startswith("_"):
            object.__setattr__(self, name, value)
            return
        if not _is_trackable(value):
            raise ValueError("`Checkpoint` was expecting %s to be a trackable object (an object derived from "
                             "`Trackable`), got %s. If you believe this object should be trackable (i.e. it is part "
                             "of the TensorFlow Python API and manages state), please open an issue."
                             % (name, value))
        self.__dict__["_kids"] = [(k, v) for k, v in self._kids if k != name] + [(name, value)]
        object.__setattr__(self, name, value)
        on_new_dependencies()

    def _checkpoint_children(self):
        kids = list(self._kids)
        if self._save_counter is not None:
            kids.append(("save_counter", self._save_counter))
        return kids

    def _maybe_create_save_counter(self):
        if self._save_counter is None:
            with core.init_scope():
                self.__dict__["_save_counter"] = variables.Variable(np.int64(0), trainable=False, name="save_counter",
                                                                    dtype=core.int64)
            on_new_dependencies()

    @property
    def save_counter(self):
        self._maybe_create_save_counter()
        return self._save_counter

    def write(self, file_prefix, options=None):
        _eager_only("write")
        file_prefix = os.fspath(file_prefix)
        _write_checkpoint(self, file_prefix)
        return file_prefix

    def save(self, file_prefix, options=None):
        _eager_only("save")
        file_prefix = os.fspath(file_prefix)
        self._maybe_create_save_counter()
        self._save_counter.assign_add(1)
        path = self.write("%s-%d" % (file_prefix, int(self._save_counter.numpy())))
        saver.update_checkpoint_state(os.path.dirname(file_prefix), path, [path], save_relative_paths=True)
        return path

    def read(self, save_path, options=None):
        _eager_only("read")
        if save_path is None:
            return InitializationOnlyStatus(self)
        save_path = os.fspath(save_path)
        restoration = _Restoration(save_path, _load(save_path), self)
        restoration.match(0, self)
        restoration.reading = False
        return CheckpointLoadStatus(restoration, self)

    def restore(self, save_path, options=None):
        orig = save_path
        try:
            status = self.read(save_path, options)
        except core.NotFoundError as e:
            raise core.NotFoundError(None, None, "Error when restoring from checkpoint or SavedModel at %s: %s\n"
                                     "Please double-check that the path is correct. You may be missing the "
                                     "checkpoint suffix (e.g. the '-1' in 'path/to/ckpt-1')." % (orig, e.message)) \
                from None
        self._maybe_create_save_counter()
        return status


# ---------------------------------------------------------------------------- CheckpointManager
class CheckpointManager:
    """tf.train.CheckpointManager: numbered saves under DIRECTORY/checkpoint_name, the newest
    `max_to_keep` kept (older ones' files deleted), the `checkpoint` state file updated."""

    def __init__(self, checkpoint, directory, max_to_keep, keep_checkpoint_every_n_hours=None,
                 checkpoint_name="ckpt", step_counter=None, checkpoint_interval=None, init_fn=None):
        if not isinstance(checkpoint, Checkpoint):
            raise NotImplementedError("tfmigrate bundled runtime: CheckpointManager over a %s is not supported; run "
                                      "with --backend tensorflow" % type(checkpoint).__name__)
        if keep_checkpoint_every_n_hours is not None or checkpoint_interval is not None or init_fn is not None:
            raise NotImplementedError("tfmigrate bundled runtime: CheckpointManager(keep_checkpoint_every_n_hours=, "
                                      "checkpoint_interval=, init_fn=) is not supported; run with --backend tensorflow")
        self._checkpoint = checkpoint
        self._max_to_keep = max_to_keep
        self._directory = os.fspath(directory)
        self._prefix = os.path.join(self._directory, checkpoint_name)
        self._step_counter = step_counter
        state = saver.get_checkpoint_state(self._directory)
        clock = time.time()
        self._maybe_delete = collections.OrderedDict()
        if state is None:
            self._latest_checkpoint = None
            self._last_preserved_timestamp = clock - 1.0   # as TensorFlow: the clock set back slightly
        else:
            # TensorFlow's recovery: checkpoints newer than the last preserved timestamp are managed
            self._latest_checkpoint = state.model_checkpoint_path
            self._last_preserved_timestamp = min(state.last_preserved_timestamp, clock)
            stamps = list(state.all_model_checkpoint_timestamps) or \
                [self._last_preserved_timestamp] * len(state.all_model_checkpoint_paths)
            for p, t in zip(state.all_model_checkpoint_paths, stamps):
                if min(t, clock) > self._last_preserved_timestamp:
                    self._maybe_delete[p] = min(t, clock)

    directory = property(lambda self: self._directory)
    latest_checkpoint = property(lambda self: self._latest_checkpoint)
    checkpoints = property(lambda self: list(self._maybe_delete))
    checkpoint = property(lambda self: self._checkpoint)

    def _sweep(self):
        if not self._max_to_keep:
            return
        while len(self._maybe_delete) > self._max_to_keep:
            path, _ = self._maybe_delete.popitem(last=False)
            old = glob.escape(path)
            for f in glob.glob(old + ".index") + glob.glob(old + ".data-?????-of-?????"):
                os.remove(f)

    def _record_state(self):
        saver.update_checkpoint_state(self._directory, self._latest_checkpoint, list(self._maybe_delete),
                                      all_model_checkpoint_timestamps=list(self._maybe_delete.values()),
                                      last_preserved_timestamp=self._last_preserved_timestamp,
                                      save_relative_paths=True)

    def save(self, checkpoint_number=None, check_interval=True, options=None):
        counter = self._checkpoint.save_counter
        counter.assign_add(1)
        if checkpoint_number is None and self._step_counter is not None:
            checkpoint_number = self._step_counter
        if checkpoint_number is not None and not isinstance(checkpoint_number, (int, np.integer)):
            checkpoint_number = checkpoint_number.numpy()
        number = int(checkpoint_number) if checkpoint_number is not None else int(counter.numpy())
        path = self._checkpoint.write("%s-%d" % (self._prefix, number))
        self._maybe_delete.pop(path, None)
        self._maybe_delete[path] = time.time()
        self._latest_checkpoint = path
        self._record_state()
        self._sweep()
        self._record_state()
        return path

    def restore_or_initialize(self):
        if self._latest_checkpoint is not None:
            self._checkpoint.restore(self._latest_checkpoint)
            return self._latest_checkpoint
        return None


# ---------------------------------------------------------------------------- reading a checkpoint's values
def _resolve_path(ckpt_dir_or_file):
    path = os.fspath(ckpt_dir_or_file)
    if os.path.isdir(path):
        latest = saver.latest_checkpoint(path)
        if latest is None:
            raise ValueError("Couldn't find 'checkpoint' file or checkpoints in given directory %s" % path)
        return latest
    return path


def list_variables(ckpt_dir_or_file):
    stored = _load(_resolve_path(ckpt_dir_or_file))
    return [(name, list(np.asarray(stored[name]).shape)) for name in sorted(stored)]


def load_variable(ckpt_dir_or_file, name):
    if name.endswith(":0"):
        name = name[:-2]
    stored = _load(_resolve_path(ckpt_dir_or_file))
    if name not in stored:
        raise core.NotFoundError(None, None, "Key %s not found in checkpoint" % name)
    value = np.asarray(stored[name])
    return value.item() if value.dtype.kind == "S" and value.ndim == 0 else value


class CheckpointReader:
    """What tf.train.load_checkpoint / NewCheckpointReader return: the stored values by key."""

    def __init__(self, path):
        self._stored = _load(path)

    def get_variable_to_shape_map(self):
        return {name: list(np.asarray(v).shape) for name, v in self._stored.items()}

    def get_variable_to_dtype_map(self):
        return {name: core.string if np.asarray(v).dtype.kind in "SU" else core.as_dtype(np.asarray(v).dtype)
                for name, v in self._stored.items()}

    def has_tensor(self, name):
        return name in self._stored

    def get_tensor(self, name):
        if name not in self._stored:
            raise core.NotFoundError(None, None, "Key %s not found in checkpoint" % name)
        value = np.asarray(self._stored[name])
        return value.item() if value.dtype.kind == "S" and value.ndim == 0 else value


def load_checkpoint(ckpt_dir_or_file):
    return CheckpointReader(_resolve_path(ckpt_dir_or_file))


def NewCheckpointReader(filepattern):   # noqa: N802 - TensorFlow's name
    return CheckpointReader(os.fspath(filepattern))
