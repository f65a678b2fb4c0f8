#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs the main job on the bundled examples:
# `tfmigrate check examples/`, then `tfmigrate diff` of the example TF1 script and its
# TF2 port on the bundled runtime (no TensorFlow needed).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh" "$@"
cd "$root"
tool="${TFMIGRATE_BUILD_DIR:-$root/build}/tfmigrate"
set +e
"$tool" check examples/
rc=$?
echo
"$tool" diff examples/lr_decay_tf1.py examples/lr_decay_tf2.py
drc=$?
set -e
# Findings and divergences are the point of the demo: exit 1 is success here.
[[ $rc -le 1 ]] || exit $rc
[[ $drc -le 1 ]] || exit $drc
