"""pytest plugin (entry point ``pytest11``): behavior diffs as test items.

``pytest --tfmigrate DIR`` collects every pair directory under DIR, the layout of
``tfmigrate diff DIR`` (``old.py`` + ``new.py`` [+ ``expect.json``], docs/diff.md), as one
test item. An item runs ``tfmigrate diff`` on its pair in its own process; it passes when
the outcome meets ``expect.json`` (or, without one, when the pair is equivalent), fails with
tfmigrate's explanation of each divergence as the report, and is skipped when the pair
cannot run on the chosen backend. Items are independent processes, so ``pytest -n N``
(pytest-xdist) spreads them over cores and pytest-split over CI jobs.

Options: ``--tfmigrate-backend bundled|tensorflow``, ``--tfmigrate-deterministic-random``,
``--tfmigrate-timeout SECONDS`` (per run), ``--tfmigrate-exe PATH`` (default: the
executable installed with this package, else ``tfmigrate`` on PATH).
"""

import os
import re
import shutil
import subprocess
import sys

import pytest

_SUMMARY = re.compile(r"^(\d+) pairs: (\d+) passed, (\d+) failed, (\d+) skipped$", re.M)


def pytest_addoption(parser):
    group = parser.getgroup("tfmigrate", "behavior diffs of TF1 programs and their TF2 versions")
    group.addoption("--tfmigrate", action="store_true", default=False,
                    help="collect tfmigrate diff pair directories (old.py + new.py [+ expect.json]) as tests")
    group.addoption("--tfmigrate-backend", choices=["bundled", "tensorflow"], default="bundled",
                    help="run the pairs on the bundled runtime (default) or on real TensorFlow")
    group.addoption("--tfmigrate-deterministic-random", action="store_true", default=False,
                    help="both versions draw the same random numbers (tfmigrate diff --deterministic-random)")
    group.addoption("--tfmigrate-timeout", type=float, default=None,
                    help="wall-time limit per run in seconds (tfmigrate diff --timeout)")
    group.addoption("--tfmigrate-exe", default=None, help="the tfmigrate executable to run")


def _executable(config):
    exe = config.getoption("tfmigrate_exe")
    if exe:
        return exe
    try:
        from tfmigrate import executable

        bundled = executable()
        if os.access(bundled, os.X_OK):
            return bundled
    except ImportError:
        pass
    found = shutil.which("tfmigrate")
    if not found:
        raise pytest.UsageError("--tfmigrate: no tfmigrate executable (install tfmigrate or pass --tfmigrate-exe)")
    return found


def pytest_collect_file(file_path, parent):
    if file_path.name != "old.py" or not parent.config.getoption("tfmigrate"):
        return None
    if not (file_path.parent / "new.py").is_file():
        return None
    return PairFile.from_parent(parent, path=file_path)


class PairFile(pytest.File):
    """The ``old.py`` of a pair directory: it stands for the pair, one item."""

    def collect(self):
        yield PairItem.from_parent(self, name=self.path.parent.name)


class PairDiverged(Exception):
    pass


class PairItem(pytest.Item):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.add_marker(pytest.mark.tfmigrate_pair)

    def runtest(self):
        config = self.config
        cmd = [_executable(config), "diff", str(self.path.parent),
               "--backend", config.getoption("tfmigrate_backend")]
        if config.getoption("tfmigrate_deterministic_random"):
            cmd.append("--deterministic-random")
        timeout = config.getoption("tfmigrate_timeout")
        if timeout is not None:
            cmd += ["--timeout", str(timeout)]
        env = dict(os.environ)
        # the runs' interpreter: this one, where tfmigrate (and TensorFlow, if any) is installed
        env.setdefault("TFMIGRATE_PYTHON", sys.executable)
        env.setdefault("TFMIGRATE_ORACLE_PYTHON", sys.executable)
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        out = proc.stdout
        m = _SUMMARY.search(out)
        if proc.returncode not in (0, 1) or not m:
            raise PairDiverged(f"tfmigrate diff ended with exit code {proc.returncode}:\n{out}")
        report = _SUMMARY.sub("", out).rstrip()
        passed, failed, skipped = int(m.group(2)), int(m.group(3)), int(m.group(4))
        if skipped:
            pytest.skip(report.strip().splitlines()[-1].strip() if report.strip() else "skipped by tfmigrate diff")
        if failed or not passed:
            raise PairDiverged(report)
        self.user_properties.append(("tfmigrate", report.strip().splitlines()[0] if report.strip() else ""))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, PairDiverged):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path.parent, None, f"tfmigrate diff {self.path.parent.name}"


def pytest_configure(config):
    config.addinivalue_line("markers", "tfmigrate_pair: a tfmigrate diff pair collected by --tfmigrate")
