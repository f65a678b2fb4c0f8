"""The processor a benchmark ran on, for the first line of every bench script's output.

    import machine; print(machine.describe())
    # machine: AMD EPYC (family 25, model 1), 2 cores; vector: AVX2 FMA, no AVX-512; load 0.42

Figures from processors with and without AVX-512 differ (TensorFlow's oneDNN and the
bundled runtime's GEMM pick their code by CPUID), so every figure is quoted with this line.
"""
import os

# Vector extensions that decide which GEMM code runs, in the order they are printed.
_EXTENSIONS = [("sse4_2", "SSE4.2"), ("avx", "AVX"), ("avx2", "AVX2"), ("fma", "FMA"), ("avx512f", "AVX512F"),
               ("avx512bw", "AVX512BW"), ("avx512vl", "AVX512VL"), ("avx512_vnni", "AVX512-VNNI"),
               ("avx512_bf16", "AVX512-BF16"), ("amx_tile", "AMX")]


def cpu():
    """(model name, family, model, set of flags) from /proc/cpuinfo's first processor."""
    fields = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if not line.strip():
                    break
                key, _, value = line.partition(":")
                fields[key.strip()] = value.strip()
    except OSError:
        pass
    return (fields.get("model name", "unknown processor"), fields.get("cpu family", "?"), fields.get("model", "?"),
            set(fields.get("flags", "").split()))


def describe():
    name, family, model, flags = cpu()
    vector = " ".join(label for flag, label in _EXTENSIONS if flag in flags)
    if "avx512f" not in flags:
        vector += ", no AVX-512"
    try:
        load = "%.2f" % os.getloadavg()[0]
    except OSError:
        load = "?"
    return "machine: %s (family %s, model %s), %d cores; vector: %s; load %s" % (
        name, family, model, os.cpu_count() or 0, vector, load)


def build(build_dir):
    """How the bundled runtime's kernels in `build_dir` were built, from its CMakeCache.txt."""
    cache = {}
    try:
        with open(os.path.join(build_dir, "CMakeCache.txt")) as f:
            for line in f:
                key, sep, value = line.rstrip("\n").partition("=")
                if sep:
                    cache[key.split(":")[0]] = value
    except OSError:
        return "bundled runtime: no CMakeCache.txt in %s" % build_dir
    march = cache.get("TFMIGRATE_KERNEL_MARCH") or "the compiler's baseline (portable)"
    dnnl = cache.get("dnnl_DIR", "")
    gemm = "oneDNN (CPUID dispatch)" if dnnl and not dnnl.endswith("NOTFOUND") and cache.get(
        "TFMIGRATE_ONEDNN", "ON") == "ON" else "Eigen"
    return "bundled runtime: kernels -march %s; float32 GEMM %s" % (march, gemm)


if __name__ == "__main__":
    print(describe())
