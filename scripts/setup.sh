#!/usr/bin/env bash
# Installs everything tfmigrate needs to build and test, then builds it.
#   scripts/setup.sh            system packages, grammar, oracle venv, build
#   scripts/setup.sh --no-venv  skip the TensorFlow venv (core build needs none of it)
# Idempotent: when everything is present it only re-runs the (incremental) build.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
want_venv=1
for a in "$@"; do
  case "$a" in
    --no-venv) want_venv=0 ;;
    *) echo "setup.sh: unknown option $a" >&2; exit 2 ;;
  esac
done
log() { printf '[setup] %s\n' "$*" >&2; }

# --- 1. Debian packages, pinned to the bookworm versions the project is tested with.
apt_pkgs=(
  "libeigen3-dev=3.4.0-*"
  "libfmt-dev=9.1.0+ds1-*"
  "libcli11-dev=2.1.2+ds-*"
  "libtomlplusplus-dev=3.3.0+ds-*"
  "nlohmann-json3-dev=3.11.2-*"
  "libprotobuf-dev=3.21.12-*"
  "protobuf-compiler=3.21.12-*"
  "libgtest-dev=1.12.1-*"
  "libgmock-dev=1.12.1-*"
  "libbenchmark-dev=1.7.1-*"
  "pybind11-dev=2.10.3-*"
  "ninja-build=1.11.1-*"
  "libclang-14-dev=1:14.0.6-*"
  "libclang-cpp14-dev=1:14.0.6-*"
  "llvm-14-dev=1:14.0.6-*"
  "clang-14=1:14.0.6-*"
  "libclang-rt-14-dev=1:14.0.6-*"
  "libmimalloc-dev=2.0.9+ds-*"
  "libdnnl-dev=2.6.3-*"        # oneDNN: float32 GEMM, dispatched by CPUID at run time
  "qemu-user=1:7.2+dfsg-*"     # tests/isa_baseline.sh: kernel tests on an emulated baseline CPU
  "ccache=4.8+really4.7.5-*"   # the wheel test's second build reuses the main build's objects
  "neovim=0.7.2-*"             # tests/lsp_neovim.sh: a real editor as the language server's client
)
missing=()
for spec in "${apt_pkgs[@]}"; do
  name="${spec%%=*}"
  ver="${spec#*=}"
  have="$(dpkg-query -W -f='${Status} ${Version}' "$name" 2>/dev/null || true)"
  # shellcheck disable=SC2053
  if [[ "$have" != "install ok installed "* || "${have##* }" != $ver ]]; then
    missing+=("$spec")
  fi
