#!/usr/bin/env bash
# Run the test suite (GPU tests are skipped where no GPU is present).
. "$(dirname "$0")/env.sh"
set +e
python -m pytest -q "$@"
rc=$?
set -e
# pytest exits 5 when nothing was collected: that is a failure here too.
exit $rc
