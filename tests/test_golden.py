"""Codegen golden tests: the CUDA that tir_pipeline="tma" generates, checked in, and nvcc sm_90a.

The cases are small launches, which "tma" mostly leaves to stock TVM's cp.async groups (the
launch-cost model); they are built by ``"tma_all_launches"`` (the same pipeline with every
pipeline on mbarriers) unless a case names another pipeline.

The expected CUDA of each case is ``tests/golden/<case>.cu``: everything from the first
device helper TVM emits for the kernel's intrinsics (``__forceinline__ __device__``) to the
end, compared exactly (trailing whitespace aside); the fixed preamble of includes and macros
before it is TVM's and is left out. The whole generated source is compiled with nvcc. After
an intended change, regenerate and review the diff:

    TVM_TMA_REGEN_GOLDEN=1 python -m pytest tests/test_golden.py
"""

import os
import pathlib
import shutil

import pytest
import tvm

from tvm_tma.codegen import compile_cuda
from tvm_tma.dlight import WgmmaMatmul
from tvm_tma.kernels import attention, binary, center_columns, layer_norm, rms_norm, softmax, tile_scale_3d
from tvm_tma.kernels.bulk_copy import bulk_copy_module
from tvm_tma.kernels.gemm import gemm_mma, gemm_wgmma
from tvm_tma.relax import gated_matmul
from workloads import SM90A, cuda_source, tile_scale, tile_scale_staged

GOLDEN = pathlib.Path(__file__).parent / "golden"
REGEN = os.environ.get("TVM_TMA_REGEN_GOLDEN") == "1"
TARGET = tvm.target.Target(SM90A)


def runs(build):
    """A case about 1-D bulk runs and their fallbacks: compiled without tensor maps, at any row
    length (the "tma_runs" pipeline of tests/conftest.py)."""
    return build, "tma_runs"


