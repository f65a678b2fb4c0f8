#!/usr/bin/env python3
"""tfmigrate on runnable TF1 programs from published packages and repositories: every side in one run.

    python3 bench/real_programs.py [--build build] [--manifest TOML] [--jobs 2] [--only NAME ...]
                                   [--sides ref,stable,bundled,compat,upgrade,tf2] [--json OUT] [--keep]
    python3 bench/real_programs.py --import-file OWNER/REPO COMMIT PATH LOCAL_FILE [--chars N]
    python3 bench/real_programs.py --validate      # the manifest only; lists github files to fetch

The set is bench/real_programs.toml. Two kinds of source:
  pypi    programs inside PyPI artifacts (source distributions, or wheels that ship them),
          each artifact pinned by version and SHA-256, downloaded on demand into
          .cache/real_programs/ (ignored by git) and extracted there;
  github  single files of public Git repositories, pinned by repository, commit, path and
          the SHA-256 of their bytes. This machine cannot reach the repositories: an agent
          with a code-search tool reads each file at its commit and saves its exact text,
          and `--import-file` checks it and stores it in
          .cache/real_programs/github/OWNER/REPO/COMMIT/PATH. A program whose file is missing
          (or differs from its pin) is skipped with one line saying exactly what to fetch.
Extra packages some programs import are pinned in the same manifest ([[layer]]) and installed
with `pip install --no-deps --target .cache/real_programs/layer`; real TensorFlow runs
from a venv at .cache/real_programs/venv that sees .venv's site-packages, that layer and
the artifacts a program imports (one .pth file), and the bundled runtime gets the same
layer and artifacts on PYTHONPATH. Both also get a start-up hook that seeds NumPy's and
Python's global random generators with the manifest's `numpy_seed` (per program or at the
top; unset: no seeding): tutorials draw their data with unseeded np.random, and a program
must print the same thing twice to be judged. Nothing is written outside the checkout
except what the programs themselves write (each side of each program runs in its own copy
of the program's directory, under .cache/real_programs/work/run-PID/, removed at the end unless
--keep).

Sides, each run with `tfmigrate run --deterministic-random --trace` so that random draws
are the same op by op on every backend and version (docs/diff.md):
  ref      the original on real TensorFlow in TF1 mode (`run --backend tensorflow --mode
           tf1`): the reference every other side is compared with
  stable   the reference again: where the two reference runs differ (timings, temporary
           paths, wall-clock dates) the other sides are compared only where they agree
           (tfm_trace_diff --old-again: differing tokens of printed lines and strings
           masked, other differing values not judged); the column says whether they differ.
           When they agree and another side diverges, the reference runs a third time,
           with TensorFlow's Eigen kernels instead of oneDNN's (TF_ENABLE_ONEDNN_OPTS=0:
           another rounding order, as TensorFlow prints it), and, if that run differs from
           the first, is the second run instead (a value that agrees with it agrees)
  bundled  the original on the bundled runtime (`run --mode tf1`)
  compat   `rewrite --level compat`, run on TF 2.21 (`--backend tensorflow --mode tf2`);
           a github program's own modules (`files` ending in .py) are rewritten with it
  upgrade  TensorFlow's `tf_upgrade_v2` (.venv) plus `tf.compat.v1.disable_v2_behavior()`
           right after the script's `import tensorflow`, run on TF 2.21 (mode tf2)
  tf2      `rewrite --level tf2`: converted or refused (the reason from its summary line),
           `compat.v1` left in the output or not, the output re-parses (Python's `ast`), a
           second `rewrite --level tf2` of the output changes nothing; when converted, run
           in mode tf2 on the bundled runtime and on TF 2.21
"Same as the reference" is the verdict of the comparison `tfmigrate diff` makes
(diff::CompareTraces: printed lines, fetched values, final variables, exceptions, under
the tolerance policy of docs/tolerance.md), applied by build/bench/tfm_trace_diff to the
recorded traces, since `tfmigrate diff` runs both of its sides on one backend.

Prints the CPU model, one Markdown table (a row per program, a total row), the refusal
reasons of the tf2 rewrite and the failure categories of every side. Exit code 0 unless
the harness itself fails (a download, a checksum, a missing binary): it measures.
"""
import argparse
import ast
import concurrent.futures
import datetime
import hashlib
import json
import os
import pathlib
import platform
import re
import shutil
import subprocess
import sys
import time
import tomllib
from collections import Counter

import pypi_artifacts  # bench/pypi_artifacts.py: pinned, verified downloads

ROOT = pathlib.Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "bench" / "real_programs.toml"
CACHE = ROOT / ".cache" / "real_programs"
GITHUB = CACHE / "github"
HOOKS = CACHE / "hooks"
_REPO = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")
_COMMIT = re.compile(r"^[0-9a-f]{40}$")
SIDES = ["ref", "stable", "bundled", "compat", "upgrade", "tf2"]


class HarnessError(Exception):
    """The harness cannot go on (a download, a checksum, a tool): exit 2."""


def pip(*args):
    python = ROOT / ".venv" / "bin" / "python"
    # --no-cache-dir: pip's HTTP cache would live in ~/.cache, outside the checkout
    cmd = [str(python if python.exists() else sys.executable), "-m", "pip", args[0], "--no-cache-dir", *args[1:]]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        raise HarnessError(f"{' '.join(cmd)} failed:\n{p.stdout[-2000:]}")


