"""TF1 tf.summary: scalar, histogram and merge as TensorFlow's ScalarSummary, HistogramSummary and
MergeSummary nodes (serialized Summary bytes, kernels_summary.cc), image / text (their tag only), merge_all, and FileWriter (event files TF's summary_iterator reads; events.py)."""
import numpy as np

from . import core, events, script_ops


def _summary(kind):
    def fn(name, tensor=None, collections=None, family=None, **kw):
        g = core.get_default_graph()
        if core.executing_eagerly():
            return None
        ins = [core.convert_to_tensor(tensor)] if tensor is not None else []
        base = "%s/%s" % (family, name) if family else name
        with g.name_scope(base) as scope:
            # TF's summary_scope puts the family before the scope again: "fam/fam/loss"
            tag = "%s/%s" % (family, scope.rstrip("/")) if family else scope.rstrip("/")
            if kind in ("ScalarSummary", "HistogramSummary"):
                # TensorFlow's kernels (kernels_summary.cc); the tag is a Const "<scope>/tags" or "/tag"
                t = core.constant_value_tensor(tag, core.string, name="tags" if kind == "ScalarSummary" else "tag")
                attrs = {"T": ins[0].dtype}
                out = core.op1(kind, [t, ins[0]], attrs, scope)
            else:
                def run(vals):
                    return [np.array(events.tag_only_summary_bytes(tag), dtype=object)]
                # TF names the summary op after its scope ("img", not "img/ImageSummary")
                out = script_ops.host_call(run, ins, [core.string], scope)[0]
        for c in (collections if collections is not None else ["summaries"]):
            g.add_to_collection(c, out)
        return out
    return fn


def merge(inputs, collections=None, name=None):
    """tf.compat.v1.summary.merge: a MergeSummary node ("Merge/MergeSummary" unnamed; as in
    TensorFlow, a name is both the scope and the op's name: "m/m")."""
    if core.executing_eagerly():
        return None
    ins = [core.convert_to_tensor(i) for i in inputs]
    g = core.get_default_graph()
    with g.name_scope(name or "Merge"):
        out = core.op1("MergeSummary", ins, {"N": len(ins)}, name or "MergeSummary")
    for c in (collections or []):
        g.add_to_collection(c, out)
    return out


def merge_all(key="summaries", scope=None, name=None):
    items = core.get_default_graph().get_collection(key, scope)
    return merge(items, name=name) if items else None


def _file_writer(*a, **k):
    return events.FileWriter(*a, **k)


SUMMARY_V1 = dict(scalar=_summary("ScalarSummary"), histogram=_summary("HistogramSummary"),
                  image=_summary("ImageSummary"), text=_summary("TextSummary"), merge=merge, merge_all=merge_all,
                  FileWriter=_file_writer)
