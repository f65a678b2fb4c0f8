"""Linear algebra (tf.linalg and the TF1 top-level matrix_* spellings), tf.image (resizing,
flips, crops, standardization) and the convolution variants of tf.nn (conv1d,
conv2d_transpose, depthwise/separable/atrous convolution, space_to_depth, lrn,
max_pool_with_argmax, extract_image_patches), with their gradients.

The ops are TensorFlow's (kernels in runtime/kernels/kernels_linalg_image.cc); composites
are built the way TensorFlow's Python builds them (conv1d is expand_dims + conv2d +
squeeze, trace is the sum of the diagonal). `install(v1, v2, mod)` adds the public names
to the API modules built by api.py."""
import numpy as np

from . import composite, core, grads, more_ops, ops
from .core import convert_to_tensor as _t


def _name(name, default):
    return name or default


def _unsupported(what):
    return core.UnsupportedSymbolError(what)


def _rank(x):
    return x.shape.ndims


def _static_dims(x):
    return x.shape.as_list() if x.shape.ndims is not None else None


# ---------------------------------------------------------------------------- linear algebra
def _float(x, name="input"):
    x = _t(x)
    if x.dtype not in (core.float32, core.float64):
        raise TypeError("Value passed to parameter '%s' has DataType %s not in list of allowed values: float64, float32, "
                        "half, complex64, complex128" % (name, x.dtype.name))
    return x


def matrix_inverse(input, adjoint=False, name=None):  # noqa: A002
    x = _float(input)
    return core.op1("MatrixInverse", [x], {"adjoint": bool(adjoint), "T": x.dtype}, _name(name, "MatrixInverse"))


def matrix_determinant(input, name=None):  # noqa: A002
    x = _float(input)
    return core.op1("MatrixDeterminant", [x], {"T": x.dtype}, _name(name, "MatrixDeterminant"))


def slogdet(input, name=None):  # noqa: A002
    x = _float(input)
    s, l = core.apply_op("LogMatrixDeterminant", [x], {"T": x.dtype}, _name(name, "LogMatrixDeterminant"))
    return s, l


def cholesky(input, name=None):  # noqa: A002
    x = _float(input)
    return core.op1("Cholesky", [x], {"T": x.dtype}, _name(name, "Cholesky"))


def logdet(matrix, name=None):
    """log(det(matrix)) of Hermitian positive definite matrices, through the Cholesky factor (as TF)."""
    chol = cholesky(matrix)
    return ops.multiply(_t(2.0, dtype=chol.dtype),
                        ops.reduce_sum(ops.log(matrix_diag_part(chol)), axis=[-1]), name=_name(name, "logdet"))


def matrix_solve(matrix, rhs, adjoint=False, name=None):
    a = _float(matrix, "matrix")
    b = _t(rhs, dtype=a.dtype)
    return core.op1("MatrixSolve", [a, b], {"adjoint": bool(adjoint), "T": a.dtype}, _name(name, "MatrixSolve"))


def matrix_triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None):
    a = _float(matrix, "matrix")
    b = _t(rhs, dtype=a.dtype)
    return core.op1("MatrixTriangularSolve", [a, b], {"lower": bool(lower), "adjoint": bool(adjoint), "T": a.dtype},
                    _name(name, "MatrixTriangularSolve"))


def cholesky_solve(chol, rhs, name=None):
    y = matrix_triangular_solve(chol, rhs, lower=True, adjoint=False)
    return matrix_triangular_solve(chol, y, lower=True, adjoint=True, name=name)


def svd(tensor, full_matrices=False, compute_uv=True, name=None):
    x = _float(tensor, "input")
    s, u, v = core.apply_op("Svd", [x], {"compute_uv": bool(compute_uv), "full_matrices": bool(full_matrices),
                                         "T": x.dtype}, _name(name, "Svd"))
    return (s, u, v) if compute_uv else s


def qr(input, full_matrices=False, name=None):  # noqa: A002
    x = _float(input)
    q, r = core.apply_op("Qr", [x], {"full_matrices": bool(full_matrices), "T": x.dtype}, _name(name, "Qr"))
    return q, r


def self_adjoint_eig(tensor, name=None):
    x = _float(tensor, "input")
    e, v = core.apply_op("SelfAdjointEigV2", [x], {"compute_v": True, "T": x.dtype}, _name(name, "SelfAdjointEigV2"))
    return e, v


def self_adjoint_eigvals(tensor, name=None):
    x = _float(tensor, "input")
    return core.apply_op("SelfAdjointEigV2", [x], {"compute_v": False, "T": x.dtype}, _name(name, "SelfAdjointEigV2"))[0]


def matrix_band_part(input, num_lower, num_upper, name=None):  # noqa: A002
    x = _t(input)
    lo = _t(num_lower, dtype=core.int64) if not isinstance(num_lower, core.Tensor) else num_lower
    up = _t(num_upper, dtype=core.int64) if not isinstance(num_upper, core.Tensor) else num_upper
    return core.op1("MatrixBandPart", [x, lo, up], {"T": x.dtype, "Tindex": lo.dtype}, _name(name, "MatrixBandPart"))


