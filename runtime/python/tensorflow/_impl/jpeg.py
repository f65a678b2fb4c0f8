"""Baseline JPEG encoding with the arithmetic of libjpeg-turbo, which TensorFlow's EncodeJpeg
calls (jpeg_set_defaults, jpeg_set_quality(quality, force_baseline), JFIF 1.01 header with the
density given, standard Huffman tables, no restart markers), so that the bytes are TensorFlow's:
integer RGB->YCbCr (jccolor.c), h2v2 chroma downsampling with the alternating 1,2 bias
(jcsample.c), edges replicated to whole blocks and the iMCU row (jcprepct.c), the "islow"
integer forward DCT (jfdctint.c), quantization by reciprocal multiplication (jcdctmgr.c),
dummy blocks carrying the previous DC past the image's blocks (jccoefct.c), and Huffman coding
with 0xFF byte stuffing, padded with one bits (jchuff.c). The constants are the JPEG
standard's (ITU T.81 Annex K). Progressive and optimized-Huffman output are not here."""
import numpy as np

# ITU T.81 Annex K.1: the example quantization tables (natural order)
_BASE_Q = (
    np.array([16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
              14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
              18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
              49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99]),
    np.array([17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99,
              24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99] + [99] * 32),
)

# the zigzag order: position k of the coded sequence is coefficient _ZIGZAG[k] (natural order)
_ZIGZAG = [0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,
           7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31,
           39, 46, 53, 60, 61, 54, 47, 55, 62, 63]


def _run(a, b):
    return list(range(a, b + 1))


# ITU T.81 Annex K.3: the typical Huffman tables (code-length counts 1..16, symbols)
_DC_BITS = ([0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0])
_DC_VALS = (_run(0, 11), _run(0, 11))
_AC_BITS = ([0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d], [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77])
_AC_VALS = (
    [0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
     0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0,
     0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28,
     0x29, 0x2a] + _run(0x34, 0x3a) + _run(0x43, 0x4a) + _run(0x53, 0x5a) + _run(0x63, 0x6a) + _run(0x73, 0x7a)
    + _run(0x83, 0x8a) + _run(0x92, 0x9a) + _run(0xa2, 0xaa) + _run(0xb2, 0xba) + _run(0xc2, 0xca)
    + _run(0xd2, 0xda) + _run(0xe1, 0xea) + _run(0xf1, 0xfa),
    [0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71,
     0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0,
     0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17, 0x18, 0x19, 0x1a, 0x26,
     0x27, 0x28, 0x29, 0x2a] + _run(0x35, 0x3a) + _run(0x43, 0x4a) + _run(0x53, 0x5a) + _run(0x63, 0x6a)
    + _run(0x73, 0x7a) + _run(0x82, 0x8a) + _run(0x92, 0x9a) + _run(0xa2, 0xaa) + _run(0xb2, 0xba)
    + _run(0xc2, 0xca) + _run(0xd2, 0xda) + _run(0xe2, 0xea) + _run(0xf2, 0xfa),
)


def _codes(bits, vals):
    """symbol -> (code, length): canonical Huffman codes from the length counts."""
    out, code, k = {}, 0, 0
    for length in range(1, 17):
        for _ in range(bits[length - 1]):
            out[vals[k]] = (code, length)
            code += 1
            k += 1
        code <<= 1
    return out


def _quant_table(which, quality):
    quality = min(max(int(quality), 1), 100)
    scale = 5000 // quality if quality < 50 else 200 - quality * 2
    t = (_BASE_Q[which] * scale + 50) // 100
    return np.clip(t, 1, 255)   # force_baseline


def _reciprocal(divisor):
    """(recip, corr, r): q = ((|x| + corr) * recip) >> r, libjpeg-turbo's compute_reciprocal."""
    if divisor == 1:
        return 1, 0, 0
    b = divisor.bit_length() - 1
    r = 16 + b
    fq, fr = divmod(1 << r, divisor)
    c = divisor // 2
    if fr == 0:
        fq >>= 1
        r -= 1
    elif fr <= divisor // 2:
        c += 1
    else:
        fq += 1
    return fq, c, r


def _descale(x, n):
    return (x + (1 << (n - 1))) >> n


