#!/usr/bin/env python3
"""Scaffold a new rule: its own files and its one line in the registry.

    tools/add_rule.py TFM305 implicit-var-list --severity warning --class ImplicitVarList \\
        --summary "TF1 optimizer without var_list" --trigger "`optimizer.minimize(loss)` without `var_list`"

writes analyzer/checks/<id>_<name>.{h,cc} (the class, its RuleInfo and `rules::TfmNNN()`),
docs/rules/<ID>.md (the hand-written sections to fill in) and, for Python rules,
testdata/rules/<ID>/{input.py,expected.py}; and inserts `RULE(TfmNNN)` into
analyzer/checks/registry.inc in sorted order. Nothing else is edited by hand: the
catalogue's row (rules/RULES.md) and the page's header are generated from the RuleInfo.
Then write the check and the fixture, build, refresh the generated files (the catalogue,
the page header, the fixture's snapshot and expected.py) and build again (the binary
embeds the page):

    cmake --build build
    TFMIGRATE_UPDATE_GOLDENS=1 build/tests/tfmigrate_tests --gtest_filter='Consistency.*:Rules/*'
    cmake --build build
"""
import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

HEADER = """// {id} {name}: {summary}
#pragma once

#include "analyzer/checks/rule.h"

namespace tfm {{

class {cls} : public Rule {{
 public:
  const RuleInfo& info() const override;
  void {method}({ctx}& ctx) const override;
}};

namespace rules {{
const Rule& Tfm{num}();
}}  // namespace rules

}}  // namespace tfm
"""

SOURCE = """#include "analyzer/checks/{stem}.h"

#include <fmt/format.h>

namespace tfm {{

const RuleInfo& {cls}::info() const {{
  static const RuleInfo kInfo{{
      .id = "{id}",
      .name = "{name}",
      .severity = Severity::k{sev},
      .fix = FixKind::k{fix},
      .input = RuleInput::k{input},
      .summary = {summary_c},
      .trigger = {trigger_c},{impact}
  }};
  return kInfo;
}}

const Rule& rules::Tfm{num}() {{
  static const {cls} kRule;
  return kRule;
}}

void {cls}::{method}({ctx}& ctx) const {{
  // TODO(add_rule): find the pattern and ctx.Report(node, message, fix).
}}

}}  // namespace tfm
"""

DOC = """# {id} {name}

## What it flags

{summary}

## TF1 behavior

## TF2 behavior

## Example

```python
```

## Recommended TF2 form

```python
```

## Fix safety

## Suppression

`# tfmigrate: ignore[{id}]` on the line.
"""


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def insert_rule_line(path, line):
    """Inserts `line` among the RULE(...) lines of registry.inc, sorted; False if present."""
    lines = path.read_text().splitlines()
    if line in lines:
        return False
    rows = [i for i, l in enumerate(lines) if l.startswith("RULE(")]
    at = next((i for i in rows if lines[i] > line), rows[-1] + 1 if rows else len(lines))
    lines.insert(at, line)
    path.write_text("\n".join(lines) + "\n")
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("id")
    ap.add_argument("name")
    ap.add_argument("--severity", choices=["info", "warning", "error"], required=True)
    ap.add_argument("--fix", choices=["none", "safe", "unsafe", "safe-or-unsafe"], default="none")
    ap.add_argument("--input", choices=["python", "graph", "cpp"], default="python")
    ap.add_argument("--class", dest="cls", required=True, help="C++ class name, e.g. ImplicitVarList")
    ap.add_argument("--summary", default="", help="one line for `tfmigrate rules` and SARIF")
    ap.add_argument("--trigger", default="", help="the catalogue's trigger cell (Markdown); default: the summary")
    ap.add_argument("--impact", choices=["spelling", "graph-session", "behavior"], default="behavior",
                    help="Python rules: what a finding says about a script's behavior (RuleInfo::impact)")
    args = ap.parse_args()

    if not re.fullmatch(r"TFM[1-8]\d\d", args.id):
        sys.exit(f"add_rule: `{args.id}` is not a rule ID (TFM101..TFM899)")
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", args.name):
        sys.exit(f"add_rule: `{args.name}` is not a kebab-case name")
    if not re.fullmatch(r"[A-Z][A-Za-z0-9]*", args.cls):
        sys.exit(f"add_rule: `{args.cls}` is not a C++ class name")
    registry = ROOT / "analyzer" / "checks" / "registry.inc"
    num = args.id[3:]
    text = registry.read_text()
    if f"RULE(Tfm{num})" in text:
        sys.exit(f"add_rule: {args.id} is already in analyzer/checks/registry.inc")
    for doc in (ROOT / "docs" / "rules").glob("*.md"):
        title = doc.read_text().split("\n", 1)[0].split()  # "# TFM201 session-run"
        if title[2:3] == [args.name]:
            sys.exit(f"add_rule: the name `{args.name}` is taken by {doc.stem}")

    stem = f"{args.id.lower()}_{args.name.replace('-', '_')}"
    summary = args.summary or args.name.replace("-", " ")
    fix = {"none": "None", "safe": "Safe", "unsafe": "Unsafe", "safe-or-unsafe": "SafeOrUnsafe"}[args.fix]
    method, ctx = {"python": ("CheckPython", "PythonContext"), "graph": ("CheckGraph", "GraphContext"),
                   "cpp": ("CheckCpp", "CppContext")}[args.input]
    impact = ""
    if args.input == "python":
        impact = "\n      .impact = Impact::k%s," % {"spelling": "Spelling", "graph-session": "GraphSession",
                                                    "behavior": "Behavior"}[args.impact]
    fmtargs = dict(id=args.id, num=num, name=args.name, cls=args.cls, stem=stem, sev=args.severity.capitalize(),
                   fix=fix, input=args.input.capitalize(), summary=summary, summary_c=c_string(summary),
                   trigger_c=c_string(args.trigger or summary), impact=impact, method=method, ctx=ctx)
    files = {
        ROOT / "analyzer" / "checks" / f"{stem}.h": HEADER.format(**fmtargs),
        ROOT / "analyzer" / "checks" / f"{stem}.cc": SOURCE.format(**fmtargs),
        ROOT / "docs" / "rules" / f"{args.id}.md": DOC.format(**fmtargs),
    }
    if args.input == "python":
        files[ROOT / "testdata" / "rules" / args.id / "input.py"] = (
            "import tensorflow as tf\n\n# Mark each violation with a trailing comment `expect: %s`, each case that\n"
            "# must not fire with `ok` (rule_fixtures_test reads the markers).\n" % args.id)
        files[ROOT / "testdata" / "rules" / args.id / "expected.py"] = ""
    for path, content in files.items():
        if path.exists():
            print(f"add_rule: {path.relative_to(ROOT)} exists, left alone")
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)
        print(f"add_rule: wrote {path.relative_to(ROOT)}")
    insert_rule_line(registry, f"RULE(Tfm{num})")
    print("add_rule: analyzer/checks/registry.inc updated. Now write the check, the page and the fixture, build,")
    print("  refresh the generated files (catalogue, page header, snapshot) and build again:")
    print("  TFMIGRATE_UPDATE_GOLDENS=1 build/tests/tfmigrate_tests --gtest_filter='Consistency.*:Rules/*'")


if __name__ == "__main__":
    main()
