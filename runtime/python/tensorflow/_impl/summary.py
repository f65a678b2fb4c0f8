"""TF1 tf.summary: scalar (TF's serialized Summary bytes), histogram / image / text (their tag
only), merge / merge_all, and FileWriter (event files TF's summary_iterator reads; events.py)."""
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
            tag = scope.rstrip("/")
            if kind == "ScalarSummary":
                def run(vals):
                    v = np.asarray(vals[0])
                    if v.size != 1:
                        raise core._BY_CODE[3](None, None, "tags and values are not the same shape: [] != %s (tag '%s')"
                                               % (list(v.shape), tag))
                    return [np.array(events.scalar_summary_bytes(tag, v.reshape(())), dtype=object)]
            else:
                def run(vals):
                    return [np.array(events.tag_only_summary_bytes(tag), dtype=object)]
            # TF names the summary op after its scope ("loss", not "loss/ScalarSummary")
            out = script_ops.host_call(run, ins, [core.string], scope)[0]
        for c in (collections if collections is not None else ["summaries"]):
            g.add_to_collection(c, out)
        return out
    return fn


def merge(inputs, collections=None, name=None):
    ins = [core.convert_to_tensor(i) for i in inputs]
    return script_ops.host_call(lambda vals: [np.array(b"".join(bytes(np.asarray(v).item()) for v in vals), dtype=object)],
                                  ins, [core.string], name or "Merge/MergeSummary")[0]


def merge_all(key="summaries", scope=None, name=None):
    items = core.get_default_graph().get_collection(key, scope)
    return merge(items, name=name) if items else None


def _file_writer(*a, **k):
    return events.FileWriter(*a, **k)


SUMMARY_V1 = dict(scalar=_summary("ScalarSummary"), histogram=_summary("HistogramSummary"),
                  image=_summary("ImageSummary"), text=_summary("TextSummary"), merge=merge, merge_all=merge_all,
                  FileWriter=_file_writer)
