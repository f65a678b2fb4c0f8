"""tf.linalg (and the TF1 top-level matrix_* spellings): inverses, determinants, Cholesky,
solves, QR / SVD / eigendecompositions, band parts and diagonals, trace, eye, transposes,
norms, einsum and tensordot (kernels in runtime/kernels/kernels_linalg_image.cc;
composites built as TensorFlow's Python builds them: trace is the sum of the diagonal,
einsum and tensordot are BatchMatMulV2 after transposes and reshapes). Gradients are in
linalg_grad.py."""
import numpy as np

from . import array_ops, core, math_ops
from .core import convert_to_tensor as _t


def _float(x, name="input"):
    x = _t(x)
    if x.dtype not in (core.float32, core.float64):
        raise TypeError("Value passed to parameter '%s' has DataType %s not in list of allowed values: float64, float32, "
                        "half, complex64, complex128" % (name, x.dtype.name))
    return x


def matrix_inverse(input, adjoint=False, name=None):  # noqa: A002
    x = _float(input)
    return core.op1("MatrixInverse", [x], {"adjoint": bool(adjoint), "T": x.dtype}, name or "MatrixInverse")


def matrix_determinant(input, name=None):  # noqa: A002
    x = _float(input)
    return core.op1("MatrixDeterminant", [x], {"T": x.dtype}, name or "MatrixDeterminant")


def slogdet(input, name=None):  # noqa: A002
    x = _float(input)
    s, l = core.apply_op("LogMatrixDeterminant", [x], {"T": x.dtype}, name or "LogMatrixDeterminant")
    return s, l


def cholesky(input, name=None):  # noqa: A002
    x = _float(input)
    return core.op1("Cholesky", [x], {"T": x.dtype}, name or "Cholesky")


def logdet(matrix, name=None):
    """log(det(matrix)) of Hermitian positive definite matrices, through the Cholesky factor (as TF)."""
    chol = cholesky(matrix)
    return math_ops.multiply(_t(2.0, dtype=chol.dtype),
                        math_ops.reduce_sum(math_ops.log(matrix_diag_part(chol)), axis=[-1]), name=name or "logdet")


def matrix_solve(matrix, rhs, adjoint=False, name=None):
    a = _float(matrix, "matrix")
    b = _t(rhs, dtype=a.dtype)
    return core.op1("MatrixSolve", [a, b], {"adjoint": bool(adjoint), "T": a.dtype}, name or "MatrixSolve")


def matrix_triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None):
    a = _float(matrix, "matrix")
    b = _t(rhs, dtype=a.dtype)
    return core.op1("MatrixTriangularSolve", [a, b], {"lower": bool(lower), "adjoint": bool(adjoint), "T": a.dtype},
                    name or "MatrixTriangularSolve")


def cholesky_solve(chol, rhs, name=None):
    y = matrix_triangular_solve(chol, rhs, lower=True, adjoint=False)
    return matrix_triangular_solve(chol, y, lower=True, adjoint=True, name=name)


def svd(tensor, full_matrices=False, compute_uv=True, name=None):
    x = _float(tensor, "input")
    s, u, v = core.apply_op("Svd", [x], {"compute_uv": bool(compute_uv), "full_matrices": bool(full_matrices),
                                         "T": x.dtype}, name or "Svd")
    return (s, u, v) if compute_uv else s


def qr(input, full_matrices=False, name=None):  # noqa: A002
    x = _float(input)
    q, r = core.apply_op("Qr", [x], {"full_matrices": bool(full_matrices), "T": x.dtype}, name or "Qr")
    return q, r


def self_adjoint_eig(tensor, name=None):
    x = _float(tensor, "input")
    e, v = core.apply_op("SelfAdjointEigV2", [x], {"compute_v": True, "T": x.dtype}, name or "SelfAdjointEigV2")
    return e, v


def self_adjoint_eigvals(tensor, name=None):
    x = _float(tensor, "input")
    return core.apply_op("SelfAdjointEigV2", [x], {"compute_v": False, "T": x.dtype}, name or "SelfAdjointEigV2")[0]


def matrix_band_part(input, num_lower, num_upper, name=None):  # noqa: A002
    x = _t(input)
    lo = _t(num_lower, dtype=core.int64) if not isinstance(num_lower, core.Tensor) else num_lower
    up = _t(num_upper, dtype=core.int64) if not isinstance(num_upper, core.Tensor) else num_upper
    return core.op1("MatrixBandPart", [x, lo, up], {"T": x.dtype, "Tindex": lo.dtype}, name or "MatrixBandPart")