def _k0(k, what, **extra):
    if not (isinstance(k, int) and k == 0):
        raise _unsupported("%s with k != 0" % what)
    for key, (v, default) in extra.items():
        if not isinstance(v, (int, float)) or v != default:
            raise _unsupported("%s(%s=...)" % (what, key))


def matrix_diag(diagonal, name="diag", k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    _k0(k, "tf.linalg.diag", num_rows=(num_rows, -1), num_cols=(num_cols, -1), padding_value=(padding_value, 0))
    d = _t(diagonal)
    return core.op1("MatrixDiag", [d], {"T": d.dtype}, name or "diag")


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
    if _rank(d) != 1:
        raise _unsupported("tf.linalg.tensor_diag of a tensor of rank other than 1")
    return core.op1("MatrixDiag", [d], {"T": d.dtype}, name or "Diag")


def tensor_diag_part(input, name=None):  # noqa: A002
    x = _t(input)
    if _rank(x) != 2:
        raise _unsupported("tf.linalg.tensor_diag_part of a tensor of rank other than 2")
    s = _static_dims(x)
    if s[0] is not None and s[1] is not None and s[0] != s[1]:
        raise ValueError("Dimensions must be equal, but are %d and %d for '{{node DiagPart}} = DiagPart[T=%s]' with "
                         "input shapes: [%d,%d]." % (s[0], s[1], x.dtype.name, s[0], s[1]))
    return core.op1("MatrixDiagPart", [x], {"T": x.dtype}, name or "DiagPart")


def trace(x, name=None):
    x = _t(x)
    return ops.reduce_sum(matrix_diag_part(x), axis=[-1], name=_name(name, "Trace"))


def eye(num_rows, num_columns=None, batch_shape=None, dtype=core.float32, name=None):
    """TF's eye: ones on the main diagonal of [*batch_shape, num_rows, num_columns]."""
    dtype = core.as_dtype(dtype)
    dims = list(batch_shape or []) + [num_rows, num_rows if num_columns is None else num_columns]
    if any(isinstance(d, core.Tensor) for d in dims):
        shape = ops.stack([ops.cast(_t(d), core.int32) for d in dims])
    else:
        shape = _t(np.array([int(d) for d in dims], np.int32))
    ones = ops.fill(shape, _t(1, dtype=dtype))
    return matrix_band_part(ones, 0, 0, name=_name(name, "eye"))


def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    x = _t(a)
    r = _rank(x)
    if r is None:
        raise _unsupported("tf.linalg.matrix_transpose of a tensor of unknown rank")
    if r < 2:
        raise ValueError("Argument 'a' should be a (batch) matrix with rank >= 2.  Received: %s" % x)
    perm = list(range(r - 2)) + [r - 1, r - 2]
    return ops.transpose(x, perm, name=name)


def adjoint(matrix, name=None):
    return matrix_transpose(matrix, name=name or "adjoint")


# ---------------------------------------------------------------------------- convolution variants
def _four(v, name):
    return composite._four(v, name)


def conv1d_v2(input, filters, stride, padding, data_format="NWC", dilations=None, name=None):  # noqa: A002
    if data_format not in (None, "NWC"):
        raise _unsupported("tf.nn.conv1d(data_format=%r)" % data_format)
    x = _t(input)
    f = _t(filters)
    if _rank(x) is not None and _rank(x) != 3:
        raise _unsupported("tf.nn.conv1d of an input of rank %d" % _rank(x))

    def one(v, what):
        if v is None:
            return 1
        if isinstance(v, int):
            return v
        v = [int(a) for a in v]
        if len(v) == 1:
            return v[0]
        if len(v) == 3:
            return v[1]
        raise ValueError("%s should be of length 1 or 3. Received: %s=%s of length %d" % (what, what, v, len(v)))
    s, d = one(stride, "stride"), one(dilations, "dilations")
    with core.get_default_graph().name_scope(name or "conv1d") if not core.executing_eagerly() else _null():
        xe = ops.expand_dims(x, 1)
        fe = ops.expand_dims(f, 0)
        y = composite.conv2d_v2(xe, fe, [1, 1, s, 1], padding, dilations=[1, 1, d, 1], name="Conv2D")
        return ops.squeeze(y, [1])


def conv1d_v1(value=None, filters=None, stride=None, padding=None, use_cudnn_on_gpu=None, data_format=None,
              name=None, input=None, dilations=None):  # noqa: A002
    return conv1d_v2(value if input is None else input, filters, stride, padding, data_format or "NWC", dilations, name)


class _null:
    def __enter__(self):
        return None

    def __exit__(self, *a):
        return False


def conv2d_transpose_v2(input, filters, output_shape, strides, padding="SAME", data_format="NHWC", dilations=None,  # noqa: A002
                        name=None):
    if data_format not in (None, "NHWC"):
        raise _unsupported("tf.nn.conv2d_transpose(data_format=%r)" % data_format)
    x, f = _t(input), _t(filters)
    known = None
    if isinstance(output_shape, core.Tensor):
        out = ops.cast(output_shape, core.int32) if output_shape.dtype != core.int32 else output_shape
        if not core.executing_eagerly() and getattr(output_shape.op, "type", None) == "Pack":
            known = []
            for v in output_shape.op.inputs:
                c = grads._const_value(v)
                known.append(int(np.asarray(c)) if c is not None and np.ndim(c) == 0 else None)
    else:
        vals = list(output_shape)
        if any(isinstance(v, core.Tensor) for v in vals):
            out = ops.stack([ops.cast(_t(v), core.int32) for v in vals])
            known = [None if isinstance(v, core.Tensor) else int(v) for v in vals]
        else:
            out = _t(np.array([int(v) for v in vals], np.int32))
    y = core.op1("Conv2DBackpropInput", [out, f, x],
                 {"strides": _four(strides, "strides"), "padding": composite._padding(padding),
                  "data_format": "NHWC", "dilations": _four(dilations, "dilations"), "T": x.dtype},
                 _name(name, "conv2d_transpose"))
    if known is not None and len(known) == 4 and not core.executing_eagerly():
        y.set_shape(known)  # TF evaluates the constant elements of a stacked output_shape: [None, 6, 6, 2]
    return y


def conv2d_transpose_v1(value=None, filter=None, output_shape=None, strides=None, padding="SAME",  # noqa: A002
                        data_format="NHWC", name=None, input=None, filters=None, dilations=None):
    return conv2d_transpose_v2(value if input is None else input, filter if filters is None else filters, output_shape,
                               strides, padding, data_format, dilations, name)


def depthwise_conv2d_native(input, filter, strides, padding, data_format="NHWC", dilations=(1, 1, 1, 1), name=None):  # noqa: A002
    if data_format not in (None, "NHWC"):
        raise _unsupported("depthwise_conv2d(data_format=%r)" % data_format)
    x = _t(input)
    f = _t(filter, dtype=x.dtype)
    return core.op1("DepthwiseConv2dNative", [x, f],
                    {"strides": _four(strides, "strides"), "padding": composite._padding(padding), "data_format": "NHWC",
                     "dilations": _four(dilations, "dilations"), "T": x.dtype}, _name(name, "DepthwiseConv2dNative"))


def _rate2(rate, dilations):
    r = dilations if dilations is not None else rate
    if r is None:
        return [1, 1]
    if isinstance(r, int):
        return [r, r]
    r = [int(v) for v in r]
    return r if len(r) == 2 else [r[0], r[0]] if len(r) == 1 else [r[1], r[2]]


def depthwise_conv2d_v2(input, filter, strides, padding, data_format=None, dilations=None, name=None):  # noqa: A002
    rh, rw = _rate2(None, dilations)
    st = _four(strides, "strides")
    if (rh > 1 or rw > 1) and (st[1] > 1 or st[2] > 1):
        raise ValueError("strides > 1 not supported in conjunction with dilation_rate > 1")
    return depthwise_conv2d_native(input, filter, st, padding, data_format, [1, rh, rw, 1], name=_name(name, "depthwise"))


def depthwise_conv2d_v1(input, filter, strides, padding, rate=None, name=None, data_format=None, dilations=None):  # noqa: A002
    return depthwise_conv2d_v2(input, filter, strides, padding, data_format,
                               _rate2(rate, dilations), name)


def separable_conv2d_v2(input, depthwise_filter, pointwise_filter, strides, padding, data_format=None,  # noqa: A002
                        dilations=None, name=None):
    d = depthwise_conv2d_v2(input, depthwise_filter, strides, padding, data_format, dilations, name="depthwise")
    return composite.conv2d_v2(d, pointwise_filter, [1, 1, 1, 1], "VALID", name=_name(name, "separable_conv2d"))


def separable_conv2d_v1(input, depthwise_filter, pointwise_filter, strides, padding, rate=None, name=None,  # noqa: A002
                        data_format=None, dilations=None):
    return separable_conv2d_v2(input, depthwise_filter, pointwise_filter, strides, padding, data_format,
                               _rate2(rate, dilations), name)


def atrous_conv2d(value, filters, rate, padding, name=None):
    if int(rate) < 1:
        raise ValueError("rate {} cannot be less than one".format(rate))
    return composite.conv2d_v2(value, filters, [1, 1, 1, 1], padding, dilations=[1, int(rate), int(rate), 1],
                               name=_name(name, "convolution"))


def _space_depth(op, input, block_size, data_format, name):  # noqa: A002
    if data_format not in (None, "NHWC"):
        raise _unsupported("tf.nn.%s(data_format=%r)" % (op, data_format))
    x = _t(input)
    return core.op1(op, [x], {"block_size": int(block_size), "data_format": "NHWC", "T": x.dtype}, _name(name, op))


def space_to_depth(input, block_size, name=None, data_format="NHWC"):  # noqa: A002
    return _space_depth("SpaceToDepth", input, block_size, data_format, name)


def depth_to_space(input, block_size, name=None, data_format="NHWC"):  # noqa: A002
    return _space_depth("DepthToSpace", input, block_size, data_format, name)


def lrn(input, depth_radius=5, bias=1, alpha=1, beta=0.5, name=None):  # noqa: A002
    x = _float(input)
    return core.op1("LRN", [x], {"depth_radius": int(depth_radius), "bias": float(bias), "alpha": float(alpha),
                                 "beta": float(beta), "T": x.dtype}, _name(name, "LRN"))


def max_pool_with_argmax_v2(input, ksize, strides, padding, data_format="NHWC", output_dtype=core.int64,  # noqa: A002
                            include_batch_in_index=False, name=None):
    if data_format not in (None, "NHWC"):
        raise _unsupported("tf.nn.max_pool_with_argmax(data_format=%r)" % data_format)
    x = _float(input)
    y, a = core.apply_op("MaxPoolWithArgmax", [x],
                         {"ksize": _four(ksize, "ksize"), "strides": _four(strides, "strides"),
                          "padding": composite._padding(padding), "Targmax": core.as_dtype(output_dtype),
                          "include_batch_in_index": bool(include_batch_in_index), "T": x.dtype},
                         _name(name, "MaxPoolWithArgmax"))
    return y, a


def max_pool_with_argmax_v1(input, ksize, strides, padding, data_format="NHWC", Targmax=None, name=None,  # noqa: A002,N803
                            output_dtype=None, include_batch_in_index=False):
    dt = output_dtype or Targmax or core.int64
    return max_pool_with_argmax_v2(input, ksize, strides, padding, data_format, dt, include_batch_in_index, name)


def extract_patches(images, sizes, strides, rates, padding, name=None):
    x = _t(images)
    return core.op1("ExtractImagePatches", [x], {"ksizes": _four(sizes, "ksizes"), "strides": _four(strides, "strides"),
                                                 "rates": _four(rates, "rates"), "padding": composite._padding(padding),
                                                 "T": x.dtype}, _name(name, "ExtractImagePatches"))


def extract_image_patches(images, ksizes=None, strides=None, rates=None, padding=None, name=None, sizes=None):
    return extract_patches(images, sizes if sizes is not None else ksizes, strides, rates, padding, name)


# ---------------------------------------------------------------------------- tf.image
class ResizeMethodV1:
    BILINEAR = 0
    NEAREST_NEIGHBOR = 1
    BICUBIC = 2
    AREA = 3


class ResizeMethod:
    BILINEAR = "bilinear"
    NEAREST_NEIGHBOR = "nearest"
    BICUBIC = "bicubic"
    AREA = "area"
    LANCZOS3 = "lanczos3"
    LANCZOS5 = "lanczos5"
    GAUSSIAN = "gaussian"
    MITCHELLCUBIC = "mitchellcubic"


def _size_tensor(size):
    if isinstance(size, core.Tensor):
        return ops.cast(size, core.int32) if size.dtype != core.int32 else size
    vals = list(size)
    if any(isinstance(v, core.Tensor) for v in vals):
        return ops.stack([ops.cast(_t(v), core.int32) for v in vals])
    return _t(np.array([int(v) for v in vals], np.int32))


def _static_size(size):
    if isinstance(size, core.Tensor):
        return size._numpy().tolist() if isinstance(size, core.EagerTensor) else None
    vals = list(size)
    if any(isinstance(v, core.Tensor) for v in vals):
        return None
    return [int(v) for v in vals]


def resize_bilinear(images, size, align_corners=False, name=None, half_pixel_centers=False):
    x = _t(images)
    return core.op1("ResizeBilinear", [x, _size_tensor(size)],
                    {"align_corners": bool(align_corners), "half_pixel_centers": bool(half_pixel_centers), "T": x.dtype},
                    _name(name, "ResizeBilinear"))


def resize_nearest_neighbor(images, size, align_corners=False, name=None, half_pixel_centers=False):
    x = _t(images)
    return core.op1("ResizeNearestNeighbor", [x, _size_tensor(size)],
                    {"align_corners": bool(align_corners), "half_pixel_centers": bool(half_pixel_centers), "T": x.dtype},
                    _name(name, "ResizeNearestNeighbor"))


def _resize_common(images, size, resize_fn, preserve_aspect_ratio, skip_if_same, name):
    if preserve_aspect_ratio:
        raise _unsupported("tf.image.resize(preserve_aspect_ratio=True)")
    x = _t(images)
    r = _rank(x)
    if r is None:
        raise ValueError("'images' contains no shape.")
    if r not in (3, 4):
        raise ValueError("'images' must have either 3 or 4 dimensions.")
    is_batch = r == 4
    if not is_batch:
        x = ops.expand_dims(x, 0)
    ssize = _static_size(size)
    if ssize is not None and len(ssize) != 2:
        raise ValueError("'size' must be a 1-D Tensor of 2 elements: new_height, new_width")
    dims = _static_dims(x)
    if skip_if_same and ssize is not None and dims[1] == ssize[0] and dims[2] == ssize[1]:
        return x if is_batch else ops.squeeze(x, [0])
    y = resize_fn(x, _size_tensor(size))
    if not is_batch:
        y = ops.squeeze(y, [0])
    return y


def resize_images(images, size, method=ResizeMethodV1.BILINEAR, align_corners=False, preserve_aspect_ratio=False,
                  name=None):
    if method in (ResizeMethodV1.BILINEAR, "bilinear"):
        fn = lambda x, s: resize_bilinear(x, s, align_corners=align_corners)  # noqa: E731
    elif method in (ResizeMethodV1.NEAREST_NEIGHBOR, "nearest"):
        fn = lambda x, s: resize_nearest_neighbor(x, s, align_corners=align_corners)  # noqa: E731
    else:
        raise _unsupported("tf.image.resize_images(method=%r)" % (method,))
    return _resize_common(images, size, fn, preserve_aspect_ratio, True, name)


def resize_images_v2(images, size, method=ResizeMethod.BILINEAR, preserve_aspect_ratio=False, antialias=False,
                     name=None):
    if antialias:
        raise _unsupported("tf.image.resize(antialias=True)")
    if method == ResizeMethod.BILINEAR:
        def fn(x, s):
            if x.dtype != core.float32:
                x = ops.cast(x, core.float32)
            return resize_bilinear(x, s, half_pixel_centers=True)
    elif method == ResizeMethod.NEAREST_NEIGHBOR:
        fn = lambda x, s: resize_nearest_neighbor(x, s, half_pixel_centers=True)  # noqa: E731
    else:
        raise _unsupported("tf.image.resize(method=%r)" % (method,))
    return _resize_common(images, size, fn, preserve_aspect_ratio, False, name)


def _image_rank(x, what):
    r = _rank(x)
    if r not in (3, 4):
        if r is None:
            raise _unsupported("%s of an image of unknown rank" % what)
        raise ValueError("'image' (shape %s) must have either 3 or 4 dimensions." % x.shape)
    return r


def _flip(image, axis3, what):
    x = _t(image)
    r = _image_rank(x, what)
    axis = axis3 + (1 if r == 4 else 0)
    key = tuple([slice(None)] * axis + [slice(None, None, -1)])
    return x[key]


def flip_left_right(image):
    return _flip(image, 1, "tf.image.flip_left_right")


def flip_up_down(image):
    return _flip(image, 0, "tf.image.flip_up_down")


def _float_image(x, what):
    if x.dtype not in (core.float32, core.float64, core.float16):
        raise _unsupported("%s of a %s image (only float images in the bundled runtime)" % (what, x.dtype.name))
    return x


def rgb_to_grayscale(images, name=None):
    x = _float_image(_t(images), "tf.image.rgb_to_grayscale")
    w = _t(np.array([[0.2989], [0.5870], [0.1140]]), dtype=x.dtype)
    flat = ops.reshape(x, [-1, 3])
    g = ops.matmul(flat, w)
    dims = _static_dims(x)
    if dims is not None and None not in dims[:-1]:
        shape = _t(np.array(dims[:-1] + [1], np.int32))
    elif dims is not None and sum(d is None for d in dims[:-1]) == 1:
        shape = _t(np.array([-1 if d is None else d for d in dims[:-1]] + [1], np.int32))
    else:
        shape = ops.concat([ops.shape(x)[:-1], _t(np.array([1], np.int32))], 0)
    out = ops.reshape(g, shape, name=_name(name, "rgb_to_grayscale"))
    if dims is not None and not core.executing_eagerly():
        out.set_shape(dims[:-1] + [1])
    return out


def per_image_standardization(image):
    x = _t(image)
    if x.dtype not in (core.float32, core.float64, core.float16):
        x = ops.cast(x, core.float32)
    r = _image_rank(x, "tf.image.per_image_standardization")
    axes = [-1, -2, -3]
    num_pixels = ops.reduce_prod(ops.shape(x)[-3:])
    mean = ops.reduce_mean(x, axis=axes, keepdims=True)
    var = ops.reduce_mean(ops.square(ops.subtract(x, mean)), axis=axes, keepdims=True)
    stddev = ops.sqrt(var)
    min_stddev = ops.rsqrt(ops.cast(num_pixels, x.dtype))
    adj = ops.maximum(stddev, min_stddev)
    del r
    return ops.divide(ops.subtract(x, mean), adj)


def _hw(x, what):
    dims = _static_dims(x)
    h, w = (dims[0], dims[1]) if len(dims) == 3 else (dims[1], dims[2])
    if h is None or w is None:
        raise _unsupported("%s of an image with unknown height or width" % what)
    return h, w


def crop_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    x = _t(image)
    r = _image_rank(x, "tf.image.crop_to_bounding_box")
    h, w = _hw(x, "tf.image.crop_to_bounding_box")
    oh, ow, th, tw = int(offset_height), int(offset_width), int(target_height), int(target_width)
    if oh < 0 or ow < 0:
        raise ValueError("offset_height must be >= 0." if oh < 0 else "offset_width must be >= 0.")
    if th <= 0 or tw <= 0:
        raise ValueError("target_width must be > 0." if tw <= 0 else "target_height must be > 0.")
    if w < ow + tw:
        raise ValueError("width must be >= target + offset.")
    if h < oh + th:
        raise ValueError("height must be >= target + offset.")
    key = ([slice(None)] if r == 4 else []) + [slice(oh, oh + th), slice(ow, ow + tw)]
    return x[tuple(key)]


def pad_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    x = _t(image)
    r = _image_rank(x, "tf.image.pad_to_bounding_box")
    h, w = _hw(x, "tf.image.pad_to_bounding_box")
    oh, ow, th, tw = int(offset_height), int(offset_width), int(target_height), int(target_width)
    after_h, after_w = th - oh - h, tw - ow - w
    if oh < 0 or ow < 0:
        raise ValueError("offset_height must be >= 0" if oh < 0 else "offset_width must be >= 0")
    if after_w < 0:
        raise ValueError("width must be <= target - offset")
    if after_h < 0:
        raise ValueError("height must be <= target - offset")
    pads = ([[0, 0]] if r == 4 else []) + [[oh, after_h], [ow, after_w], [0, 0]]
    return composite.pad(x, pads)


def resize_with_crop_or_pad(image, target_height, target_width):
    x = _t(image)
    _image_rank(x, "tf.image.resize_with_crop_or_pad")
    h, w = _hw(x, "tf.image.resize_with_crop_or_pad")
    th, tw = int(target_height), int(target_width)
    if th <= 0 or tw <= 0:
        raise ValueError("target_width must be > 0." if tw <= 0 else "target_height must be > 0.")
    wd, hd = tw - w, th - h
    crop_w, pad_w = max(-wd // 2, 0), max(wd // 2, 0)
    crop_h, pad_h = max(-hd // 2, 0), max(hd // 2, 0)
    c = crop_to_bounding_box(x, crop_h, crop_w, min(th, h), min(tw, w))
    return pad_to_bounding_box(c, pad_h, pad_w, th, tw)


def central_crop(image, central_fraction):
    x = _t(image)
    if central_fraction <= 0.0 or central_fraction > 1.0:
        raise ValueError("central_fraction must be within (0, 1]")
    if central_fraction == 1.0:
        return x
    r = _image_rank(x, "tf.image.central_crop")
    h, w = _hw(x, "tf.image.central_crop")
    hs = int((h - h * float(central_fraction)) / 2)
    ws = int((w - w * float(central_fraction)) / 2)
    key = ([slice(None)] if r == 4 else []) + [slice(hs, h - hs), slice(ws, w - ws)]
    return x[tuple(key)]


def adjust_brightness(image, delta):
    x = _float_image(_t(image), "tf.image.adjust_brightness")
    return ops.add(x, ops.cast(_t(delta), x.dtype), name="adjust_brightness")


# ---------------------------------------------------------------------------- gradients
def _attrs(op, *names):
    return {n: op.get_attr(n) for n in names}


def _register_gradients():
    reg = grads.register
    mm = ops.matmul

    @reg("MatrixInverse")
    def _inv(op, g):
        ainv = op.outputs[0]
        adj = bool(op.get_attr("adjoint"))
        return [ops.negative(mm(ainv, mm(g, ainv, adjoint_a=adj, adjoint_b=not adj), adjoint_a=not adj))]

    @reg("MatrixDeterminant")
    def _det(op, g):
        a, c = op.inputs[0], op.outputs[0]
        m = ops.expand_dims(ops.expand_dims(ops.multiply(g, c), -1), -1)
        return [ops.multiply(m, matrix_inverse(a, adjoint=True))]

    @reg("LogMatrixDeterminant")
    def _slogdet(op, g_sign, g_log=None):
        a = op.inputs[0]
        if g_log is None:
            return [None]
        m = ops.expand_dims(ops.expand_dims(g_log, -1), -1)
        return [ops.multiply(m, matrix_inverse(a, adjoint=True))]

    @reg("MatrixSolve")
    def _solve(op, g):
        a, c = op.inputs[0], op.outputs[0]
        adj = bool(op.get_attr("adjoint"))
        gb = matrix_solve(a, g, adjoint=not adj)
        ga = mm(c, gb, adjoint_b=True) if adj else mm(gb, c, adjoint_b=True)
        return [ops.negative(ga), gb]

    @reg("MatrixTriangularSolve")
    def _tri_solve(op, g):
        a, c = op.inputs[0], op.outputs[0]
        adj, lower = bool(op.get_attr("adjoint")), bool(op.get_attr("lower"))
        gb = matrix_triangular_solve(a, g, lower=lower, adjoint=not adj)
        ga = ops.negative(mm(c, gb, adjoint_b=True) if adj else mm(gb, c, adjoint_b=True))
        ga = matrix_band_part(ga, -1, 0) if lower else matrix_band_part(ga, 0, -1)
        return [ga, gb]

    @reg("Cholesky")
    def _chol(op, g):
        l = op.outputs[0]
        dims = _static_dims(l)
        if dims is not None and None not in dims:
            ident = _t(np.broadcast_to(np.eye(dims[-1]), dims).copy(), dtype=l.dtype)
        else:
            n = ops.shape(l)[-1]
            ident = matrix_band_part(ops.fill(ops.shape(l), _t(1, dtype=l.dtype)), 0, 0)
            del n
        linv = matrix_triangular_solve(l, ident)
        middle = mm(l, g, adjoint_a=True)
        middle = matrix_set_diag(middle, ops.multiply(_t(0.5, dtype=l.dtype), matrix_diag_part(middle)))
        middle = matrix_band_part(middle, -1, 0)
        ga = mm(mm(linv, middle, adjoint_a=True), linv)
        r = _rank(l) if _rank(l) is not None else _rank(g)
        if r is None:
            raise _unsupported("the gradient of tf.linalg.cholesky of a tensor of unknown rank")
        ga = ops.add(ga, ops.transpose(ga, list(range(r - 2)) + [r - 1, r - 2]))
        return [ops.multiply(ga, _t(0.5, dtype=l.dtype))]

    @reg("MatrixBandPart")
    def _band(op, g):
        return [matrix_band_part(g, op.inputs[1], op.inputs[2]), None, None]

    @reg("MatrixDiag")
    def _diag(op, g):
        return [matrix_diag_part(g)]

    @reg("MatrixDiagPart")
    def _diag_part(op, g):
        x = op.inputs[0]
        s = _static_dims(x)
        if s is not None and s[-1] is not None and s[-1] == s[-2]:
            return [matrix_diag(g)]
        return [matrix_set_diag(ops.zeros_like(x), g)]

    @reg("MatrixSetDiag")
    def _set_diag(op, g):
        return [matrix_set_diag(g, ops.zeros_like(op.inputs[1])), matrix_diag_part(g)]

    @reg("ResizeBilinear")
    def _resize_bilinear(op, g):
        x = op.inputs[0]
        return [core.op1("ResizeBilinearGrad", [g, x], dict(_attrs(op, "align_corners", "half_pixel_centers"), T=x.dtype),
                         "ResizeBilinearGrad"), None]

    @reg("ResizeNearestNeighbor")
    def _resize_nearest(op, g):
        x = op.inputs[0]
        s = _static_dims(x)
        size = (_t(np.array(s[1:3], np.int32)) if s is not None and None not in s[1:3]
                else ops.shape(x)[1:3])
        return [core.op1("ResizeNearestNeighborGrad", [g, size],
                         dict(_attrs(op, "align_corners", "half_pixel_centers"), T=g.dtype), "ResizeNearestNeighborGrad"),
                None]

    @reg("SpaceToDepth")
    def _s2d(op, g):
        return [depth_to_space(g, op.get_attr("block_size"))]

    @reg("DepthToSpace")
    def _d2s(op, g):
        return [space_to_depth(g, op.get_attr("block_size"))]

    @reg("DepthwiseConv2dNative")
    def _depthwise(op, g):
        x, f = op.inputs
        attrs = dict(_attrs(op, "strides", "padding", "data_format", "dilations"), T=x.dtype)
        dx = core.op1("DepthwiseConv2dNativeBackpropInput", [ops.shape(x), f, g], attrs,
                      "DepthwiseConv2dNativeBackpropInput")
        df = core.op1("DepthwiseConv2dNativeBackpropFilter", [x, ops.shape(f), g], attrs,
                      "DepthwiseConv2dNativeBackpropFilter")
        return [dx, df]

    @reg("Conv2DBackpropInput")
    def _conv_transpose(op, g):
        _, f, dy = op.inputs
        attrs = dict(_attrs(op, "strides", "padding", "data_format", "dilations"), T=f.dtype)
        df = core.op1("Conv2DBackpropFilter", [g, ops.shape(f), dy], attrs, "Conv2DBackpropFilter")
        ddy = core.op1("Conv2D", [g, f], attrs, "Conv2D")
        return [None, df, ddy]

    @reg("ExtractImagePatches")
    def _patches(op, g):
        x = op.inputs[0]
        s = _static_dims(x)
        kh, kw = op.get_attr("ksizes")[1:3]
        ch = s[3] if s is not None else None
        if ch is None:
            for t in (op.outputs[0], g):
                d = _static_dims(t)
                if d is not None and d[-1] is not None:
                    ch = d[-1] // (kh * kw)
                    break
        if ch is None:
            raise _unsupported("the gradient of tf.image.extract_patches with an unknown depth")
        eye_f = np.zeros((kh, kw, ch, kh * kw * ch), np.float64)
        for a in range(kh):
            for b in range(kw):
                for c in range(ch):
                    eye_f[a, b, c, (a * kw + b) * ch + c] = 1.0
        attrs = {"strides": op.get_attr("strides"), "padding": op.get_attr("padding"), "data_format": "NHWC",
                 "dilations": op.get_attr("rates"), "T": x.dtype}
        return [core.op1("Conv2DBackpropInput", [ops.shape(x), _t(eye_f, dtype=x.dtype), g], attrs,
                         "ExtractImagePatchesGrad")]

    @reg("MaxPoolWithArgmax")
    def _pool_argmax(op, g, g_arg=None):
        x = op.inputs[0]
        return [core.op1("MaxPoolGradWithArgmax", [x, g, op.outputs[1]],
                         dict(_attrs(op, "ksize", "strides", "padding", "include_batch_in_index"), T=x.dtype,
                              Targmax=op.outputs[1].dtype), "MaxPoolGradWithArgmax")]

    @reg("LRN")
    def _lrn(op, g):
        x, y = op.inputs[0], op.outputs[0]
        return [core.op1("LRNGrad", [g, x, y], dict(_attrs(op, "depth_radius", "bias", "alpha", "beta"), T=x.dtype),
                         "LRNGrad")]

    # Qr, Svd, SelfAdjointEigV2: no gradient in the bundled runtime (tf.gradients raises LookupError).


_register_gradients()


# ---------------------------------------------------------------------------- namespaces
def install(v1, v2, mod):
    """Adds this module's public names to the v1 and v2 API trees (api.py's `_build`)."""
    linalg_common = {
        "inv": matrix_inverse, "det": matrix_determinant, "cholesky": cholesky, "solve": matrix_solve,
        "triangular_solve": matrix_triangular_solve, "svd": svd, "qr": qr, "eigh": self_adjoint_eig,
        "eigvalsh": self_adjoint_eigvals, "band_part": matrix_band_part, "diag": matrix_diag,
        "diag_part": matrix_diag_part, "set_diag": matrix_set_diag, "trace": trace, "eye": eye,
        "matrix_transpose": matrix_transpose, "adjoint": adjoint, "slogdet": slogdet, "logdet": logdet,
        "tensor_diag": tensor_diag, "tensor_diag_part": tensor_diag_part, "cholesky_solve": cholesky_solve,
    }
    for api in (v1, v2):
        for k, v in linalg_common.items():
            setattr(api.linalg, k, v)
        api.eye = eye
    v1_top = {
        "matrix_inverse": matrix_inverse, "matrix_determinant": matrix_determinant, "cholesky": cholesky,
        "matrix_solve": matrix_solve, "matrix_triangular_solve": matrix_triangular_solve, "svd": svd, "qr": qr,
        "self_adjoint_eig": self_adjoint_eig, "self_adjoint_eigvals": self_adjoint_eigvals,
        "matrix_band_part": matrix_band_part, "matrix_diag": matrix_diag, "matrix_diag_part": matrix_diag_part,
        "matrix_set_diag": matrix_set_diag, "diag": tensor_diag, "diag_part": tensor_diag_part, "trace": trace,
        "matrix_transpose": matrix_transpose, "space_to_depth": space_to_depth, "depth_to_space": depth_to_space,
        "extract_image_patches": extract_image_patches, "cholesky_solve": cholesky_solve,
    }
    for k, v in v1_top.items():
        setattr(v1, k, v)
    v1.math.trace = trace
    v2.math.trace = trace
    nn_v1 = {"conv1d": conv1d_v1, "conv2d_transpose": conv2d_transpose_v1, "depthwise_conv2d": depthwise_conv2d_v1,
             "depthwise_conv2d_native": depthwise_conv2d_native, "separable_conv2d": separable_conv2d_v1,
             "atrous_conv2d": atrous_conv2d, "space_to_depth": space_to_depth, "depth_to_space": depth_to_space,
             "lrn": lrn, "local_response_normalization": lrn, "max_pool_with_argmax": max_pool_with_argmax_v1}
    nn_v2 = {"conv1d": conv1d_v2, "conv2d_transpose": conv2d_transpose_v2, "depthwise_conv2d": depthwise_conv2d_v2,
             "separable_conv2d": separable_conv2d_v2, "atrous_conv2d": atrous_conv2d,
             "space_to_depth": space_to_depth, "depth_to_space": depth_to_space, "lrn": lrn,
             "local_response_normalization": lrn, "max_pool_with_argmax": max_pool_with_argmax_v2}
    for k, v in nn_v1.items():
        setattr(v1.nn, k, v)
    for k, v in nn_v2.items():
        setattr(v2.nn, k, v)
    image_common = {
        "flip_left_right": flip_left_right, "flip_up_down": flip_up_down, "rgb_to_grayscale": rgb_to_grayscale,
        "per_image_standardization": per_image_standardization, "resize_with_crop_or_pad": resize_with_crop_or_pad,
        "central_crop": central_crop, "adjust_brightness": adjust_brightness, "extract_patches": extract_patches,
        "crop_to_bounding_box": crop_to_bounding_box, "pad_to_bounding_box": pad_to_bounding_box,
        "random_crop": more_ops.random_crop,
    }
    image_v1 = dict(image_common, resize_images=resize_images, resize=resize_images, resize_bilinear=resize_bilinear,
                    resize_nearest_neighbor=resize_nearest_neighbor, ResizeMethod=ResizeMethodV1,
                    resize_image_with_crop_or_pad=resize_with_crop_or_pad, extract_image_patches=extract_image_patches)
    image_v2 = dict(image_common, resize=resize_images_v2, ResizeMethod=ResizeMethod)
    v1.image = mod("tensorflow.image", image_v1)
    v2.image = mod("tensorflow.image", image_v2,
                   removed={"resize_images", "resize_bilinear", "resize_nearest_neighbor",
                            "resize_image_with_crop_or_pad", "extract_image_patches"})