done
if ((${#missing[@]})); then
  log "installing Debian packages: ${missing[*]}"
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# --- 2. tree-sitter: the core library (built from source by CMake, third_party/) and the
#        tree-sitter-python grammar (ABI 14), from PyPI sdists pinned by sha256
#        (scripts/requirements-grammar.txt). Unpacked into .deps/ (ignored by git).
deps="$root/.deps"
dl="$deps/downloads"
# sdist_ok FILE REQUIREMENT: the downloaded sdist has the sha256 pinned for REQUIREMENT.
sdist_ok() {
  local want
  want="$(grep "^$2 " "$root/scripts/requirements-grammar.txt" | sed -E 's/.*sha256:([0-9a-f]+).*/\1/')"
  [[ -n "$want" && -f "$dl/$1" && "$(sha256sum "$dl/$1" | cut -d' ' -f1)" == "$want" ]]
}
sdists_ok() {
  sdist_ok tree_sitter_python-0.23.6.tar.gz "tree-sitter-python==0.23.6" &&
    sdist_ok tree-sitter-0.23.2.tar.gz "tree-sitter==0.23.2"
}
fetch_sdists() {
  sdists_ok && return
  log "fetching tree-sitter-python 0.23.6 (grammar) and tree-sitter 0.23.2 (core library)"
  mkdir -p "$dl"
  python3 -m pip download -q --no-deps --no-binary :all: --require-hashes \
    -r "$root/scripts/requirements-grammar.txt" -d "$dl" 2>&1 | { grep -v "^WARNING: Location" >&2 || true; }
  sdists_ok || { log "the tree-sitter sdists in $dl do not match their pinned hashes"; exit 1; }
}
grammar="$deps/tree-sitter-python"
if [[ ! -f "$grammar/.ok-0.23.6" ]]; then
  fetch_sdists
  tmp="$(mktemp -d)"
  tar -xzf "$dl/tree_sitter_python-0.23.6.tar.gz" -C "$tmp"
  tar -xzf "$dl/tree-sitter-0.23.2.tar.gz" -C "$tmp"
  rm -rf "$grammar"
  mkdir -p "$grammar/src/tree_sitter"
  cp "$tmp/tree_sitter_python-0.23.6/src/parser.c" "$tmp/tree_sitter_python-0.23.6/src/scanner.c" "$grammar/src/"
  for h in parser.h array.h alloc.h ts_assert.h; do
    cp "$tmp/tree-sitter-0.23.2/tree_sitter/core/lib/src/$h" "$grammar/src/tree_sitter/"
  done
  cp "$tmp/tree_sitter_python-0.23.6/LICENSE" "$grammar/LICENSE"
  rm -rf "$tmp"
  touch "$grammar/.ok-0.23.6"
fi
# The core: lib/src (lib.c, which includes every other .c, and the private headers that
# analyzer/python/node_index.cc reads the trees through) and lib/include (api.h).
core="$deps/tree-sitter"
if [[ ! -f "$core/.ok-0.23.2" ]]; then
  fetch_sdists
  log "unpacking the tree-sitter 0.23.2 core library"
  tmp="$(mktemp -d)"
  tar -xzf "$dl/tree-sitter-0.23.2.tar.gz" -C "$tmp"
  rm -rf "$core"
  mkdir -p "$core"
  cp -r "$tmp/tree-sitter-0.23.2/tree_sitter/core/lib" "$core/lib"
  cp "$tmp/tree-sitter-0.23.2/LICENSE" "$core/LICENSE"
  rm -rf "$tmp"
  touch "$core/.ok-0.23.2"
fi

# --- 3. numpy for the system python3 that `tfmigrate run` starts with the bundled facade.
if ! python3 -c "import numpy" >/dev/null 2>&1; then
  log "installing numpy for $(command -v python3) (the bundled runtime's facade converts to numpy)"
  python3 -m pip install -q --disable-pip-version-check "numpy==2.4.6"
fi

# --- 3b. What the wheel test (tests/wheel_install.sh) installs offline: scikit-build-core
#         and its dependencies, and NumPy, pinned by hash (scripts/requirements-wheel.txt).
wheel_dl="$dl/wheel"
wheel_stamp="$wheel_dl/.ok-$(cat "$root/scripts/requirements-wheel.txt" "$root/scripts/requirements-wheel-build.txt" | sha256sum | cut -c1-16)"
if [[ ! -f "$wheel_stamp" ]]; then
  log "fetching the wheel's pinned build requirements and NumPy into $wheel_dl"
  mkdir -p "$wheel_dl"
  (cd "$root/scripts" && python3 -m pip download -q --disable-pip-version-check --no-deps --only-binary :all: \
     --require-hashes -r requirements-wheel.txt -d "$wheel_dl" 2>&1) | { grep -v "^WARNING: Location" >&2 || true; }
  rm -f "$wheel_dl"/.ok-*
  touch "$wheel_stamp"
fi

# --- 4. Oracle venv with real TensorFlow (tests labelled `tensorflow` use it).
if ((want_venv)); then
  venv="$root/.venv"
  no_deps="tf_keras==2.21.0 tensorboard==2.21.0"  # see below
  stamp="$venv/.ok-$({ cat "$root/scripts/requirements-oracle.txt"; echo "$no_deps"; } | sha256sum | cut -c1-16)"
  if [[ ! -f "$stamp" ]]; then
    log "creating oracle venv .venv with tensorflow-cpu 2.21.0 (a few minutes the first time)"
    [[ -x "$venv/bin/python" ]] || python3 -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$root/scripts/requirements-oracle.txt" 2>&1 |
      { grep -v "^WARNING: Location" >&2 || true; }
    # tf_keras (Keras 2, what TF 1.x's tf.keras and tf.layers were; TF1 mode on the
    # tensorflow backend uses it) declares a dependency on the `tensorflow` package, which
    # tensorflow-cpu provides under another name: installed without dependencies.
    # tensorboard: TF 2.21's tf.summary.scalar / histogram / text are TensorBoard's (without
    # it they raise TBNotInstalledError); its summary code needs nothing beyond TensorFlow's
    # own dependencies, so it is installed without its server's (werkzeug, markdown, ...).
    # shellcheck disable=SC2086 # two packages
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps $no_deps 2>&1 |
      { grep -v "^WARNING: Location" >&2 || true; }
    "$venv/bin/python" -c "import tensorflow" >/dev/null 2>&1 || { log "tensorflow does not import in .venv"; exit 1; }
    rm -f "$venv"/.ok-*
    touch "$stamp"
  fi
fi

# --- 5. Build (Release, Ninja, both cores).
#        Compilations go through ccache, whose cache is kept inside the checkout
#        (.cache/ccache): the wheel test (tests/wheel_install.sh) builds the same sources a
#        second time, in build-wheel/ beside build/, and Ninja's relative paths make those
#        compilations the same as the main build's.
build="${TFMIGRATE_BUILD_DIR:-$root/build}"
export CCACHE_DIR="${CCACHE_DIR:-$root/.cache/ccache}" CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1
if [[ ! -f "$build/build.ninja" ]]; then
  log "configuring $build"
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
fi
log "building"
cmake --build "$build" -j "$(nproc)" | { grep -vE '^\[[0-9]+/[0-9]+\] ' || true; }
