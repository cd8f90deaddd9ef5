"""LowerAsyncPipelineToMBarrier through the whole "tma" pipeline: chunking, fallbacks, errors,
and the barrier rings of pipelines beyond one loop per kernel (loops in a row, a pipeline in a
serial loop, dynamic trip counts, nested pipelines refused).

Each case compiles a small pipelined TensorIR kernel (tests/workloads.py) and checks the
copy report, the generated CUDA or the barrier operations of the lowered IR. The kernels ran correct on the H100 through
benchmarks/ (see benchmarks/RESULTS.md); here nothing needs a GPU.
"""

import re

import pytest
import tvm
import tvm_ffi
from tvm import tirx

import tvm_tma
from tvm_tma.kernels import add
from tvm_tma.transforms._ir import substitute
from workloads import ALL_LAUNCHES, center_columns, cuda_source, tile_scale, verified_ir

BULK = "cp_async_bulk_g2s_cluster"
RUNS = "tma_runs"  # 1-D bulk runs only (strided and edge tiles without tensor maps), any row length


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


def test_short_rows_are_cp_async_by_the_performance_rule():
    # int8 tiles of 64-byte rows: one bulk copy per row is slower than stock's cp.async
    # (rule bulk_min_run, 128 bytes on the H100); every copy of the pipeline is per-thread,
    # so it keeps stock's cp.async groups.
    src, report = compile_with_report("tma_no_tensor_maps_all_launches", m=256, n=256, tile_n=64, dtype="int8")
    assert report and all(r.instruction == "cp.async (stock pipeline)" and r.rule == "pipeline_model"
                          and "bulk_min_run: 16 runs of 64 bytes: expected at least 128 bytes" in r.reason
                          for r in report)
    assert "mbarrier" not in src and "cp.async.commit_group" in src


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


def test_tail_inside_a_vector_reads_no_byte_past_it():
    # C = A + B over 777777 fp32: the last 16-byte vector holds one element (777776); its
    # cp.async must read 4 bytes (src_size), zero-filling the other 12, not 16 bytes past n.
    n = 777_777
    calls = []
    tvm_ffi.structural_walk(verified_ir(add(n, tiles_per_cta=5, stages=4))["main"], (tvm.ir.Call, lambda c: (
        calls.append(c) if isinstance(c.op, tvm.ir.Op) and c.op.name.startswith("tirx.ptx.cp_async_c") else None)))
    assert len(calls) == 4 and all(c.op.name == "tirx.ptx.cp_async_cg_src_size" for c in calls)
    analyzer = tvm.sym.Analyzer()
    for call in calls:
        (load,) = [x for x in call.args[1].args if isinstance(x, tvm.ir.expr.TensorLoad)]
        index, src_size = load.indices[0], call.args[3]
        found = []
        tvm_ffi.structural_walk(index, (tirx.Var, found.append))
        v = {x.name: x for x in found}
        const = {name: (lambda value, var=var: tirx.const(value, str(var.ty))) for name, var in v.items()}
        for i in range(5):  # the loop value at which this copy loads tile 4 of CTA 75: 777216 ..
            at = {v["blockIdx.x"]: const["blockIdx.x"](75), v["i_1"]: const["i_1"](i),
                  v["ax0_fused_0"]: const["ax0_fused_0"](1)}
            if int(analyzer.simplify(substitute(index, {**at, v["threadIdx.x"]: const["threadIdx.x"](0)}))) == 777216:
                break
        else:
            raise AssertionError(f"no iteration of {index} copies elements 777216 ..")
        for tx in range(256):
            lane = {**at, v["threadIdx.x"]: const["threadIdx.x"](tx)}
            first = int(analyzer.simplify(substitute(index, lane)))
            if first < n:  # the piece's guard
                assert int(analyzer.simplify(substitute(src_size, lane))) == 4 * min(4, n - first)


def test_tail_that_cannot_be_guarded_falls_back_entirely():
    # A tail predicate the whole tile cannot be checked against (not monotone in the threads).
    from tvm import sym, tirx

    from tvm_tma.transforms.copies.copy_plan import _whole_tile_condition

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


