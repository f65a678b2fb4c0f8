"""The layout rules of the bundled `tensorflow` facade (runtime/python/tensorflow/_impl),
checked on its source with `ast` (nothing is imported):

- no import cycle: the import graph of _impl (every import, at module level or inside a
  function, relative or absolute) has no strongly connected component of more than one
  module, and core.py, the framework every other module builds on, imports no other
  facade module;
- gradients beside their ops: a gradient is registered (core.register_gradient) only in a
  family's `<family>_grad.py`, or where control flow (control_flow.py) and tf.function
  calls (function.py) build the ops it differentiates;
- tracing in one place: FuncGraph is defined and constructed only in function.py.

Run by CTest as runtime_facade_layout; `--self-test` also checks that the checks fail on
small trees that break each rule."""
import ast
import os
import sys
import tempfile

IMPL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python", "tensorflow", "_impl")
ABS_PREFIX = "tensorflow._impl"
CORE = "core"
GRADIENT_HOMES = ("control_flow", "function")


def modules(root):
    """{dotted name relative to root: path}; a package is named by its directory."""
    out = {}
    for d, _, files in os.walk(root):
        rel = os.path.relpath(d, root)
        parts = [] if rel == "." else rel.split(os.sep)
        for f in files:
            if not f.endswith(".py"):
                continue
            name = parts + ([] if f == "__init__.py" else [f[:-3]])
            out[".".join(name) if name else "__init__"] = os.path.join(d, f)
    return out


def _package_of(name, path):
    parts = [] if name == "__init__" else name.split(".")
    return parts if path.endswith("__init__.py") else parts[:-1]


def import_graph(root):
    """{module: set of facade modules it imports}. Importing a.b also runs package a."""
    mods = modules(root)
    graph = {m: set() for m in mods}

    def add(m, target):
        parts = target.split(".") if target else []
        for i in range(1, len(parts) + 1):
            t = ".".join(parts[:i])
            if t in mods and t != m:
                graph[m].add(t)

    for m, path in mods.items():
        with open(path) as f:
            tree = ast.parse(f.read(), path)
        pkg = _package_of(m, path)
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom):
                if n.level:
                    base = pkg[:len(pkg) - (n.level - 1)] if n.level > 1 else list(pkg)
                elif n.module and (n.module == ABS_PREFIX or n.module.startswith(ABS_PREFIX + ".")):
                    base = []
                    n = ast.ImportFrom(module=n.module[len(ABS_PREFIX) + 1:] or None, names=n.names, level=0)
                else:
                    continue
                mod = base + (n.module.split(".") if n.module else [])
                for a in n.names:
                    full = ".".join(mod + [a.name])
                    add(m, full if full in mods else ".".join(mod))
            elif isinstance(n, ast.Import):
                for a in n.names:
                    if a.name.startswith(ABS_PREFIX + "."):
                        add(m, a.name[len(ABS_PREFIX) + 1:])
    return graph


def cycles(graph):
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def _calls_named(tree, name):
    for n in ast.walk(tree):
        if isinstance(n, ast.Call):
            f = n.func
            if (isinstance(f, ast.Attribute) and f.attr == name) or (isinstance(f, ast.Name) and f.id == name):
                yield n


def problems(root):
    out = []
    graph = import_graph(root)
    for comp in cycles(graph):
        out.append("import cycle: %s" % " <-> ".join(comp))
    if CORE in graph and graph[CORE]:
        out.append("core.py imports other facade modules: %s" % ", ".join(sorted(graph[CORE])))
    for m, path in sorted(modules(root).items()):
        with open(path) as f:
            tree = ast.parse(f.read(), path)
        leaf = m.split(".")[-1]
        if any(True for _ in _calls_named(tree, "register_gradient")) and m != CORE and \
                not leaf.endswith("_grad") and m not in GRADIENT_HOMES:
            out.append("%s registers gradients: they belong in its family's <family>_grad.py" % m)
        if m != "function":
            if any(isinstance(n, ast.ClassDef) and n.name == "FuncGraph" for n in ast.walk(tree)) or \
                    any(True for _ in _calls_named(tree, "FuncGraph")):
                out.append("%s defines or builds a FuncGraph: tracing lives in function.py" % m)
    return out


def self_test():
    """Each rule, broken on a small tree, is reported."""
    cases = {
        "cycle": {"core.py": "", "a.py": "from . import b\n", "b.py": "def f():\n    from . import a\n"},
        "core imports": {"core.py": "from . import a\n", "a.py": ""},
        "absolute cycle": {"core.py": "", "a.py": "from tensorflow._impl import b\n",
                           "b.py": "import tensorflow._impl.a\n"},
        "package cycle": {"core.py": "", "p/__init__.py": "", "p/x.py": "from .. import a\n",
                          "a.py": "from .p import x\n"},
        "gradient outside its family": {"core.py": "", "math_ops.py": "@core.register_gradient('Foo')\ndef g(op, g):\n"
                                                                      "    return [g]\n"},
        "FuncGraph elsewhere": {"core.py": "", "autograph.py": "g = function.FuncGraph('f')\n"},
    }
    failed = 0
    for what, files in cases.items():
        with tempfile.TemporaryDirectory() as d:
            for name, text in files.items():
                os.makedirs(os.path.dirname(os.path.join(d, name)), exist_ok=True)
                with open(os.path.join(d, name), "w") as f:
                    f.write(text)
            found = problems(d)
        print("self-test %-30s %s" % (what, "reported" if found else "NOT REPORTED"))
        failed += not found
    return failed


def main():
    failed = self_test() if "--self-test" in sys.argv else 0
    graph = import_graph(IMPL)
    found = problems(IMPL)
    for p in found:
        print(p)
    print("%d facade modules, %d imports between them, %d layout problems"
          % (len(graph), sum(len(v) for v in graph.values()), len(found)))
    return 1 if found or failed else 0


if __name__ == "__main__":
    sys.exit(main())
