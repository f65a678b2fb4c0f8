"""tf.train.Saver and TF's checkpoint management (tensorflow/python/training/saver.py and
checkpoint_management.py): `get_checkpoint_state`, `latest_checkpoint`,
`checkpoint_exists`, `update_checkpoint_state`, and the `checkpoint` state file, written
and read as TensorFlow does (text-format CheckpointState; paths relative to the directory
when it is relative; max_to_keep deleting the oldest checkpoint's files).

A checkpoint's values are the bundled runtime's own format, not TensorFlow's tensor bundle:
`PREFIX.index` holds them as a NumPy .npz archive (so that TensorFlow's test for "a
checkpoint exists at PREFIX", a file `PREFIX.index`, holds for it). No `.meta` graph is
written."""
import glob
import os

import numpy as np

import _tfrt
from . import array_ops, control_flow_ops, core, script_ops, variables
from .graph_def import _bytes_text  # protobuf's text format of a string field

_STATE_FILE = "checkpoint"
_RESTORE_HINT = ("Restoring from checkpoint failed. This is most likely due to %s from the checkpoint. "
                 "Please ensure that you have not altered the graph expected based on the checkpoint. "
                 "Original error:\n\n%s")


def _index_file(prefix):
    return prefix + ".index"


# ---------------------------------------------------------------------------- the state file
def _unquote(text):
    body = text.strip()
    if len(body) < 2 or body[0] != body[-1] or body[0] not in "\"'":
        raise ValueError("expected a string: %s" % text)
    raw = body[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape").encode("latin-1")
    return raw.decode("utf-8")


class CheckpointState:
    """tensorflow.python.training.checkpoint_state_pb2.CheckpointState (the fields a Saver writes)."""

    def __init__(self, model_checkpoint_path="", all_model_checkpoint_paths=()):
        self.model_checkpoint_path = model_checkpoint_path
        self.all_model_checkpoint_paths = list(all_model_checkpoint_paths)
        self.all_model_checkpoint_timestamps = []
        self.last_preserved_timestamp = 0.0

    def __str__(self):
        lines = []
        if self.model_checkpoint_path:
            lines.append("model_checkpoint_path: " + _bytes_text(self.model_checkpoint_path))
        lines += ["all_model_checkpoint_paths: " + _bytes_text(p) for p in self.all_model_checkpoint_paths]
        lines += ["all_model_checkpoint_timestamps: " + repr(float(t)) for t in self.all_model_checkpoint_timestamps]
        if self.last_preserved_timestamp:
            lines.append("last_preserved_timestamp: " + repr(float(self.last_preserved_timestamp)))
        return "".join(line + "\n" for line in lines)

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, CheckpointState) and str(self) == str(other)

    @classmethod
    def parse(cls, text):
        state = cls()
        for line in text.splitlines():
            if not line.strip():
                continue
            key, sep, value = line.partition(":")
            key = key.strip()
            if not sep or key not in ("model_checkpoint_path", "all_model_checkpoint_paths",
                                      "all_model_checkpoint_timestamps", "last_preserved_timestamp"):
                raise ValueError("unexpected line: %s" % line)
            if key == "all_model_checkpoint_timestamps":
                state.all_model_checkpoint_timestamps.append(float(value))
            elif key == "last_preserved_timestamp":
                state.last_preserved_timestamp = float(value)
            elif key == "model_checkpoint_path":
                state.model_checkpoint_path = _unquote(value)
            else:
                state.all_model_checkpoint_paths.append(_unquote(value))
        return state


def _state_path(checkpoint_dir, latest_filename=None):
    return os.path.join(checkpoint_dir, latest_filename or _STATE_FILE)


def generate_checkpoint_state_proto(save_dir, model_checkpoint_path, all_model_checkpoint_paths=None,
                                    all_model_checkpoint_timestamps=None, last_preserved_timestamp=None):
    paths = list(all_model_checkpoint_paths or [])
    if not paths or paths[-1] != model_checkpoint_path:
        paths.append(model_checkpoint_path)
    # relative paths are written relative to a relative save_dir, as TensorFlow does
    if not os.path.isabs(save_dir):
        if not os.path.isabs(model_checkpoint_path):
            model_checkpoint_path = os.path.relpath(model_checkpoint_path, save_dir)
        paths = [p if os.path.isabs(p) else os.path.relpath(p, save_dir) for p in paths]
    state = CheckpointState(model_checkpoint_path, paths)
    state.all_model_checkpoint_timestamps = list(all_model_checkpoint_timestamps or [])
    state.last_preserved_timestamp = last_preserved_timestamp or 0.0
    return state