def test_mixed_stage_where_stocks_cp_async_would_be_misaligned_stays_on_mbarriers():
    # A stage of a bulk copy (A) and per-thread cp.async (C, rows padded by 2 fp32: 8-byte
    # pieces) would keep stock's commit/wait groups for both (rule mixed_stage_cost), but stock
    # copies C's 16-byte vectors by one cp.async each at 8-byte aligned addresses: both stay on
    # the stage's mbarrier, every copy reported.
    src, report = compile_with_report(ALL_LAUNCHES, m=256, n=256, second_input=True, pads=(0, 2))
    assert {r.src for r in report} == {"A", "C"}
    assert all(r.instruction.startswith("cp.async.bulk") for r in report if r.src == "A"), [str(r) for r in report]
    assert all(r.instruction == "cp.async" and r.rule == "bulk_shared_align" for r in report if r.src == "C")
    assert "cp.async.commit_group" not in src and "mbarrier" in src


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


def test_gemm_mma_schedule_emits_swizzled_tensor_copies_for_both_operands():
    # Upstream's schedule pads the shared rows for ldmatrix (storage_align): the padding gives
    # way to the swizzle of the tensor copy (A: 64-byte rows, B: 256-byte rows as two 128B boxes).
    from tvm_tma.kernels.gemm import gemm_mma

    with tvm_tma.copy_report() as report:
        src = cuda_source(gemm_mma())
    assert {(r.src, r.instruction, r.pieces, r.reason) for r in report} == {
        ("A", "cp.async.bulk.tensor.2d (64B swizzle)", 1, "A_shared.dyn: padding replaced by 64B swizzle"),
        ("B", "cp.async.bulk.tensor.2d (128B swizzle)", 2, "B_shared.dyn: padding replaced by 128B swizzle")}
    assert "cp_async_cg" not in src and "cp.async.cg" not in src
    # Steady state: stage k + 3 into slot (k+3) % 4, wait for stage k with parity (k / 4) % 2.
    assert "tma_bar_q0_ptr[((k_0_0 + 3) & 3)]" in src
    assert "tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[(k_0_0 & 3)])), ((k_0_0 & 7) >> 2));" in src


def test_min_arch():
    mod = tile_scale(64, 64)
    target = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})
    with pytest.raises(tvm_tma.TMAError, match=r"min_arch: .*expected a target of sm_90 or newer, got sm_80: for "
                       r"Hopper give the target its arch, e.g. tvm.target.Target\(\{'kind': 'cuda', 'arch': "
                       r"'sm_90a'\}\) .*for older GPUs use tir_pipeline='default'"):
        tvm.compile(mod, target=target, tir_pipeline="tma")


def test_a_function_without_thread_bindings_reports_host_copies():
    """No thread bindings: TVM compiles the function for the host, and the report says its
    pipelined copies are ordinary loads and stores (no cp.async is emitted anywhere)."""
    from tvm import te

    a = te.placeholder((64, 256), "float32", name="A")
    b = te.compute((64, 256), lambda i, j: a[i, j] * 2, name="B")
    sch = tvm.s_tir.Schedule(te.create_prim_func([a, b]))
    io, _ = sch.split(sch.get_loops(sch.get_sblock("B"))[0], [None, 8])
    sch.compute_at(sch.cache_read(sch.get_sblock("B"), 0, "shared"), io)
    sch.annotate(io, "software_pipeline_stage", [0, 1])
    sch.annotate(io, "software_pipeline_order", [0, 1])
    sch.annotate(io, "software_pipeline_async_stages", [0])
    with tvm_tma.copy_report() as report:
        executable = tvm.compile(sch.mod, target=tvm.target.Target({"kind": "cuda", "arch": "sm_90a"}),
                                 tir_pipeline="tma")
    assert not [m for m in executable.mod.imports if m.kind == "cuda"]  # host code only
    assert len(report) == 2 and all(r.instruction == "synchronous" and r.rule == "pipeline_model" and
                                    "no thread bindings: TVM compiles it for the host" in r.reason for r in report)


