#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs the main job: `tfmigrate check` on the bundled examples.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh" "$@"
cd "$root"
set +e
"${TFMIGRATE_BUILD_DIR:-$root/build}/tfmigrate" check examples/
rc=$?
set -e
# Findings are the point of the demo: exit 1 (findings) is success here.
[[ $rc -le 1 ]] || exit $rc
