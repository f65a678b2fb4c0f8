#!/usr/bin/env python3
"""Scaffold a new rule: analyzer/checks/<id>_<name>.{h,cc}, docs/rules/<ID>.md,
testdata/rules/<ID>/{input.py,expected.py}, and its line in the sorted registry.

    tools/add_rule.py TFM305 implicit-var-list --severity warning --fix none --class ImplicitVarList

The ID and name must be a row of rules/RULES.md. Refreshing the snapshot afterwards:
    TFMIGRATE_UPDATE_GOLDENS=1 build/tests/tfmigrate_tests --gtest_filter='Rules/*'
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

}}  // namespace tfm
"""

SOURCE = """#include "analyzer/checks/{stem}.h"

#include <fmt/format.h>

namespace tfm {{

const RuleInfo& {cls}::info() const {{
  static const RuleInfo kInfo{{"{id}", "{name}", Severity::k{sev}, FixKind::k{fix}, RuleInput::k{input},
                              "{summary}"}};
  return kInfo;
}}

void {cls}::{method}({ctx}& ctx) const {{
  // TODO(add_rule): find the pattern and ctx.Report(node, message, fix).
}}

}}  // namespace tfm
"""

DOC = """# {id} {name}

**Severity:** {sev_l} · **Fix:** {fix_l}

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


def catalogue():
    rows = {}
    for line in (ROOT / "rules" / "RULES.md").read_text().splitlines():
        m = re.match(r"^\| (TFM\d{3}) \| ([a-z0-9-]+) \|", line)
        if m:
            rows[m.group(1)] = m.group(2)
    return rows


def insert_sorted(block_lines, new_line, key):
    out = [l for l in block_lines if l.strip()]
    if new_line in out:
        return out
    out.append(new_line)
    out.sort(key=key)
    return out


def edit_block(text, begin_marker, end_marker, new_line, key):
    b = text.index(begin_marker)
    b = text.index("\n", b) + 1
    e = text.index(end_marker, b)
    e = text.rfind("\n", 0, e) + 1
    lines = text[b:e].splitlines()
    lines = insert_sorted(lines, new_line, key)
    return text[:b] + "\n".join(lines) + "\n" + text[e:]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("id")
    ap.add_argument("name")
    ap.add_argument("--severity", choices=["info", "warning", "error"], required=True)
    ap.add_argument("--fix", choices=["none", "safe", "unsafe", "safe-or-unsafe"], default="none")
    ap.add_argument("--input", choices=["python", "graph", "cpp"], default="python")
    ap.add_argument("--class", dest="cls", required=True, help="C++ class name, e.g. ImplicitVarList")
    ap.add_argument("--summary", default="")
    args = ap.parse_args()

    cat = catalogue()
    if cat.get(args.id) != args.name:
        sys.exit(f"add_rule: `{args.id} {args.name}` is not a row of rules/RULES.md")
    stem = f"{args.id.lower()}_{args.name.replace('-', '_')}"
    fix = {"none": "None", "safe": "Safe", "unsafe": "Unsafe", "safe-or-unsafe": "SafeOrUnsafe"}[args.fix]
    method, ctx = {"python": ("CheckPython", "PythonContext"), "graph": ("CheckGraph", "GraphContext"),
                   "cpp": ("CheckCpp", "CppContext")}[args.input]
    fmtargs = dict(id=args.id, name=args.name, cls=args.cls, stem=stem, sev=args.severity.capitalize(),
                   sev_l=args.severity, fix=fix, fix_l=args.fix, input=args.input.capitalize(),
                   summary=args.summary or args.name.replace("-", " "), method=method, ctx=ctx)
    files = {
        ROOT / "analyzer" / "checks" / f"{stem}.h": HEADER.format(**fmtargs),
        ROOT / "analyzer" / "checks" / f"{stem}.cc": SOURCE.format(**fmtargs),
        ROOT / "docs" / "rules" / f"{args.id}.md": DOC.format(**fmtargs),
    }
    if args.input == "python":
        files[ROOT / "testdata" / "rules" / args.id / "input.py"] = (
            "import tensorflow as tf\n\n# violations: end the line with `# expect: %s`\n"
            "# must not fire: end the line with `# ok`\n" % args.id)
        files[ROOT / "testdata" / "rules" / args.id / "expected.py"] = ""
    for path, content in files.items():
        if path.exists():
            print(f"add_rule: {path.relative_to(ROOT)} exists, left alone")
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)
        print(f"add_rule: wrote {path.relative_to(ROOT)}")

    reg = ROOT / "analyzer" / "checks" / "registry.cc"
    text = reg.read_text()
    idkey = lambda l: re.search(r"(?i)tfm(\d{3})", l).group(1) if re.search(r"(?i)tfm(\d{3})", l) else l
    text = edit_block(text, "// BEGIN RULE INCLUDES", "// END RULE INCLUDES",
                      f'#include "analyzer/checks/{stem}.h"', idkey)
    var = "kTfm" + args.id[3:]
    text = edit_block(text, "// BEGIN RULE INSTANCES", "// END RULE INSTANCES", f"const {args.cls} {var};", idkey)
    text = edit_block(text, "// BEGIN RULE TABLE", "// END RULE TABLE", f"    &{var},", idkey)
    reg.write_text(text)
    print("add_rule: registry.cc updated; now write the rule, the doc and the fixture, then refresh goldens")


if __name__ == "__main__":
    main()