CASES = {
    # one bulk copy per stage (the tile is contiguous in both memories)
    "pipeline_contiguous_f32": lambda: tile_scale(256, 64, tile_n=64),
    # one bulk copy per padded shared row, fp16
    "pipeline_padded_rows_f16": lambda: tile_scale(256, 256, tile_n=64, dtype="float16", pads=(8,)),
    # int8, spare threads predicated off, 4 stages
    "pipeline_rows_i8": runs(lambda: tile_scale(256, 256, tile_n=64, dtype="int8", stages=4)),
    # a tail: cp.async on the same barriers
    "pipeline_tail_fallback": runs(lambda: tile_scale(250, 256, tile_n=64)),
    # A by bulk, C (misaligned shared rows) by cp.async, one barrier
    "pipeline_mixed": runs(lambda: tile_scale(256, 256, second_input=True, pads=(0, 2))),
    # trip count below the stage count
    "pipeline_one_trip": lambda: tile_scale(16, 64, tile_n=64, stages=3),
    # two pipelined loops in a row (3 then 2 stages, an edge tile): a ring each, the second
    # initialized after the first is invalidated (StorageRewrite gives it the same memory)
    "pipeline_two_loops": lambda: center_columns(200, 128, stages=(3, 2)),
    # a pipeline in a serial loop over 2 column strips per CTA: its ring re-initialized per strip
    "pipeline_nested_strips": lambda: tile_scale(250, 256, strips_per_cta=2),
    # overwrite_guard="empty_barriers": an "empty" ring beside the "full" one; from the third
    # stage on, every thread arrives on it and thread 0 waits, instead of a __syncthreads
    "pipeline_empty_barriers": (lambda: tile_scale(256, 64, tile_n=64, stages=3), "tma_empty_barriers_all_launches"),
    # synchronous bulk copy outside a pipeline
    "bulk_copy_block": runs(lambda: tile_scale_staged(256, 256)),
    # upstream TVM's pipelined tensor-core GEMM schedule
    "gemm_mma_4096": lambda: gemm_mma(),
    # the same schedule with dense shared tiles loaded by swizzled tensor maps (A: 64B, B: two
    # 128B boxes per row), ldmatrix at the swizzled addresses, 1024-byte aligned shared.dyn
    "gemm_mma_512_swizzled": lambda: gemm_mma(512, i_factors=(1, 4, 1, 4, 2), j_factors=(2, 2, 4, 1, 2),
                                              k_factors=(16, 2, 1), layout="swizzled"),
    # load, compute into shared, bulk store one stage later; a tail
    "pipeline_bulk_store_tail": runs(lambda: tile_scale(250, 256, tile_n=64, store=True)),
    # a bulk store outside any pipeline (ordinary loads): a strided 16 x 64 tile, one tensor
    # store per tile, the last row tile at the edge (clipped by the hardware), map prefetched
    "bulk_store_block": lambda: tile_scale_staged(250, 256, load=False, store=True),
    # the persistent TMA copy kernel of tvm_tma.memcpy (dynamic size, int64 offsets)
    "bulk_copy_kernel": lambda: bulk_copy_module(),
    # tensor maps: a 2-D tile per stage, the last row tile at the edge (zero-filled), the
    # descriptor a const __grid_constant__ CUtensorMap kernel parameter
    "tensor_map_2d_edge_pipeline": lambda: tile_scale(250, 256, tile_n=64),
    # load, compute into shared, store one stage later, all by tensor maps: edge tiles in rows
    # (250 of 256) and columns (200 = 3 x 64 + 8), no tail code for the store
    "tensor_map_store_edge_pipeline": lambda: tile_scale(250, 200, tile_n=64, store=True),
    # A by tensor map, C (misaligned padded rows) by cp.async, one barrier ("tma_mixed_stages")
    "tensor_map_mixed": (lambda: tile_scale(256, 256, second_input=True, pads=(0, 2)), "tma_mixed_stages_all_launches"),
    # a 3-D box with edges in every dimension, synchronous bulk_copy block, fp16
    "tensor_map_3d_edge_block": lambda: tile_scale_3d(5, 37, 96, dtype="float16", staged=True),
    # row kernel: a row of 125 16-byte vectors (125 threads, one chunk), fp16
    "rms_norm_1000": lambda: rms_norm(4, 1000),
    # 4 chunks of a 4096-column row pipelined, two reductions (mean, deviations), bf16
    "layer_norm_4096_bf16": lambda: layer_norm(3, 4096, "bfloat16"),
    # 8 chunks, max then sum of exponentials, 2 rows per CTA with a tail row
    "softmax_8192_rows2": lambda: softmax(5, 8192, rows_per_cta=2),
    # tiles of 4 rows + a row-vector broadcast from global; the last tile partial (cp.async)
    "binary_add_row_broadcast_tail": lambda: binary("add", (1001, 1000), (1000,)),
    # wgmma from shared tiles: 64 x 64 x 32 CTA tiles, one warpgroup, 3 stages; tails in M, N
    # and K (zero-filled tensor copies, 64B swizzle for A's 64-byte rows, 128B for B), fence /
    # 2 x m64n64k16 / commit / wait_group 1 per stage, the fragments into a swizzled shared
    # tile after wait_group 0 + __syncthreads, one clipped tensor store
    "gemm_wgmma_136x72x80": lambda: gemm_wgmma(136, 72, 80, tile=(64, 64, 32), warpgroups=1, stages=3),
    # the same with an fp16 output: the epilogue packs register pairs (cvt.rn.f16x2.f32) and
    # stores 8 x 8 matrices by stmatrix.x4 into the swizzled output tile, whose bulk store
    # waits for them (fence.proxy.async, __syncthreads)
    "gemm_wgmma_out16_136x72x80": lambda: gemm_wgmma(136, 72, 80, out_dtype="float16", tile=(64, 64, 32),
                                                     warpgroups=1, stages=3),
    # the same GEMM warp-specialized: a producer warpgroup (threadIdx.y == 1, setmaxnreg.dec 40)
    # whose thread 0 waits on the "empty" ring and issues the tensor copies on the "full" one,
    # the consumer warpgroup (setmaxnreg.inc 256) waits on "full" and, once its wgmma group
    # retired, arrives on "empty"; the producer returns and the consumers store the tile in
    # the rings' memory behind their named barrier (bar.sync 1, 128); __launch_bounds__(256, 1)
    "gemm_wgmma_ws_136x72x80": lambda: gemm_wgmma(136, 72, 80, tile=(64, 64, 32), warpgroups=1, stages=3,
                                                  producer="warp"),
    # persistent and warp-specialized: 6 tiles on at most 4 CTAs (4: a multiple of the 2 column
    # tiles), every CTA 2 tiles (row tiles padded to 4), the rings' phases carried across them
    # (stage tile * 3 + k), the tile's store left in flight until its shared tile is rewritten
    "gemm_wgmma_ws_persistent_136x72x80": lambda: gemm_wgmma(136, 72, 80, tile=(64, 64, 32), warpgroups=1,
                                                             stages=3, producer="warp", persistent=True, ctas=4),
    # RMSNorm with a producer warp slice (threadIdx.y == 1) issuing the row's chunks; the
    # allreduce's barriers those of the consumers (bar.sync 1, 128)
    "rms_norm_ws_4096": lambda: rms_norm(1024, 4096, "float16", producer="warp"),
    # fused attention, causal, 2 x 128 query rows (the CTAs in reverse) on 3 key tiles of 128 (the
    # last 44 keys past seq_kv masked), head_dim 64: Q by a tensor copy on its own barrier; a
    # producer warpgroup filling a 3-version K/V ring; the consumers' first iteration (Q K^T by
    # m64n128k16 SS wgmma, softmax on the fragments, P packed to f16x2), the steady loop (S_j
    # issued, then O rescaled and P_{j-1} V_{j-1} by m64n64k16 RS wgmma in flight during
    # softmax j), the epilogue (the last P V), each warpgroup's turn on named barriers 2 and 3;
    # O through stmatrix into a swizzled tile and a clipped tensor store, LSE per row
    "attention_d64_causal": lambda: attention(1, 1, 1, 200, 300, 64, causal=True),
    # silu(gate) * up in the gate/up GEMM's epilogue (FuseGatedMLP's PrimFunc, dlight's
    # WgmmaMatmul): 200 rows, mlp 200 in slices of 64 (the last one past the weights' rows:
    # zero-filled), each B tile the gate's and the up's 64 rows by one 3-D tensor copy; the
    # epilogue loads both halves of 8 outputs by two 16-byte vectors, computes them in fp32
    # (__expf, __fdividef) and stores one vector, predicated on rows and columns per vector
    "gated_matmul_200x200x128": (lambda: _gated_matmul(200, 128, 200, 128), "tma"),
}


