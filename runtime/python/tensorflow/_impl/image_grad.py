"""Gradients of the image ops (image_ops.py)."""
import numpy as np

from . import array_ops, core
from .core import convert_to_tensor as _t


def _attrs(op, *names):
    return {n: op.get_attr(n) for n in names}


@core.register_gradient("ResizeBilinear")
def _resize_bilinear(op, g):
    x = op.inputs[0]
    return [core.op1("ResizeBilinearGrad", [g, x], dict(_attrs(op, "align_corners", "half_pixel_centers"), T=x.dtype),
                     "ResizeBilinearGrad"), None]


@core.register_gradient("ResizeNearestNeighbor")
def _resize_nearest(op, g):
    x = op.inputs[0]
    s = core.static_dims(x)
    size = (_t(np.array(s[1:3], np.int32)) if s is not None and None not in s[1:3]
            else array_ops.shape(x)[1:3])
    return [core.op1("ResizeNearestNeighborGrad", [g, size],
                     dict(_attrs(op, "align_corners", "half_pixel_centers"), T=g.dtype), "ResizeNearestNeighborGrad"),
            None]


@core.register_gradient("ExtractImagePatches")
def _patches(op, g):
    x = op.inputs[0]
    s = core.static_dims(x)
    kh, kw = op.get_attr("ksizes")[1:3]
    ch = s[3] if s is not None else None
    if ch is None:
        for t in (op.outputs[0], g):
            d = core.static_dims(t)
            if d is not None and d[-1] is not None:
                ch = d[-1] // (kh * kw)
                break
    if ch is None:
        raise core.UnsupportedSymbolError("the gradient of tf.image.extract_patches with an unknown depth")
    eye_f = np.zeros((kh, kw, ch, kh * kw * ch), np.float64)
    for a in range(kh):
        for b in range(kw):
            for c in range(ch):
                eye_f[a, b, c, (a * kw + b) * ch + c] = 1.0
    attrs = {"strides": op.get_attr("strides"), "padding": op.get_attr("padding"), "data_format": "NHWC",
             "dilations": op.get_attr("rates"), "T": x.dtype}
    return [core.op1("Conv2DBackpropInput", [array_ops.shape(x), _t(eye_f, dtype=x.dtype), g], attrs,
                     "ExtractImagePatchesGrad")]
