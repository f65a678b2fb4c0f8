#!/bin/sh
# CTest `api_tables_drift` (label: tensorflow): regenerates the TF2-derived API tables
# with the venv's real TensorFlow and fails when they differ from rules/*.tsv.
# Skips (exit 77, shown as "Skipped" by CTest) when .venv lacks TensorFlow.
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PY="$ROOT/.venv/bin/python"
export TF_CPP_MIN_LOG_LEVEL=3
if [ ! -x "$PY" ] || ! "$PY" -c "import tensorflow" >/dev/null 2>&1; then
  echo "SKIPPED: $ROOT/.venv has no tensorflow; API table drift not checked"
  exit 77
fi
LOG="$(mktemp)"
"$PY" "$ROOT/tools/gen_api_tables.py" tf2 --check >"$LOG" 2>&1
rc=$?
grep -v -e '^I0000' -e '^WARNING: All log' "$LOG"
rm -f "$LOG"
exit $rc