def fetch(entry):
    """Downloads (once) and checks one pinned artifact; returns its path."""
    try:
        return pypi_artifacts.download(entry["requirement"], entry["file"], entry["sha256"], CACHE / "dist")
    except pypi_artifacts.FetchError as e:
        raise HarnessError(str(e))


def extract(path):
    """Extracts an artifact once into .cache/real_programs/src/<file name>/."""
    return pypi_artifacts.unpack(path, CACHE / "src" / path.name)


def site_packages(python):
    p = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                       stdout=subprocess.PIPE, text=True, check=True)
    return p.stdout.strip()


# ---------------------------------------------------------------- github files

def github_path(repo, commit, path):
    """Where a file of a repository at a commit lives in the cache."""
    return GITHUB / repo / commit / path


def github_files(prog):
    """(commit, path, sha256) of every file a github program needs: the program, then its
    companions (`files`: modules or data it reads, same repository, inside its directory,
    at the program's commit unless they name their own)."""
    return [(prog["commit"], prog["path"], prog["sha256"])] + [
        (f.get("commit", prog["commit"]), f["path"], f["sha256"]) for f in prog.get("files", [])]


def check_manifest(manifest):
    """Refuses a manifest whose github entries are malformed (the harness cannot go on)."""
    names = set()
    for prog in manifest.get("program", []):
        name = prog.get("name", "?")
        if name in names:
            raise HarnessError(f"two programs named {name}")
        names.add(name)
        if not prog.get("shapes") or not prog.get("why"):
            raise HarnessError(f"{name}: a program needs `shapes` (issue 17's list) and `why`")
        if not isinstance(prog.get("timeout"), (int, float)) or prog["timeout"] <= 0:
            raise HarnessError(f"{name}: a program needs a positive `timeout` (seconds)")
        kind = prog.get("source", "pypi")
        if kind == "pypi":
            if "artifact" not in prog:
                raise HarnessError(f"{name}: a pypi program needs `artifact`")
            continue
        if kind != "github":
            raise HarnessError(f"{name}: unknown source {kind!r} (pypi or github)")
        for key in ("repo", "commit", "path", "sha256", "license"):
            if not prog.get(key):
                raise HarnessError(f"{name}: a github program needs `{key}`")
        if not _REPO.match(prog["repo"]) or not _COMMIT.match(prog["commit"]):
            raise HarnessError(f"{name}: repo must be OWNER/NAME and commit 40 hex digits")
        top = pathlib.PurePosixPath(prog["path"]).parent
        for commit, path, digest in github_files(prog):
            if not _COMMIT.match(commit):
                raise HarnessError(f"{name}: {path}: commit must be 40 hex digits")
            if not re.fullmatch(r"[0-9a-f]{64}", digest or ""):
                raise HarnessError(f"{name}: {path}: sha256 must be 64 hex digits")
            pp = pathlib.PurePosixPath(path)
            if pp.is_absolute() or ".." in pp.parts or (top.parts and pp.parts[: len(top.parts)] != top.parts):
                raise HarnessError(f"{name}: {path} is not inside the program's directory {top}")


def missing_github(prog):
    """Lines saying what to fetch for a github program (none when its cache is complete)."""
    lines = []
    for commit, path, digest in github_files(prog):
        p = github_path(prog["repo"], commit, path)
        what = f"{prog['repo']} {commit} {path}"
        if not p.exists():
            lines.append(f"{prog['name']}: missing, fetch {what} (sha256 {digest}), then "
                         f"`python3 bench/real_programs.py --import-file {what} SAVED_FILE`")
        elif pypi_artifacts.sha256(p) != digest:
            lines.append(f"{prog['name']}: {p.relative_to(ROOT)} is not the pinned bytes (sha256 {digest}); "
                         f"fetch {what} again and --import-file it")
    return lines


