#!/usr/bin/env python3
"""Per-rule precision and recall of `tfmigrate check` on the labeled corpus (testdata/labels/).

    python3 bench/label_scores.py [--build build] [--lists] [--json OUT]
    python3 bench/label_scores.py --validate        # labels only: no download, no tfmigrate

The corpus is published TF1 (and some TF2) code from PyPI packages pinned by file name and
SHA-256 in testdata/labels/artifacts.json, downloaded on demand into .cache/labels/ (ignored by
git). testdata/labels/<artifact>.jsonl holds, for files read whole by hand, one record a line:

  {"type": "file", "path": P, "style": ...}                      a labeled file
  {"type": "finding", "path": P, "line": L, "col": C, "rule": R, "symbol": S,
   "verdict": "tp"|"fp", "why": ...}                              a judged finding
  {"type": "hazard", "path": P, "line": L, "also": [L2, ...], "rule": R|"none",
   "class": "api"|"behavioral", "why": ...}                       a hazard found by hand

Notebook records carry "cell" (1-based among code cells, as tfmigrate reports it) and a
cell-relative line.

Matching, per labeled file, on the findings of the current build:
  * a finding takes the judgement with the same (cell, line, rule) and column; failing that
    one with the same symbol; failing that any left on that (cell, line, rule). A finding no
    judgement takes is UNJUDGED: it counts in no precision, is listed, and the per-rule table
    shows how many there are. A judgement no finding takes is STALE (its finding is gone).
  * a hazard is FOUND when a finding of its rule lies on its line or on one of its `also`
    lines. Hazards whose rule is "none" (no catalogue rule covers them) are never found; they
    are counted in the "all" recall figures and listed as catalogue gaps.
Precision = TP / (TP + FP) over judged findings; recall = found / hazards. API = 1xx rules,
behavioral = 2xx–6xx (and "none" hazards by their class).
Exit 0 unless the harness fails (a download, a checksum, tfmigrate crashing, a broken label).
"""
import argparse
import collections
import json
import pathlib
import re
import subprocess
import sys

import machine  # bench/machine.py: the processor line every figure is quoted with
import pypi_artifacts  # bench/pypi_artifacts.py: pinned, verified downloads

ROOT = pathlib.Path(__file__).resolve().parent.parent
LABELS = ROOT / "testdata" / "labels"
CACHE = ROOT / ".cache" / "labels"
RULE_ID = re.compile(r"^TFM\d{3}$")


class LabelError(Exception):
    """A label file that does not follow the format above."""


def catalogue_rules():
    text = (ROOT / "rules" / "RULES.md").read_text()
    return set(re.findall(r"^\| (TFM\d{3}) \|", text, re.M))


def load_labels():
    """{artifact: {path: {"style", "findings", "hazards"}}} and the artifact pins."""
    pins = json.loads((LABELS / "artifacts.json").read_text())
    known = catalogue_rules()
    corpus = {}
    for jl in sorted(LABELS.glob("*.jsonl")):
        art = jl.stem
        if art not in pins:
            raise LabelError(f"{jl.name}: artifact {art} is not pinned in artifacts.json")
        files = corpus.setdefault(art, {})
        for n, raw in enumerate(jl.read_text().splitlines(), 1):
            where = f"{jl.name}:{n}"
            try:
                r = json.loads(raw)
            except json.JSONDecodeError as e:
                raise LabelError(f"{where}: not JSON ({e})")
            kind, path = r.get("type"), r.get("path")
            if not isinstance(path, str) or not path:
                raise LabelError(f"{where}: no path")
            if kind == "file":
                if path in files:
                    raise LabelError(f"{where}: {path} declared twice")
                files[path] = {"style": r.get("style", ""), "findings": [], "hazards": []}
                continue
            if path not in files:
                raise LabelError(f"{where}: {path} has no preceding \"file\" record")
            if not isinstance(r.get("line"), int) or r["line"] < 1:
                raise LabelError(f"{where}: line must be a positive integer")
            if "cell" in r and (not isinstance(r["cell"], int) or r["cell"] < 1):
                raise LabelError(f"{where}: cell must be a positive integer")
            if not r.get("why"):
                raise LabelError(f"{where}: every label gives its reason (\"why\")")
            if kind == "finding":
                if not RULE_ID.match(r.get("rule", "")) or r["rule"] not in known:
                    raise LabelError(f"{where}: unknown rule {r.get('rule')!r}")
                if r.get("verdict") not in ("tp", "fp"):
                    raise LabelError(f"{where}: verdict must be tp or fp")
                files[path]["findings"].append(r)
            elif kind == "hazard":
                rule = r.get("rule")
                if rule != "none" and (not RULE_ID.match(rule or "") or rule not in known):
                    raise LabelError(f"{where}: unknown rule {rule!r}")
                cls = r.get("class")
                if cls not in ("api", "behavioral"):
                    raise LabelError(f"{where}: class must be api or behavioral")
                if rule != "none" and cls != ("api" if rule[3] == "1" else "behavioral"):
                    raise LabelError(f"{where}: {rule} is not a{'n' if cls == 'api' else ''} {cls} rule")
                if not all(isinstance(x, int) and x > 0 for x in r.get("also", [])):
                    raise LabelError(f"{where}: also must list line numbers")
                files[path]["hazards"].append(r)
            else:
                raise LabelError(f"{where}: unknown record type {kind!r}")
    return pins, corpus


