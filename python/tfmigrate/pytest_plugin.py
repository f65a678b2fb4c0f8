"""pytest plugin (entry point ``pytest11``): behavior diffs as test items.

``pytest --tfmigrate DIR`` collects every pair directory under DIR, the layout of
``tfmigrate diff DIR`` (``old.py`` + ``new.py`` [+ ``expect.json``], docs/diff.md), as one
test item. An item runs ``tfmigrate diff`` on its pair in its own process; it passes when
the outcome meets ``expect.json`` (or, without one, when the pair is equivalent), fails with
tfmigrate's explanation of each divergence as the report, and is skipped when the pair
cannot run on the chosen backend. Items are independent processes, so ``pytest -n N``
(pytest-xdist) spreads them over cores and pytest-split over CI jobs.

A user's own test can also run against both versions of a module:

    @pytest.mark.tfmigrate_compare(old="legacy/model_tf1.py", new="model.py")
    def test_training(tfmigrate_module):
        losses = tfmigrate_module.train(steps=3)
        tfmigrate.observe("first loss", losses[0])   # optional: named observations
        return losses                                # the returned value is observed too

The test is not run in pytest's process: it runs twice, each time in its own ``tfmigrate
run`` (OLD in TF1 mode, NEW in TF2 mode by default; ``old_mode=``/``new_mode=`` change it),
with ``tfmigrate_module`` bound to that version's module, and ``tfmigrate diff`` compares
what the two runs printed, returned and observed. It passes when they agree and fails with
the explanation of each divergence. Paths are relative to the test file. Only the
``tfmigrate_module`` argument is given (no other fixtures); the test file must be
importable on its own.

Options: ``--tfmigrate-backend bundled|tensorflow``, ``--tfmigrate-deterministic-random``,
``--tfmigrate-timeout SECONDS`` (per run), ``--tfmigrate-exe PATH`` (default: the
executable installed with this package, else ``tfmigrate`` on PATH).
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

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


def _diff_command(config, old, new, extra=()):
    cmd = [_executable(config), "diff", *([old, new] if new else [old]), "--backend", config.getoption("tfmigrate_backend")]
    if config.getoption("tfmigrate_deterministic_random"):
        cmd.append("--deterministic-random")
    timeout = config.getoption("tfmigrate_timeout")
    if timeout is not None:
        cmd += ["--timeout", str(timeout)]
    return cmd + list(extra)


def _run_env():
    env = dict(os.environ)
    # the runs' interpreter: this one, where tfmigrate (and TensorFlow, if any) is installed
    env.setdefault("TFMIGRATE_PYTHON", sys.executable)
    env.setdefault("TFMIGRATE_ORACLE_PYTHON", sys.executable)
    return env


class PairItem(pytest.Item):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.add_marker(pytest.mark.tfmigrate_pair)

    def runtest(self):
        cmd = _diff_command(self.config, str(self.path.parent), None)
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=_run_env())
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
    config.addinivalue_line(
        "markers",
        "tfmigrate_compare(old, new, old_mode='tf1', new_mode='tf2'): run this test against the TF1 module OLD and "
        "the migrated module NEW, each in its own tfmigrate run, and compare what they print, return and observe")


_DRIVER = """\
# Generated by tfmigrate's pytest plugin: one side of a tfmigrate_compare test.
import importlib.util
import sys

sys.path.insert(0, {test_dir!r})


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_target = _load({module_name!r}, {module_path!r})
_tests = _load("_tfmigrate_compare_tests", {test_path!r})
_result = getattr(_tests, {function!r})(tfmigrate_module=_target)
if _result is not None:
    from tfmigrate import observe
    observe("returned by {function}", _result)
"""


class CompareDiverged(Exception):
    pass


@pytest.fixture
def tfmigrate_module():
    """The module under test in a ``tfmigrate_compare`` test (bound in each tfmigrate run)."""
    return None


def pytest_pyfunc_call(pyfuncitem):
    marker = pyfuncitem.get_closest_marker("tfmigrate_compare")
    if marker is None:
        return None
    kw = dict(marker.kwargs)
    args = list(marker.args)
    old = kw.pop("old", args[0] if args else None)
    new = kw.pop("new", args[1] if len(args) > 1 else None)
    if not old or not new:
        raise pytest.UsageError(f"{pyfuncitem.nodeid}: tfmigrate_compare needs old= and new=")
    old_mode = kw.pop("old_mode", "tf1")
    new_mode = kw.pop("new_mode", "tf2")
    if kw:
        raise pytest.UsageError(f"{pyfuncitem.nodeid}: tfmigrate_compare does not know {sorted(kw)}")
    if pyfuncitem.cls is not None:
        raise pytest.UsageError(f"{pyfuncitem.nodeid}: tfmigrate_compare works on module-level test functions")
    test_path = str(pyfuncitem.path)
    test_dir = os.path.dirname(test_path)
    with tempfile.TemporaryDirectory(prefix="tfmigrate-compare-") as tmp:
        drivers = []
        for side, rel in (("old", old), ("new", new)):
            path = os.path.normpath(os.path.join(test_dir, rel))
            if not os.path.isfile(path):
                raise pytest.UsageError(f"{pyfuncitem.nodeid}: tfmigrate_compare: {side}={rel!r} is not a file")
            name = os.path.splitext(os.path.basename(path))[0]
            driver = os.path.join(tmp, f"{side}_{pyfuncitem.originalname}.py")
            with open(driver, "w", encoding="utf-8") as f:
                f.write(_DRIVER.format(test_dir=test_dir, module_name=name, module_path=path, test_path=test_path,
                                       function=pyfuncitem.originalname))
            drivers.append(driver)
        cmd = _diff_command(pyfuncitem.config, drivers[0], drivers[1],
                            ["--old-mode", old_mode, "--new-mode", new_mode])
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=_run_env(),
                              cwd=test_dir)
    out = proc.stdout.replace(tmp + os.sep, "")
    if proc.returncode == 0:
        return True
    if proc.returncode == 5:
        raise CompareDiverged(f"nothing compared: neither run printed, returned or observed anything\n{out}")
    raise CompareDiverged(out if proc.returncode == 1 else f"tfmigrate diff ended with exit code {proc.returncode}:\n{out}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if call.excinfo is not None and isinstance(call.excinfo.value, CompareDiverged):
        report.longrepr = str(call.excinfo.value)
