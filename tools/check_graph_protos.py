#!/usr/bin/env python3
"""Checks analyzer/graph/proto/tensorflow_graph.proto against real TensorFlow.

1. Every message and enum we define exists in TensorFlow's descriptors with the same
   fields (name, number, type, label, message/enum type) and enum values.
2. Every committed graph in testdata/graphs/ parses with TensorFlow and
   `tfmigrate check --graph-summary` counts the same number of nodes.

Run with the oracle venv: .venv/bin/python tools/check_graph_protos.py BUILD_DIR
Exit 0 ok, 1 mismatch, 77 when TensorFlow is not importable (CTest skip).
"""
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
if not (BUILD / "tfmigrate").exists():
    print("SKIP: %s/tfmigrate is not built" % BUILD)
    sys.exit(77)
try:
    from google.protobuf import descriptor_pb2, descriptor_pool
    from tensorflow.core.framework import graph_pb2  # noqa: F401  (registers the descriptors)
    from tensorflow.core.protobuf import meta_graph_pb2, saved_model_pb2, tensor_bundle_pb2  # noqa: F401
except Exception as e:  # pragma: no cover
    print("SKIP: TensorFlow is not importable here (%s)" % e)
    sys.exit(77)

problems = []
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "set.pb")
    subprocess.run(["protoc", "-I", str(ROOT), "-I", "/usr/include", "--include_imports",
                    "--descriptor_set_out=" + out, "analyzer/graph/proto/tensorflow_graph.proto"],
                   check=True, cwd=ROOT)
    fds = descriptor_pb2.FileDescriptorSet()
    fds.ParseFromString(open(out, "rb").read())

tf_pool = descriptor_pool.Default()
ours = [f for f in fds.file if f.name.endswith("tensorflow_graph.proto")][0]


def check_message(m, prefix):
    full = prefix + m.name
    try:
        tf = tf_pool.FindMessageTypeByName(full)
    except KeyError:
        if m.options.map_entry:
            return
        problems.append("%s: not a TensorFlow message" % full)
        return
    tf_fields = {f.name: f for f in tf.fields}
    for f in m.field:
        t = tf_fields.get(f.name)
        if t is None:
            problems.append("%s.%s: TensorFlow has no such field" % (full, f.name))
            continue
        if t.number != f.number or t.type != f.type:
            problems.append("%s.%s: number/type %d/%d, TensorFlow %d/%d" % (full, f.name, f.number, f.type, t.number, t.type))
        tname = (t.message_type or t.enum_type).full_name if (t.message_type or t.enum_type) else ""
        if tname and f.type_name.lstrip(".") != tname:
            problems.append("%s.%s: type %s, TensorFlow %s" % (full, f.name, f.type_name, tname))
        tf_rep = t.label == 3 if hasattr(t, "label") else t.is_repeated
        if (f.label == 3) != tf_rep:
            problems.append("%s.%s: repeated differs" % (full, f.name))
    if len(m.field) != len(tf.fields) and not full.startswith("tensorflow.TrackableObjectGraph"):
        missing = sorted(set(tf_fields) - {f.name for f in m.field})
        if missing:
            problems.append("%s: fields TensorFlow has and we lack: %s" % (full, missing))
    for e in m.enum_type:
        check_enum(e, full + ".")
    for n in m.nested_type:
        check_message(n, full + ".")


def check_enum(e, prefix):
    full = prefix + e.name
    try:
        tf = tf_pool.FindEnumTypeByName(full)
    except KeyError:
        problems.append("%s: not a TensorFlow enum" % full)
        return
    theirs = {v.name: v.number for v in tf.values}
    mine = {v.name: v.number for v in e.value}
    if mine != theirs:
        problems.append("%s: values differ: ours-only %s, TF-only %s" % (
            full, sorted(set(mine.items()) - set(theirs.items())), sorted(set(theirs.items()) - set(mine.items()))))


for m in ours.message_type:
    check_message(m, "tensorflow.")
for e in ours.enum_type:
    check_enum(e, "tensorflow.")

# 2. Node counts on the committed graphs, TensorFlow's parse vs ours.
from google.protobuf import text_format  # noqa: E402


def tf_nodes(path):
    data = path.read_bytes()
    name = path.name
    if name.startswith("saved_model"):
        msg = saved_model_pb2.SavedModel()
    elif name.endswith(".meta") or "meta" in name or name.startswith("queue"):
        msg = meta_graph_pb2.MetaGraphDef()
    else:
        msg = graph_pb2.GraphDef()
    if name.endswith(".pbtxt"):
        text_format.Parse(data.decode(), msg)
    else:
        msg.ParseFromString(data)
    graphs = [msg] if isinstance(msg, graph_pb2.GraphDef) else (
        [msg.graph_def] if isinstance(msg, meta_graph_pb2.MetaGraphDef) else [m.graph_def for m in msg.meta_graphs])
    return sum(len(g.node) + sum(len(f.node_def) for f in g.library.function) for g in graphs)


graphs = ROOT / "testdata" / "graphs"
checked = 0
for p in sorted(graphs.rglob("*")):
    if p.suffix not in (".pb", ".pbtxt", ".meta") or p.name in ("fingerprint.pb", "keras_metadata.pb"):
        continue
    r = subprocess.run([str(BUILD / "tfmigrate"), "check", "--graph-summary", str(p)], capture_output=True, text=True)
    m = re.search(r"(\d+) nodes in total", r.stdout)
    if r.returncode != 0 or not m:
        problems.append("%s: tfmigrate failed: %s" % (p, r.stderr.strip()))
        continue
    if int(m.group(1)) != tf_nodes(p):
        problems.append("%s: tfmigrate counts %s nodes, TensorFlow %d" % (p, m.group(1), tf_nodes(p)))
    checked += 1

for pr in problems:
    print("MISMATCH:", pr)
print("checked %d messages/enums and %d graph files against TensorFlow" % (
    len(ours.message_type) + len(ours.enum_type), checked))
sys.exit(1 if problems else 0)