def _k0(k, what, **extra):
    if not (isinstance(k, int) and k == 0):
        raise core.UnsupportedSymbolError("%s with k != 0" % what)
    for key, (v, default) in extra.items():
        if not isinstance(v, (int, float)) or v != default:
            raise core.UnsupportedSymbolError("%s(%s=...)" % (what, key))


def matrix_diag(diagonal, name="diag", k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    d = _t(diagonal)
    defaults = all(isinstance(v, int) and v == dv for v, dv in ((k, 0), (num_rows, -1), (num_cols, -1)))
    if defaults and isinstance(padding_value, (int, float)) and padding_value == 0:
        return core.op1("MatrixDiag", [d], {"T": d.dtype}, name or "diag")
    # off-diagonals, a band (k = (lo, hi)), a given matrix size or padding: MatrixDiagV3
    return core.op1("MatrixDiagV3", [d, _t(k, dtype=core.int32), _t(num_rows, dtype=core.int32),
                                     _t(num_cols, dtype=core.int32), _t(padding_value, dtype=d.dtype)],
                    {"T": d.dtype, "align": align}, name or "diag")


def matrix_diag_part(input, name="diag_part", k=0, padding_value=0, align="RIGHT_LEFT"):  # noqa: A002
    _k0(k, "tf.linalg.diag_part", padding_value=(padding_value, 0))
    x = _t(input)
    return core.op1("MatrixDiagPart", [x], {"T": x.dtype}, name or "diag_part")


def matrix_set_diag(input, diagonal, name="set_diag", k=0, align="RIGHT_LEFT"):  # noqa: A002
    _k0(k, "tf.linalg.set_diag")
    x = _t(input)
    d = _t(diagonal, dtype=x.dtype)
    return core.op1("MatrixSetDiag", [x, d], {"T": x.dtype}, name or "set_diag")


def tensor_diag(diagonal, name=None):
    d = _t(diagonal)
    if d.shape.ndims != 1:
        raise core.UnsupportedSymbolError("tf.linalg.tensor_diag of a tensor of rank other than 1")
    return core.op1("MatrixDiag", [d], {"T": d.dtype}, name or "Diag")


def tensor_diag_part(input, name=None):  # noqa: A002
    x = _t(input)
    if x.shape.ndims != 2:
        raise core.UnsupportedSymbolError("tf.linalg.tensor_diag_part of a tensor of rank other than 2")
    s = core.static_dims(x)
    if s[0] is not None and s[1] is not None and s[0] != s[1]:
        raise ValueError("Dimensions must be equal, but are %d and %d for '{{node DiagPart}} = DiagPart[T=%s]' with "
                         "input shapes: [%d,%d]." % (s[0], s[1], x.dtype.name, s[0], s[1]))
    return core.op1("MatrixDiagPart", [x], {"T": x.dtype}, name or "DiagPart")


def cross(a, b, name=None):
    a, b = core.convert_operands(a, b, "a", "b", "Cross")
    return core.op1("Cross", [a, b], {"T": a.dtype}, name or "Cross")


def trace(x, name=None):
    x = _t(x)
    return math_ops.reduce_sum(matrix_diag_part(x), axis=[-1], name=name or "Trace")


def eye(num_rows, num_columns=None, batch_shape=None, dtype=core.float32, name=None):
    """TF's eye: ones on the main diagonal of [*batch_shape, num_rows, num_columns]."""
    dtype = core.as_dtype(dtype)
    dims = list(batch_shape or []) + [num_rows, num_rows if num_columns is None else num_columns]
    if any(isinstance(d, core.Tensor) for d in dims):
        shape = array_ops.stack([array_ops.cast(_t(d), core.int32) for d in dims])
    else:
        shape = _t(np.array([int(d) for d in dims], np.int32))
    ones = array_ops.fill(shape, _t(1, dtype=dtype))
    return matrix_band_part(ones, 0, 0, name=name or "eye")


def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    x = _t(a)
    r = x.shape.ndims
    if r is None:
        raise core.UnsupportedSymbolError("tf.linalg.matrix_transpose of a tensor of unknown rank")
    if r < 2:
        raise ValueError("Argument 'a' should be a (batch) matrix with rank >= 2.  Received: %s" % x)
    perm = list(range(r - 2)) + [r - 1, r - 2]
    return array_ops.transpose(x, perm, name=name)


def adjoint(matrix, name=None):
    return matrix_transpose(matrix, name=name or "adjoint")


# ---------------------------------------------------------------------------- norms, contractions
def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None, keep_dims=None):  # noqa: A002
    x = _t(tensor)
    keep = bool(keepdims if keepdims is not None else keep_dims)
    if ord in ("euclidean", 2, 2.0, "fro") and not (isinstance(axis, (list, tuple)) and len(axis) == 2 and ord == 2):
        r = math_ops.sqrt(math_ops.reduce_sum(math_ops.multiply(x, x), axis=axis, keepdims=True))
    elif ord in (1, 1.0):
        r = math_ops.reduce_sum(math_ops.abs(x), axis=axis, keepdims=True)
    elif ord == float("inf"):
        r = math_ops.reduce_max(math_ops.abs(x), axis=axis, keepdims=True)
    else:
        raise core.UnsupportedSymbolError("tf.norm(ord=%r)" % (ord,))
    if keep:
        return r
    return array_ops.reshape(r, []) if axis is None else array_ops.squeeze(r, axis=axis if isinstance(axis, (list, tuple)) else [axis])