def test_partial_tiles_stay_ordinary_loads_when_cp_async_is_impossible():
    # A tail forces a fallback for the partial tile; 2-byte unvectorized pieces cannot be
    # cp.async: whole tiles stay bulk, the partial one ordinary loads (as stock TVM leaves
    # them), reported with both rules.
    src, report = compile_with_report(m=250, n=64, tile_n=64, dtype="float16", vec_bytes=2)
    assert report and all(r.instruction == "cp.async.bulk (whole tiles)" and r.rule == "dense_box" for r in report)
    assert all("no cp.async either: cp_async_size: " in r.reason and "got 2 bytes per thread aligned to 2 bytes"
               in r.reason and "synchronous unless" in r.reason for r in report)
    assert BULK in src and "cp_async_c" not in src and "mbarrier_arrive_noinc" not in src


# -- pipelines beyond one loop per kernel -----------------------------------------------------

OPS = {"tirx.ptx.mbarrier_init": "init", "tirx.ptx.mbarrier_arrive_expect_tx": "arrive",
       "tirx.cuda.mbarrier_wait": "wait", "tirx.ptx.mbarrier_inval": "inval"}


def barrier_ops(node) -> list[str]:
    """The barrier operations in ``node`` (an IRModule: its ``main``), in program order (a loop
    body once), as ``"<op> <barrier>[<slot>]"``, waits with ``" parity <parity>"``."""
    found = []

    def visit(call):
        if not (isinstance(call.op, tvm.ir.Op) and call.op.name in OPS):
            return
        addr = call.args[0]
        addr = addr.args[0] if addr.op.name == "tirx.cuda.cvta_generic_to_shared" else addr
        (load,) = addr.args
        wait = f" parity {call.args[1]}" if OPS[call.op.name] == "wait" else ""
        found.append(f"{OPS[call.op.name]} {load.source.name}[{load.indices[0]}]{wait}")

    tvm_ffi.structural_walk(node["main"] if isinstance(node, tvm.IRModule) else node, (tvm.ir.Call, visit))
    return found


def ring(name: str, slots: int, ops: list[str]) -> list[str]:
    """``ops`` between the init and the inval of every slot of barrier ``name``."""
    return ([f"init {name}[{v}]" for v in range(slots)] + ops + [f"inval {name}[{v}]" for v in range(slots)])


def test_two_pipelined_loops_get_one_ring_each():
    # Column sums over 8 row tiles in 3 stages, then the centered tiles in 2 stages: the
    # second loop's parities start from phase 0 of its own ring, initialized after the first
    # ring was invalidated (before: both on tma_bar_q0, the second loop's waits wrong).
    assert barrier_ops(verified_ir(center_columns(128, 64, stages=(3, 2)))) == [
        *ring("tma_bar_q0", 3, ["arrive tma_bar_q0[ax1_0]", "arrive tma_bar_q0[(ax1_0 + 2) % 3]",
                                "wait tma_bar_q0[ax1_0 % 3] parity ax1_0 // 3",  # stages 0..5
                                "wait tma_bar_q0[ax1_0] parity 0"]),  # stages 6, 7: phase 2 of slots 0, 1
        *ring("tma_bar_p1_q0", 2, ["arrive tma_bar_p1_q0[0]", "arrive tma_bar_p1_q0[(i_0 + 1) % 2]",
                                   "wait tma_bar_p1_q0[i_0 % 2] parity i_0 % 4 // 2",  # stages 0..6
                                   "wait tma_bar_p1_q0[1] parity 1"]),  # stage 7: phase 3 of slot 1
    ]


def test_two_pipelined_loops_share_memory_aligned_for_tensor_maps():
    # StorageRewrite gives the second loop's tiles and ring the first loop's memory (their
    # lifetimes do not overlap); AlignSharedMemory keeps the tensor-map boxes 128-byte aligned.
    src = cuda_source(center_columns(200, 128, stages=(3, 2)))
    assert [line.strip() for line in src.splitlines() if "__shared__" in line] == [
        "__shared__ alignas(64) uint64_t tma_bar_q0_ptr[3];", "__shared__ alignas(128) float A_shared_ptr[3072];"]


