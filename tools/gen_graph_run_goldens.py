#!/usr/bin/env python3
"""Golden values for `tfmigrate run GRAPH`: runs the graphs of testdata/graphs/ with real
TensorFlow (the oracle venv) and writes testdata/graphs/run/<case>.json.

    .venv/bin/python tools/gen_graph_run_goldens.py           # rewrite the goldens
    .venv/bin/python tools/gen_graph_run_goldens.py --check   # exit 1 on drift, 77 without TF
        [--build BUILD] [--goldens DIR] [CASE...]

Each case names a graph file, its feeds (values exact in float32, so the JSON text feeds
the same numbers to both runtimes), its fetches, and whether the variables the fetches
read are set first — restored from the checkpoint that comes with the graph (a
SavedModel's variables/, MODEL.ckpt next to MODEL.ckpt.meta), else initialized by
running their initializers ("<var>/Assign") — which is what `tfmigrate run` does.
SavedModels are loaded with tf.compat.v1.saved_model.loader (which restores), MetaGraphs
with import_meta_graph and Saver.restore.
A feed written as {"npy": FILE} is also stored as FILE.npy next to the goldens.
tests (runtime/tests/graph_import_test.cc) compare the bundled runtime's values with
these goldens, and --check compares a fresh TensorFlow run with them (through
BUILD/tfm_compare), both under the tolerance policy (docs/tolerance.md); the rest of a
golden (graph, feeds, fetches) must be equal. --goldens DIR reads the goldens from DIR
instead of testdata/graphs/run (the drift check's own test).
"""
import argparse
import json
import os
import sys

import tolerance

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
GRAPHS = os.path.join(ROOT, "testdata", "graphs")
OUT = os.path.join(GRAPHS, "run")


def exact(rng, shape, scale=1.0):
    """Float32-exact values: multiples of 1/16 in [-scale, scale]."""
    import numpy as np
    return (np.round(rng.uniform(-scale, scale, size=shape) * 16) / 16).astype(np.float32)


