#!/usr/bin/env python3
"""Writes runtime/ops/op_signatures.inc: TensorFlow's signature of every op the bundled
runtime registers (input and output args with their count and type sources, ref-ness,
attrs with their kinds, minimums and defaults), read from the op registry of the
installed TensorFlow. runtime/ops/op_signature.cc includes the table; the build does not
need TensorFlow.

The op names come from a built `_tfrt` module (its registered_ops()), so the table lists
exactly the runtime's ops; runtime_test's SignatureForEveryRegisteredOp fails when an op
is registered without an entry (rerun this script then).

Run with the oracle venv:
  .venv/bin/python tools/gen_op_signatures.py --tfrt build/runtime/python
"""
import argparse
import os
import pathlib
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

ROOT = pathlib.Path(__file__).resolve().parent.parent

KINDS = {
    "int": "kInt", "float": "kFloat", "bool": "kBool", "string": "kString", "type": "kType",
    "shape": "kShape", "tensor": "kTensor", "func": "kFunc",
    "list(int)": "kListInt", "list(float)": "kListFloat", "list(bool)": "kListBool",
    "list(string)": "kListString", "list(type)": "kListType", "list(shape)": "kListShape",
    "list(tensor)": "kListTensor", "list(func)": "kListFunc",
}

# Ops of the bundled runtime that TensorFlow does not have, with their signature written
# here (same form as TF's OpDef text).
RUNTIME_ONLY = {
    # tf.strings.format's stand-in: the string forms of its inputs joined by spaces.
    "StringJoinSpace": """
      name: "StringJoinSpace"
      input_arg { name: "inputs" type_list_attr: "T" }
      output_arg { name: "output" type: DT_STRING }
      attr { name: "T" type: "list(type)" has_minimum: true }
    """,
}

# Attrs the runtime represents differently from TensorFlow: a PyFunc's token is the id
# (an int) of the host function the facade registered, where TF keys it by a string.
# (func attrs are function-library ids, ints, for every functional op: see AttrKind.)
RUNTIME_ATTR_KINDS = {("PyFunc", "token"): "int", ("EagerPyFunc", "token"): "int"}

RUNTIME_DTYPES = {1, 2, 3, 4, 5, 6, 7, 9, 10, 19}  # runtime/core/dtype.h


def c_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def arg_summary(a):
    # TF's text for an arg in "Op<name=...; signature=x:T, y:T -> z:T>".
    from tensorflow.core.framework import types_pb2
    t = a.type_attr or a.type_list_attr or types_pb2.DataType.Name(a.type)[3:].lower()
    if a.number_attr:
        t = a.number_attr + "*" + t
    return "%s:%s%s" % (a.name, "Ref(" + t + ")" if a.is_ref else t, "")


def arg_init(a):
    return "{%s, %d, %s, %s, %s, %s}" % (
        c_str(a.name), a.type, c_str(a.type_attr), c_str(a.number_attr), c_str(a.type_list_attr),
        "true" if a.is_ref else "false")


def default_init(attr):
    if not attr.HasField("default_value"):
        return "{}"
    v = attr.default_value
    k = attr.type
    if k == "int":
        return "AttrValue{int64_t{%d}}" % v.i
    if k == "float":
        return "AttrValue{%r}" % float(v.f) if v.f == v.f and abs(v.f) != float("inf") else "{}"
    if k == "bool":
        return "AttrValue{%s}" % ("true" if v.b else "false")
    if k == "string":
        return "AttrValue{std::string(%s)}" % c_str(v.s.decode("latin-1"))
    if k == "type":
        return "AttrValue{DType(%d)}" % v.type if v.type in RUNTIME_DTYPES else "{}"
    if k == "shape":
        if v.shape.unknown_rank:
            return "{}"
        return "AttrValue{std::vector<int64_t>{%s}}" % ", ".join(str(d.size) for d in v.shape.dim)
    if k == "list(int)":
        return "AttrValue{std::vector<int64_t>{%s}}" % ", ".join(str(i) for i in v.list.i)
    if k == "list(type)":
        return "AttrValue{std::vector<int64_t>{%s}}" % ", ".join(str(i) for i in v.list.type)
    return "{}"  # list(float/string/shape/...) and tensor defaults: known to exist, value not kept


def attr_init(op, attr):
    if (op, attr.name) in RUNTIME_ATTR_KINDS:
        attr.type = RUNTIME_ATTR_KINDS[(op, attr.name)]
        attr.ClearField("default_value")
    if attr.type not in KINDS:
        sys.exit("unknown attr kind %r" % attr.type)
    allowed = ""
    if attr.type == "type" and attr.HasField("allowed_values") and attr.allowed_values.list.type:
        mask = 0
        for t in attr.allowed_values.list.type:
            if t < 32:
                mask |= 1 << t
        allowed = ", 0x%xu" % mask
    return "{%s, AttrKind::%s, %s, %s, int64_t{%d}, %s%s}" % (
        c_str(attr.name), KINDS[attr.type], "true" if attr.HasField("default_value") else "false",
        "true" if attr.has_minimum else "false", attr.minimum, default_init(attr), allowed)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tfrt", required=True, help="directory holding the built _tfrt module")
    args = ap.parse_args()
    sys.path.insert(0, str(pathlib.Path(args.tfrt).resolve()))
    import _tfrt  # noqa: E402
    import tensorflow as tf  # noqa: E402
    from google.protobuf import text_format  # noqa: E402
    from tensorflow.core.framework import op_def_pb2  # noqa: E402
    from tensorflow.python.framework import op_def_registry  # noqa: E402

    names = sorted(_tfrt.registered_ops())
    lines = [
        "// AUTOGENERATED by tools/gen_op_signatures.py from TensorFlow %s (%d ops). Do not edit." % (
            tf.__version__, len(names)),
        "// TensorFlow's OpDef of each op the bundled runtime registers; included by runtime/ops/op_signature.cc.",
        "// {name, summary, stateful, inputs, outputs, attrs}; arg {name, type, type_attr, number_attr,",
        "// type_list_attr, is_ref}; attr {name, kind, has_default, has_minimum, minimum, default[, allowed types]}.",
    ]
    for n in names:
        d = op_def_registry.get(n)
        if d is None:
            if n not in RUNTIME_ONLY:
                sys.exit("op %s is registered in the runtime but neither in TensorFlow nor in RUNTIME_ONLY" % n)
            d = text_format.Parse(RUNTIME_ONLY[n], op_def_pb2.OpDef())
        summary = ", ".join(arg_summary(a) for a in d.input_arg) + " -> " + ", ".join(
            arg_summary(a) for a in d.output_arg)
        lines.append("{%s, %s, %s,\n {%s},\n {%s},\n {%s}}," % (
            c_str(n), c_str(summary), "true" if d.is_stateful else "false",
            ", ".join(arg_init(a) for a in d.input_arg), ", ".join(arg_init(a) for a in d.output_arg),
            ", ".join(attr_init(n, a) for a in d.attr)))
    (ROOT / "runtime" / "ops" / "op_signatures.inc").write_text("\n".join(lines) + "\n")
    print("wrote %d op signatures" % len(names))


if __name__ == "__main__":
    main()
