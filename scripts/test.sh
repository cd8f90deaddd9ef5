#!/usr/bin/env bash
# Lint the repository (ruff, configured in pyproject.toml), then run the test suite (GPU tests
# are skipped where no GPU is present). Lint errors fail the script before pytest starts.
. "$(dirname "$0")/env.sh"
python -m ruff check .
set +e
python -m pytest -q "$@"
rc=$?
set -e
# pytest exits 5 when nothing was collected: that is a failure here too.
exit $rc