def _gated_matmul(rows: int, k: int, mlp: int, pair: int):
    func = gated_matmul(rows, k, mlp, "float16", pair).with_attr("global_symbol", "gated_matmul")
    with TARGET:
        return WgmmaMatmul().apply(func, TARGET, False).mod


def _golden_part(text: str) -> str:
    start = text.index("__forceinline__ __device__")
    return "\n".join(line.rstrip() for line in text[start:].strip().splitlines()) + "\n"


@pytest.fixture(scope="module")
def sources():
    return {name: cuda_source(case[0](), case[1]) if isinstance(case, tuple) else cuda_source(case())
            for name, case in CASES.items()}


@pytest.mark.parametrize("case", sorted(CASES))
def test_golden_cuda(case, sources):
    path = GOLDEN / f"{case}.cu"
    if REGEN:
        path.write_text(_golden_part(sources[case]))
    assert path.exists(), f"{path} missing: regenerate with TVM_TMA_REGEN_GOLDEN=1"
    assert _golden_part(sources[case]) == _golden_part(path.read_text()), (
        f"generated CUDA differs from {path}; review, then regenerate with TVM_TMA_REGEN_GOLDEN=1")


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc is not on PATH")
@pytest.mark.parametrize("case", sorted(CASES))
def test_generated_cuda_compiles_for_sm90a(case, sources):
    cubin = compile_cuda(sources[case], arch="90a")
    assert cubin[:4] == b"\x7fELF"