def update_checkpoint_state(save_dir, model_checkpoint_path, all_model_checkpoint_paths=None,
                            latest_filename=None, all_model_checkpoint_timestamps=None,
                            last_preserved_timestamp=None, save_relative_paths=False):
    state_file = _state_path(save_dir, latest_filename)
    if save_relative_paths:
        def rel(p):
            return os.path.relpath(p, save_dir) if os.path.isabs(p) else p
        model_checkpoint_path = rel(model_checkpoint_path)
        all_model_checkpoint_paths = [rel(p) for p in all_model_checkpoint_paths or []]
    state = generate_checkpoint_state_proto(save_dir, model_checkpoint_path, all_model_checkpoint_paths,
                                            all_model_checkpoint_timestamps, last_preserved_timestamp)
    if state_file == state.model_checkpoint_path:
        raise RuntimeError("Save path '%s' conflicts with path used for checkpoint state.  Please use a "
                           "different save path." % model_checkpoint_path)
    tmp = state_file + ".tmp%d" % os.getpid()
    with open(tmp, "w") as f:
        f.write(str(state))
    os.replace(tmp, state_file)


def get_checkpoint_state(checkpoint_dir, latest_filename=None):
    checkpoint_dir = os.fspath(checkpoint_dir)
    state_file = _state_path(checkpoint_dir, latest_filename)
    if not os.path.exists(state_file):
        return None
    try:
        with open(state_file) as f:
            state = CheckpointState.parse(f.read())
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not state.model_checkpoint_path:
        raise ValueError("Invalid checkpoint state loaded from " + checkpoint_dir)
    if not os.path.isabs(state.model_checkpoint_path):
        state.model_checkpoint_path = os.path.join(checkpoint_dir, state.model_checkpoint_path)
    state.all_model_checkpoint_paths = [p if os.path.isabs(p) else os.path.join(checkpoint_dir, p)
                                        for p in state.all_model_checkpoint_paths]
    return state


def checkpoint_exists(checkpoint_prefix):
    return bool(glob.glob(_index_file(checkpoint_prefix)) or glob.glob(checkpoint_prefix))


def latest_checkpoint(checkpoint_dir, latest_filename=None):
    state = get_checkpoint_state(checkpoint_dir, latest_filename)
    if state and state.model_checkpoint_path and checkpoint_exists(state.model_checkpoint_path):
        return state.model_checkpoint_path
    return None


# ---------------------------------------------------------------------------- Saver
def _write(path, names, values):
    path = path.decode() if isinstance(path, bytes) else str(path)
    parent = os.path.dirname(path)
    if parent:
        os.makedirs(parent, exist_ok=True)
    with open(_index_file(path), "wb") as f:
        np.savez(f, names=np.array(names), **{"v%d" % i: np.asarray(v) for i, v in enumerate(values)})


def _read_all(path):
    """Every stored value by its name; TF's errors for a missing or unreadable file."""
    path = path.decode() if isinstance(path, bytes) else str(path)
    try:
        with np.load(_index_file(path)) as data:
            return {str(n): data["v%d" % i] for i, n in enumerate(data["names"])}
    except OSError:
        raise _tfrt.StatusError(5, "Unsuccessful TensorSliceReader constructor: Failed to find any matching "
                                "files for %s" % path) from None
    except (KeyError, ValueError) as e:
        raise _tfrt.StatusError(15, "Unable to open table file %s: %s" % (_index_file(path), e)) from None


def _read(path, names):
    """The stored values of `names`, in order; TF's errors for a missing file or key."""
    stored = _read_all(path)
    for n in names:
        if n not in stored:
            raise _tfrt.StatusError(5, "Key %s not found in checkpoint" % n)
    return [stored[n] for n in names]


