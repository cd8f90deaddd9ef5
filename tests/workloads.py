"""Shortcuts for the transform tests: the package's tile kernels and compiling them to CUDA."""

from tvm_tma.codegen import cuda_source  # noqa: F401 (re-exported for the tests)
from tvm_tma.kernels import tile_scale, tile_scale_staged  # noqa: F401 (re-exported for the tests)
