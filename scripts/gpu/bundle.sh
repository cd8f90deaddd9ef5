#!/usr/bin/env bash
# Make .gpu/ in the repository root: a runtime-only TVM (the installed TVM without
# libtvm_compiler.so), tvm_ffi for the GPU machine's Python 3.12, and boot.py, so that kernels
# compiled and exported here run on a GPU machine that has no TVM (scripts/gpu/README.md).
#   bash scripts/gpu/bundle.sh            # uses .venv/bin/python, or $PYTHON
# Then carry ".gpu" and the built artifacts to the GPU machine and run
#   python3 .gpu/boot.py path/to/script.py [args...]
set -euo pipefail
cd "$(dirname "$0")/../.."
python=${PYTHON:-.venv/bin/python}
site_pkgs=$($python -c 'import tvm, pathlib; print(pathlib.Path(tvm.__file__).parent.parent)')
ffi_ver=$($python -c 'import importlib.metadata as m; print(m.version("apache-tvm-ffi"))')
rm -rf .gpu && mkdir -p .gpu/site .gpu/wheels
$python -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 --platform manylinux_2_24_x86_64 \
  --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 -d .gpu/wheels "apache-tvm-ffi==$ffi_ver"
(cd .gpu/site && python3 -m zipfile -e ../wheels/apache_tvm_ffi-*.whl .)
rm -rf .gpu/wheels
cp -r "$site_pkgs/tvm" .gpu/site/tvm
rm -rf .gpu/site/tvm/lib/libtvm_compiler.so .gpu/site/tvm/3rdparty
find .gpu/site -name __pycache__ -prune -exec rm -rf {} +
cp scripts/gpu/boot.py .gpu/boot.py
du -sh .gpu | sed 's/^/bundle size: /'
