#!/usr/bin/env python3
"""Static checks of the behavior-diff pair suite (testdata/diff/, see its README.md).

For every pair folder NN_name/: old.py, new.py and expect.json exist; expect.json has the
documented keys and values; an equivalent or nothing-compared pair names no rule and no
dynamic ID; a divergent pair names a dynamic ID (TFM901-TFM903) and at least one rule —
or, with "random": true, none (random numbers drawn differently explain it) — and
`tfmigrate check --select ID` reports every named rule on new.py or old.py (the static
explanation the `diff` report must be able to give). Running the pairs is `tfmigrate diff`'s own test.

    python3 tools/check_diff_pairs.py build/tfmigrate [PAIR_DIR...]

Exit 0 when every pair passes, 1 otherwise.
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
KEYS = {"verdict", "rules", "dynamic", "options", "what"}


def check_pair(d, tfmigrate, known_rules):
    problems = []
    for f in ("old.py", "new.py", "expect.json"):
        if not (d / f).is_file():
            problems.append(f"missing {f}")
    if problems:
        return problems
    try:
        e = json.loads((d / "expect.json").read_text())
    except ValueError as err:
        return [f"expect.json is not JSON: {err}"]
    optional = {"skip_backends", "known_gap", "random"}  # a pair a backend cannot run yet, and why
    if not KEYS <= set(e) <= KEYS | optional or (("skip_backends" in e) != ("known_gap" in e)):
        problems.append(f"expect.json keys {sorted(e)}: need {sorted(KEYS)}, optionally skip_backends with known_gap")
        return problems
    if e["verdict"] not in ("equivalent", "divergent", "nothing-compared"):
        problems.append(f"verdict {e['verdict']!r}")
    if "random" in e and (e["random"] is not True or e["verdict"] != "divergent"):
        problems.append("\"random\": true only on a divergent pair")
    if not isinstance(e["options"], list) or any(o not in ("--deterministic-random",) for o in e["options"]):
        problems.append(f"options {e['options']!r}")
    if not isinstance(e["what"], str) or not e["what"].strip():
        problems.append("empty 'what'")
    if e["verdict"] != "divergent":
        if e["rules"] or e["dynamic"] is not None:
            problems.append(f"a{'n' if e['verdict'] == 'equivalent' else ''} {e['verdict']} pair names no rules and "
                            "no dynamic ID")
        return problems
    if e["dynamic"] not in ("TFM901", "TFM902", "TFM903"):
        problems.append(f"dynamic {e['dynamic']!r} is not TFM901-TFM903")
    if not e["rules"] and not e.get("random"):
        problems.append("a divergent pair names the rule(s) that explain it (or \"random\": true)")
    for rule in e["rules"]:
        if rule not in known_rules:
            problems.append(f"{rule} is not in rules/RULES.md")
            continue
        out = subprocess.run([tfmigrate, "check", "--format", "concise", "--exit-zero", "--isolated",
                              "--select", rule, str(d / "new.py"), str(d / "old.py")],
                             capture_output=True, text=True, timeout=120)
        if not re.search(rf":\d+:\d+: {rule} ", out.stdout):
            problems.append(f"`tfmigrate check --select {rule}` reports nothing on new.py or old.py")
    return problems


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    tfmigrate = sys.argv[1]
    known = set(re.findall(r"^\| (TFM\d{3}) \|", (ROOT / "rules" / "RULES.md").read_text(), re.M))
    dirs = [pathlib.Path(p) for p in sys.argv[2:]] or sorted(p for p in (ROOT / "testdata" / "diff").iterdir()
                                                            if p.is_dir())
    failed = 0
    counts = {"equivalent": 0, "divergent": 0, "nothing-compared": 0}
    for d in dirs:
        problems = check_pair(d, tfmigrate, known)
        if problems:
            failed += 1
            print(f"FAIL {d.name}: " + "; ".join(problems))
        else:
            counts[json.loads((d / "expect.json").read_text())["verdict"]] += 1
    print(f"{len(dirs) - failed}/{len(dirs)} pairs pass ({counts['equivalent']} equivalent, "
          f"{counts['divergent']} divergent, {counts['nothing-compared']} nothing compared)")
    return 1 if failed or not dirs else 0


if __name__ == "__main__":
    sys.exit(main())
