#!/usr/bin/env python3
"""The build's libraries form the declared DAG: no target links, and no file includes,
anything its component may not use.

    python3 tools/check_layers.py BUILD_DIR

COMPONENTS below is the declared graph (docs/architecture.md draws it): each component is
one or a few CMake targets and names the components it may use directly; what those may
use it may use too, nothing else. The facts come from the build itself, through CMake's
file API (the top-level CMakeLists.txt asks for the codemodel): every target, its sources
(headers included: the CMake source lists are explicit), its link and order dependencies
and its include directories. Checked:

  * the declared graph is acyclic, and every library target of the build is in a component;
  * every dependency of a target is in its own component or one it may use (a back edge,
    e.g. `report` linking `project`, fails);
  * every `#include "..."` of a target's files that resolves to a file of the project is
    listed by some target, and one of those is in a component the includer may use
    (report/emit.h including analyzer/project/analyze.h fails even if nothing links);
  * Eigen, OpenMP and oneDNN are linked only by the runtime's kernels (`diff` and the
    analyzer never link them), where the codemodel lists linked libraries (its version 2.9
    on; older CMake lists build dependencies only).
Executables (the tool, tests, benchmarks) sit above every component and are not checked.

After checking the build as it is, the script adds one include back edge and one link back
edge to its in-memory copy and requires both to be reported, so the check cannot pass by
checking nothing. Exit 0 when the build follows the graph, 1 otherwise, 77 (skip) when the
build directory has no file-API reply yet (CMake < 3.27 writes it from the second
configure: run `cmake BUILD_DIR` once more).
"""
import json
import os
import pathlib
import re
import sys

# (component, its targets, the components it may use directly) from the bottom up.
COMPONENTS = [
    ("source", ["source"], []),
    ("tree_sitter", ["tree_sitter", "tree_sitter_python"], []),
    ("graphdef", ["graph_proto", "graphdef"], ["source"]),
    ("python_frontend", ["python_frontend"], ["source", "tree_sitter"]),
    ("cpp_frontend", ["cpp_frontend", "tfmigrate_cpp"], ["source"]),
    ("checks", ["checks"], ["python_frontend", "graphdef", "cpp_frontend"]),
    ("report", ["report"], ["source"]),
    ("project", ["project"], ["checks"]),
    ("analyzer", ["analyzer"], ["project", "report"]),
    ("rewriter", ["rewriter"], ["project"]),
    ("runtime", ["runtime", "_tfrt"], []),
    ("runtime_graph_import", ["runtime_graph_import"], ["runtime", "graphdef"]),
    ("runtime_launch", ["runtime_launch"], []),
    ("runtime_trace", ["runtime_trace"], []),
    ("diff", ["diff"], ["project", "rewriter", "runtime_launch", "runtime_trace"]),
    ("cli", ["cli"], ["analyzer", "rewriter", "diff", "runtime_graph_import", "runtime_launch"]),
]
# Imported libraries only one component may link.
EXCLUSIVE_IMPORTS = {"Eigen3::Eigen": "runtime", "OpenMP::OpenMP_CXX": "runtime", "DNNL::dnnl": "runtime"}
LIBRARY_TYPES = {"STATIC_LIBRARY", "SHARED_LIBRARY", "MODULE_LIBRARY", "OBJECT_LIBRARY", "INTERFACE_LIBRARY"}
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def declared_graph():
    """component -> set of components it may use (transitively), and target -> component."""
    direct = {name: set(uses) for name, _, uses in COMPONENTS}
    owner = {t: name for name, targets, _ in COMPONENTS for t in targets}
    for name, uses in direct.items():
        for u in uses:
            if u not in direct:
                sys.exit(f"check_layers.py: component {name} uses unknown component {u}")
    reach, state = {}, {}

    def visit(c, path):
        if state.get(c) == "active":
            sys.exit("check_layers.py: the declared graph has a cycle: " + " -> ".join(path + [c]))
        if c in reach:
            return reach[c]
        state[c] = "active"
        r = set()
        for u in direct[c]:
            r |= {u} | visit(u, path + [c])
        state[c] = "done"
        reach[c] = r
        return r

    for c in direct:
        visit(c, [])
    return reach, owner


def load_codemodel(build):
    reply = build / ".cmake" / "api" / "v1" / "reply"
    indexes = sorted(reply.glob("index-*.json")) if reply.is_dir() else []
    if not indexes:
        return None
    index = json.loads(indexes[-1].read_text())
    cm_ref = index.get("reply", {}).get("codemodel-v2")
    if not cm_ref:
        return None
    cm = json.loads((reply / cm_ref["jsonFile"]).read_text())
    source_dir = pathlib.Path(cm["paths"]["source"])
    targets = {}
    for ref in cm["configurations"][0]["targets"]:
        t = json.loads((reply / ref["jsonFile"]).read_text())
        # Entries name a target by id ("name::@directory-hash"); plain flags and files have none.
        edges = t.get("linkLibraries", []) + t.get("orderDependencies", [])
        if "linkLibraries" not in t:  # codemodel < 2.9: build dependencies (link and order) only
            edges = t.get("dependencies", [])
        deps = {d["id"].split("::@")[0] for d in edges if "id" in d}
        includes = {pathlib.Path(i["path"]) for g in t.get("compileGroups", []) for i in g.get("includes", [])}
        sources = set()
        for s in t.get("sources", []):
            p = pathlib.Path(s["path"])
            sources.add(os.path.normpath(p if p.is_absolute() else source_dir / p))
        targets[t["name"]] = {"type": t["type"], "deps": deps, "includes": includes, "sources": sources,
                              "imports_known": "linkLibraries" in t}
    return source_dir, targets