def import_file(manifest, repo, commit, path, local, chars=None, crlf=False):
    """--import-file: checks a file saved from a repository and stores it in the cache.
    With crlf, every line end is stored as CR LF (the code index shows a file's text with
    LF line ends; its character count tells when the file has CR LF). Returns the exit
    code; prints what it did (and the sha256 to pin)."""
    if not _REPO.match(repo) or not _COMMIT.match(commit):
        print("real_programs: --import-file needs OWNER/REPO and a 40-hex-digit commit", file=sys.stderr)
        return 2
    pp = pathlib.PurePosixPath(path)
    if pp.is_absolute() or ".." in pp.parts or not pp.parts:
        print(f"real_programs: {path}: a path inside the repository, without ..", file=sys.stderr)
        return 2
    try:
        data = pathlib.Path(local).read_bytes()
    except OSError as e:
        print(f"real_programs: cannot read {local}: {e.strerror}", file=sys.stderr)
        return 2
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        print(f"real_programs: {local} is not UTF-8 text (the code index stores text files only)", file=sys.stderr)
        return 2
    if crlf:
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")
        data = text.encode("utf-8")
    if chars is not None and len(text) != chars:
        hint = ("; the difference is the number of line ends: the file has CR LF line ends (--crlf)"
                if not crlf and len(text) + text.count("\n") == chars else ": a part is missing or was added")
        print(f"real_programs: {local} has {len(text)} characters, the index said {chars}{hint}", file=sys.stderr)
        return 2
    if path.endswith(".py"):
        try:
            compile(text, path, "exec", dont_inherit=True)
        except SyntaxError as e:
            print(f"real_programs: note: {path} does not compile on this Python ({e.msg}, line {e.lineno})",
                  file=sys.stderr)
    digest = hashlib.sha256(data).hexdigest()
    pinned = [(prog["name"], d) for prog in manifest.get("program", []) if prog.get("source") == "github"
              and prog["repo"] == repo for c2, p2, d in github_files(prog) if (c2, p2) == (commit, path)]
    wrong = [name for name, d in pinned if d != digest]
    if wrong:
        print(f"real_programs: {local} (sha256 {digest}) is not the file {', '.join(wrong)} pins; "
              "not stored", file=sys.stderr)
        return 2
    dest = github_path(repo, commit, path)
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".part")
    tmp.write_bytes(data)
    tmp.replace(dest)
    print(f"{dest.relative_to(ROOT)}: {len(data)} bytes, {len(text)} characters, sha256 {digest}")
    if pinned:
        print(f"matches the pin of {', '.join(n for n, _ in pinned)}")
    else:
        print("not in the manifest yet; pin it with:")
        print(f'source = "github"\nrepo = "{repo}"\ncommit = "{commit}"\npath = "{path}"\nsha256 = "{digest}"')
    return 0


HOOK = '''"""Start-up hook of bench/real_programs.py (written by it): seeds NumPy's and Python's
global random generators when REAL_PROGRAMS_NUMPY_SEED is set."""
import os

_seed = os.environ.get("REAL_PROGRAMS_NUMPY_SEED", "")
if _seed:
    import random
    random.seed(int(_seed))
    try:
        import numpy
        numpy.random.seed(int(_seed))
    except ImportError:
        pass
'''


def write_hooks():
    """The seeding hook: a module imported by the oracle venv's .pth file, and a
    sitecustomize.py on the bundled runtime's PYTHONPATH that imports it."""
    HOOKS.mkdir(parents=True, exist_ok=True)
    (HOOKS / "real_programs_hook.py").write_text(HOOK)
    (HOOKS / "sitecustomize.py").write_text("import real_programs_hook  # noqa: F401\n")


def assemble(prog):
    """A github program's directory: its file and companions, copied from the cache to their
    places relative to the program's directory (the copies every side starts from)."""
    dest = CACHE / "programs" / prog["name"]
    shutil.rmtree(dest, ignore_errors=True)
    top = pathlib.PurePosixPath(prog["path"]).parent
    for commit, path, _ in github_files(prog):
        rel = pathlib.PurePosixPath(path).relative_to(top)
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(github_path(prog["repo"], commit, path), dest / rel)
    return dest


def prepare(manifest, programs):
    """Artifacts, github files, the layer and the oracle venv. Returns ({artifact name:
    extracted dir}, extra import paths, the programs that can run); github programs whose
    files are not in the cache are left out with one line each on stderr."""
    runnable = []
    for prog in programs:
        lines = missing_github(prog) if prog.get("source") == "github" else []
        for line in lines:
            print(f"real_programs: skipped {line}", file=sys.stderr)
        if not lines:
            if prog.get("source") == "github":
                prog["_dir"] = assemble(prog)
            runnable.append(prog)
    roots, import_paths = {}, []
    needed = {p["artifact"] for p in runnable if p.get("source", "pypi") == "pypi"}
    for a in manifest.get("artifact", []):
        if a["name"] in needed:
            roots[a["name"]] = extract(fetch(a))
        # Import roots of every artifact already extracted, needed now or not: the .pth
        # below is shared by every run of the driver, and one started with --only must not
        # take another's roots away while it runs.
        where = roots.get(a["name"], CACHE / "src" / a["file"])
        if a["name"] in needed or where.is_dir():
            for sub in a.get("import_roots", []):
                import_paths.append(str(where / sub))
    layer = CACHE / "layer"
    wanted = sorted(l["requirement"] for l in manifest.get("layer", []))
    stamp = layer / ".requirements"
    if wanted and (not stamp.exists() or stamp.read_text() != "\n".join(wanted)):
        shutil.rmtree(layer, ignore_errors=True)
        files = [str(fetch(l)) for l in manifest["layer"]]
        pip("install", "-q", "--no-deps", "--no-compile", "--target", str(layer), *files)
        stamp.write_text("\n".join(wanted))
    write_hooks()
    extra = ([str(layer)] if wanted else []) + import_paths
    venv_python = ROOT / ".venv" / "bin" / "python"
    if not venv_python.exists():
        raise HarnessError("no .venv with TensorFlow (scripts/setup.sh): the reference side needs it")
    venv = CACHE / "venv"
    if not (venv / "bin" / "python").exists():
        subprocess.run([str(venv_python), "-m", "venv", "--without-pip", str(venv)], check=True)
    pth = pathlib.Path(site_packages(venv / "bin" / "python")) / "real_programs.pth"
    tmp = pth.with_name(f".real_programs.pth.{os.getpid()}")  # replaced in one step: runs may share it
    tmp.write_text("\n".join([site_packages(venv_python)] + extra + [str(HOOKS), "import real_programs_hook"]) + "\n")
    os.replace(tmp, pth)
    return roots, extra + [str(HOOKS)], runnable