def test_pipeline_in_a_serial_loop_reinitializes_its_ring_each_iteration():
    # Two column strips per CTA, each a 4-trip pipeline: the strip loop holds the whole ring
    # (init ... inval), and each strip's protocol is that of a CTA with one strip.
    mod = verified_ir(tile_scale(64, 256, strips_per_cta=2))
    ops = barrier_ops(mod)
    assert ops == ring("tma_bar_q0", 3, ["arrive tma_bar_q0[i_0]", "arrive tma_bar_q0[(i_0 + 2) % 3]",
                                         "wait tma_bar_q0[i_0] parity 0",
                                         "wait tma_bar_q0[(i_0 + 2) % 3] parity (i_0 + 2) // 3"])
    loops = []
    tvm_ffi.structural_walk(mod["main"], (tirx.For, loops.append))
    (strip,) = [f for f in loops if f.kind == tirx.ForKind.SERIAL and barrier_ops(f.body) == ops]
    assert int(strip.extent) == 2
    assert barrier_ops(verified_ir(tile_scale(64, 256))) == ops


def test_dynamic_trip_count_waits_in_a_loop():
    # Any number of row tiles: the steady state waits for stage t, the epilogue for the stages
    # not yet waited for (from the one after the last waited, W + 1), whose number depends on
    # the trip count: a loop from 0 (InjectVirtualThread takes no other start).
    mod = verified_ir(tile_scale(64, 256, dynamic=True, stages=3))
    ops = barrier_ops(mod)
    assert ops[:3 + 3] == ring("tma_bar_q0", 3, [
        "arrive tma_bar_q0[t]", "arrive tma_bar_q0[(t + 2) % 3]", "wait tma_bar_q0[t % 3] parity t % 6 // 3"])[:6]
    epilogue = ops[6]
    first = "T.Select(t == 0, T.Select(2 < tiles, tiles - 3, -1), T.Select(2 < tiles, tiles - 1, 1)) + stage + 1"
    assert epilogue == f"wait tma_bar_q0[({first}) % 3] parity ({first}) % 6 // 3"
    loops = []
    tvm_ffi.structural_walk(mod["main"], (tirx.For, lambda f: loops.append(f) if f.loop_var.name == "stage" else None))
    (loop,) = loops
    assert int(loop.min) == 0 and "tiles" in str(loop.extent)


def pipelined_strips(async_outer: bool) -> tvm.IRModule:
    """``tile_scale`` with 4 strips per CTA whose strip loop is software-pipelined too, over the
    row-tile pipeline's prologue, body and epilogue (stages 0, 0, 1)."""
    sch = tvm.s_tir.Schedule(tile_scale(64, 512, strips_per_cta=4))
    strip = sch.get_loops(sch.get_sblock("B"))[1]
    sch.annotate(strip, "software_pipeline_stage", [0, 0, 1])
    sch.annotate(strip, "software_pipeline_order", [0, 1, 2])
    if async_outer:
        sch.annotate(strip, "software_pipeline_async_stages", [0])
    return sch.mod


def test_async_pipeline_in_an_async_pipeline_is_refused():
    with pytest.raises(tvm_tma.TMAError, match=r"pipeline_nesting: main: an async stage holds the async stage of "
                       r"another pipelined loop \(the copy into A_shared\): expected at most one of two nested") as err:
        cuda_source(pipelined_strips(True))
    assert err.value.rule == "pipeline_nesting"


def test_async_pipeline_in_a_pipelined_loop_keeps_stock_lowering():
    # Stock TVM flattens the row-tile pipeline into the strip pipeline's stages; the barrier
    # state of that flattened loop is not one the mbarrier lowering models: stock's cp.async
    # groups stay, every copy reported with the reason.
    with tvm_tma.copy_report() as report:
        src = cuda_source(pipelined_strips(False))
    assert report and all(r.instruction == "cp.async (stock pipeline)" and r.rule == "pipeline_model"
                          and "does not settle" in r.reason for r in report)
    assert "cp.async.cg.shared.global" in src and "cp.async.commit_group" in src and "mbarrier" not in src


def test_stock_tvm_builds_a_pipelined_loop_in_a_pipelined_loop():
    # Stock TVM 0.27 flattens the inner pipeline into the outer one's stages (cp.async groups
    # of consecutive strips interleave); with async outer stages it refuses nested async scopes.
    src = cuda_source(pipelined_strips(False), "default", {"tirx.use_async_copy": 1})
    assert "cp.async" in src
    with pytest.raises(Exception, match="Nested async scopes not supported"):
        cuda_source(pipelined_strips(True), "default", {"tirx.use_async_copy": 1})
