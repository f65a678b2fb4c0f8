"""AutoGraph, minimal: a source-to-source transform (Python's `ast`) applied to the Python
functions a tf.function traces, as TensorFlow's AutoGraph does.

`convert(fn)` returns a version of a plain Python function in which
- `if TEST:` becomes `if_stmt(TEST, true_fn, false_fn, state)`: a tf.cond (If node) when
  TEST is a symbolic tensor, plain Python otherwise;
- `while TEST:` becomes `while_stmt(...)`: a tf.while_loop when TEST is a symbolic tensor;
- `for x in ITER:` becomes `for_stmt(...)`: a tf.while_loop over the first dimension of a
  symbolic tensor (e.g. `tf.range(n)`, or `range(n)` with a tensor `n`), a loop that pulls
  elements through a host callback for a `tf.data.Dataset`, plain Python otherwise;
- `and` / `or` / `not` in those tests become lazy tf.logical_* when their operands are
  tensors, and calls of other user functions are converted on first call (converted_call).
The state of a statement (the names it assigns) is passed to and returned from the
generated functions explicitly, so no `nonlocal` is needed. A `return` is supported at the
end of both branches of an `if` (statements after an `if` whose body returns become its
else branch). Forms not converted (`break`/`continue`, `return` inside a loop, `else:` on
loops, returns in only some paths) keep plain Python semantics, and raise
UnsupportedSymbolError naming the construct and line if their test turns out to be a
tensor. Line numbers and the file name of the converted code are the original ones."""
import ast
import builtins
import functools
import inspect
import os
import sys
import textwrap
import types

import numpy as np

from . import array_ops, control_flow, core, data, function, math_ops, nest, script_ops, tensor_array
from .core import Tensor, UnsupportedSymbolError


_PREFIX = "tfm__"
_RET = _PREFIX + "ret"
_RUNTIME_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_NO_WRAP = {"print", "range", "len", "isinstance", "issubclass", "super", "int", "float", "str", "bool", "list",
            "tuple", "dict", "set", "enumerate", "zip", "type", "getattr", "hasattr", "setattr", "sorted", "min",
            "max", "sum", "abs", "iter", "next", "repr", "format", "locals", "globals", "vars", "id", "hash",
            "map", "filter", "reversed", "any", "all", "round", "divmod", "callable", "object"}