def cpu_model():
    try:
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


# ---------------------------------------------------------------- one program, every side

class Ctx:
    def __init__(self, args, roots, extra_paths):
        self.tfm = str((ROOT / args.build / "tfmigrate").resolve())
        self.trace_diff = str((ROOT / args.build / "bench" / "tfm_trace_diff").resolve())
        self.upgrade = str(ROOT / ".venv" / "bin" / "tf_upgrade_v2")
        self.oracle = str(CACHE / "venv" / "bin" / "python")
        self.roots = roots
        self.pythonpath = ":".join(extra_paths)
        # One directory per run: runs from several checkouts may share the cache, and one
        # run's clean-up must not remove another's files.
        self.work = CACHE / "work" / f"run-{os.getpid()}"
        self.sides = args.sides


def read_trace(path):
    recs = []
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                try:
                    recs.append(json.loads(line))
                except json.JSONDecodeError:
                    pass
    except OSError:
        pass
    return recs


def first_line(text, limit=120):
    text = (text or "").strip().splitlines()
    s = text[0] if text else ""
    return s if len(s) <= limit else s[: limit - 1] + "…"


def outcome(rc, trace, stderr):
    """How a run ended: ("ok"|"exception"|"unsupported"|"timeout"|"crash", detail)."""
    recs = read_trace(trace)
    for r in recs:
        if r.get("kind") == "unsupported":
            return "unsupported", r.get("symbol", "?")
    for r in recs:
        if r.get("kind") == "exception":
            return "exception", f"{r.get('type')}: {first_line(r.get('message'), 90)}"
    end = [r for r in recs if r.get("kind") == "end"]
    if end and end[-1].get("status") in ("ok",) and rc == 0:
        return "ok", ""
    if end:
        return end[-1].get("status", "exit"), f"exit {end[-1].get('exit_code')}"
    tail = [l for l in (stderr or "").strip().splitlines() if l.strip()]
    if rc == 124 or any("time" in l and "limit" in l for l in tail[-2:]):
        return "timeout", tail[-1] if tail else "timeout"
    return "crash", f"exit {rc}: {first_line(tail[-1] if tail else '', 90)}"


def tests_ran(text):
    """For tf.test / unittest programs: the number of tests the runner reported, or None."""
    m = re.findall(r"^Ran (\d+) tests? in", text, re.M)
    return int(m[-1]) if m else None


def run_side(ctx, prog, side_dir, script_name, mode, backend, tag, extra_env=None):
    trace = side_dir.parent / f"{tag}.jsonl"
    # Three times the manifest's limit on every side: machines shared with builds run TensorFlow's
    # start-up several times slower; the reference's own wall time is in the table.
    timeout = prog.get("timeout", 60) * 3
    cmd = [ctx.tfm, "run", "--mode", mode, "--backend", backend, "--deterministic-random", "--trace", str(trace),
           "--timeout", str(timeout)]
    if backend == "tensorflow":
        cmd += ["--python", ctx.oracle]
    cmd.append(str(side_dir / script_name))
    if prog.get("argv"):
        cmd += ["--", *prog["argv"]]
    env = dict(os.environ)
    env.update(prog.get("env", {}))
    env.update(TF_CPP_MIN_LOG_LEVEL="3", PYTHONDONTWRITEBYTECODE="1")
    env.update(extra_env or {})
    env.pop("REAL_PROGRAMS_NUMPY_SEED", None)
    if prog.get("numpy_seed") is not None:
        env["REAL_PROGRAMS_NUMPY_SEED"] = str(prog["numpy_seed"])
    if backend == "bundled" and ctx.pythonpath:
        env["PYTHONPATH"] = ctx.pythonpath
    cwd = side_dir / prog.get("cwd", ".")
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           errors="replace", timeout=timeout + 60)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        rc, out, err = 124, e.stdout or "", (e.stderr or "") + "\nharness: time limit"
        out = out if isinstance(out, str) else out.decode("utf-8", "replace")
        err = err if isinstance(err, str) else err.decode("utf-8", "replace")
    seconds = time.perf_counter() - t0
    (side_dir.parent / f"{tag}.out").write_text(out + "\n--- stderr ---\n" + err, encoding="utf-8")
    status, detail = outcome(rc, trace, err)
    res = {"status": status, "detail": detail, "seconds": round(seconds, 1), "trace": str(trace),
           "tests": tests_ran(out + "\n" + err), "printed": sum(1 for r in read_trace(trace) if r.get("kind") == "print")}
    return res


