"""LowerAsyncPipelineToMBarrier through the whole "tma" pipeline: chunking, fallbacks, errors.

Each case compiles a small pipelined TensorIR kernel (tests/workloads.py) and checks the
copy report and the generated CUDA. The kernels ran correct on the H100 through
benchmarks/ (see benchmarks/RESULTS.md); here nothing needs a GPU.
"""

import re

import pytest
import tvm

import tvm_tma
from workloads import cuda_source, tile_scale

BULK = "cp_async_bulk_g2s_cluster"
RUNS = "tma_no_tensor_maps"  # 1-D bulk runs only: strided and edge tiles without tensor maps


def compile_with_report(pipeline: str = RUNS, **kwargs):
    with tvm_tma.copy_report() as report:
        src = cuda_source(tile_scale(**kwargs), pipeline)
    return src, report


@pytest.mark.parametrize(
    "kwargs, runs, run_bytes",
    [
        (dict(m=256, n=64, tile_n=64), 1, 4096),  # whole tile contiguous: one copy
        (dict(m=256, n=256, tile_n=64), 16, 256),  # one copy per row
        (dict(m=256, n=256, tile_n=64, pads=(4,)), 16, 256),  # padded shared rows
        (dict(m=256, n=256, tile_n=64, dtype="float16"), 16, 128),
        (dict(m=256, n=256, tile_n=64, dtype="int8"), 16, 64),  # spare threads predicated off
    ],
    ids=["contiguous", "rows", "padded", "fp16", "int8"],
)
def test_bulk_chunks_as_large_as_legal(kwargs, runs, run_bytes):
    src, report = compile_with_report(**kwargs)
    assert report and all(r.instruction == "cp.async.bulk" and r.pieces == runs for r in report)
    assert all(r.bytes == runs * run_bytes for r in report)
    assert f"(uint){run_bytes}, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0" in src
    assert f"(uint){runs * run_bytes});" in src  # expect_tx of the whole stage
    assert "cp_async_cg" not in src and "commit_group" not in src and "wait_group" not in src
    # Barrier ring of 3 versions, each initialized with one arrival (the expect_tx).
    assert src.count("mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta") == 3
    assert "(uint)1);" in src


def test_tail_tiles_fall_back_to_cp_async_on_the_same_barrier():
    # 250 rows in tiles of 16: tiles 0..14 are whole (bulk), tile 15 is partial (cp.async).
    src, report = compile_with_report(m=250, n=256)
    assert report and all(r.instruction == "cp.async.bulk (whole tiles)" and r.rule == "dense_box"
                          for r in report)
    assert "a tail" in report[0].reason
    steady = next(r for r in report if r.site == "i_0 + 2")
    assert steady.reason.endswith("cp.async unless i_0 < 13")  # (i_0 + 2) * 16 + 15 < 250
    assert BULK in src and "cp_async_cg" in src and "mbarrier_arrive_noinc" in src
    assert "((i_0 < 13) ? (uint)4096 : (uint)0)" in src  # a partial tile expects no bulk bytes
    assert "(uint)129);" in src  # init count: the expect_tx arrival + one .noinc per thread


def test_tail_that_cannot_be_guarded_falls_back_entirely():
    # A tail predicate the whole tile cannot be checked against (not monotone in the threads).
    from tvm_tma.transforms.copy_plan import _whole_tile_condition
    from tvm import tirx, sym

    tx, n = tirx.Var("tx", "int32"), tirx.Var("n", "int32")
    dom = {tx: tvm.ir.Range(0, 32)}
    assert _whole_tile_condition([tirx.floormod(31 - tx, 32) < n], dom, sym.Analyzer()) is None
    assert str(_whole_tile_condition([tx * 4 < n], dom, sym.Analyzer())) == "124 < n"


def test_mixed_bulk_and_fallback_share_one_barrier():
    # C's shared rows are 66 floats (264 bytes): not 16-byte aligned, so C falls back.
    src, report = compile_with_report(m=256, n=256, second_input=True, pads=(0, 2))
    by_src = {r.src: r for r in report}
    assert by_src["A"].instruction == "cp.async.bulk"
    assert by_src["C"].instruction == "cp.async" and by_src["C"].rule == "bulk_shared_align"
    assert "(uint)4096);" in src  # expect_tx counts only the bulk bytes (A)
    assert "(uint)129);" in src  # init: the expect_tx arrival + 128 .noinc arrivals
    assert BULK in src and "mbarrier_arrive_noinc" in src
    # C's rows are only 8-byte aligned: its 16-byte vectors go as two 8-byte cp.async.
    assert "cp_async_ca_async_ca_shared_global_8(" in src and "cp_async_cg" not in src


@pytest.mark.parametrize("stages", [2, 3, 4])
def test_any_trip_count(stages):
    for trips in sorted({1, stages - 1, stages, stages + 1, 13} - {0}):
        src = cuda_source(tile_scale(16 * trips, 64, tile_n=64, stages=stages))
        waits = re.findall(r"tvm_builtin_cuda_mbarrier_wait\(\(&\(tma_bar_q0_ptr\[(.*?)\]\)\), (.*?)\);", src)
        assert waits, (stages, trips)
        if trips <= stages:
            # Fully unrolled: the stages are waited for in order, each once, first phase;
            # the prologue's predicated-off (empty) stages too, as wait_group would.
            assert len(waits) == max(trips, stages - 1), (stages, trips, waits)
            assert waits == [(str(i), "0") for i in range(len(waits))], (stages, trips, waits)


def test_gemm_mma_schedule_emits_bulk_for_both_operands():
    from tvm_tma.kernels.gemm import gemm_mma

    with tvm_tma.copy_report() as report:
        src = cuda_source(gemm_mma())
    assert {r.src for r in report} == {"A", "B"}
    assert all(r.instruction == "cp.async.bulk" for r in report)
    assert "cp_async_cg" not in src and "cp.async.cg" not in src
    # Steady state: stage k + 3 into slot (k+3) % 4, wait for stage k with parity (k / 4) % 2.
    assert "tma_bar_q0_ptr[((k_0_0 + 3) & 3)]" in src
    assert "tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[(k_0_0 & 3)])), ((k_0_0 & 7) >> 2));" in src


def test_min_arch():
    mod = tile_scale(64, 64)
    target = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})
    with pytest.raises(tvm_tma.TMAError, match=r"min_arch: .*expected a target of sm_90 or newer, got sm_80"):
        tvm.compile(mod, target=target, tir_pipeline="tma")


def test_cp_async_size_when_fallback_is_impossible():
    # A tail forces the fallback; 2-byte unvectorized pieces cannot be cp.async.
    with pytest.raises(tvm_tma.TMAError, match=r"cp_async_size: .*got 2 bytes per thread aligned to 2 bytes \(vectorize the copy loop"):
        cuda_source(tile_scale(250, 64, tile_n=64, dtype="float16", vec_bytes=2), RUNS)