def cases():
    import numpy as np
    rng = np.random.default_rng(20261202)
    dense_feeds = {
        "x": exact(rng, (3, 4)),
        "y": exact(rng, (3, 1)),
        "hidden/kernel": exact(rng, (4, 8)),
        "hidden/bias": exact(rng, (8,), 0.5),
        "out/kernel": exact(rng, (8, 1)),
        "out/bias": exact(rng, (1,), 0.5),
    }
    var_x = exact(rng, (3, 2), 2.0)
    sm_x = exact(rng, (4, 2), 3.0)
    growth_h = exact(rng, (2, 4))
    return [
        {"name": "dense_pbtxt", "graph": "dense.pbtxt", "init": False,
         "feeds": [{"name": k, "value": v} for k, v in dense_feeds.items()],
         "fetches": ["hidden/Relu", "out/BiasAdd", "loss"]},
        {"name": "dense_pb_npy", "graph": "dense.pb", "init": False,
         "feeds": [{"name": k, "value": v, "npy": "dense_pb_npy_" + k.replace("/", "_") + ".npy"} if k == "x"
                   else {"name": k, "value": v} for k, v in dense_feeds.items()],
         "fetches": ["loss:0", "hidden/kernel/read"]},
        {"name": "variables_meta", "graph": "variables.meta", "init": True,
         "feeds": [{"name": "x", "value": var_x}],
         "fetches": ["pred", "MatMul", "MatMul_1", "mean_squared_error/value"]},
        {"name": "variables_meta_pbtxt", "graph": "variables_meta.pbtxt", "init": True,
         "feeds": [{"name": "x:0", "value": var_x}],
         "fetches": ["pred:0", "w_res/Read/ReadVariableOp", "w_ref"]},
        {"name": "saved_model_v1", "graph": "saved_model_v1", "init": True,
         "feeds": [{"name": "x", "value": sm_x}], "fetches": ["y"]},
        {"name": "saved_model_v1_nosig", "graph": "saved_model_v1_nosig", "init": True,
         "feeds": [{"name": "x", "value": sm_x}], "fetches": ["y", "w/read"]},
        # v1 tf.cond (Switch/Merge): the loop's result is fed, both branches taken once.
        {"name": "cond_v1_true", "graph": "while_cond.pbtxt", "init": False,
         "feeds": [{"name": "loop/Exit_1", "value": np.float32(8.0)}, {"name": "pred", "value": True}],
         "fetches": ["branch/Merge", "branch/Merge:1", "branch/switch_t"]},
        {"name": "cond_v1_false", "graph": "while_cond.pbtxt", "init": False,
         "feeds": [{"name": "loop/Exit_1:0", "value": np.float32(-2.5)}, {"name": "pred", "value": False}],
         "fetches": ["branch/Merge", "branch/Merge:1", "branch/sub", "branch/pred_id"]},
        # v1 tf.while_loop (Enter/Merge/Switch/LoopCond/NextIteration/Exit) feeding the cond.
        {"name": "while_v1", "graph": "while_cond.pbtxt", "init": False,
         "feeds": [{"name": "n", "value": np.int32(5)}, {"name": "pred", "value": False}],
         "fetches": ["loop/Exit", "loop/Exit_1", "branch/Merge"]},
        {"name": "while_v1_zero_trips", "graph": "while_cond.pbtxt", "init": False,
         "feeds": [{"name": "n", "value": np.int32(0)}, {"name": "pred", "value": True}],
         "fetches": ["loop/Exit_1", "branch/Merge"]},
        {"name": "nested_while_v1", "graph": "run/control_flow_v1.graphdef.txt", "init": False,
         "feeds": [{"name": "n", "value": np.int32(5)}],
         "fetches": ["outer/Exit", "outer/Exit_1", "alternating/Exit_1"]},
        {"name": "while_in_cond_taken", "graph": "run/control_flow_v1.graphdef.txt", "init": False,
         "feeds": [{"name": "pred", "value": True}, {"name": "x", "value": np.float32(1.5)}],
         "fetches": ["maybe_loop/Merge"]},
        {"name": "while_in_cond_not_taken", "graph": "run/control_flow_v1.graphdef.txt", "init": False,
         "feeds": [{"name": "pred", "value": False}, {"name": "x", "value": np.float32(1.5)}],
         "fetches": ["maybe_loop/Merge", "maybe_loop/Merge:1"]},
        # Trained models: the checkpoint's values, not the initializers', decide the output.
        {"name": "saved_model_trained", "graph": "saved_model_trained", "init": True,
         "feeds": [{"name": "x", "value": sm_x}], "fetches": ["pred", "hidden/relu", "global_step/read"]},
        {"name": "ckpt_trained", "graph": "ckpt_trained/model.ckpt.meta", "init": True,
         "feeds": [{"name": "x", "value": sm_x}],
         "fetches": ["pred", "out/kernel/Read/ReadVariableOp", "global_step/read"]},
        # TF2 SavedModels: the signature's StatefulPartitionedCall into the function
        # library (nested calls, StatelessIf, While), variables from the checkpoint.
        {"name": "tf2_function", "graph": "tf2_function", "init": True,
         "feeds": [{"name": "serving_default_x", "value": sm_x}], "fetches": ["StatefulPartitionedCall"]},
        {"name": "tf2_module_trained", "graph": "tf2_module_trained", "init": True,
         "feeds": [{"name": "serving_default_x", "value": sm_x}],
         "fetches": ["StatefulPartitionedCall:0", "StatefulPartitionedCall:1"]},
        # PartitionedCall/StatelessIf/StatelessWhile, and v1 control flow's Ref ops.
        {"name": "functional_ref_v1_taken", "graph": "run/functional_ref_v1.graphdef.txt", "init": True,
         "feeds": [{"name": "x", "value": np.float32(2.0)}, {"name": "pred", "value": True}],
         "fetches": ["called", "merged", "ref_merge:1", "rloop/Exit", "loop_value"]},
        {"name": "functional_ref_v1_not_taken", "graph": "run/functional_ref_v1.graphdef.txt", "init": True,
         "feeds": [{"name": "x", "value": np.float32(-0.5)}, {"name": "pred", "value": False}],
         "fetches": ["called", "merged", "ref_merge:1"]},
        {"name": "growth", "graph": "growth.pbtxt", "init": True,
         "feeds": [{"name": "h", "value": growth_h}], "fetches": ["Relu_11", "Assign_23", "source"]},
    ]


