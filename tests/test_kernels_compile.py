"""Every kernel builder compiles, with stock TVM + ``tirx.use_async_copy`` to CUDA that uses
``cp.async`` groups and with ``tir_pipeline="tma_all_launches"`` (``"tma"`` with every pipeline on mbarriers: these
are launches of a few CTAs) to CUDA that uses mbarriers, and nvcc accepts both for sm_90a."""

from __future__ import annotations

import pathlib
import shutil
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "benchmarks"))
import cases

# One small correctness case per builder (tails / odd trip counts included).
CASES = ["check_copy_tail", "check_add_tail_trips5", "check_rms_norm_row_tail", "check_gemm_512",
         "check_tile_tail", "check_tile_staged", "check_tmap_3d_edge_pipe",
         # each row kernel and dtype at a row length with no power-of-two chunk, binary
         # ops with a row tile tail (a column vector), the shortest rows (a row vector)
         "check_rms_norm_f16_37x1000", "check_rms_norm_bf16_1001x4096", "check_layer_norm_f16_1001x4096",
         "check_layer_norm_bf16_37x1000", "check_softmax_f16_37x8192", "check_softmax_bf16_1001x8",
         "check_binary_f16_37x1000", "check_binary_bf16_1001x8",
         # two pipelined loops in a serial loop over strips, and with a dynamic trip count
         "check_nested_pipe_2loops", "check_dyn_trips_13_pipe2loops",
         # the wgmma GEMM and the fused attention (tma only: stock TVM has no wgmma intrinsics)
         "check_wgmma_f16_200x264x136", "check_attention_f16_causal_gqa", "check_gated_f16_1000x512x1000",
         # dlight's wgmma rule on x @ W^T for any number of rows
         "check_linear_any_rows_f16_777x2048x512"]


def test_every_builder_is_covered():
    from tvm_tma import kernels

    assert sorted({cases.CASES[name].builder for name in CASES}) == sorted(kernels.__all__)


@pytest.mark.parametrize("pipeline", ["default", "tma_all_launches"])
@pytest.mark.parametrize("name", CASES)
def test_pipelines_emit_async_copies_and_nvcc_accepts_them(name, pipeline):
    from tvm_tma.codegen import compile_cuda, kernel_source

    case = cases.CASES[name]
    if pipeline == "default" and not case.stock:
        pytest.skip(f"{name}: stock TVM cannot build it")
    src = kernel_source(cases.compile_module(case.build(), pipeline))
    if pipeline == "tma_all_launches":  # no cp.async groups (wgmma and bulk-store groups are not those)
        assert "tvm_builtin_cuda_mbarrier_wait(" in src and "cp.async.commit_group" not in src
    elif case.builder != "tile_scale_staged":  # stock TVM ignores the bulk_copy mark
        assert "cp.async" in src
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc not on PATH: the CUDA was generated but not compiled")
    assert compile_cuda(src, arch="90a")
