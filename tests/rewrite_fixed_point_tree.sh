#!/bin/sh
# `rewrite -q` stops after a pass whose result is a fixed point by construction
# (rewriter/fixed_point.h); plain `rewrite` analyses every result (it needs the
# findings for its summary). On a generated tree, examples/ and the compat programs:
# both give byte-identical trees, and rewriting the output again makes no edit.
#   tests/rewrite_fixed_point_tree.sh TFMIGRATE SOURCE_DIR
set -eu
bin=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$src/bench/gen_tree.py" "$tmp/tree" --lines 30000 --seed 7 >/dev/null
for d in "$tmp/tree" "$src/examples" "$src/testdata/programs/compat"; do
  n=$(basename "$d")
  "$bin" rewrite --level compat -q "$d" --output-dir "$tmp/fast-$n"
  "$bin" rewrite --level compat "$d" --output-dir "$tmp/confirmed-$n" 2>"$tmp/summary-$n"
  diff -r "$tmp/fast-$n" "$tmp/confirmed-$n"
  "$bin" rewrite --level compat "$tmp/fast-$n" --output-dir "$tmp/again-$n" 2>"$tmp/again-summary-$n"
  diff -r "$tmp/fast-$n" "$tmp/again-$n"
  if ! grep -q ", 0 edits applied," "$tmp/again-summary-$n"; then
    echo "$n: rewriting the output again applied edits:" >&2
    grep -v ": 0 edits applied" "$tmp/again-summary-$n" >&2
    exit 1
  fi
  echo "$n: $(tail -1 "$tmp/summary-$n")"
done