def _einsum_dims(x, axes):
    """Sizes of `x` along `axes`: ints where the static shape knows them, else scalar tensors."""
    static = x.shape.as_list() if x.shape.ndims is not None else None
    dyn = None
    out = []
    for a in axes:
        if static is not None and static[a] is not None:
            out.append(static[a])
        else:
            if dyn is None:
                dyn = array_ops.shape(x)
            out.append(dyn[a])
    return out


def _einsum_prod(dims):
    p = 1
    for d in dims:
        p = d * p if isinstance(d, int) and isinstance(p, int) else math_ops.multiply(_t(d, dtype=core.int32), _t(p, dtype=core.int32))
    return p


def _einsum_pair(x, xl, y, yl, keep):
    """Contracts x (labels xl) with y (labels yl), keeping the labels in `keep`; returns
    the result and its labels: batch labels, then x's free labels, then y's."""
    batch = [c for c in xl if c in yl and c in keep]
    contracted = [c for c in xl if c in yl and c not in keep]
    free_x = [c for c in xl if c not in yl]
    free_y = [c for c in yl if c not in xl]
    xt = array_ops.transpose(x, [xl.index(c) for c in batch + free_x + contracted]) if xl != batch + free_x + contracted else x
    yt = array_ops.transpose(y, [yl.index(c) for c in batch + contracted + free_y]) if yl != batch + contracted + free_y else y
    nb = len(batch)
    bx = _einsum_dims(xt, range(nb))
    by = _einsum_dims(yt, range(nb))
    fx = _einsum_dims(xt, range(nb, nb + len(free_x)))
    fy = _einsum_dims(yt, range(nb + len(contracted), nb + len(contracted) + len(free_y)))
    cx = _einsum_dims(xt, range(nb + len(free_x), nb + len(free_x) + len(contracted)))
    def static(dims):
        return [d if isinstance(d, int) else None for d in dims]

    def prod_static(dims):
        p = _einsum_prod(dims)
        return p if isinstance(p, int) else None

    # Reshapes to computed (partly dynamic) shapes: the static parts are set on them
    # so shape inference keeps what TF's Einsum op knows.
    x3 = array_ops.reshape(xt, bx + [_einsum_prod(fx), _einsum_prod(cx)])
    x3.set_shape(static(bx) + [prod_static(fx), prod_static(cx)])
    y3 = array_ops.reshape(yt, by + [_einsum_prod(cx), _einsum_prod(fy)])
    y3.set_shape(static(by) + [prod_static(cx), prod_static(fy)])
    z = math_ops.matmul(x3, y3)
    # batch sizes of the product: the broadcast of both sides'
    bz = _einsum_dims(z, range(nb))
    z = array_ops.reshape(z, bz + fx + fy)
    z.set_shape(static(bz) + static(fx) + static(fy))
    return z, batch + free_x + free_y