def check(source_dir, build, targets, reach, owner, file_text):
    problems = []
    names = set(targets)
    for name, t in sorted(targets.items()):
        if t["type"] in LIBRARY_TYPES and name not in owner:
            problems.append(f"library target {name} is in no component (declare it in tools/check_layers.py)")
    allowed = lambda a, b: a == b or b in reach[a]  # noqa: E731
    # Dependencies.
    for name, t in sorted(targets.items()):
        if name not in owner:
            continue
        c = owner[name]
        for d in sorted(t["deps"]):
            if d in names:
                if d not in owner:
                    problems.append(f"{name} ({c}) depends on {d}, which is in no component")
                elif not allowed(c, owner[d]):
                    problems.append(f"back edge: {name} ({c}) depends on {d} ({owner[d]}); {c} may use "
                                    f"{', '.join(sorted(reach[c])) or 'nothing'}")
            elif d in EXCLUSIVE_IMPORTS and EXCLUSIVE_IMPORTS[d] != c:
                problems.append(f"{name} ({c}) links {d}, which only {EXCLUSIVE_IMPORTS[d]} may link")
    # No cycle among the targets themselves (within a component too).
    state = {}

    def visit(n, path):
        state[n] = "active"
        for d in sorted(targets[n]["deps"]):
            if d not in targets or d == n:  # (pybind11's modules list themselves as order dependencies)
                continue
            if state.get(d) == "active":
                problems.append("dependency cycle: " + " -> ".join(path + [n, d]))
            elif d not in state:
                visit(d, path + [n])
        state[n] = "done"

    for n in sorted(targets):
        if n not in state:
            visit(n, [])
    # Includes.
    file_owners = {}
    for name, t in targets.items():
        for s in t["sources"]:
            file_owners.setdefault(s, set()).add(name)
    skip_roots = [os.path.normpath(source_dir / d) for d in (".deps", ".venv", ".cache")]
    build_root = os.path.normpath(build)
    n_includes = 0
    for name, t in sorted(targets.items()):
        if name not in owner:
            continue
        c = owner[name]
        for f in sorted(t["sources"]):
            if not f.endswith((".h", ".cc", ".inc")) or not os.path.exists(f):
                continue
            for inc in INCLUDE.findall(file_text(f)):
                found = None
                for root in [pathlib.Path(f).parent, *sorted(t["includes"])]:
                    cand = os.path.normpath(root / inc)
                    if os.path.isfile(cand):
                        found = cand
                        break
                if found is None:
                    continue  # a system or third-party header
                owners = file_owners.get(found)
                if owners is None:
                    ours = found.startswith(str(source_dir) + os.sep) and not found.startswith(build_root + os.sep)
                    if ours and not any(found.startswith(r + os.sep) for r in skip_roots):
                        problems.append(f"{os.path.relpath(f, source_dir)} ({name}) includes {inc}, which no target lists")
                    continue
                n_includes += 1
                comps = {owner.get(o) for o in owners}
                if not any(oc is not None and allowed(c, oc) for oc in comps):
                    shown = ", ".join(sorted(f"{o} ({owner.get(o, 'no component')})" for o in owners))
                    problems.append(f"back edge: {os.path.relpath(f, source_dir)} ({c}) includes {inc} of {shown}")
    return problems, n_includes


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    build = pathlib.Path(sys.argv[1]).resolve()
    reach, owner = declared_graph()
    loaded = load_codemodel(build)
    if loaded is None:
        print(f"SKIP: no CMake file-API codemodel reply in {build} (CMake < 3.27 writes it from the second "
              f"configure: run `cmake {build}` once more)")
        return 77
    source_dir, targets = loaded
    cache = {}

    def file_text(path):
        if path not in cache:
            cache[path] = pathlib.Path(path).read_text(errors="replace")
        return cache[path]

    problems, n_includes = check(source_dir, build, targets, reach, owner, file_text)
    for p in problems:
        print(p)
    layered = [n for n in targets if n in owner]
    print(f"{len(layered)} library targets in {len(COMPONENTS)} components, "
          f"{sum(len(targets[n]['deps']) for n in layered)} dependencies and {n_includes} includes of project files "
          f"checked: {'the build follows the declared graph' if not problems else f'{len(problems)} problem(s)'}")
    if not any(t["imports_known"] for t in targets.values()):
        print("note: this CMake's codemodel does not list imported libraries; EXCLUSIVE_IMPORTS not checked")

    # The check must be able to fail: one include and one link back edge, added in memory.
    emit_h = os.path.normpath(source_dir / "analyzer/report/emit.h")
    if "report" in targets and "project" in targets and emit_h in targets["report"]["sources"]:
        planted = dict(targets)
        planted["report"] = dict(targets["report"], deps=targets["report"]["deps"] | {"project"})
        planted_text = lambda p: file_text(p) + ('\n#include "analyzer/project/analyze.h"\n' if p == emit_h else "")  # noqa: E731
        found, _ = check(source_dir, build, planted, reach, owner, planted_text)
        if not (any("report (report) depends on project" in p for p in found)
                and any("analyzer/report/emit.h (report) includes analyzer/project/analyze.h" in p for p in found)):
            print("the check did not report the back edges planted to test it (report -> project):")
            for p in found:
                print("  " + p)
            return 1
        print("planted back edges report -> project (link and include) are reported")
    else:
        print("the targets report/project are missing: the planted back edges were not tried")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