class Undefined:
    """The value of a name a converted statement did not define (yet)."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "<undefined %s>" % self.name


# ---------------------------------------------------------------------------- analysis
class _Assigned(ast.NodeVisitor):
    """Names bound by a list of statements, not looking into nested scopes."""

    def __init__(self):
        self.names = []

    def _add(self, n):
        if n not in self.names and (not n.startswith(_PREFIX) or n == _RET):
            self.names.append(n)

    def visit_Name(self, node):
        if isinstance(node.ctx, (ast.Store, ast.Del)):
            self._add(node.id)

    def visit_FunctionDef(self, node):
        self._add(node.name)
        for d in node.decorator_list:
            self.visit(d)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        self._add(node.name)

    def visit_Lambda(self, node):
        pass

    def visit_ListComp(self, node):
        pass

    visit_SetComp = visit_DictComp = visit_GeneratorExp = visit_ListComp

    def visit_Import(self, node):
        for a in node.names:
            self._add((a.asname or a.name).split(".")[0])

    visit_ImportFrom = visit_Import

    def visit_ExceptHandler(self, node):
        if node.name:
            self._add(node.name)
        self.generic_visit(node)

    def visit_Global(self, node):
        pass


def _assigned(stmts, exclude):
    v = _Assigned()
    for s in stmts:
        v.visit(s)
    return [n for n in v.names if n not in exclude]


def _find(stmts, kinds, loops=True):
    """Whether `stmts` contain a node of `kinds`, not looking into nested functions (nor
    into nested loops when `loops` is False, for break/continue)."""
    todo = list(stmts)
    while todo:
        n = todo.pop()
        if isinstance(n, kinds):
            return True
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if not loops and isinstance(n, (ast.For, ast.While, ast.AsyncFor)):
            todo.extend(n.orelse)
            continue
        todo.extend(ast.iter_child_nodes(n))
    return False


def _terminates(stmts):
    """The block always ends in `return` / `raise`."""
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, (ast.Return, ast.Raise)):
        return True
    if isinstance(last, ast.If):
        return _terminates(last.body) and _terminates(last.orelse)
    return False


def _returns_only_at_tail(stmts):
    """Every `return` in the block is its last statement (after conversion)."""
    body = stmts[:-1] if stmts and isinstance(stmts[-1], ast.Return) else stmts
    return not _find(body, (ast.Return,))


# ---------------------------------------------------------------------------- transform
def _name(id_, store=False):
    return ast.Name(id=id_, ctx=ast.Store() if store else ast.Load())


def _ag(attr):
    return ast.Attribute(value=_name(_PREFIX + "ag"), attr=attr, ctx=ast.Load())


def _call(func, args):
    return ast.Call(func=func, args=args, keywords=[])


def _str_tuple(names):
    return ast.Tuple(elts=[ast.Constant(n) for n in names], ctx=ast.Load())


class _Transformer:
    def __init__(self):
        self.counter = 0

    def fresh(self, kind, node):
        self.counter += 1
        return "%s%s_%d_%d" % (_PREFIX, kind, node.lineno, self.counter)

    # --- functions
    def function(self, fn_node):
        exclude = set()
        for n in ast.walk(fn_node):
            if isinstance(n, (ast.Global, ast.Nonlocal)):
                exclude.update(n.names)
        fn_node.body = self.block(fn_node.body, exclude)
        return fn_node

    def block(self, stmts, exclude):
        out = []
        stmts = list(stmts)
        i = 0
        while i < len(stmts):
            s = stmts[i]
            if isinstance(s, ast.If):
                rest = stmts[i + 1:]
                # `if c: ...; return a` + rest  ==  `if c: ...; return a  else: rest`
                if rest and not s.orelse and _terminates(s.body):
                    s.orelse, stmts = rest, stmts[:i + 1]
                out.extend(self.if_(s, exclude))
            elif isinstance(s, ast.While):
                out.extend(self.while_(s, exclude))
            elif isinstance(s, ast.For):
                out.extend(self.for_(s, exclude))
            elif isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.append(self.function(s))
            elif isinstance(s, (ast.With, ast.AsyncWith, ast.Try)):
                s.body = self.block(s.body, exclude)
                if isinstance(s, ast.Try):
                    for h in s.handlers:
                        h.body = self.block(h.body, exclude)
                    s.orelse = self.block(s.orelse, exclude)
                    s.finalbody = self.block(s.finalbody, exclude)
                out.append(self.calls(s))
            else:
                out.append(self.calls(s))
            i += 1
        return out

    def calls(self, node):
        """Wraps calls of non-builtin functions in converted_call (`tfm__ag.cc(f)(...)`)."""
        class W(ast.NodeTransformer):
            def visit_Call(self, c):
                self.generic_visit(c)
                if isinstance(c.func, ast.Name) and (c.func.id in _NO_WRAP or c.func.id.startswith(_PREFIX)):
                    return c
                c.func = ast.copy_location(_call(_ag("cc"), [c.func]), c.func)
                return c

            def visit_FunctionDef(self, n):
                return n   # converted separately (block)

            visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = visit_FunctionDef

        return W().visit(node)

    def test(self, expr):
        """`a and b`, `a or b`, `not a` on tensors become lazy tf.logical_* (AutoGraph)."""
        if isinstance(expr, ast.BoolOp):
            fn = "and_" if isinstance(expr.op, ast.And) else "or_"
            vals = [self.test(v) for v in expr.values]
            acc = vals[-1]
            for v in reversed(vals[:-1]):
                acc = _call(_ag(fn), [ast.Lambda(args=_no_args(), body=v), ast.Lambda(args=_no_args(), body=acc)])
            return ast.copy_location(acc, expr)
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
            return ast.copy_location(_call(_ag("not_"), [self.test(expr.operand)]), expr)
        return self.calls(expr)

    def _state_fn(self, name, params, body, lineno, extra_params=()):
        fn = _fdef(name, _args(list(extra_params) + params), body or [ast.Pass()])
        fn.body = fn.body + [ast.Return(value=ast.Tuple(elts=[_name(p) for p in params], ctx=ast.Load()))]
        return fn

    def _load_state(self, names):
        return ast.Tuple(elts=[_call(_ag("ld"), [ast.Lambda(args=_no_args(), body=_name(n)), ast.Constant(n)])
                               for n in names], ctx=ast.Load())

    def _finish(self, node, defs, call, names, trailer=()):
        target = ast.Tuple(elts=[_name(n, store=True) for n in names], ctx=ast.Store())
        stmts = defs + [ast.Assign(targets=[target], value=call)] + list(trailer)
        for s in stmts:
            ast.copy_location(s, node)
            ast.fix_missing_locations(s)
        return stmts

    def _python_only(self, node, what):
        """Leaves the statement as Python, failing clearly if its test is a tensor."""
        line = ast.Constant(node.lineno)
        if isinstance(node, (ast.If, ast.While)):
            node.test = ast.copy_location(_call(_ag("py_test"), [self.test(node.test), ast.Constant(what), line]),
                                          node.test)
        else:
            node.iter = ast.copy_location(_call(_ag("py_iter"), [self.calls(node.iter), ast.Constant(what), line]),
                                          node.iter)
        ast.fix_missing_locations(node)
        return [node]

    def if_(self, node, exclude):
        node.body = self.block(node.body, exclude)
        node.orelse = self.block(node.orelse, exclude)
        has_ret = _find(node.body + node.orelse, (ast.Return,))
        if _find(node.body + node.orelse, (ast.Break, ast.Continue), loops=False):
            return self._python_only(node, "`if` containing break/continue")
        trailer = []
        if has_ret:
            if not (_terminates(node.body) and _terminates(node.orelse) and _returns_only_at_tail(node.body)
                    and _returns_only_at_tail(node.orelse)
                    and isinstance(node.body[-1], ast.Return) and isinstance(node.orelse[-1], ast.Return)):
                branch = "else" if _terminates(node.body) else "main"
                return self._python_only(node, "ValueError:the %s branch must also have a return statement." % branch)
            for blk in (node.body, node.orelse):
                r = blk[-1]
                blk[-1] = ast.copy_location(ast.Assign(targets=[_name(_RET, store=True)],
                                                       value=r.value or ast.Constant(None)), r)
            trailer = [ast.Return(value=_name(_RET))]
        names = _assigned(node.body + node.orelse, exclude)
        tname, fname = self.fresh("if_true", node), self.fresh("if_false", node)
        defs = [self._state_fn(tname, names, node.body, node.lineno),
                self._state_fn(fname, names, node.orelse, node.lineno)]
        call = _call(_ag("if_stmt"), [self.test(node.test), _name(tname), _name(fname), self._load_state(names),
                                      _str_tuple(names), ast.Constant(node.lineno)])
        return self._finish(node, defs, call, names, trailer)

    def while_(self, node, exclude):
        node.body = self.block(node.body, exclude)
        if node.orelse or _find(node.body, (ast.Return,)) or _find(node.body, (ast.Break, ast.Continue), loops=False):
            return self._python_only(node, "`while` loop with break/continue/return/else")
        names = _assigned(node.body, exclude)
        tname, bname = self.fresh("while_test", node), self.fresh("while_body", node)
        test_fn = _fdef(tname, _args(names), [ast.Return(value=self.test(node.test))])
        defs = [test_fn, self._state_fn(bname, names, node.body, node.lineno)]
        call = _call(_ag("while_stmt"), [_name(tname), _name(bname), self._load_state(names), _str_tuple(names),
                                         ast.Constant(node.lineno)])
        return self._finish(node, defs, call, names)

    def for_(self, node, exclude):
        node.body = self.block(node.body, exclude)
        it = node.iter
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range":
            it.func = ast.copy_location(_ag("range_"), it.func)
        if node.orelse or _find(node.body, (ast.Return,)) or _find(node.body, (ast.Break, ast.Continue), loops=False):
            return self._python_only(node, "`for` loop with break/continue/return/else")
        names = _assigned([ast.Assign(targets=[node.target], value=ast.Constant(None))] + node.body, exclude)
        bname = self.fresh("for_body", node)
        item = _PREFIX + "item"
        body = [ast.copy_location(ast.Assign(targets=[node.target], value=_name(item)), node)] + node.body
        defs = [self._state_fn(bname, names, body, node.lineno, extra_params=[item])]
        call = _call(_ag("for_stmt"), [self.calls(it), _name(bname), self._load_state(names), _str_tuple(names),
                                       ast.Constant(node.lineno)])
        return self._finish(node, defs, call, names)


def _args(names):
    return ast.arguments(posonlyargs=[], args=[ast.arg(arg=n) for n in names], vararg=None, kwonlyargs=[],
                         kw_defaults=[], kwarg=None, defaults=[])


def _fdef(name, args, body):
    fn = ast.FunctionDef(name=name, args=args, body=body, decorator_list=[], returns=None, type_comment=None)
    if "type_params" in ast.FunctionDef._fields:
        fn.type_params = []
    return fn


def _no_args():
    return _args([])


# ---------------------------------------------------------------------------- conversion
_cache = {}   # code object -> converted code object, or None (not converted)


def _is_user_code(code):
    f = code.co_filename
    if not f or f.startswith("<"):
        return False
    f = os.path.abspath(f)
    if f.startswith(_RUNTIME_DIR + os.sep):
        return False
    for p in (sys.prefix, sys.base_prefix, os.path.dirname(os.__file__), os.path.dirname(np.__file__)):
        if p and f.startswith(os.path.abspath(p) + os.sep):
            return False
    return True


def _transform(fn):
    code = fn.__code__
    if fn.__name__ == "<lambda>" or not _is_user_code(code):
        return None
    try:
        src = textwrap.dedent(inspect.getsource(fn))
        tree = ast.parse(src)
    except (OSError, TypeError, SyntaxError, IndentationError):
        return None
    if not tree.body or not isinstance(tree.body[0], (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    fdef = tree.body[0]
    if not _find(fdef.body, (ast.If, ast.While, ast.For, ast.Call)):
        return None
    ast.increment_lineno(tree, code.co_firstlineno - 1)
    fdef.decorator_list = []
    _Transformer().function(fdef)
    params = list(code.co_freevars) + [_PREFIX + "ag"]
    factory = _fdef(_PREFIX + "factory", _args(params), [fdef, ast.Return(value=_name(fdef.name))])
    mod = ast.Module(body=[factory], type_ignores=[])
    ast.fix_missing_locations(mod)
    try:
        compiled = compile(mod, code.co_filename, "exec")
    except SyntaxError:
        return None
    fcode = [c for c in compiled.co_consts if isinstance(c, types.CodeType)][0]
    inner = [c for c in fcode.co_consts if isinstance(c, types.CodeType) and c.co_name == fdef.name]
    return inner[0] if inner else None


def convert(fn):
    """The AutoGraph-converted version of `fn` (a function, method, partial, callable), or `fn`."""
    if isinstance(fn, functools.partial):
        c = convert(fn.func)
        return fn if c is fn.func else functools.partial(c, *fn.args, **(fn.keywords or {}))
    if isinstance(fn, types.MethodType):
        c = convert(fn.__func__)
        return fn if c is fn.__func__ else types.MethodType(c, fn.__self__)
    if not isinstance(fn, types.FunctionType):
        return fn
    wrapped = getattr(fn, "__wrapped__", None)
    if wrapped is not None and fn.__closure__:
        # a functools.wraps decorator: convert the wrapped function inside the wrapper
        cells = list(fn.__closure__)
        for i, c in enumerate(cells):
            try:
                if c.cell_contents is wrapped:
                    conv = convert(wrapped)
                    if conv is wrapped:
                        return fn
                    cells[i] = types.CellType(conv)
                    new = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__, tuple(cells))
                    new.__kwdefaults__ = fn.__kwdefaults__
                    new.__dict__.update(fn.__dict__)
                    new.__wrapped__ = conv
                    return new
            except ValueError:
                continue
        return fn
    code = fn.__code__
    if getattr(fn, "_tfm_converted", False):
        return fn
    if code not in _cache:
        _cache[code] = _transform(fn)
    new_code = _cache[code]
    if new_code is None:
        return fn
    cells = dict(zip(code.co_freevars, fn.__closure__ or ()))
    cells[_PREFIX + "ag"] = types.CellType(sys.modules[__name__])
    try:
        closure = tuple(cells[n] for n in new_code.co_freevars)
    except KeyError:
        return fn
    new = types.FunctionType(new_code, fn.__globals__, fn.__name__, fn.__defaults__, closure or None)
    new.__kwdefaults__ = fn.__kwdefaults__
    new.__dict__.update(fn.__dict__)
    new.__qualname__ = fn.__qualname__
    new._tfm_converted = True
    return new


def cc(f):
    """converted_call: user functions called from converted code are converted too."""
    t = type(f)
    if t is types.FunctionType or t is types.MethodType or t is functools.partial:
        return convert(f)
    if t is type or t.__module__ == "builtins":
        return f
    call = getattr(t, "__call__", None)
    if type(call) is types.FunctionType and _is_user_code(call.__code__):
        c = convert(call)
        return f if c is call else types.MethodType(c, f)
    return f


# ---------------------------------------------------------------------------- runtime
def ld(fn, name):
    try:
        return fn()
    except NameError:
        return Undefined(name)


def _symbolic(x):
    if hasattr(x, "_as_tensor") and not isinstance(x, Tensor):
        x = x._as_tensor() if not core.executing_eagerly() else x
    return isinstance(x, Tensor) and not isinstance(x, core.EagerTensor)


def py_test(v, what, line):
    if _symbolic(v):
        if what.startswith("ValueError:"):
            raise ValueError(what.split(":", 1)[1])   # what TF's AutoGraph raises
        raise UnsupportedSymbolError("AutoGraph: %s whose condition is a tensor (line %d)" % (what, line))
    return v


def py_iter(v, what, line):
    if _symbolic(v) or (isinstance(v, data.Dataset) and core.inside_function()):
        raise UnsupportedSymbolError("AutoGraph: %s over a tensor or dataset (line %d)" % (what, line))
    return v


def not_(a):
    if _symbolic(a):
        return math_ops.logical_not(a)
    return not a


def and_(a, b):
    x = a()
    if _symbolic(x):
        return control_flow.cond(x, lambda: array_ops.cast(core.convert_to_tensor(b()), core.bool_),
                                 lambda: core.convert_to_tensor(False))
    return x and b()


def or_(a, b):
    x = a()
    if _symbolic(x):
        return control_flow.cond(x, lambda: core.convert_to_tensor(True),
                                 lambda: array_ops.cast(core.convert_to_tensor(b()), core.bool_))
    return x or b()


def range_(*args):
    if any(_symbolic(a) for a in args):
        return math_ops.range(*args)
    return builtins.range(*args)


def _convertible(v):
    return isinstance(v, (Tensor, int, float, bool, np.ndarray, np.generic, tensor_array.TensorArray)) or hasattr(v, "_as_tensor")


def _in_graph(g, v):
    """`v` as a tensor of branch graph `g` (not a placeholder, so it can be an output)."""
    with g.as_default():
        if hasattr(v, "_as_tensor") and not isinstance(v, Tensor):
            v = v._as_tensor()
        t = core.convert_to_tensor(v)
        if t.graph is not g or t.op.type == "Placeholder":
            t = array_ops.identity(t)
        return t


def if_stmt(cond, body, orelse, init, names, line):
    if not _symbolic(cond):
        return body(*init) if cond else orelse(*init)
    p = core.convert_to_tensor(cond)
    if p.dtype != core.bool_ or p.shape.ndims not in (0, None):
        raise ValueError("condition of if statement expected to be `tf.bool` scalar, got %s; to use as boolean "
                         "Tensor, use `tf.cast`; to check for None, use `is not None`" % (p,))
    g = core.get_default_graph()
    with g.name_scope("cond") as scope:
        tg, tout = function.trace_graph(lambda: body(*init), scope + "true")
        fg, fout = function.trace_graph(lambda: orelse(*init), scope + "false")
        result = list(init)
        plan = []   # (name index, structure, [(leaf index, kind)])
        tflat, fflat = [], []
        for i, n in enumerate(names):
            tv, fv = tout[i], fout[i]
            if tv is fv:
                result[i] = tv
                continue
            if isinstance(tv, Undefined) or isinstance(fv, Undefined):
                result[i] = Undefined(n)
                continue
            tl, fl = nest.flatten(tv), nest.flatten(fv)
            if len(tl) != len(fl) or nest.is_nested(tv) != nest.is_nested(fv):
                raise ValueError("'%s' must have the same nested structure in the main and else branches of the "
                                 "`if` on line %d" % (n, line))
            leaves = []
            for a, b in zip(tl, fl):
                if a is b and not _convertible(a):
                    leaves.append(("same", a))
                elif not (_convertible(a) and _convertible(b)):
                    raise ValueError("'%s' must be a tensor (or a number) in both branches of the `if` on line %d; "
                                     "got %s and %s" % (n, line, type(a).__name__, type(b).__name__))
                else:
                    ta, tb = _in_graph(tg, a), _in_graph(fg, b)
                    if ta.dtype != tb.dtype:
                        raise TypeError("'%s' has dtype %s in the main branch but %s in the else branch of the "
                                        "`if` on line %d" % (n, ta.dtype.name, tb.dtype.name, line))
                    leaves.append(("out", len(tflat)))
                    tflat.append(ta)
                    fflat.append(tb)
            plan.append((i, tv, leaves))
        res = control_flow.emit_if(p, scope, tg, tflat, fg, fflat)
    for i, struct, leaves in plan:
        vals = [v if kind == "same" else res[v] for kind, v in leaves]
        result[i] = nest.pack_sequence_as(struct, vals) if nest.is_nested(struct) else vals[0]
    return tuple(result)


def _loop_vars(init):
    idx = []
    for i, v in enumerate(init):
        if isinstance(v, Undefined):
            continue
        leaves = nest.flatten(v)
        if leaves and all(_convertible(x) and not hasattr(x, "_as_tensor") for x in leaves):
            idx.append(i)
    return idx


def _tensor_loop(test, body, init, names, line):
    """A tf.while_loop over the names of `init` that hold tensors (or numbers) at entry."""
    idx = _loop_vars(init)
    fixed = list(init)

    def state(lv):
        s = list(fixed)
        for i, v in zip(idx, lv):
            s[i] = v
        return s

    def cond_fn(*lv):
        return test(*state(lv))

    def body_fn(*lv):
        out = body(*state(lv))
        res = []
        for i in idx:
            v = out[i]
            if isinstance(v, Undefined):
                raise ValueError("'%s' became undefined in the loop on line %d" % (names[i], line))
            res.append(nest.map_structure(lambda x: x._as_tensor() if hasattr(x, "_as_tensor") and not isinstance(x, Tensor) else x, v))
        return res

    loop_vars = [nest.map_structure(lambda x: x if isinstance(x, tensor_array.TensorArray) else core.convert_to_tensor(x), init[i])
                 for i in idx]
    if not loop_vars:
        # a loop without state (side effects only): a dummy counter keeps the loop alive
        out = control_flow.while_loop(lambda _: test(*fixed), lambda c: (body(*fixed), c + 1)[1],
                                      [core.convert_to_tensor(0)], return_same_structure=True)
        return tuple(fixed)
    out = control_flow.while_loop(cond_fn, body_fn, loop_vars, return_same_structure=True)
    return tuple(state(list(out)))


def while_stmt(test, body, init, names, line):
    v = test(*init)
    if not _symbolic(v):
        state = tuple(init)
        while True:
            if _symbolic(v):
                raise UnsupportedSymbolError("AutoGraph: a `while` loop whose condition became a tensor inside the "
                                             "loop (line %d)" % line)
            if not v:
                return state
            state = body(*state)
            v = test(*state)
    return _tensor_loop(test, body, init, names, line)


def for_stmt(iterable, body, init, names, line):
    if isinstance(iterable, data.Dataset) and core.inside_function():
        return _dataset_loop(iterable, body, init, names, line)
    if isinstance(iterable, data.OwnedIterator) and iterable._in_other_graph():
        raise UnsupportedSymbolError("AutoGraph: a `for` loop over a dataset iterator created outside the "
                                     "tf.function (line %d)" % line)
    if hasattr(iterable, "_as_tensor") and not isinstance(iterable, Tensor) and not core.executing_eagerly():
        iterable = iterable._as_tensor()
    if _symbolic(iterable):
        t = iterable
        if t.shape.ndims == 0:
            raise TypeError("Cannot iterate over a scalar tensor.")
        n0 = t.shape.as_list()[0] if t.shape.ndims is not None else None
        n = core.convert_to_tensor(n0) if n0 is not None else array_ops.shape(t)[0]
        out = _tensor_loop(lambda i, *s: math_ops.less(i, n), lambda i, *s: (math_ops.add(i, 1),) + tuple(body(t[i], *s)),
                           (core.convert_to_tensor(0),) + tuple(init), ("<index>",) + tuple(names), line)
        return out[1:]
    state = tuple(init)
    for item in iterable:
        state = body(item, *state)
    return state


def _dataset_loop(ds, body, init, names, line):
    """for x in dataset inside tf.function: the loop pulls elements through host callbacks
    (a fresh iterator per call of the function)."""
    ds._check_scope()
    first = []
    for k, e in enumerate(ds._gen()):
        first.append(e)
        if k >= 64:
            break
    if not first:
        return tuple(init)
    struct = first[0]
    flat0 = [np.asarray(x) if not isinstance(x, np.ndarray) else x for x in data.nest.flatten(struct)]
    dtypes = [core.string if a.dtype.kind in "OUS" else core._infer_np(a, None)[1] if a.ndim == 0 and not isinstance(
        a, np.ndarray) else core.as_dtype(a.dtype) for a in flat0]
    shapes = [list(a.shape) for a in flat0]
    for e in first[1:]:
        for j, x in enumerate(data.nest.flatten(e)):
            s = list(np.shape(x))
            if len(s) != len(shapes[j]):
                shapes[j] = None
            elif shapes[j] is not None:
                shapes[j] = [a if a == b else None for a, b in zip(shapes[j], s)]
    st = {"it": None, "buf": None}

    def reset(vals):
        st["it"] = ds._gen()
        return []

    def has_next(vals):
        try:
            st["buf"] = next(st["it"])
            return [np.bool_(True)]
        except StopIteration:
            return [np.bool_(False)]

    def get(vals):
        return [np.asarray(x) for x in data.nest.flatten(st["buf"])]

    script_ops.host_call(reset, [], [], "MakeIterator")

    def test(*s):
        return script_ops.host_call(has_next, [], [core.bool_], "IteratorHasNext")[0]

    def step(*s):
        comps = script_ops.host_call(get, [], dtypes, "IteratorGetNext")
        for c, sh in zip(comps, shapes):
            if sh is not None:
                c.set_shape(sh)
        item = data.nest.pack_sequence_as(struct, list(comps))
        return body(item, *s)

    return _tensor_loop(test, step, init, names, line)


function.set_autograph(convert)
