# Sourced by scripts/demo.sh and scripts/test.sh: create (once) and activate .venv with the
# package installed in editable mode with its test extras.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
. .venv/bin/activate
if ! python -c "import tvm_tma, pytest, ruff" >/dev/null 2>&1 || [ pyproject.toml -nt .venv/.installed ]; then
  python -m pip install -q --upgrade pip
  python -m pip install -q -e ".[test]"
  touch .venv/.installed
fi
