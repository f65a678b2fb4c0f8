"""Published packages from PyPI, pinned by file name and SHA-256, fetched on demand.

    from pypi_artifacts import fetch
    src = fetch("tflearn==0.5.0", "tflearn-0.5.0.tar.gz", "818a...", cache_dir)

`download` gets the named file once into a folder with pip (an sdist for a `.tar.gz`, a
wheel for a `.whl`) and refuses it when its SHA-256 is not the pinned one; `unpack`
extracts an archive once into a folder of its own; `fetch` does both into one cache folder
and returns the unpacked package: an sdist's own top folder (`tflearn-0.5.0/`), or for a
wheel, which has none, the folder named after the file without `.whl`. Nothing fetched is
ever committed: the callers keep their folders under `.cache/`, which git ignores. pip runs
from `.venv` when there is one, without its HTTP cache (which would live outside the
checkout). Used by bench/real_corpus.py, bench/real_programs.py and bench/label_scores.py.
"""
import hashlib
import pathlib
import shutil
import subprocess
import sys
import tarfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


class FetchError(Exception):
    """The artifact could not be downloaded or is not the pinned one."""


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def download(requirement, name, digest, dist_dir):
    """Returns the path of the pinned file `name` in `dist_dir`, downloading it when missing."""
    dist_dir = pathlib.Path(dist_dir)
    path = dist_dir / name
    if not path.exists():
        dist_dir.mkdir(parents=True, exist_ok=True)
        venv_python = ROOT / ".venv" / "bin" / "python"
        python = str(venv_python if venv_python.exists() else sys.executable)
        kind = ["--only-binary", ":all:"] if name.endswith(".whl") else ["--no-binary", ":all:"]
        p = subprocess.run([python, "-m", "pip", "download", "--no-cache-dir", "-q", "--no-deps", *kind,
                            "--dest", str(dist_dir), requirement], capture_output=True, text=True)
        if p.returncode != 0 or not path.exists():
            tail = (p.stderr.strip().splitlines() or ["no output"])[-1]
            raise FetchError(f"pip download {requirement} did not produce {name}: {tail}")
    actual = sha256(path)
    if actual != digest:
        raise FetchError(f"{name}: sha256 {actual} is not the pinned {digest}")
    return path


def unpack(archive, dest):
    """Extracts `archive` (.tar.gz/.tgz, or .zip/.whl) into `dest` once; returns `dest`."""
    archive, dest = pathlib.Path(archive), pathlib.Path(dest)
    if dest.exists():
        return dest
    tmp = dest.with_name(dest.name + ".part")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    if archive.name.endswith((".tar.gz", ".tgz")):
        with tarfile.open(archive) as t:
            t.extractall(tmp, filter="data")
    else:
        with zipfile.ZipFile(archive) as z:
            z.extractall(tmp)
    tmp.rename(dest)
    return dest


def fetch(requirement, name, digest, cache_dir):
    """Returns the unpacked package of the pinned file `name`, fetched into `cache_dir`."""
    if not name.endswith((".tar.gz", ".whl")):
        raise FetchError(f"{name}: neither an sdist (.tar.gz) nor a wheel (.whl)")
    archive = download(requirement, name, digest, cache_dir)
    stem = name[: -len(".tar.gz")] if name.endswith(".tar.gz") else name[: -len(".whl")]
    dest = unpack(archive, pathlib.Path(cache_dir) / stem)
    inner = dest / stem
    return inner if name.endswith(".tar.gz") and inner.is_dir() else dest