def _fdct_islow(blocks):
    """jfdctint.c on int64 arrays [..., 8, 8] (samples already centered)."""
    CB, P1 = 13, 2
    d = blocks.astype(np.int64).copy()

    def one_pass(d, axis_last, shift_even, shift_odd, first):
        x = d if axis_last else np.swapaxes(d, -1, -2)
        c = [x[..., i] for i in range(8)]
        tmp0, tmp7 = c[0] + c[7], c[0] - c[7]
        tmp1, tmp6 = c[1] + c[6], c[1] - c[6]
        tmp2, tmp5 = c[2] + c[5], c[2] - c[5]
        tmp3, tmp4 = c[3] + c[4], c[3] - c[4]
        tmp10, tmp13 = tmp0 + tmp3, tmp0 - tmp3
        tmp11, tmp12 = tmp1 + tmp2, tmp1 - tmp2
        out = [None] * 8
        if first:
            out[0] = (tmp10 + tmp11) << P1
            out[4] = (tmp10 - tmp11) << P1
        else:
            out[0] = _descale(tmp10 + tmp11, P1)
            out[4] = _descale(tmp10 - tmp11, P1)
        z1 = (tmp12 + tmp13) * 4433
        out[2] = _descale(z1 + tmp13 * 6270, shift_odd)
        out[6] = _descale(z1 - tmp12 * 15137, shift_odd)
        z1, z2, z3, z4 = tmp4 + tmp7, tmp5 + tmp6, tmp4 + tmp6, tmp5 + tmp7
        z5 = (z3 + z4) * 9633
        tmp4, tmp5, tmp6, tmp7 = tmp4 * 2446, tmp5 * 16819, tmp6 * 25172, tmp7 * 12299
        z1, z2, z3, z4 = z1 * -7373, z2 * -20995, z3 * -16069, z4 * -3196
        z3 += z5
        z4 += z5
        out[7] = _descale(tmp4 + z1 + z3, shift_odd)
        out[5] = _descale(tmp5 + z2 + z4, shift_odd)
        out[3] = _descale(tmp6 + z2 + z3, shift_odd)
        out[1] = _descale(tmp7 + z1 + z4, shift_odd)
        res = np.stack(out, axis=-1)
        return res if axis_last else np.swapaxes(res, -1, -2)

    d = one_pass(d, True, None, CB - P1, True)     # rows
    d = one_pass(d, False, None, CB + P1, False)   # columns
    return d


def _quantize(coefs, qtable):
    """coefs [..., 64] natural order -> quantized ints (libjpeg-turbo's quantize)."""
    out = np.empty_like(coefs)
    for i in range(64):
        recip, corr, r = _reciprocal(int(qtable[i]) << 3)
        x = coefs[..., i]
        mag = np.abs(x)
        q = ((mag + corr) * recip) >> r if r else (mag + corr) * recip
        out[..., i] = np.where(x < 0, -q, q)
    return out


def _rgb_to_ycc(img):
    """jccolor.c rgb_ycc_convert (16-bit fixed point tables)."""
    def fix(x):
        return int(x * 65536 + 0.5)
    half, cbcr = 1 << 15, 128 << 16
    r, g, b = (img[..., i].astype(np.int64) for i in range(3))
    y = (fix(0.29900) * r + fix(0.58700) * g + fix(0.11400) * b + half) >> 16
    cb = (-fix(0.16874) * r - fix(0.33126) * g + fix(0.5) * b + cbcr + half - 1) >> 16
    cr = (fix(0.5) * r + cbcr + half - 1 - fix(0.41869) * g - fix(0.08131) * b) >> 16
    return [y, cb, cr]


def _edge_pad(a, rows, cols):
    return np.pad(a, ((0, max(rows - a.shape[0], 0)), (0, max(cols - a.shape[1], 0))), mode="edge")[:rows, :cols]


