#!/usr/bin/env bash
# CTest `wheel_install`: the Python wheel is built from this checkout with scikit-build-core
# (pyproject.toml; the build requirements pinned by hash in scripts/requirements-wheel.txt,
# fetched by scripts/setup.sh into .deps/downloads/wheel), installed into a fresh venv that
# has nothing else (NumPy, its one dependency, from the same pinned downloads), and used from
# there: --version, `python -m tfmigrate`, check (examples/, and C++ through the optional
# front end), rewrite, run on the bundled runtime, diff; then the pytest plugin under
# pytest-xdist and pytest-split, and the pre-commit hooks run by pre-commit.
# The commands run with a bare environment (no PYTHONPATH, no LD_LIBRARY_PATH, PATH with
# the venv and /usr/bin only) from a directory outside the checkout, so nothing the build
# tree or the checkout provides is reachable; every shared library the executable and the
# runtime extension load must resolve from the system's base libraries or the wheel.
#   Usage: tests/wheel_install.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
BUILD="$1"; SRC="$2"
DL="$SRC/.deps/downloads/wheel"
if [[ ! -d "$DL" ]]; then
  echo "wheel_install: $DL is missing: run scripts/setup.sh (it fetches the pinned wheel requirements)" >&2
  exit 1
fi
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT

# 1. Build: a tools venv (scikit-build-core, pinned) kept in the build tree, and the wheel's
#    CMake build tree beside it (incremental on later runs).
tools="$BUILD/wheel-tools"
if [[ ! -x "$tools/bin/python" ]] || ! "$tools/bin/python" -c "import scikit_build_core" 2>/dev/null; then
  python3 -m venv --clear "$tools"
  "$tools/bin/python" -m pip install -q --disable-pip-version-check --no-index --find-links "$DL" \
    --require-hashes -r "$SRC/scripts/requirements-wheel-build.txt"
fi
# The wheel's build tree is build-wheel/ beside the build tree: at the same depth, Ninja's
# relative compile commands equal the main build's, and ccache (the cache scripts/setup.sh
# uses, inside the checkout) hands back most objects instead of compiling them again.
wbuild="$(dirname "$BUILD")/build-wheel"
# The same compilers and CMake as the main build: ccache keys on the compiler's name and
# the exact command line (scikit-build-core's CMake would otherwise pick g++ where the main
# build has c++, and another CMake version orders the flags differently).
cmake_dir="$(dirname "$(sed -n 's/^CMAKE_COMMAND:INTERNAL=//p' "$BUILD/CMakeCache.txt")")"
export PATH="$cmake_dir:$PATH"
launcher=()
for lang in C CXX; do
  c="$(sed -n "s/^CMAKE_${lang}_COMPILER:[A-Z]*=//p" "$BUILD/CMakeCache.txt")"
  [[ -n "$c" ]] && launcher+=("-Ccmake.define.CMAKE_${lang}_COMPILER=$c")
done
if command -v ccache >/dev/null; then
  export CCACHE_DIR="${CCACHE_DIR:-$SRC/.cache/ccache}" CCACHE_BASEDIR="$SRC" CCACHE_NOHASHDIR=1
  launcher+=(-Ccmake.define.CMAKE_CXX_COMPILER_LAUNCHER=ccache -Ccmake.define.CMAKE_C_COMPILER_LAUNCHER=ccache)
