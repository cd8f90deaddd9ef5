"""Every kernel builder compiles with stock TVM + ``tirx.use_async_copy`` to CUDA that uses
``cp.async`` and that nvcc accepts for sm_90a."""

from __future__ import annotations

import pathlib
import shutil
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "benchmarks"))
import cases  # noqa: E402

# One small correctness case per builder (tails / odd trip counts included).
CASES = ["check_copy_tail", "check_add_tail_trips5", "check_rms_norm_row_tail", "check_gemm_512"]


def test_every_builder_is_covered():
    from tvm_tma import kernels

    assert sorted(cases.CASES[name].builder for name in CASES) == sorted(kernels.__all__)


@pytest.mark.parametrize("name", CASES)
def test_stock_pipeline_emits_cp_async_and_nvcc_accepts_it(name):
    from tvm_tma.codegen import compile_cuda

    src = cases.compile_module(cases.CASES[name].build(), "default").mod.imports[0].inspect_source()
    assert "cp.async" in src
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc not on PATH: the CUDA was generated but not compiled")
    assert compile_cuda(src, arch="90a")


def test_rms_norm_rejects_column_tail():
    from tvm_tma.kernels import rms_norm

    with pytest.raises(ValueError, match="multiple of threads"):
        rms_norm(4, 1000)
