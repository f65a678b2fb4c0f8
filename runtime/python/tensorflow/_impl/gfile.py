"""tf.gfile (TF1) and tf.io.gfile: TensorFlow's file API over the local file system. A
missing file is tf.errors.NotFoundError, as TensorFlow raises it; paths are local (no gs://)."""
import glob as _glob
import os
import shutil

from . import core


def _not_found(path, what="No such file or directory"):
    return core._BY_CODE[5](None, None, "%s; %s" % (path, what))


class GFile:
    """A file object with TensorFlow's API (read(n), readline, readlines, iteration, write,
    seek/tell, size, flush, close; a context manager). Text unless the mode has 'b'."""

    def __init__(self, name, mode="r"):
        self.name = os.fspath(name)
        self.mode = mode
        if "r" in mode and not os.path.exists(self.name):
            raise _not_found(self.name)
        self._f = open(self.name, mode, **({} if "b" in mode else {"encoding": "utf-8"}))

    def read(self, n=-1):
        return self._f.read(n)

    def readline(self):
        return self._f.readline()

    def readlines(self):
        return self._f.readlines()

    def write(self, data):
        if "b" not in self.mode and isinstance(data, bytes):
            data = data.decode("utf-8")
        self._f.write(data)

    def seek(self, offset=None, whence=0, position=None):
        self._f.seek(position if position is not None else offset, whence)

    def tell(self):
        return self._f.tell()

    def size(self):
        return os.path.getsize(self.name)

    def flush(self):
        self._f.flush()

    def close(self):
        self._f.close()

    def __iter__(self):
        return iter(self._f)

    def __next__(self):
        return next(self._f)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def exists(path):
    return os.path.exists(path)


def isdir(path):
    return os.path.isdir(path)


def listdir(path):
    if not os.path.isdir(path):
        raise _not_found(path, "Could not find directory")
    return sorted(os.listdir(path))


def makedirs(path):
    os.makedirs(path, exist_ok=True)


def mkdir(path):
    try:
        os.mkdir(path)
    except FileExistsError:
        raise core._BY_CODE[6](None, None, "%s; File exists" % path) from None


def remove(path):
    try:
        os.remove(path)
    except FileNotFoundError:
        raise _not_found(path) from None


def rename(src, dst, overwrite=False):
    if os.path.exists(dst) and not overwrite:
        raise core._BY_CODE[6](None, None, "file already exists")
    os.replace(src, dst)


def copy(src, dst, overwrite=False):
    if os.path.exists(dst) and not overwrite:
        raise core._BY_CODE[6](None, None, "file already exists")
    shutil.copyfile(src, dst)


def rmtree(path):
    if not os.path.exists(path):
        raise _not_found(path)
    shutil.rmtree(path)


def glob(pattern):
    return sorted(_glob.glob(pattern))


def walk(top, topdown=True, onerror=None):
    for root, dirs, files in os.walk(top, topdown=topdown, onerror=onerror):
        yield root, sorted(dirs), sorted(files)


class _Stat:
    def __init__(self, path):
        st = os.stat(path)
        self.length = st.st_size
        self.mtime_nsec = st.st_mtime_ns
        self.is_directory = os.path.isdir(path)


def stat(path):
    if not os.path.exists(path):
        raise _not_found(path)
    return _Stat(path)


V2 = {"GFile": GFile, "exists": exists, "isdir": isdir, "listdir": listdir, "makedirs": makedirs, "mkdir": mkdir,
      "remove": remove, "rename": rename, "copy": copy, "rmtree": rmtree, "glob": glob, "walk": walk, "stat": stat}
V1 = {"GFile": GFile, "Open": GFile, "FastGFile": GFile, "Exists": exists, "IsDirectory": isdir,
      "ListDirectory": listdir, "MakeDirs": makedirs, "MkDir": mkdir, "Remove": remove, "Rename": rename,
      "Copy": copy, "DeleteRecursively": rmtree, "Glob": glob, "Walk": walk, "Stat": stat}