fi
rm -rf "$BUILD/wheel-dist"
(cd "$SRC" && CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" "$tools/bin/python" -m pip wheel -q --disable-pip-version-check \
   --no-build-isolation --no-deps -w "$BUILD/wheel-dist" -Cbuild-dir="$wbuild" "${launcher[@]}" .)
wheel=("$BUILD"/wheel-dist/tfmigrate-*.whl)
echo "built $(basename "${wheel[0]}") ($(du -k "${wheel[0]}" | cut -f1) KiB)"

# 2. Install into a fresh venv: the wheel and NumPy, nothing else, offline.
python3 -m venv "$TMP/venv"
"$TMP/venv/bin/python" -m pip install -q --disable-pip-version-check --no-index --find-links "$DL" "${wheel[0]}"
"$TMP/venv/bin/python" -m pip list --disable-pip-version-check 2>/dev/null | awk 'NR>2 {print $1}' | sort > "$TMP/pkgs"
echo "venv packages: $(tr '\n' ' ' < "$TMP/pkgs")"
diff <(printf 'numpy\npip\nsetuptools\ntfmigrate\n') "$TMP/pkgs" >/dev/null ||
  { echo "FAIL: the venv holds more than the wheel and NumPy"; exit 1; }

# 3. Every shared library of the executable, the C++ front end's own loader and the
#    runtime extension resolves (ldd's "not found" would be a missing bundle).
site="$("$TMP/venv/bin/python" -c 'import tfmigrate, os; print(os.path.dirname(tfmigrate.__file__))')"
for obj in "$site/_bundle/bin/tfmigrate" "$site"/_bundle/share/tfmigrate/python/_tfrt*.so; do
  out="$(env -i PATH=/usr/bin:/bin ldd "$obj")"
  if grep -q "not found" <<<"$out"; then echo "FAIL: $obj: $(grep 'not found' <<<"$out")"; exit 1; fi
  # the libraries no base system has come from the wheel
  for lib in libprotobuf libfmt libtomlplusplus libmimalloc; do
    line="$(grep "$lib" <<<"$out" || true)"
    [[ -z "$line" || "$line" == *"$site/_bundle/"* ]] || { echo "FAIL: $obj takes $lib from the system: $line"; exit 1; }
  done
done

# 4. Use it, away from the checkout, with a bare environment.
mkdir -p "$TMP/work"
cp "$SRC"/examples/lr_decay_tf1.py "$SRC"/examples/lr_decay_tf2.py "$SRC"/examples/mnist_softmax_tf1.py "$TMP/work/"
cp -r "$SRC/examples" "$TMP/work/examples"
cd "$TMP/work"
run() { env -i HOME="$TMP" PATH="$TMP/venv/bin:/usr/bin:/bin" "$@"; }
version="$(sed -nE 's/^project\(tfmigrate VERSION ([0-9.]+).*/\1/p' "$SRC/CMakeLists.txt")"
run tfmigrate --version | tee "$TMP/v"
grep -qx "tfmigrate $version" "$TMP/v" || { echo "FAIL: --version is not the project's $version"; exit 1; }
run python -m tfmigrate --version | grep -qx "tfmigrate $version"
[[ "$(run python -c 'import tfmigrate; print(tfmigrate.__version__)')" == "$version" ]] ||
  { echo "FAIL: tfmigrate.__version__ differs from $version"; exit 1; }
set +e
run tfmigrate check --format concise examples/ > "$TMP/check.out" 2>&1; rc=$?
set -e
tail -1 "$TMP/check.out"
[[ $rc == 1 ]] && grep -q "examples/mnist_softmax_tf1.py:5:1: TFM111" "$TMP/check.out" &&
  grep -q "examples/legacy_notebook.ipynb:cell" "$TMP/check.out" || { echo "FAIL: check examples/ (exit $rc)"; cat "$TMP/check.out"; exit 1; }
run tfmigrate rewrite --level compat --output-dir out mnist_softmax_tf1.py >/dev/null
grep -q "tf.compat.v1" out/mnist_softmax_tf1.py || { echo "FAIL: rewrite made no compat edit"; exit 1; }
# The C++ front end: in the wheel, loading the system's libclang-cpp14 when there is one
# (this machine has it: findings), otherwise one line saying it cannot load.
cp "$SRC/examples/serve_frozen_graph.cc" .
set +e
run tfmigrate check --format concise serve_frozen_graph.cc > "$TMP/cpp.out" 2>&1; rc=$?
set -e
head -2 "$TMP/cpp.out"
if [[ -e /usr/lib/x86_64-linux-gnu/libclang-cpp.so.14 ]]; then
  [[ $rc -le 1 ]] && grep -q "TFM80" "$TMP/cpp.out" || { echo "FAIL: C++ check from the wheel (exit $rc)"; cat "$TMP/cpp.out"; exit 1; }
else
  [[ $rc == 2 ]] && grep -q "cannot load the C++ front end" "$TMP/cpp.out" ||
    { echo "FAIL: C++ check without libclang-cpp14 (exit $rc)"; cat "$TMP/cpp.out"; exit 1; }
fi
run tfmigrate run --mode tf1 lr_decay_tf1.py > "$TMP/run.out"
head -2 "$TMP/run.out"
[[ -s "$TMP/run.out" ]] || { echo "FAIL: run printed nothing"; exit 1; }
set +e
run tfmigrate diff lr_decay_tf1.py lr_decay_tf2.py > "$TMP/diff.out" 2>&1; rc=$?
set -e
head -4 "$TMP/diff.out"
# the example pair diverges by design (TFM406): diff exits 1 and explains it
[[ $rc == 1 ]] && grep -q "TFM406" "$TMP/diff.out" || { echo "FAIL: diff (exit $rc)"; cat "$TMP/diff.out"; exit 1; }

# 5. The pytest plugin (entry point pytest11), with pytest-xdist on 2 workers: every pair of
#    testdata/diff is one item and meets its expect.json, as `diff_pairs_bundled` checks it.
#    A pair whose expectation is wrong (41 expects `equivalent`) fails with tfmigrate's
#    explanation of the divergence as the failure report.
"$TMP/venv/bin/python" -m pip install -q --disable-pip-version-check --no-index --find-links "$DL" pytest pytest-xdist pytest-split
cp -r "$SRC/testdata/diff" "$TMP/pairs"
npairs="$(find "$TMP/pairs" -mindepth 2 -maxdepth 2 -name old.py | wc -l)"
set +e
run pytest -p no:cacheprovider -q -n 2 --tfmigrate "$TMP/pairs" --junitxml "$TMP/pairs.xml" > "$TMP/pytest.out" 2>&1; rc=$?
set -e
tail -3 "$TMP/pytest.out"
[[ $rc == 0 ]] || { echo "FAIL: pytest -n 2 --tfmigrate testdata/diff (exit $rc)"; cat "$TMP/pytest.out"; exit 1; }
ntests="$(grep -o 'tests="[0-9]*"' "$TMP/pairs.xml" | head -1 | tr -dc 0-9)"
[[ "$ntests" == "$npairs" ]] || { echo "FAIL: $ntests items for $npairs pairs"; exit 1; }
mkdir -p "$TMP/wrong"
cp -r "$SRC/testdata/diff/41_random_noise_at_init_naive" "$TMP/wrong/noise"
sed -i 's/"verdict": "divergent"/"verdict": "equivalent"/' "$TMP/wrong/noise/expect.json"
cp -r "$SRC/testdata/diff/01_placeholder_feed" "$TMP/wrong/feed"
set +e
run pytest -p no:cacheprovider -q -n 2 --tfmigrate "$TMP/wrong" > "$TMP/wrong.out" 2>&1; rc=$?
set -e
grep -E "^(FAILED|[0-9]+ (passed|failed))" "$TMP/wrong.out" || true
[[ $rc == 1 ]] && grep -q "1 failed, 1 passed" "$TMP/wrong.out" &&
  grep -q "expected equivalent, got divergent" "$TMP/wrong.out" && grep -q "TFM406 \[tensor-cached-at-init\]" "$TMP/wrong.out" ||
  { echo "FAIL: the wrong expectation did not fail with the explanation (exit $rc)"; cat "$TMP/wrong.out"; exit 1; }

# pytest-split shards the pair items across CI jobs: two groups, one item each.
for g in 1 2; do
  run pytest -p no:cacheprovider -q --rootdir "$TMP/wrong" --tfmigrate "$TMP/wrong" --splits 2 --group "$g" > "$TMP/split$g.out" 2>&1 || true
done
n1="$(grep -oE "[0-9]+ (passed|failed)" "$TMP/split1.out" | awk '{s+=$1} END {print s}')"
n2="$(grep -oE "[0-9]+ (passed|failed)" "$TMP/split2.out" | awk '{s+=$1} END {print s}')"
echo "pytest-split: group 1 ran $n1, group 2 ran $n2"
[[ "$n1" == 1 && "$n2" == 1 ]] || { echo "FAIL: pytest-split groups"; cat "$TMP/split1.out" "$TMP/split2.out"; exit 1; }

# 5b. A user's own test against both versions of a module (marker tfmigrate_compare): the
#     faithful migration passes, the one that scales by k+1 fails with the divergence of the
#     returned value; a plain test beside them runs as usual.
mkdir -p "$TMP/compare"
cat > "$TMP/compare/model_tf1.py" <<'PY'
import tensorflow as tf


def scale(values, k):
    x = tf.placeholder(tf.float32, [None])
    with tf.Session() as sess:
        return sess.run(x * k, feed_dict={x: values}).tolist()
PY
printf 'import tensorflow as tf\n\n\ndef scale(values, k):\n    return (tf.constant(values, tf.float32) * k).numpy().tolist()\n' > "$TMP/compare/model_tf2.py"
sed 's/\* k)/* (k + 1))/' "$TMP/compare/model_tf2.py" > "$TMP/compare/model_tf2_wrong.py"
cat > "$TMP/compare/test_model.py" <<'PY'
import pytest


@pytest.mark.tfmigrate_compare(old="model_tf1.py", new="model_tf2.py")
def test_scale(tfmigrate_module):
    return tfmigrate_module.scale([1.0, 2.0], 3.0)


@pytest.mark.tfmigrate_compare(old="model_tf1.py", new="model_tf2_wrong.py")
def test_scale_wrong(tfmigrate_module):
    return tfmigrate_module.scale([1.0, 2.0], 3.0)


def test_plain():
    assert 1 + 1 == 2
PY
set +e
run pytest -p no:cacheprovider -q -n 2 --rootdir "$TMP/compare" "$TMP/compare" > "$TMP/compare.out" 2>&1; rc=$?
set -e
grep -E "^(FAILED|[0-9]+ (passed|failed))" "$TMP/compare.out" || true
[[ $rc == 1 ]] && grep -q "1 failed, 2 passed" "$TMP/compare.out" && grep -qE "FAILED (.*/)?test_model.py::test_scale_wrong" "$TMP/compare.out" &&
  grep -q "observation 'returned by test_scale_wrong' #1 differs" "$TMP/compare.out" ||
  { echo "FAIL: tfmigrate_compare (exit $rc)"; cat "$TMP/compare.out"; exit 1; }

# 6. The pre-commit hooks (.pre-commit-hooks.yaml, language: python) run by pre-commit
#    itself on a scratch repository: `pre-commit try-repo` clones this checkout (with its
#    uncommitted changes) and pip-installs it into the hook's environment, building from
#    source: offline (the pinned downloads and the grammar sdists), through ccache.
"$TMP/venv/bin/python" -m pip install -q --disable-pip-version-check --no-index --find-links "$DL" pre-commit
mkdir -p "$TMP/scratch"
cd "$TMP/scratch"
git init -q .
git config user.email t@example.invalid; git config user.name t
printf 'import tensorflow as tf\nsess = tf.Session()\n' > legacy.py
printf 'import tensorflow as tf\nprint(tf.constant(1.0) + 1)\n' > modern.py
git add legacy.py modern.py && git commit -qm scratch
# try-repo clones into a temporary directory: one inside the checkout (TMPDIR), so that
# ccache's base directory covers the clone and its compilations match the main build's.
pctmp="$BUILD/pre-commit-tmp"
rm -rf "$pctmp"; mkdir -p "$pctmp"
hook() {
  env -i HOME="$TMP" PATH="$TMP/venv/bin:$cmake_dir:/usr/bin:/bin" PRE_COMMIT_HOME="$TMP/pre-commit-home" TMPDIR="$pctmp" \
    PIP_NO_INDEX=1 PIP_FIND_LINKS="$DL $SRC/.deps/downloads" PIP_DISABLE_PIP_VERSION_CHECK=1 \
    CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" CCACHE_DIR="${CCACHE_DIR:-}" CCACHE_BASEDIR="$SRC" CCACHE_NOHASHDIR=1 \
    CMAKE_ARGS="${launcher[*]/#-Ccmake.define./-D} -DTFMIGRATE_SDIST_DIR=$SRC/.deps/downloads" \
    pre-commit try-repo "$SRC" "$@"
}
# Both hooks in one run (one hook environment, one build): the check hook fails on
# legacy.py and reports nothing in modern.py; the rewrite hook then fixes legacy.py.
set +e
hook --all-files > "$TMP/pc.out" 2>&1; rc=$?
set -e
grep -E "^tfmigrate|TFM102" "$TMP/pc.out" | head -5 || true
[[ $rc == 1 ]] && grep -q "legacy.py:2:8: TFM102" "$TMP/pc.out" ||
  { echo "FAIL: the check hook on legacy.py (exit $rc)"; tail -40 "$TMP/pc.out"; tail -40 "$TMP/pre-commit-home/pre-commit.log" 2>/dev/null; exit 1; }
! grep -qE "modern\.py:[0-9]+:[0-9]+: TFM" "$TMP/pc.out" || { echo "FAIL: the check hook reported modern.py"; cat "$TMP/pc.out"; exit 1; }
grep -q "tf.compat.v1.Session()" legacy.py ||
  { echo "FAIL: the rewrite hook did not rewrite legacy.py"; tail -20 "$TMP/pc.out"; exit 1; }
echo "pre-commit hooks: check failed legacy.py, passed modern.py; rewrite fixed legacy.py"
rm -rf "$pctmp"
echo "wheel_install: OK"
