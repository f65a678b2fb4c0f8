"""Published packages from PyPI, pinned by file name and SHA-256, fetched on demand.

    from pypi_artifacts import fetch
    src = fetch("tflearn==0.5.0", "tflearn-0.5.0.tar.gz", "818a...", cache_dir)

`fetch` downloads the named file once into `cache_dir` with pip (an sdist for a `.tar.gz`,
a wheel for a `.whl`), refuses it when its SHA-256 is not the pinned one, unpacks it beside
the archive and returns the unpacked folder. An sdist unpacks to its own top folder
(`tflearn-0.5.0/`); a wheel, which has none, to a folder named after the file without
`.whl`. Nothing fetched is ever committed: the callers keep `cache_dir` under `.cache/`,
which git ignores. Used by bench/real_corpus.py and bench/label_scores.py.
"""
import hashlib
import pathlib
import subprocess
import sys
import tarfile
import zipfile


class FetchError(Exception):
    """The artifact could not be downloaded or is not the pinned one."""


def _unpacked_dir(cache_dir, name):
    if name.endswith(".tar.gz"):
        return cache_dir / name[: -len(".tar.gz")]
    if name.endswith(".whl"):
        return cache_dir / name[: -len(".whl")]
    raise FetchError(f"{name}: neither an sdist (.tar.gz) nor a wheel (.whl)")


def fetch(requirement, name, sha256, cache_dir):
    """Returns the unpacked folder of `name`, downloading and verifying it when needed."""
    cache_dir = pathlib.Path(cache_dir)
    path = cache_dir / name
    dest = _unpacked_dir(cache_dir, name)
    if not path.exists():
        cache_dir.mkdir(parents=True, exist_ok=True)
        kind = ["--no-binary", ":all:"] if name.endswith(".tar.gz") else ["--only-binary", ":all:"]
        p = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", *kind,
                            "--dest", str(cache_dir), requirement], capture_output=True, text=True)
        if p.returncode != 0 or not path.exists():
            tail = (p.stderr.strip().splitlines() or ["no output"])[-1]
            raise FetchError(f"{requirement}: pip download did not give {name}: {tail}")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != sha256:
        raise FetchError(f"{name}: sha256 {digest} is not the pinned {sha256}")
    if not dest.exists():
        if name.endswith(".tar.gz"):
            with tarfile.open(path) as t:
                t.extractall(cache_dir, filter="data")
        else:
            tmp = dest.with_name(dest.name + ".partial")
            with zipfile.ZipFile(path) as z:
                z.extractall(tmp)
            tmp.rename(dest)
    return dest