def compare(ctx, ref_trace, trace, ref_again=None):
    cmd = [ctx.trace_diff, ref_trace, trace] + (["--old-again", ref_again] if ref_again else [])
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        j = json.loads(p.stdout)
    except json.JSONDecodeError:
        return {"verdict": "error", "detail": first_line(p.stderr)}
    if j.get("verdict") == "divergent":
        d = j.get("divergences", [{}])[0]
        return {"verdict": "divergent", "detail": f"{d.get('id', '')} {d.get('title', '')}".strip(),
                "agreed": j.get("agreed"), "compared": j.get("compared")}
    return {"verdict": j.get("verdict", "error"), "detail": j.get("error", ""), "agreed": j.get("agreed"),
            "compared": j.get("compared")}


def fresh_copy(src_dir, dest):
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(src_dir, dest, symlinks=True)
    return dest


def add_disable_v2_behavior(text):
    """tf_upgrade_v2's output with `tf.compat.v1.disable_v2_behavior()` right after the
    script's first top-level `import tensorflow [as X]` (or at the top after the docstring
    and `__future__` imports, with its own `import tensorflow`)."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    for node in tree.body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "tensorflow":
                    name = alias.asname or "tensorflow"
                    call = f"{name}.compat.v1.disable_v2_behavior()\n"
                    return "".join(lines[: node.end_lineno] + [call] + lines[node.end_lineno:])
    at = 0
    for node in tree.body:
        is_doc = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
        if is_doc or (isinstance(node, ast.ImportFrom) and node.module == "__future__"):
            at = node.end_lineno
        else:
            break
    shim = "import tensorflow\ntensorflow.compat.v1.disable_v2_behavior()\n"
    return "".join(lines[:at] + [shim] + lines[at:])


def rewrite(ctx, level, path):
    p = subprocess.run([ctx.tfm, "rewrite", "--level", level, "--in-place", "--isolated", "-j", "1", str(path)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace")
    return p.returncode, p.stdout + p.stderr


def rewrite_companions(ctx, level, prog, copy_dir):
    """The Python modules a github program imports from its own directory (`files`) are
    migrated with it, as `tfmigrate rewrite DIR` would: the reference runs them in TF1 mode,
    a rewritten program runs them under TF2. Returns the logs of any that failed."""
    if prog.get("source") != "github":
        return ""
    top = pathlib.PurePosixPath(prog["path"]).parent
    logs = []
    for f in prog.get("files", []):
        rel = pathlib.PurePosixPath(f["path"]).relative_to(top)
        if rel.suffix == ".py":
            rc, log = rewrite(ctx, level, copy_dir / rel)
            if rc not in (0, 1):
                logs.append(first_line(log))
    return "; ".join(logs)


def parses(text):
    try:
        ast.parse(text)
        return True
    except (SyntaxError, ValueError):
        return False


def program_dir(ctx, prog):
    """The directory the program's copies are made from."""
    if prog.get("source") == "github":
        return prog["_dir"]
    return ctx.roots[prog["artifact"]] / pathlib.PurePosixPath(prog["path"]).parent