def write_control_flow_graph(tf):
    """run/control_flow_v1.graphdef.txt: v1 control flow the other test graphs lack — a while loop
    nested in a while loop (frames per outer iteration), a while loop inside a tf.cond
    branch (a dead frame when the branch is not taken), a tf.cond inside a loop body. Written only when regenerating.
    Named .graphdef.txt, not .pbtxt: tools/check_graph_drift.py expects every .pb/.pbtxt/
    .meta under testdata/graphs/ to come from tools/gen_graphs.py (tfmigrate detects graph
    files by content, so the name does not matter to `tfmigrate run`)."""
    v1 = tf.compat.v1
    v1.disable_control_flow_v2()  # as TF1 builds them: Enter/Exit/Switch/Merge, not While/If
    g = tf.Graph()
    with g.as_default():
        n = v1.placeholder(tf.int32, [], name="n")
        def outer_body(i, total):
            _, inner = v1.while_loop(lambda j, a: j < i, lambda j, a: (j + 1, a + tf.cast(j, tf.float32)),
                                     [tf.constant(0), tf.constant(0.0)], name="inner")
            return i + 1, total + inner
        v1.while_loop(lambda i, t: i < n, outer_body, [tf.constant(0), tf.constant(0.0)], name="outer")
        pred = v1.placeholder(tf.bool, [], name="pred")
        x = v1.placeholder(tf.float32, [], name="x")
        def looped():
            return v1.while_loop(lambda k, v: k < 3, lambda k, v: (k + 1, v * x), [tf.constant(0), x], name="pow")[1]
        v1.cond(pred, looped, lambda: x - 1.0, name="maybe_loop")
        # A tf.cond in a loop body: the branch changes from iteration to iteration.
        def alternate(k, v):
            v = v1.cond(tf.equal(k % 2, 0), lambda: v * 2.0, lambda: v + 1.0, name="parity")
            return k + 1, v
        v1.while_loop(lambda k, v: k < n, alternate, [tf.constant(0), tf.constant(1.0)], name="alternating")
    v1.train.write_graph(g.as_graph_def(), OUT, "control_flow_v1.graphdef.txt", as_text=True)


def write_functional_ref_graph(tf):
    """run/functional_ref_v1.graphdef.txt: ops no other test graph has — a stateless
    tf.function called from a graph (PartitionedCall) whose tf.cond and tf.while_loop are
    StatelessIf and StatelessWhile, and the Ref variants of v1 control flow on a ref
    variable (RefSwitch/RefMerge, and a loop carrying the ref: RefEnter, RefMerge,
    RefSwitch, RefNextIteration, RefExit), built op by op as TF1's while_loop builds its
    frame. Written only when regenerating (see write_control_flow_graph for the name)."""
    from tensorflow.python.ops import gen_control_flow_ops as cf
    v1 = tf.compat.v1
    v1.disable_control_flow_v2()
    g = tf.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, [], name="x")

        @tf.function
        def f(a):
            b = tf.cond(a > 0, lambda: a * 2.0, lambda: -a)
            return tf.while_loop(lambda i, c: i < 3, lambda i, c: (i + 1, c + b), [0, b])[1]
        tf.identity(f(x), name="called")
        v = v1.Variable(1.5, use_resource=False, name="v")
        pred = v1.placeholder(tf.bool, [], name="pred")
        sw = cf.ref_switch(v._ref(), pred, name="ref_switch")
        m = cf.ref_merge([sw.output_false, sw.output_true], name="ref_merge")
        tf.identity(m.output, name="merged")
        ei = cf.enter(tf.constant(0, name="i0"), "rloop", name="rloop/Enter")
        er = cf.ref_enter(v._ref(), "rloop", name="rloop/RefEnter")
        mi = cf.merge([ei, ei], name="rloop/Merge")
        mr = cf.ref_merge([er, er], name="rloop/RefMerge")
        limit = cf.enter(tf.constant(3, name="limit"), "rloop", is_constant=True, name="rloop/Enter_limit")
        lc = cf.loop_cond(tf.less(mi.output, limit, name="rloop/Less"), name="rloop/LoopCond")
        si = cf.switch(mi.output, lc, name="rloop/Switch")
        sr = cf.ref_switch(mr.output, lc, name="rloop/RefSwitch")
        one = cf.enter(tf.constant(1, name="one"), "rloop", is_constant=True, name="rloop/Enter_one")
        mi.output.op._update_input(1, cf.next_iteration(tf.add(si.output_true, one, name="rloop/add"),
                                                        name="rloop/NextIteration"))
        mr.output.op._update_input(1, cf.ref_next_iteration(sr.output_true, name="rloop/RefNextIteration"))
        cf._exit(si.output_false, name="rloop/Exit")
        tf.identity(cf.ref_exit(sr.output_false, name="rloop/RefExit"), name="loop_value")
    v1.train.write_graph(g.as_graph_def(), OUT, "functional_ref_v1.graphdef.txt", as_text=True)


def value_json(v):
    import numpy as np
    a = np.asarray(v)
    def num(x):
        x = float(x)
        if np.isnan(x):
            return "nan"
        if np.isinf(x):
            return "inf" if x > 0 else "-inf"
        return x
    if a.dtype == np.bool_:
        vals = [bool(x) for x in a.reshape(-1)]
    elif a.dtype.kind in "iu":
        vals = [int(x) for x in a.reshape(-1)]
    else:
        vals = [num(x) for x in a.reshape(-1)]
    return {"dtype": a.dtype.name, "shape": list(a.shape), "values": vals}