def einsum(equation, *inputs, **kwargs):
    """tf.einsum over two-operand contractions (BatchMatMulV2 after transposes and
    reshapes, as TF's Einsum kernel computes it), sums over labels used once, and
    ellipses. A label repeated inside one operand (a diagonal or trace) is not supported."""
    kwargs.pop("name", None)
    xs = [_t(x) for x in inputs]
    eq = equation.replace(" ", "")
    lhs, out = eq.split("->") if "->" in eq else (eq, None)
    terms = lhs.split(",")
    if len(terms) != len(xs):
        raise ValueError("Expected %d inputs for equation %r, got %d" % (len(terms), equation, len(xs)))
    # Ellipses become labels of their own, aligned from the right as broadcasting does.
    ell_rank = 0
    for term, x in zip(terms, xs):
        if "..." in term:
            if x.shape.ndims is None:
                raise NotImplementedError("tf.einsum with '...' on an input of unknown rank")
            ell_rank = max(ell_rank, x.shape.ndims - (len(term) - 3))
    ell = [chr(0x100 + i) for i in range(ell_rank)]
    labels = []
    for term, x in zip(terms, xs):
        if "..." in term:
            n = x.shape.ndims - (len(term) - 3)
            term = term.replace("...", "".join(ell[ell_rank - n:]))
        labels.append(list(term))
    if out is None:
        counts = {}
        for ls in labels:
            for c in ls:
                counts[c] = counts.get(c, 0) + 1
        out_labels = ell + sorted(c for c, k in counts.items() if k == 1 and c not in ell)
    else:
        out_labels = list(out.replace("...", "".join(ell)))
    for ls in labels:
        if len(set(ls)) != len(ls):
            raise NotImplementedError("tf.einsum with a label repeated in one operand (%r): diagonals and traces "
                                      "are not in the bundled runtime" % equation)
    # Sum out the labels one operand has alone that the rest of the equation never uses.
    def reduce_alone(x, ls, others):
        axes = [i for i, c in enumerate(ls) if c not in out_labels and all(c not in o for o in others)]
        if not axes:
            return x, ls
        return math_ops.reduce_sum(x, axis=axes), [c for i, c in enumerate(ls) if i not in axes]
    acc, acc_l = reduce_alone(xs[0], labels[0], labels[1:])
    for k in range(1, len(xs)):
        y, yl = reduce_alone(xs[k], labels[k], [acc_l] + labels[k + 1:])
        keep = set(out_labels)
        for rest in labels[k + 1:]:
            keep.update(rest)
        acc, acc_l = _einsum_pair(acc, acc_l, y, yl, keep)
    if sorted(acc_l) != sorted(out_labels):
        # labels only the output names are not possible; labels to drop are summed
        drop = [i for i, c in enumerate(acc_l) if c not in out_labels]
        if drop:
            acc = math_ops.reduce_sum(acc, axis=drop)
            acc_l = [c for c in acc_l if c in out_labels]
    if acc_l != out_labels:
        acc = array_ops.transpose(acc, [acc_l.index(c) for c in out_labels])
    return acc


def _tensordot_axes(a_rank, b_rank, axes):
    if isinstance(axes, core.Tensor):
        axes = axes._numpy() if isinstance(axes, core.EagerTensor) else core.constant_value(axes)
        if axes is None:
            core.unsupported("tf.tensordot with computed axes")
        axes = axes.tolist()
    if isinstance(axes, (int, np.integer)):
        if axes < 0:
            raise ValueError("`axes` must be at least 0. Received: axes=%d." % axes)
        if axes > a_rank:
            raise ValueError("`axes` must not be larger than the number of dimensions of tensor %s.  "
                             "Received %d, vs tensor dimensions %d." % ("a", axes, a_rank))
        return list(range(a_rank - axes, a_rank)), list(range(axes))
    a_axes, b_axes = axes[0], axes[1]
    a_axes = [a_axes] if isinstance(a_axes, int) else list(a_axes)
    b_axes = [b_axes] if isinstance(b_axes, int) else list(b_axes)
    if len(a_axes) != len(b_axes):
        raise ValueError("Different number of contraction axes `a` and `b`, %s != %s." % (len(a_axes), len(b_axes)))
    return [x % a_rank if a_rank else x for x in a_axes], [x % b_rank if b_rank else x for x in b_axes]


def _tensordot_reshape(a, axes, flipped=False):
    shape = a.shape.as_list()
    free = [i for i in range(len(shape)) if i not in axes]
    free_dims = [shape[i] for i in free]
    prod_free = int(np.prod([shape[i] for i in free]))
    prod_axes = int(np.prod([shape[i] for i in axes]))
    perm = list(axes) + free if flipped else free + list(axes)
    new_shape = [prod_axes, prod_free] if flipped else [prod_free, prod_axes]
    t = array_ops.transpose(a, perm) if perm != list(range(len(shape))) else a
    if new_shape != shape:
        t = array_ops.reshape(t, new_shape)
    return t, free_dims


def tensordot(a, b, axes, name=None):
    with core.op_scope(name, "Tensordot") as scope:
        a, b = _t(a, name="a" if scope else None), _t(b, name="b" if scope else None)
        if not a.shape.is_fully_defined() or not b.shape.is_fully_defined():
            core.unsupported("tf.tensordot with operands of unknown shape")
        a_axes, b_axes = _tensordot_axes(a.shape.ndims, b.shape.ndims, axes)
        ar, a_free = _tensordot_reshape(a, a_axes)
        br, b_free = _tensordot_reshape(b, b_axes, True)
        ab = math_ops.matmul(ar, br)
        out = a_free + b_free
        return ab if ab.shape.as_list() == out else array_ops.reshape(ab, out, name=scope)
