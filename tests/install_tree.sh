#!/bin/sh
# CTest `install_tree`: `cmake --install` into a temporary prefix gives a tfmigrate that
# works away from the checkout — it finds the runtime's Python side (with the API tables
# it reads) and the C++ front end
# relative to its own executable (not the source and build paths compiled in), and its
# `--backend tensorflow` uses the `python3` on PATH, failing in one line where that has
# no TensorFlow.   Usage: install_tree.sh BUILD_DIR SOURCE_DIR
set -eu
BUILD="$1"; SRC="$2"
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT
cmake --install "$BUILD" --prefix "$TMP/prefix" >/dev/null
mv "$TMP/prefix" "$TMP/moved"   # relocatable: nothing points back into the prefix either
BIN="$TMP/moved/bin/tfmigrate"
cat > "$TMP/where.py" <<'PY'
import tensorflow as tf
import os
print("facade from prefix:", os.path.realpath(tf.__file__).startswith(os.path.realpath(os.environ["PREFIX"])))
print("value:", float(tf.constant(2.0) * 3.0))
try:  # a TF1 name TF2 lacks: the facade knows it from the installed API tables
    tf.Session
except AttributeError as e:
    print("removed:", e)
PY
out="$(PREFIX="$TMP/moved" "$BIN" run --mode tf2 "$TMP/where.py")"
echo "$out"
echo "$out" | grep -q "facade from prefix: True"
echo "$out" | grep -q "value: 6.0"
echo "$out" | grep -q "removed: module 'tensorflow' has no attribute 'Session'"
# the C++ front end from PREFIX/lib/tfmigrate
cp "$SRC/examples/serve_frozen_graph.cc" "$TMP/serve.cc"
set +e
"$BIN" check "$TMP/serve.cc" --format concise > "$TMP/cpp.out" 2>&1
rc=$?
set -e
cat "$TMP/cpp.out"
test "$rc" -le 1
grep -q "TFM80" "$TMP/cpp.out"
# rule pages are in the binary
"$BIN" rule TFM201 | grep -q "^# TFM201"
# --backend tensorflow with an interpreter that lacks TensorFlow: one line, exit 2
cat > "$TMP/python3" <<'SH'
#!/bin/sh
exec /usr/bin/env -i PATH=/usr/bin:/bin PYTHONNOUSERSITE=1 /usr/bin/python3 "$@"
SH
chmod +x "$TMP/python3"
if /usr/bin/python3 -c "import tensorflow" >/dev/null 2>&1; then
  echo "note: /usr/bin/python3 has TensorFlow; the missing-TensorFlow message is not exercised"
  exit 0
fi
set +e
err="$(PATH="$TMP:$PATH" "$BIN" run --mode tf2 --backend tensorflow "$TMP/where.py" 2>&1)"
rc=$?
set -e
echo "$err"
test "$rc" -eq 2
test "$(echo "$err" | wc -l)" -eq 1
echo "$err" | grep -Eq "needs (TensorFlow|NumPy)"
echo "install_tree: ok"