def run_case(tf, case):
    import numpy as np
    v1 = tf.compat.v1
    path = os.path.join(GRAPHS, case["graph"])
    g = tf.Graph()
    with g.as_default(), v1.Session(graph=g) as sess:
        if os.path.isdir(path):
            v1.saved_model.loader.load(sess, ["serve"], path)
        elif case["graph"].endswith((".meta",)) or "meta" in case["graph"]:
            saver = v1.train.import_meta_graph(path)
            prefix = path[: -len(".meta")] if path.endswith(".meta") else None
            if case["init"] and prefix and os.path.exists(prefix + ".index"):
                saver.restore(sess, prefix)  # what `tfmigrate run` does with MODEL.ckpt next to MODEL.ckpt.meta
                case = dict(case, init=False)
        else:
            gd = v1.GraphDef()
            with open(path, "rb") as f:
                data = f.read()
            if case["graph"].endswith((".pbtxt", ".txt")):
                from google.protobuf import text_format
                text_format.Merge(data.decode(), gd)
            else:
                gd.ParseFromString(data)
            tf.import_graph_def(gd, name="")
        def tensor(name):
            return g.get_tensor_by_name(name if ":" in name else name + ":0")
        if case["init"] and not os.path.isdir(path):
            inits = [op for op in g.get_operations()
                     if op.type in ("VariableV2", "VarHandleOp")
                     and g.get_operations() and (op.name + "/Assign") in {o.name for o in g.get_operations()}]
            sess.run([g.get_operation_by_name(op.name + "/Assign") for op in inits])
        feed = {tensor(f["name"]): np.asarray(f["value"]) for f in case["feeds"]}
        values = sess.run([tensor(n) for n in case["fetches"]], feed_dict=feed)
    return [value_json(v) for v in values]


def golden(tf, case):
    import numpy as np
    feeds = []
    for f in case["feeds"]:
        entry = {"name": f["name"]}
        if "npy" in f:
            entry["npy"] = f["npy"]
        else:
            entry["value"] = np.asarray(f["value"]).tolist()
        feeds.append(entry)
    return {
        "graph": case["graph"],
        "init": case["init"],
        "feeds": feeds,
        "fetches": case["fetches"],
        "expected": run_case(tf, case),
        "tensorflow": tf.__version__,
    }


def drifted(cmp, fresh, old):
    """What differs between a fresh golden and the committed one: values under the policy,
    everything else exactly."""
    rest = [k for k in sorted(set(fresh) | set(old)) if k not in ("expected", "tensorflow") and fresh.get(k) != old.get(k)]
    return ["%s differs" % k for k in rest] + cmp.values(old.get("expected", []), fresh["expected"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--goldens", default=OUT)
    ap.add_argument("cases", nargs="*")
    a = ap.parse_args()
    check = a.check
    try:
        import numpy as np
        import tensorflow as tf
    except ImportError:
        print("SKIP: this Python has no TensorFlow (run with .venv/bin/python after scripts/setup.sh)")
        return 77
    os.makedirs(OUT, exist_ok=True)
    if not check:
        write_control_flow_graph(tf)
        write_functional_ref_graph(tf)
    cmp = tolerance.Comparer(a.build) if check else None
    drift = []
    for case in cases():
        if a.cases and case["name"] not in a.cases:
            continue
        g = golden(tf, case)
        target = os.path.join(a.goldens if check else OUT, case["name"] + ".json")
        npys = [(os.path.join(OUT, f["npy"]), np.asarray(f["value"])) for f in case["feeds"] if "npy" in f]
        if check:
            try:
                with open(target) as f:
                    old = json.load(f)
            except OSError:
                drift.append(case["name"] + ": golden missing")
                continue
            for d in drifted(cmp, json.loads(json.dumps(g)), old):
                drift.append(case["name"] + ": " + d)
            for p, arr in npys:
                if not os.path.exists(p) or not np.array_equal(np.load(p), arr):
                    drift.append(case["name"] + ": " + os.path.basename(p) + " differs")
            continue
        with open(target, "w") as f:
            json.dump(g, f, indent=1, sort_keys=True)
            f.write("\n")
        for p, arr in npys:
            np.save(p, arr)
        print("wrote", os.path.relpath(target, ROOT))
    if drift:
        print("graph-run goldens drifted (regenerate with .venv/bin/python tools/gen_graph_run_goldens.py):")
        for d in drift:
            print("  " + d)
        return 1
    if check:
        print("graph-run goldens match TensorFlow", tf.__version__)
    return 0


if __name__ == "__main__":
    sys.exit(main())
