"""Gradients of the linear algebra ops (linalg_ops.py). Qr, Svd and SelfAdjointEigV2 have
none in the bundled runtime (tf.gradients raises LookupError)."""
import numpy as np

from . import array_ops, core, linalg_ops, math_ops
from .core import convert_to_tensor as _t


@core.register_gradient("Cross")
def _cross_grad(op, g):
    u, v = op.inputs
    return [linalg_ops.cross(v, g), linalg_ops.cross(g, u)]


@core.register_gradient("MatrixInverse")
def _inv(op, g):
    ainv = op.outputs[0]
    adj = bool(op.get_attr("adjoint"))
    return [math_ops.negative(math_ops.matmul(ainv, math_ops.matmul(g, ainv, adjoint_a=adj, adjoint_b=not adj), adjoint_a=not adj))]


@core.register_gradient("MatrixDeterminant")
def _det(op, g):
    a, c = op.inputs[0], op.outputs[0]
    m = array_ops.expand_dims(array_ops.expand_dims(math_ops.multiply(g, c), -1), -1)
    return [math_ops.multiply(m, linalg_ops.matrix_inverse(a, adjoint=True))]


@core.register_gradient("LogMatrixDeterminant")
def _slogdet(op, g_sign, g_log=None):
    a = op.inputs[0]
    if g_log is None:
        return [None]
    m = array_ops.expand_dims(array_ops.expand_dims(g_log, -1), -1)
    return [math_ops.multiply(m, linalg_ops.matrix_inverse(a, adjoint=True))]


@core.register_gradient("MatrixSolve")
def _solve(op, g):
    a, c = op.inputs[0], op.outputs[0]
    adj = bool(op.get_attr("adjoint"))
    gb = linalg_ops.matrix_solve(a, g, adjoint=not adj)
    ga = math_ops.matmul(c, gb, adjoint_b=True) if adj else math_ops.matmul(gb, c, adjoint_b=True)
    return [math_ops.negative(ga), gb]


@core.register_gradient("MatrixTriangularSolve")
def _tri_solve(op, g):
    a, c = op.inputs[0], op.outputs[0]
    adj, lower = bool(op.get_attr("adjoint")), bool(op.get_attr("lower"))
    gb = linalg_ops.matrix_triangular_solve(a, g, lower=lower, adjoint=not adj)
    ga = math_ops.negative(math_ops.matmul(c, gb, adjoint_b=True) if adj else math_ops.matmul(gb, c, adjoint_b=True))
    ga = linalg_ops.matrix_band_part(ga, -1, 0) if lower else linalg_ops.matrix_band_part(ga, 0, -1)
    return [ga, gb]


@core.register_gradient("Cholesky")
def _chol(op, g):
    l = op.outputs[0]
    dims = core.static_dims(l)
    if dims is not None and None not in dims:
        ident = _t(np.broadcast_to(np.eye(dims[-1]), dims).copy(), dtype=l.dtype)
    else:
        n = array_ops.shape(l)[-1]
        ident = linalg_ops.matrix_band_part(array_ops.fill(array_ops.shape(l), _t(1, dtype=l.dtype)), 0, 0)
        del n
    linv = linalg_ops.matrix_triangular_solve(l, ident)
    middle = math_ops.matmul(l, g, adjoint_a=True)
    middle = linalg_ops.matrix_set_diag(middle, math_ops.multiply(_t(0.5, dtype=l.dtype), linalg_ops.matrix_diag_part(middle)))
    middle = linalg_ops.matrix_band_part(middle, -1, 0)
    ga = math_ops.matmul(math_ops.matmul(linv, middle, adjoint_a=True), linv)
    r = l.shape.ndims if l.shape.ndims is not None else g.shape.ndims
    if r is None:
        raise core.UnsupportedSymbolError("the gradient of tf.linalg.cholesky of a tensor of unknown rank")
    ga = math_ops.add(ga, array_ops.transpose(ga, list(range(r - 2)) + [r - 1, r - 2]))
    return [math_ops.multiply(ga, _t(0.5, dtype=l.dtype))]


@core.register_gradient("MatrixBandPart")
def _band(op, g):
    return [linalg_ops.matrix_band_part(g, op.inputs[1], op.inputs[2]), None, None]


@core.register_gradient("MatrixDiag")
def _diag(op, g):
    return [linalg_ops.matrix_diag_part(g)]


@core.register_gradient("MatrixDiagPart")
def _diag_part(op, g):
    x = op.inputs[0]
    s = core.static_dims(x)
    if s is not None and s[-1] is not None and s[-1] == s[-2]:
        return [linalg_ops.matrix_diag(g)]
    return [linalg_ops.matrix_set_diag(array_ops.zeros_like(x), g)]


@core.register_gradient("MatrixSetDiag")
def _set_diag(op, g):
    return [linalg_ops.matrix_set_diag(g, array_ops.zeros_like(op.inputs[1])), linalg_ops.matrix_diag_part(g)]