def run_program(ctx, prog):
    script_rel = pathlib.PurePosixPath(prog["path"])
    src_dir = program_dir(ctx, prog)
    name = script_rel.name
    original = (src_dir / name).read_text(encoding="utf-8", errors="replace")
    base = ctx.work / prog["name"]
    shutil.rmtree(base, ignore_errors=True)
    base.mkdir(parents=True)
    res = {"name": prog["name"], "shapes": prog.get("shapes", []),
           "source": prog["repo"] if prog.get("source") == "github" else f"pypi:{prog['artifact']}"}
    sides = ctx.sides

    def side(tag, text, mode, backend, src=None, extra_env=None):
        d = fresh_copy(src or src_dir, base / tag / "dir")
        (d / name).write_text(text, encoding="utf-8")
        return run_side(ctx, prog, d, name, mode, backend, tag, extra_env)

    ref = side("ref", original, "tf1", "tensorflow") if "ref" in sides else None
    res["ref"] = ref
    ok_ref = ref is not None and ref["status"] == "ok" and (ref["tests"] is None or ref["tests"] > 0) and (
        ref["printed"] > 0 or ref["tests"])
    res["runnable"] = ok_ref
    if ref is not None and ref["status"] == "ok" and not ok_ref:
        ref["detail"] = "ran 0 tests" if ref["tests"] == 0 else "printed nothing"

    ref_again = None  # the stable run's trace: what varies between two reference runs is masked

    def judged(tag, text, mode, backend, src=None):
        r = side(tag, text, mode, backend, src)
        if ok_ref and r["status"] == "ok":
            r["compare"] = compare(ctx, ref["trace"], r["trace"], ref_again)
        return r

    if "stable" in sides and ok_ref:
        res["stable"] = judged("stable", original, "tf1", "tensorflow")
        if res["stable"]["status"] == "ok":
            ref_again = res["stable"]["trace"]
    if "bundled" in sides:
        res["bundled"] = judged("bundled", original, "tf1", "bundled")
    if "compat" in sides:
        tmp = fresh_copy(src_dir, base / "compat_src")
        rc, log = rewrite(ctx, "compat", tmp / name)
        companions_failed = rewrite_companions(ctx, "compat", prog, tmp)
        text = (tmp / name).read_text(encoding="utf-8", errors="replace")
        if rc not in (0, 1) or companions_failed:
            res["compat"] = {"status": "rewrite-error", "detail": first_line(log) if rc not in (0, 1) else companions_failed}
        else:
            res["compat"] = judged("compat", text, "tf2", "tensorflow", tmp)
    if "upgrade" in sides:
        out = base / "upgrade_src.py"
        p = subprocess.run([ctx.upgrade, "--infile", str(src_dir / name), "--outfile", str(out),
                            "--reportfile", str(base / "upgrade_report.txt")],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace")
        try:
            text = add_disable_v2_behavior(out.read_text(encoding="utf-8", errors="replace"))
        except (OSError, SyntaxError, ValueError) as e:
            res["upgrade"] = {"status": "rewrite-error", "detail": f"tf_upgrade_v2 exit {p.returncode}: {e}"}
        else:
            res["upgrade"] = judged("upgrade", text, "tf2", "tensorflow")
    if "tf2" in sides:
        tmp = fresh_copy(src_dir, base / "tf2_src")
        rc, log = rewrite(ctx, "tf2", tmp / name)
        companions_failed = rewrite_companions(ctx, "tf2", prog, tmp)
        text = (tmp / name).read_text(encoding="utf-8", errors="replace")
        m = re.search(r"session (converted|not converted)(?: \(line \d+ of the compat result\))?: ?(.*)", log)
        t = {"rc": rc}
        if rc not in (0, 1) or companions_failed:
            t.update(status="error", reason=first_line(log) if rc not in (0, 1) else companions_failed)
        elif m and m.group(1) == "converted":
            t.update(status="converted", reason=m.group(2).strip())
        else:
            t.update(status="refused", reason=(m.group(2).strip() if m else "no summary line"))
        t["compat_v1_left"] = len(re.findall(r"\bcompat\.v1\b", text))
        t["parses"] = parses(text)
        again = fresh_copy(tmp, base / "tf2_again")
        rc2, log2 = rewrite(ctx, "tf2", again / name)
        t["idempotent"] = (again / name).read_text(encoding="utf-8", errors="replace") == text
        if t["status"] == "converted":
            t["bundled"] = judged("tf2_bundled", text, "tf2", "bundled", tmp)
            t["tensorflow"] = judged("tf2_tensorflow", text, "tf2", "tensorflow", tmp)
        res["tf2"] = t

    # A side diverged although the two reference runs agreed: they may have agreed by
    # chance (a timing printed to a tenth of a millisecond), or the program's numbers may
    # depend on rounding order, which TensorFlow itself varies: its oneDNN kernels (on by
    # default on x86) and its Eigen kernels (TF_ENABLE_ONEDNN_OPTS=0) round differently. As
    # `tfmigrate diff --rerun-old` does, the reference runs once more, with oneDNN off; if
    # that run differs from the first, every divergent side is compared again with it as
    # the reference's second run: a value either TensorFlow run computed agrees, a value the
    # two TensorFlow runs disagree on and the side matches neither is not judged.
    judged_sides = [res.get(k) for k in ("bundled", "compat", "upgrade")] + [
        (res.get("tf2") or {}).get(k) for k in ("bundled", "tensorflow")]
    diverged = [r for r in judged_sides if r and r.get("compare", {}).get("verdict") == "divergent"]
    if diverged and "stable" in sides and ok_ref and same(res.get("stable")):
        third = side("stable2", original, "tf1", "tensorflow", extra_env={"TF_ENABLE_ONEDNN_OPTS": "0"})
        if third["status"] == "ok" and compare(ctx, ref["trace"], third["trace"])["verdict"] != "equivalent":
            res["stable2"] = "differs"
            for r in diverged:
                r["compare"] = compare(ctx, ref["trace"], r["trace"], third["trace"])
        else:
            res["stable2"] = "same"
    return res


# ---------------------------------------------------------------- report

def same(r):
    return r is not None and r.get("status") == "ok" and r.get("compare", {}).get("verdict") == "equivalent"


def cell(r):
    if r is None:
        return "–"
    if r.get("status") == "ok":
        c = r.get("compare")
        if c is None:
            return "ran"
        if c["verdict"] == "equivalent":
            return "same"
        return f"differs: {c['detail']}" if c["verdict"] == "divergent" else f"? {c['detail']}"
    if r["status"] == "unsupported":
        return f"not yet: `{r['detail']}`"
    return f"{r['status']}: {r['detail']}"


def ref_cell(r):
    ref = r.get("ref")
    if ref is None:
        return "–"
    if r["runnable"]:
        return f"ok ({ref['seconds']} s)"
    return ref["detail"] if ref["status"] == "ok" else cell(ref)


def category(r):
    """A side's failure, as a category for the tables (None when it matched)."""
    if r is None or same(r):
        return None
    if r.get("status") == "ok":
        c = r.get("compare", {})
        if c.get("verdict") == "divergent":
            return "differs: " + re.sub(r"\d+", "N", c.get("detail", ""))
        return "not compared: " + c.get("detail", "")
    if r["status"] == "unsupported":
        return f"not yet in the bundled runtime: {r['detail']}"
    if r["status"] == "exception":
        t, _, msg = r["detail"].partition(": ")
        return f"{t}: {re.sub(r'[0-9]+', 'N', msg)[:70]}"
    return f"{r['status']}: {re.sub(r'[0-9]+', 'N', r.get('detail', ''))[:70]}"


def pct(n, d):
    return f"{n}/{d} ({100.0 * n / d:.0f}%)" if d else f"{n}/0"


def report(results, args, cpu, elapsed, skipped=0):
    out = []
    w = out.append
    tf_version = subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "-c",
                                 "import tensorflow as tf; print(tf.__version__)"], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True).stdout.strip()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                            text=True).stdout.strip()
    w(f"CPU: {cpu}; TensorFlow {tf_version}; tfmigrate {commit}; "
      f"{datetime.date.today().isoformat()}; {len(results)} programs"
      f"{f' ({skipped} skipped: files not in the cache)' if skipped else ''}, {elapsed:.0f} s wall with --jobs {args.jobs}")
    w("")
    w("| program | shapes | reference (TF 2.21, TF1 mode) | stable | bundled tf1 | compat on TF 2.21 "
      "| tf_upgrade_v2 + disable_v2 | tf2 rewrite | compat.v1 left | tf2 ≡ ref, bundled | tf2 ≡ ref, TF 2.21 "
      "| re-parses | idempotent |")
    w("|---|---|---|---|---|---|---|---|---:|---|---|---|---|")
    for r in results:
        t = r.get("tf2") or {}
        refcell = ref_cell(r)
        tf2cell = "–" if not t else (t["status"] if t["status"] == "converted" else f"{t['status']}: {t['reason'][:90]}")
        w(f"| {r['name']} | {', '.join(r['shapes'])} | {refcell} | {cell(r.get('stable'))} | {cell(r.get('bundled'))} "
          f"| {cell(r.get('compat'))} | {cell(r.get('upgrade'))} | {tf2cell} "
          f"| {t.get('compat_v1_left', '–')} | {cell(t.get('bundled'))} | {cell(t.get('tensorflow'))} "
          f"| {'yes' if t.get('parses') else ('–' if not t else 'NO')} "
          f"| {'yes' if t.get('idempotent') else ('–' if not t else 'NO')} |")
    run = [r for r in results if r["runnable"]]
    n = len(run)
    stable = [r for r in run if "stable" not in r or same(r.get("stable"))]
    conv = [r for r in run if (r.get("tf2") or {}).get("status") == "converted"]
    no_v1 = [r for r in conv if r["tf2"]["compat_v1_left"] == 0]
    w(f"| **total** ({n} of {len(results)} runnable) | | {n} ran | {pct(len(stable), n)} stable "
      f"| {pct(sum(same(r.get('bundled')) for r in run), n)} same "
      f"| {pct(sum(same(r.get('compat')) for r in run), n)} same "
      f"| {pct(sum(same(r.get('upgrade')) for r in run), n)} same "
      f"| {pct(len(conv), n)} converted | {pct(len(no_v1), n)} without "
      f"| {pct(sum(same(r['tf2'].get('bundled')) for r in conv), len(conv))} same "
      f"| {pct(sum(same(r['tf2'].get('tensorflow')) for r in conv), len(conv))} same "
      f"| {pct(sum(bool((r.get('tf2') or {}).get('parses')) for r in run), n)} "
      f"| {pct(sum(bool((r.get('tf2') or {}).get('idempotent')) for r in run), n)} |")
    w("")
    w("Percentages are of the programs whose reference run finished and printed something (or ran "
      "tests); the tf2 columns after 'converted' are of the converted ones. 'same' is the verdict of "
      "`tfmigrate diff`'s comparison against the reference trace, every run with --deterministic-random.")

    def table(title, counter):
        if not counter:
            return
        w("")
        w(f"| {title} | programs |")
        w("|---|---:|")
        for k, v in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])):
            w(f"| {k.replace('|', '/')} | {v} |")

    by_source, by_shape = Counter(), Counter()
    for r in results:
        by_source[r["source"]] += 1
        for sh in r["shapes"]:
            by_shape[sh] += 1
    w("")
    w("| source | programs | runnable |")
    w("|---|---:|---:|")
    for k, v in sorted(by_source.items(), key=lambda kv: (-kv[1], kv[0])):
        w(f"| {k} | {v} | {sum(1 for r in run if r['source'] == k)} |")
    w("")
    w("| shape | programs | runnable |")
    w("|---|---:|---:|")
    for k, v in sorted(by_shape.items(), key=lambda kv: (-kv[1], kv[0])):
        w(f"| {k} | {v} | {sum(1 for r in run if k in r['shapes'])} |")
    table("reference runs that did not qualify", Counter(
        (r["ref"]["detail"] if r["ref"]["status"] == "ok" else category(r["ref"])) for r in results
        if r.get("ref") and not r["runnable"]))
    table("tf2 rewrite: refusal reason", Counter(
        re.sub(r"line \d+", "line N", r["tf2"]["reason"]) for r in run if r.get("tf2") and r["tf2"]["status"] != "converted"))
    for tag, title in (("stable", "reference run twice: differences"),
                       ("bundled", "bundled runtime (tf1): failures by first missing symbol / error"),
                       ("compat", "compat rewrite on TF 2.21: failures"),
                       ("upgrade", "tf_upgrade_v2 + disable_v2_behavior on TF 2.21: failures")):
        table(title, Counter(c for c in (category(r.get(tag)) for r in run if tag in r) if c))
    table("tf2 rewrite (converted) on the bundled runtime: failures",
          Counter(c for c in (category(r["tf2"].get("bundled")) for r in conv) if c))
    table("tf2 rewrite (converted) on TF 2.21: failures",
          Counter(c for c in (category(r["tf2"].get("tensorflow")) for r in conv) if c))
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--manifest", default=str(MANIFEST), help="the set (default bench/real_programs.toml)")
    ap.add_argument("--jobs", type=int, default=2, help="programs run at once (default 2)")
    ap.add_argument("--only", action="append", default=[], help="a program name (repeatable); default all")
    ap.add_argument("--sides", default=",".join(SIDES), help="comma-separated subset of " + ",".join(SIDES))
    ap.add_argument("--json", help="also write the raw results here")
    ap.add_argument("--keep", action="store_true", help="keep .cache/real_programs/work/run-PID (traces, outputs)")
    ap.add_argument("--fetch-only", action="store_true", help="download, verify and extract; run nothing")
    ap.add_argument("--import-file", nargs=4, metavar=("OWNER/REPO", "COMMIT", "PATH", "LOCAL_FILE"),
                    help="check a file saved from a repository at a commit and store it in the cache")
    ap.add_argument("--chars", type=int, help="with --import-file: the length in characters the index reported")
    ap.add_argument("--crlf", action="store_true", help="with --import-file: store CR LF line ends")
    ap.add_argument("--validate", action="store_true",
                    help="check the manifest only (no download, no run); list github files not in the cache")
    a = ap.parse_args()
    try:
        manifest = tomllib.loads(pathlib.Path(a.manifest).read_text(encoding="utf-8"))
        check_manifest(manifest)
    except (OSError, tomllib.TOMLDecodeError, HarnessError) as e:
        print(f"real_programs: {a.manifest}: {e}", file=sys.stderr)
        return 2
    if a.import_file:
        return import_file(manifest, *a.import_file, chars=a.chars, crlf=a.crlf)
    if a.validate:
        progs = manifest.get("program", [])
        github = [p for p in progs if p.get("source") == "github"]
        lines = [line for p in github for line in missing_github(p)]
        for line in lines:
            print(f"real_programs: to fetch: {line}")
        print(f"manifest valid: {len(progs)} programs ({len(progs) - len(github)} pypi, {len(github)} github "
              f"from {len({p['repo'] for p in github})} repositories); {len(lines)} github files to fetch")
        return 0
    a.sides = [s for s in a.sides.split(",") if s]
    bad = [s for s in a.sides if s not in SIDES]
    if bad:
        ap.error(f"unknown side(s) {bad}; choose from {SIDES}")
    if "ref" not in a.sides:
        a.sides.insert(0, "ref")  # every comparison is against the reference
    programs = manifest["program"]
    for prog in programs:  # the manifest's top-level numpy_seed and env are every program's defaults
        prog.setdefault("numpy_seed", manifest.get("numpy_seed"))
        prog["env"] = {**manifest.get("env", {}), **prog.get("env", {})}
    if a.only:
        names = {p["name"] for p in programs}
        missing = [n for n in a.only if n not in names]
        if missing:
            ap.error(f"no program named {missing} in {a.manifest}")
        programs = [p for p in programs if p["name"] in a.only]
    try:
        roots, extra, runnable = prepare(manifest, programs)
        skipped = len(programs) - len(runnable)
        programs = runnable
        if a.fetch_only:
            print(f"{len(roots)} artifacts verified and extracted, {len(programs)} programs ready, "
                  f"{skipped} skipped (files to fetch) in {CACHE}")
            return 0
        for tool in (ROOT / a.build / "tfmigrate", ROOT / a.build / "bench" / "tfm_trace_diff",
                     ROOT / ".venv" / "bin" / "tf_upgrade_v2"):
            if not tool.exists():
                raise HarnessError(f"{tool} is missing (build the project; scripts/setup.sh for .venv)")
    except HarnessError as e:
        print(f"real_programs: {e}", file=sys.stderr)
        return 2
    ctx = Ctx(a, roots, extra)
    cpu = cpu_model()
    print(f"CPU: {cpu}", file=sys.stderr)
    t0 = time.perf_counter()
    results = [None] * len(programs)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        futs = {pool.submit(run_program, ctx, p): i for i, p in enumerate(programs)}
        for f in concurrent.futures.as_completed(futs):
            i = futs[f]
            try:
                results[i] = f.result()
            except Exception as e:  # noqa: BLE001 - a harness bug on one program is reported, not fatal
                print(f"real_programs: {programs[i]['name']}: harness error {type(e).__name__}: {e}", file=sys.stderr)
                return 2
            r = results[i]
            print(f"[{sum(x is not None for x in results)}/{len(programs)}] {r['name']}: reference {ref_cell(r)}",
                  file=sys.stderr)
    elapsed = time.perf_counter() - t0
    print(report(results, a, cpu, elapsed, skipped))
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(results, indent=1), encoding="utf-8")
    if not a.keep:
        shutil.rmtree(ctx.work, ignore_errors=True)
    else:
        print(f"real_programs: traces and outputs kept in {ctx.work}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
