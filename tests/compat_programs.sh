#!/bin/sh
# CTest `compat_programs` (label: tensorflow): every testdata/programs/compat/*.py runs
# under TF1 behavior and, after `tfmigrate rewrite --level compat`, under plain
# TF 2.21; both outputs must equal the committed goldens. Skips (exit 77) when
# .venv lacks TensorFlow.   Usage: compat_programs.sh PATH/TO/tfmigrate
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PY="$ROOT/.venv/bin/python"
export TF_CPP_MIN_LOG_LEVEL=3
if [ ! -x "$PY" ] || ! "$PY" -c "import tensorflow" >/dev/null 2>&1; then
  echo "SKIPPED: $ROOT/.venv has no tensorflow; compat programs not run"
  exit 77
fi
exec "$PY" "$ROOT/tools/run_compat_programs.py" --tfmigrate "$1" --jobs 2