def run_check(tfm, path):
    p = subprocess.run([str(tfm), "check", str(path), "--format", "json", "-q", "--isolated", "--exit-zero"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"tfmigrate check {path} exited {p.returncode}: {p.stderr.strip()[:300]}")
    out = []
    # One entry per token: findings of other rules on the same token are folded into it as
    # "related" (emit.h, FoldByToken); each is still a finding of its rule.
    flat = []
    for d in json.loads(p.stdout or "[]"):
        flat.append(d)
        flat.extend(d.get("related", []))
    for d in flat:
        loc = d["location"]
        m = re.search(r"`([^`]+)`", d.get("message", ""))
        out.append({"cell": loc.get("cell"), "line": loc["row"], "col": loc["column"], "rule": d["code"],
                    "symbol": m.group(1) if m else "", "message": d.get("message", "")})
    return out


def match_findings(found, judged):
    """Pairs each finding with a judgement: returns (pairs, unjudged findings, stale judgements)."""
    left = list(range(len(judged)))
    pairs, unjudged = [], []
    key = lambda x: (x.get("cell"), x["line"], x["rule"])
    order = sorted(range(len(found)), key=lambda i: (found[i].get("cell") or 0, found[i]["line"], found[i]["col"]))
    # Three passes so that an exact column match is never stolen by a looser one.
    taken = {}
    for test in (lambda f, j: f["col"] == j.get("col"),
                 lambda f, j: f["symbol"] == j.get("symbol"),
                 lambda f, j: True):
        for i in order:
            if i in taken:
                continue
            for k in left:
                j = judged[k]
                if key(found[i]) == key(j) and test(found[i], j):
                    taken[i] = k
                    left.remove(k)
                    break
    for i in order:
        if i in taken:
            pairs.append((found[i], judged[taken[i]]))
        else:
            unjudged.append(found[i])
    return pairs, unjudged, [judged[k] for k in left]


def pos(r):
    return (f"cell {r['cell']}:" if r.get("cell") else "") + str(r["line"])


def score(tfm, pins, corpus):
    per_rule = collections.defaultdict(collections.Counter)
    fps, misses, unjudged_all, stale_all, gaps = [], [], [], [], []
    cls_total, cls_found = collections.Counter(), collections.Counter()
    tp_without_hazard = 0
    files = 0
    for art in sorted(corpus):
        pin = pins[art]
        src = pypi_artifacts.fetch(pin["requirement"], pin["file"], pin["sha256"], CACHE)
        for path, lab in sorted(corpus[art].items()):
            target = src / path
            if not target.is_file():
                raise RuntimeError(f"{art}: {path} is not in the artifact")
            files += 1
            found = run_check(tfm, target)
            where = f"{art}/{path}"
            pairs, unjudged, stale = match_findings(found, lab["findings"])
            for f, j in pairs:
                per_rule[f["rule"]][j["verdict"]] += 1
                if j["verdict"] == "fp":
                    fps.append((f["rule"], where, pos(f), j["why"]))
            for f in unjudged:
                per_rule[f["rule"]]["unjudged"] += 1
                unjudged_all.append((f["rule"], where, pos(f), f["message"][:120]))
            for j in stale:
                stale_all.append((j["rule"], where, pos(j), j["verdict"], j["why"]))
            at = collections.defaultdict(set)
            for f in found:
                at[f["rule"]].add((f.get("cell"), f["line"]))
            covered = set()
            for h in lab["hazards"]:
                lines = {(h.get("cell"), x) for x in [h["line"], *h.get("also", [])]}
                cls_total[h["class"]] += 1
                if h["rule"] == "none":
                    gaps.append((h["class"], where, pos(h), h["why"]))
                    continue
                cls_total[h["class"] + "+rule"] += 1
                per_rule[h["rule"]]["hazards"] += 1
                if lines & at[h["rule"]]:
                    per_rule[h["rule"]]["found"] += 1
                    cls_found[h["class"]] += 1
                    covered |= {(h["rule"], c, x) for c, x in lines}
                else:
                    misses.append((h["rule"], where, pos(h), h["why"]))
            tp_without_hazard += sum(1 for f, j in pairs if j["verdict"] == "tp"
                                     and (f["rule"], f.get("cell"), f["line"]) not in covered)
    return {"files": files, "per_rule": per_rule, "fps": fps, "misses": misses, "unjudged": unjudged_all,
            "stale": stale_all, "gaps": gaps, "cls_total": cls_total, "cls_found": cls_found,
            "tp_without_hazard": tp_without_hazard}


def ratio(a, b):
    return f"{a / b:.2f}" if b else "—"


def report(s, lists):
    rows = s["per_rule"]
    print("| rule | findings | TP | FP | unjudged | precision | hazards | found | recall |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    tot = collections.Counter()
    for rule in sorted(rows):
        c = rows[rule]
        n = c["tp"] + c["fp"] + c["unjudged"]
        tot.update(c)
        print(f"| {rule} | {n} | {c['tp']} | {c['fp']} | {c['unjudged']} | {ratio(c['tp'], c['tp'] + c['fp'])} "
              f"| {c['hazards']} | {c['found']} | {ratio(c['found'], c['hazards'])} |")
    n = tot["tp"] + tot["fp"] + tot["unjudged"]
    print(f"| all | {n} | {tot['tp']} | {tot['fp']} | {tot['unjudged']} | {ratio(tot['tp'], tot['tp'] + tot['fp'])} "
          f"| {tot['hazards']} | {tot['found']} | {ratio(tot['found'], tot['hazards'])} |")
    t, f = s["cls_total"], s["cls_found"]
    print()
    print(f"files: {s['files']}; judged findings: {tot['tp'] + tot['fp']}; hazards: {t['api'] + t['behavioral']} "
          f"({t['api']} API, {t['behavioral']} behavioral; {len(s['gaps'])} with no catalogue rule)")
    for cls, name in (("api", "API"), ("behavioral", "behavioral")):
        print(f"{name} recall: {ratio(f[cls], t[cls + '+rule'])} ({f[cls]}/{t[cls + '+rule']} hazards a rule covers); "
              f"{ratio(f[cls], t[cls])} of all {t[cls]} (no-rule hazards count as missed)")
    print(f"unjudged findings: {len(s['unjudged'])}; stale judgements (finding gone): {len(s['stale'])}; "
          f"TP findings on no hand-found hazard: {s['tp_without_hazard']}")
    if not lists:
        return
    sections = [("False positives (rule, file, line, why)", s["fps"]),
                ("Missed hazards (rule, file, line, why)", s["misses"]),
                ("Hazards no catalogue rule covers (class, file, line, why)", s["gaps"]),
                ("Unjudged findings (rule, file, line, message): judge them in testdata/labels", s["unjudged"]),
                ("Stale judgements (rule, file, line, verdict, why)", s["stale"])]
    for title, items in sections:
        print(f"\n### {title}: {len(items)}")
        for it in sorted(items):
            print("- " + " | ".join(str(x) for x in it))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build", help="build folder holding tfmigrate")
    ap.add_argument("--lists", action="store_true", help="also list false positives, misses, gaps, unjudged")
    ap.add_argument("--json", help="write the raw scores to this file")
    ap.add_argument("--validate", action="store_true", help="check the label files only and exit")
    a = ap.parse_args()
    try:
        pins, corpus = load_labels()
    except LabelError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if a.validate:
        n = sum(len(f["findings"]) for c in corpus.values() for f in c.values())
        h = sum(len(f["hazards"]) for c in corpus.values() for f in c.values())
        k = sum(len(c) for c in corpus.values())
        print(f"labels valid: {k} files, {n} judged findings, {h} hazards in {len(corpus)} artifacts")
        return 0
    tfm = (ROOT / a.build / "tfmigrate").resolve()
    if not tfm.exists():
        print(f"error: {tfm} does not exist (build first)", file=sys.stderr)
        return 2
    print(machine.describe())
    try:
        s = score(tfm, pins, corpus)
    except (pypi_artifacts.FetchError, RuntimeError, json.JSONDecodeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    report(s, a.lists)
    if a.json:
        out = dict(s)
        out["per_rule"] = {k: dict(v) for k, v in s["per_rule"].items()}
        pathlib.Path(a.json).write_text(json.dumps(out, indent=1, default=list))
    return 0


if __name__ == "__main__":
    sys.exit(main())
