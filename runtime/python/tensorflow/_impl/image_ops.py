"""tf.image (TensorFlow's image_ops): resizing (TF1 coordinates, align_corners,
half_pixel_centers, and the v2 resize), flips, rgb_to_grayscale, brightness,
per-image standardization, crops and pads to bounding boxes, central crops, and image
patches (NHWC). tf.image.random_crop is random_ops'. Gradients are in image_grad.py."""
import numpy as np

from . import array_ops, core, math_ops, nn_ops
from .core import convert_to_tensor as _t


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
        return array_ops.cast(size, core.int32) if size.dtype != core.int32 else size
    vals = list(size)
    if any(isinstance(v, core.Tensor) for v in vals):
        return array_ops.stack([array_ops.cast(_t(v), core.int32) for v in vals])
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
                    name or "ResizeBilinear")


def resize_nearest_neighbor(images, size, align_corners=False, name=None, half_pixel_centers=False):
    x = _t(images)
    return core.op1("ResizeNearestNeighbor", [x, _size_tensor(size)],
                    {"align_corners": bool(align_corners), "half_pixel_centers": bool(half_pixel_centers), "T": x.dtype},
                    name or "ResizeNearestNeighbor")


def _resize_common(images, size, resize_fn, preserve_aspect_ratio, skip_if_same, name):
    if preserve_aspect_ratio:
        raise core.UnsupportedSymbolError("tf.image.resize(preserve_aspect_ratio=True)")
    x = _t(images)
    r = x.shape.ndims
    if r is None:
        raise ValueError("'images' contains no shape.")
    if r not in (3, 4):
        raise ValueError("'images' must have either 3 or 4 dimensions.")
    is_batch = r == 4
    if not is_batch:
        x = array_ops.expand_dims(x, 0)
    ssize = _static_size(size)
    if ssize is not None and len(ssize) != 2:
        raise ValueError("'size' must be a 1-D Tensor of 2 elements: new_height, new_width")
    dims = core.static_dims(x)
    if skip_if_same and ssize is not None and dims[1] == ssize[0] and dims[2] == ssize[1]:
        return x if is_batch else array_ops.squeeze(x, [0])
    y = resize_fn(x, _size_tensor(size))
    if not is_batch:
        y = array_ops.squeeze(y, [0])
    return y


def resize_images(images, size, method=ResizeMethodV1.BILINEAR, align_corners=False, preserve_aspect_ratio=False,
                  name=None):
    if method in (ResizeMethodV1.BILINEAR, "bilinear"):
        fn = lambda x, s: resize_bilinear(x, s, align_corners=align_corners)  # noqa: E731
    elif method in (ResizeMethodV1.NEAREST_NEIGHBOR, "nearest"):
        fn = lambda x, s: resize_nearest_neighbor(x, s, align_corners=align_corners)  # noqa: E731
    else:
        raise core.UnsupportedSymbolError("tf.image.resize_images(method=%r)" % (method,))
    return _resize_common(images, size, fn, preserve_aspect_ratio, True, name)


def resize_images_v2(images, size, method=ResizeMethod.BILINEAR, preserve_aspect_ratio=False, antialias=False,
                     name=None):
    if antialias:
        raise core.UnsupportedSymbolError("tf.image.resize(antialias=True)")
    if method == ResizeMethod.BILINEAR:
        def fn(x, s):
            if x.dtype != core.float32:
                x = array_ops.cast(x, core.float32)
            return resize_bilinear(x, s, half_pixel_centers=True)
    elif method == ResizeMethod.NEAREST_NEIGHBOR:
        fn = lambda x, s: resize_nearest_neighbor(x, s, half_pixel_centers=True)  # noqa: E731
    else:
        raise core.UnsupportedSymbolError("tf.image.resize(method=%r)" % (method,))
    return _resize_common(images, size, fn, preserve_aspect_ratio, False, name)


def _image_rank(x, what):
    r = x.shape.ndims
    if r not in (3, 4):
        if r is None:
            raise core.UnsupportedSymbolError("%s of an image of unknown rank" % what)
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
        raise core.UnsupportedSymbolError("%s of a %s image (only float images in the bundled runtime)" % (what, x.dtype.name))
    return x


def rgb_to_grayscale(images, name=None):
    x = _float_image(_t(images), "tf.image.rgb_to_grayscale")
    w = _t(np.array([[0.2989], [0.5870], [0.1140]]), dtype=x.dtype)
    flat = array_ops.reshape(x, [-1, 3])
    g = math_ops.matmul(flat, w)
    dims = core.static_dims(x)
    if dims is not None and None not in dims[:-1]:
        shape = _t(np.array(dims[:-1] + [1], np.int32))
    elif dims is not None and sum(d is None for d in dims[:-1]) == 1:
        shape = _t(np.array([-1 if d is None else d for d in dims[:-1]] + [1], np.int32))
    else:
        shape = array_ops.concat([array_ops.shape(x)[:-1], _t(np.array([1], np.int32))], 0)
    out = array_ops.reshape(g, shape, name=name or "rgb_to_grayscale")
    if dims is not None and not core.executing_eagerly():
        out.set_shape(dims[:-1] + [1])
    return out


def per_image_standardization(image):
    x = _t(image)
    if x.dtype not in (core.float32, core.float64, core.float16):
        x = array_ops.cast(x, core.float32)
    r = _image_rank(x, "tf.image.per_image_standardization")
    axes = [-1, -2, -3]
    num_pixels = math_ops.reduce_prod(array_ops.shape(x)[-3:])
    mean = math_ops.reduce_mean(x, axis=axes, keepdims=True)
    var = math_ops.reduce_mean(math_ops.square(math_ops.subtract(x, mean)), axis=axes, keepdims=True)
    stddev = math_ops.sqrt(var)
    min_stddev = math_ops.rsqrt(array_ops.cast(num_pixels, x.dtype))
    adj = math_ops.maximum(stddev, min_stddev)
    del r
    return math_ops.divide(math_ops.subtract(x, mean), adj)


def _hw(x, what):
    dims = core.static_dims(x)
    h, w = (dims[0], dims[1]) if len(dims) == 3 else (dims[1], dims[2])
    if h is None or w is None:
        raise core.UnsupportedSymbolError("%s of an image with unknown height or width" % what)
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
    return array_ops.pad(x, pads)


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
    return math_ops.add(x, array_ops.cast(_t(delta), x.dtype), name="adjust_brightness")


def extract_patches(images, sizes, strides, rates, padding, name=None):
    x = _t(images)
    return core.op1("ExtractImagePatches", [x], {"ksizes": nn_ops._four(sizes, "ksizes"), "strides": nn_ops._four(strides, "strides"),
                                                 "rates": nn_ops._four(rates, "rates"), "padding": nn_ops._padding(padding),
                                                 "T": x.dtype}, name or "ExtractImagePatches")


def extract_image_patches(images, ksizes=None, strides=None, rates=None, padding=None, name=None, sizes=None):
    return extract_patches(images, sizes if sizes is not None else ksizes, strides, rates, padding, name)