class Saver:
    """tf.train.Saver over the global (or given) variables, keyed by their op names. In a
    graph it adds TensorFlow's nodes under the name scope "save": the file name `save/Const`
    (fed by save and restore), `save/SaveV2` (writes the values), `save/control_dependency`
    (the path save returns), `save/RestoreV2` (reads them) and the `save/restore_all` group of
    assignments, so that save and restore are one Session.run each, as in TensorFlow."""

    def __init__(self, var_list=None, reshape=False, sharded=False, max_to_keep=5,
                 keep_checkpoint_every_n_hours=10000.0, name=None, restore_sequentially=False,
                 saver_def=None, builder=None, defer_build=False, allow_empty=False,
                 write_version=None, pad_step_number=False, save_relative_paths=False, filename=None):
        if var_list is None:
            if core.executing_eagerly():
                raise RuntimeError("When eager execution is enabled, `var_list` must specify a list or dict "
                                   "of variables to save")
            var_list = variables.global_variables()
        if isinstance(var_list, dict):
            self._vars = dict(var_list)
        else:
            self._vars = {v.name.split(":")[0]: v for v in var_list}
        self._names = sorted(self._vars)
        self._is_empty = not self._vars
        if self._is_empty and not allow_empty:
            raise ValueError("No variables to save")
        self._max_to_keep = max_to_keep
        self._pad_step_number = pad_step_number
        self._save_relative_paths = save_relative_paths
        self._last_checkpoints = []
        self._graph_ops = None
        if not self._is_empty and not core.executing_eagerly():
            self._graph_ops = self._build(name or "save", filename or "model")

    def _build(self, scope, default_filename):
        vs = [self._vars[n] for n in self._names]
        names = self._names
        with core.get_default_graph().name_scope(scope):
            filename = array_ops.placeholder_with_default(core.convert_to_tensor(default_filename), shape=[],
                                                          name="Const")
            save = script_ops.host_call(lambda vals: _write(vals[0], names, vals[1:]),
                                        [filename] + [core.convert_to_tensor(v) for v in vs], [], "SaveV2")
            with control_flow_ops.control_dependencies([save]):
                saved = array_ops.identity(filename, name="control_dependency")
            restored = script_ops.host_call(lambda vals: _read(vals[0], names), [filename],
                                            [v.dtype.base_dtype for v in vs], "RestoreV2")
            restored = restored if isinstance(restored, (list, tuple)) else [restored]
            assigns = [v.assign(r, read_value=False) if isinstance(v, variables.ResourceVariable) else v.assign(r)
                       for v, r in zip(vs, restored)]
            restore = control_flow_ops.group(*assigns, name="restore_all")
        return filename, saved, restore

    @property
    def last_checkpoints(self):
        return list(self._last_checkpoints)

    def set_last_checkpoints(self, last_checkpoints):
        self._last_checkpoints = list(last_checkpoints)

    def recover_last_checkpoints(self, checkpoint_paths):
        self._last_checkpoints = [p for p in checkpoint_paths if checkpoint_exists(p)]

    def _record(self, path):
        """Saver._RecordLastCheckpoint + _MaybeDeleteOldCheckpoints."""
        if not self._max_to_keep:
            return
        if path in self._last_checkpoints:
            self._last_checkpoints.remove(path)
        self._last_checkpoints.append(path)
        while len(self._last_checkpoints) > self._max_to_keep:
            old = glob.escape(self._last_checkpoints.pop(0))
            for f in glob.glob(old + ".index") + glob.glob(old + ".data-?????-of-?????"):
                os.remove(f)

    def save(self, sess, save_path, global_step=None, latest_filename=None, meta_graph_suffix="meta",
             write_meta_graph=True, write_state=True, strip_default_attrs=False, save_debug_info=False):
        if latest_filename is None:
            latest_filename = _STATE_FILE
        elif os.path.split(latest_filename)[0]:
            raise ValueError("'latest_filename' must not contain path components")
        save_path = os.fspath(save_path)
        if global_step is not None:
            if not isinstance(global_step, (int, np.integer)):
                global_step = sess.run(global_step)
            step = int(global_step)
            path = "%s-%s" % (save_path, "{:08d}".format(step) if self._pad_step_number else step)
        else:
            path = save_path
        if self._is_empty:
            return None
        if self._graph_ops is None:
            _write(path, self._names, [self._vars[n].numpy() for n in self._names])
        else:
            filename, saved, _ = self._graph_ops
            path = sess.run(saved, {filename: path})
            path = path.decode() if isinstance(path, bytes) else path
        if write_state:
            self._record(path)
            update_checkpoint_state(os.path.dirname(save_path), path, self.last_checkpoints, latest_filename,
                                    save_relative_paths=self._save_relative_paths)
        return path

    def restore(self, sess, save_path):
        if save_path is None:
            raise ValueError("Can't load save_path when it is None.")
        save_path = os.fspath(save_path)
        if self._is_empty:
            return
        if not checkpoint_exists(save_path):
            raise ValueError("The passed save_path is not a valid checkpoint: " + save_path)
        try:
            if self._graph_ops is None:
                try:
                    values = _read(save_path, self._names)
                except _tfrt.StatusError as e:
                    raise core._BY_CODE[e.args[0]](None, None, e.args[1]) from None
                for n, value in zip(self._names, values):
                    self._vars[n].assign(value)
            else:
                filename, _, restore = self._graph_ops
                sess.run(restore, {filename: save_path})
        except core.NotFoundError as e:
            raise core.NotFoundError(e.node_def, e.op, _RESTORE_HINT % (
                "a Variable name or other graph key that is missing", e.message)) from None
        except core.InvalidArgumentError as e:
            raise core.InvalidArgumentError(e.node_def, e.op, _RESTORE_HINT % (
                "a mismatch between the current graph and the graph", e.message)) from None