def _ceil_div(a, b):
    return -(-a // b)


class _BitWriter:
    def __init__(self):
        self.out = bytearray()
        self.acc = 0
        self.n = 0

    def put(self, code, length):
        self.acc = (self.acc << length) | (code & ((1 << length) - 1))
        self.n += length
        while self.n >= 8:
            self.n -= 8
            byte = (self.acc >> self.n) & 0xFF
            self.out.append(byte)
            if byte == 0xFF:
                self.out.append(0)
        self.acc &= (1 << self.n) - 1

    def flush(self):
        if self.n:
            self.put(0x7F, 7)
        self.acc = self.n = 0


def _marker(code, payload):
    return bytes([0xFF, code]) + (len(payload) + 2).to_bytes(2, "big") + payload


def encode(image, quality=95, chroma_downsampling=True, density_unit=1, x_density=300, y_density=300,
           xmp_metadata=b""):
    """The JPEG bytes of a uint8 image [height, width, 1 or 3]."""
    image = np.asarray(image, dtype=np.uint8)
    height, width, channels = image.shape
    if channels == 3:
        planes = _rgb_to_ycc(image)
        samp = [(2, 2), (1, 1), (1, 1)] if chroma_downsampling else [(1, 1)] * 3
        tables = [0, 1, 1]
    else:
        planes = [image[..., 0].astype(np.int64)]
        samp = [(1, 1)]
        tables = [0]
    max_h = max(h for h, _ in samp)
    max_v = max(v for _, v in samp)
    mcus_x = _ceil_div(width, max_h * 8)
    mcus_y = _ceil_div(height, max_v * 8)
    qt = [_quant_table(0, quality), _quant_table(1, quality)]
    interleaved = len(planes) > 1

    comps = []
    for plane, (h, v), tq in zip(planes, samp, tables):
        comp_w = _ceil_div(width * h, max_h)
        comp_h = _ceil_div(height * v, max_v)
        wb, hb = _ceil_div(comp_w, 8), _ceil_div(comp_h, 8)
        # the conversion buffer: rows to a multiple of max_v, columns as the downsampler pads them
        conv = _edge_pad(plane, _ceil_div(height, max_v) * max_v, wb * 8 * (max_h // h))
        if (h, v) == (max_h, max_v):
            down = conv
        else:
            fh, fv = max_h // h, max_v // v
            assert (fh, fv) == (2, 2), "only h2v2 downsampling"
            s = conv[0::2, 0::2] + conv[0::2, 1::2] + conv[1::2, 0::2] + conv[1::2, 1::2]
            bias = np.tile([1, 2], s.shape[1] // 2 + 1)[:s.shape[1]]
            down = (s + bias) >> 2
        rows = (mcus_y * v * 8) if interleaved else hb * 8
        down = _edge_pad(down, rows, wb * 8)
        nby, nbx = down.shape[0] // 8, wb
        blocks = down.reshape(nby, 8, nbx, 8).swapaxes(1, 2) - 128
        coefs = _fdct_islow(blocks).reshape(nby, nbx, 64)
        comps.append({"h": h, "v": v, "tq": tq, "wb": wb, "hb": hb, "q": _quantize(coefs, qt[tq])})

    # the block sequence: MCUs in raster order, each component's h x v blocks in raster order
    seq = []   # (component index, quantized block [64] natural order)
    if interleaved:
        for my in range(mcus_y):
            for mx in range(mcus_x):
                for ci, c in enumerate(comps):
                    prev = None
                    for by in range(c["v"]):
                        row_prev = None
                        y = my * c["v"] + by
                        for bx in range(c["h"]):
                            x = mx * c["h"] + bx
                            if y < c["hb"] and x < c["wb"]:
                                blk = c["q"][y, x]
                            else:
                                # a dummy block: zero AC, the DC of the block before it in the MCU
                                # (for a dummy row, the last block of the row above)
                                dc_src = row_prev if (y < c["hb"]) else prev
                                blk = np.zeros(64, dtype=np.int64)
                                blk[0] = dc_src[0]
                            seq.append((ci, blk))
                            row_prev = blk
                        prev = row_prev
    else:
        c = comps[0]
        for y in range(c["hb"]):
            for x in range(c["wb"]):
                seq.append((0, c["q"][y, x]))

    dc_codes = [_codes(_DC_BITS[i], _DC_VALS[i]) for i in range(2)]
    ac_codes = [_codes(_AC_BITS[i], _AC_VALS[i]) for i in range(2)]
    bw = _BitWriter()
    last_dc = [0] * len(comps)
    for ci, blk in seq:
        t = comps[ci]["tq"]
        blk = [int(v) for v in blk]
        diff = blk[0] - last_dc[ci]
        last_dc[ci] = blk[0]
        mag = abs(diff)
        nbits = mag.bit_length()
        bw.put(*dc_codes[t][nbits])
        if nbits:
            bw.put(diff - 1 if diff < 0 else diff, nbits)
        run = 0
        for k in range(1, 64):
            v = blk[_ZIGZAG[k]]
            if v == 0:
                run += 1
                continue
            while run > 15:
                bw.put(*ac_codes[t][0xF0])
                run -= 16
            nbits = abs(v).bit_length()
            bw.put(*ac_codes[t][(run << 4) + nbits])
            bw.put(v - 1 if v < 0 else v, nbits)
            run = 0
        if run:
            bw.put(*ac_codes[t][0x00])
    bw.flush()

    out = bytearray(b"\xff\xd8")
    out += _marker(0xE0, b"JFIF\x00\x01\x01" + bytes([density_unit]) + x_density.to_bytes(2, "big")
                   + y_density.to_bytes(2, "big") + b"\x00\x00")
    if xmp_metadata:
        out += _marker(0xE1, b"http://ns.adobe.com/xap/1.0/\x00" + xmp_metadata)
    for t in sorted(set(tables)):
        out += _marker(0xDB, bytes([t]) + bytes(int(qt[t][_ZIGZAG[k]]) for k in range(64)))
    sof = bytes([8]) + height.to_bytes(2, "big") + width.to_bytes(2, "big") + bytes([len(comps)])
    for ci, c in enumerate(comps):
        sof += bytes([ci + 1, (c["h"] << 4) | c["v"], c["tq"]])
    out += _marker(0xC0, sof)
    for t in sorted(set(tables)):
        out += _marker(0xC4, bytes([t]) + bytes(_DC_BITS[t]) + bytes(_DC_VALS[t]))
        out += _marker(0xC4, bytes([0x10 | t]) + bytes(_AC_BITS[t]) + bytes(_AC_VALS[t]))
    sos = bytes([len(comps)])
    for ci, c in enumerate(comps):
        sos += bytes([ci + 1, (c["tq"] << 4) | c["tq"]])
    out += _marker(0xDA, sos + b"\x00\x3f\x00")
    out += bw.out
    out += b"\xff\xd9"
    return bytes(out)


def encode_jpeg(image, format="", quality=95, progressive=False, optimize_size=False, chroma_downsampling=True,
                density_unit="in", x_density=300, y_density=300, xmp_metadata="", name=None):
    """tf.io.encode_jpeg / tf.image.encode_jpeg: a uint8 [height, width, channels] image (1 or
    3 channels) as the JPEG bytes TensorFlow's EncodeJpeg writes (a string scalar)."""
    import _tfrt
    from . import core, script_ops
    if progressive or optimize_size:
        raise core.UnsupportedSymbolError("tf.io.encode_jpeg(progressive=True / optimize_size=True)")
    img = core.convert_to_tensor(image)
    if img.dtype.base_dtype != core.uint8:
        raise TypeError("Value passed to parameter 'image' has DataType %s not in list of allowed values: uint8"
                        % img.dtype.name)
    units = {"in": 1, "cm": 2}
    if density_unit not in units:
        raise ValueError("density_unit must be 'in' or 'cm', not %r" % (density_unit,))
    xmp = xmp_metadata.encode() if isinstance(xmp_metadata, str) else bytes(xmp_metadata)

    def run(vals):
        a = np.asarray(vals[0])
        if a.ndim != 3:
            raise _tfrt.StatusError(3, "image must be 3-dimensional[%s]" % ",".join(str(d) for d in a.shape))
        ch = {"": a.shape[2], "grayscale": 1, "rgb": 3}.get(format)
        if ch not in (1, 3) or a.shape[2] != ch:
            raise _tfrt.StatusError(3, "image must have 1 or 3 channels, got %s" % (a.shape,))
        return [np.array(encode(a, quality, chroma_downsampling, units[density_unit], int(x_density),
                                int(y_density), xmp), dtype=object)]
    out = script_ops.host_call(run, [img], [core.string], name or "EncodeJpeg")[0]
    out.set_shape([])
    return out
