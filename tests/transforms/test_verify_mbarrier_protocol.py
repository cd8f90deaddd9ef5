"""VerifyMBarrierProtocol: passes on what our passes emit, raises mbarrier_protocol on broken protocols.

Positive cases: the IR the verifier sees in the "tma" pipeline (the passes before it) for the
golden kernels, the GPU check cases of benchmarks/cases.py and the trip counts of
test_lower_async_pipeline.py. Negative cases: that IR with one thing broken
(tvm_ffi.structural_mutate), and small hand-written kernels.
"""

import pathlib
import sys

import pytest
import tvm
import tvm_ffi
from tvm import tirx
from tvm.ir.expr import TensorLoad
from tvm.script import tirx as T

import tvm_tma
from tvm_tma import TMAError
from tvm_tma.kernels import rms_norm
from tvm_tma.kernels.bulk_copy import copy_tiles
from tvm_tma.transforms import VerifyMBarrierProtocol
from tvm_tma.transforms.pipelines import consumers
from workloads import center_columns, tile_scale, tile_scale_staged, verified_ir

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "benchmarks"))
import cases

TARGET = tvm.target.Target(tvm_tma.codegen.SM90A)
BULK = "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"
RULE = r"mbarrier_protocol: main: "


def verify(mod: tvm.IRModule, **kwargs) -> tvm.IRModule:
    return VerifyMBarrierProtocol(**kwargs)(mod)


def raises(mod: tvm.IRModule, match: str, **kwargs) -> None:
    with pytest.raises(TMAError, match=match) as err:
        verify(mod, **kwargs)
    assert err.value.rule == "mbarrier_protocol"


def nodes(node, kind) -> list:
    """The nodes of type ``kind`` in ``node`` (an IRModule: its ``main``), in walk order."""
    found = []
    tvm_ffi.structural_walk(node["main"] if isinstance(node, tvm.IRModule) else node, (kind, found.append))
    return found


def calls(mod: tvm.IRModule | tirx.Stmt, op_name: str) -> list[tvm.ir.Call]:
    return [c for c in nodes(mod, tvm.ir.Call) if isinstance(c.op, tvm.ir.Op) and c.op.name == op_name]


def replace(mod: tvm.IRModule, old, new) -> tvm.IRModule:
    """``mod`` with the node ``old`` (that object) replaced by ``new``."""

    def on_node(node, mutator):
        return new if node.same_as(old) else mutator.default_mutate(node)

    return tvm.IRModule({"main": tvm_ffi.structural_mutate(mod["main"], (type(old), on_node))})


def retarget(mod: tvm.IRModule, call: tvm.ir.Call, slot: int) -> tvm.IRModule:
    """``mod`` with the barrier operation ``call`` on slot ``slot`` of its barrier."""
    (load,) = nodes(call, TensorLoad)
    return replace(mod, load, tirx.BufferLoad(load.source, [tirx.const(slot, "int32")]))


def drop(mod: tvm.IRModule, op_name: str, which=slice(None)) -> tvm.IRModule:
    """``mod`` without the statements that call ``op_name`` (``which`` of them)."""
    for call in calls(mod, op_name)[which]:
        (evaluate,) = [e for e in nodes(mod, tirx.Evaluate) if e.value.same_as(call)]
        mod = replace(mod, evaluate, tirx.Evaluate(0))
    return mod


# -- positive: everything our passes emit ----------------------------------------------------

GOLDEN = {  # tests/test_golden.py, the GEMM aside (test_small_gemm)
    "pipeline_contiguous_f32": lambda: tile_scale(256, 64, tile_n=64),
    "pipeline_padded_rows_f16": lambda: tile_scale(256, 256, tile_n=64, dtype="float16", pads=(8,)),
    "pipeline_rows_i8": lambda: tile_scale(256, 256, tile_n=64, dtype="int8", stages=4),
    "pipeline_tail_fallback": lambda: tile_scale(250, 256, tile_n=64),
    "pipeline_mixed": lambda: tile_scale(256, 256, second_input=True, pads=(0, 2)),
    "pipeline_one_trip": lambda: tile_scale(16, 64, tile_n=64, stages=3),
    "bulk_copy_block": lambda: tile_scale_staged(256, 256),
    "pipeline_two_loops": lambda: center_columns(200, 128, stages=(3, 2)),
    "pipeline_nested_strips": lambda: tile_scale(250, 256, strips_per_cta=2),
}
CHECK_CASES = [name for name, case in cases.CASES.items()
               if name.startswith("check_") and case.builder != "gemm_mma"]


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_kernels_verify(name):
    mod = verified_ir(GOLDEN[name]())
    assert verify(mod)["main"].same_as(mod["main"])  # returned unchanged


@pytest.mark.parametrize("name", CHECK_CASES)
def test_gpu_check_cases_verify(name):
    verify(verified_ir(cases.CASES[name].build()))


@pytest.mark.parametrize("stages", [2, 3, 4])
def test_any_trip_count_verifies(stages):
    for trips in sorted({1, stages - 1, stages, stages + 1, 13} - {0}):
        verify(verified_ir(tile_scale(16 * trips, 64, tile_n=64, stages=stages)))


@pytest.mark.parametrize("build", [
    *(lambda stages=stages: tile_scale(16, 256, dynamic=True, stages=stages) for stages in (2, 3, 4)),
    lambda: tile_scale(16, 256, dynamic=True, store=True, strips_per_cta=2),
    lambda: center_columns(16, 128, dynamic=True, stages=(3, 2), strips_per_cta=2),
], ids=["stages2", "stages3", "stages4", "nested_store", "two_loops_nested"])
def test_dynamic_trip_counts_verify_at_every_count(build):
    # A variable number of row tiles, verified at 1 to 14 of them.
    verify(verified_ir(build()), sample_values=[{"tiles": t} for t in range(1, 15)])


EMPTY = {"overwrite_guard": "empty_barriers"}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_kernels_verify_with_empty_barriers(name):
    verify(verified_ir(GOLDEN[name](), **EMPTY))


@pytest.mark.parametrize("stages", [2, 3, 4])
def test_any_trip_count_verifies_with_empty_barriers(stages):
    for trips in sorted({1, stages - 1, stages, stages + 1, 13} - {0}):
        mod = verified_ir(tile_scale(16 * trips, 64, tile_n=64, stages=stages), **EMPTY)
        # A version is overwritten (the ring has ``stages`` slots) only past ``stages`` trips.
        assert bool(calls(mod, "tirx.ptx.mbarrier_arrive_nocount")) == (trips > stages)
        verify(mod)


def test_dynamic_trip_counts_verify_with_empty_barriers():
    mod = verified_ir(center_columns(16, 128, dynamic=True, stages=(3, 2), strips_per_cta=2), **EMPTY)
    assert {nodes(c, TensorLoad)[0].source.name for c in calls(mod, "tirx.ptx.mbarrier_arrive_nocount")} == {
        "tma_empty_q0", "tma_empty_p1_q0"}
    verify(mod, sample_values=[{"tiles": t} for t in range(1, 15)])


@pytest.fixture(scope="module")
def small_gemm():
    return verified_ir(cases.CASES["check_gemm_96_trips3"].build())


def test_small_gemm(small_gemm):
    verify(small_gemm)
    # The first wait (stage 0, slot 0) on slot 1 instead: it takes phase 0 of slot 1, so the
    # wait for stage 1 finds phase 1 next there, of the other parity.
    waits = calls(small_gemm, "tirx.cuda.mbarrier_wait")
    raises(retarget(small_gemm, waits[0], 1), RULE + r"tma_bar_q0\[1\] phase 1: wait for parity 0: "
           r"expected 1 .* \(at blockIdx.x=0, blockIdx.y=0, k_0_0=1\)")


@pytest.mark.parametrize("rows, stages", [(45, 2), (45, 3), (61, 4), (77, 5), (141, 2)])
def test_stage_without_fallback_in_a_queue_with_fallbacks(rows, stages):
    # Some tiles are whole (TVM simplified their tail predicate away) but the queue's
    # barriers count a .noinc arrival per thread: those stages must arrive so too (this
    # deadlocked before: 1 of 129 arrivals).
    verify(verified_ir(tile_scale(rows, 128, stages=stages)))


# -- negative: real IR with one thing broken -------------------------------------------------

def test_wrong_expect_tx_bytes():
    mod = verified_ir(tile_scale(256, 256, tile_n=64))  # 16 rows of 256 bytes per stage
    for call in calls(mod, "tirx.ptx.mbarrier_arrive_expect_tx"):
        mod = replace(mod, call.args[1], T.uint32(8192))
    raises(mod, RULE + r"tma_bar_q0\[0\] phase 0: expect_tx of 8192 bytes, copies complete 4096 bytes: "
           r"expected equal counts when the phase is waited on \(at blockIdx.x=0, i_0=0\)")


def test_bulk_copy_removed():
    mod = drop(verified_ir(tile_scale(256, 64, tile_n=64)), "tirx.ptx.cp_async_bulk_g2s_cluster")
    raises(mod, RULE + r"tma_bar_q0\[0\] phase 0: expect_tx of 4096 bytes, copies complete 0 bytes")


def test_flipped_parity():
    mod = verified_ir(tile_scale(256, 64, tile_n=64, stages=3))
    for call in calls(mod, "tirx.cuda.mbarrier_wait"):
        mod = replace(mod, call.args[1], 1 - call.args[1])
    raises(mod, RULE + r"tma_bar_q0\[0\] phase 0: wait for parity 1: expected 0 \(phase 0 is the "
           r"next one not waited on\), got 1 \(at blockIdx.x=0, i_0=0\)")


def test_init_removed():
    mod = drop(verified_ir(tile_scale(256, 64, tile_n=64)), "tirx.ptx.mbarrier_init", slice(1, 2))
    raises(mod, RULE + r"tma_bar_q0\[1\]: arrive before mbarrier.init: expected the barrier "
           r"initialized \(and not invalidated\) first \(at blockIdx.x=0, i_0=1\)")


def test_init_count_zero_never_completes():
    # What the lowering once emitted for a queue whose copies all ran synchronously: nothing
    # arrives, the waits on it never return (the fuzzer's hangs on the H100).
    mod = verified_ir(tile_scale(256, 64, tile_n=64))
    for call in calls(mod, "tirx.ptx.mbarrier_init"):
        mod = replace(mod, call.args[1], tirx.const(0, call.args[1].ty))
    raises(mod, RULE + r"tma_bar_q0\[0\] phase 0: mbarrier.init with count 0: expected 1 to 2\^20 - 1 "
           r"\(PTX ISA, mbarrier.init\)")


def test_init_by_every_thread():
    mod = verified_ir(tile_scale(256, 64, tile_n=64))
    init = calls(mod, "tirx.ptx.mbarrier_init")[0]
    guard = [s for s in nodes(mod, tirx.IfThenElse) if any(c.same_as(init) for c in nodes(s, tvm.ir.Call))]
    raises(replace(mod, guard[0], guard[0].then_case),
           RULE + r"tma_bar_q0\[0\] phase 0: mbarrier.init by 128 threads: expected 1 \(at blockIdx.x=0\)")


def test_inval_with_a_phase_outstanding():
    mod = drop(verified_ir(rms_norm(8, 3072, rows_per_cta=2, stages=2)), "tirx.cuda.mbarrier_wait", slice(-1, None))
    raises(mod, RULE + r"tma_bar_q0\[0\] phase 1: mbarrier.inval with the phase outstanding: expected it "
           r"waited on first, got 1 arrivals, 2048 bytes expected, 2048 bytes copied \(at blockIdx.x=0, r_1=0\)")


def test_wait_before_its_producer_deadlocks():
    mod = verified_ir(tile_scale_staged(256, 256))
    (wait,) = [e for e in nodes(mod, tirx.Evaluate) if e.value.same_as(calls(mod, "tirx.cuda.mbarrier_wait")[0])]
    (seq,) = [s for s in nodes(mod, tirx.SeqStmt) if any(c.same_as(wait) for c in s.seq)]
    mod = replace(mod, seq, tirx.SeqStmt([wait] + [c for c in seq.seq if not c.same_as(wait)]))
    raises(mod, RULE + r"tma_bar_copy0\[0\] phase 0: waited on after 0 arrivals: expected all 1 "
           r"issued before the wait, got 0 \(the wait would not return\) \(at blockIdx.x=0, i_0=0\)")


def test_unmodelled_barrier_operation():
    mod = verified_ir(tile_scale(256, 64, tile_n=64))
    wait = calls(mod, "tirx.cuda.mbarrier_wait")[0]
    other = tvm.ir.Call(tvm.ir.Op.get("tirx.cuda.mbarrier_wait_acquire_cluster"), wait.args, ret_ty=wait.ty)
    raises(replace(mod, wait, other), RULE + r"tirx.cuda.mbarrier_wait_acquire_cluster: expected one of "
           r"the barrier operations the verifier models .* \(at blockIdx.x=0, i_0=0\)")


def test_missing_noinc_arrivals_deadlock():
    # A by bulk, C by cp.async: 1 expect_tx + 128 .noinc arrivals per phase.
    mod = drop(verified_ir(tile_scale(256, 256, second_input=True, pads=(0, 2)), mixed_stages="mbarrier"),
               "tirx.ptx.cp_async_mbarrier_arrive", slice(0, 1))
    raises(mod, RULE + r"tma_bar_q0\[0\] phase 0: waited on after 1 arrivals: expected all 129")


def test_extra_phase_before_the_wait_is_aba():
    # The steady state's producer on the slot of the stage it is about to wait for, not its own.
    mod = verified_ir(tile_scale(256, 64, tile_n=64, stages=3))
    producer = calls(mod, "tirx.ptx.mbarrier_arrive_expect_tx")[-1]
    (load,) = nodes(producer, TensorLoad)
    assert str(load.indices[0]) == "(i_0 + 2) % 3"
    mod = replace(mod, load.indices[0], tirx.floormod(load.indices[0].a.a, 3))
    raises(mod, RULE + r"tma_bar_q0\[0\] phase 0: 2 arrivals before its wait: expected at most 1 "
           r"\(the init count; a later phase issued before this wait makes its parity ambiguous\) "
           r"\(at blockIdx.x=0, i_0=0\)")


def test_empty_barrier_parity_flipped():
    mod = verified_ir(tile_scale(256, 64, tile_n=64, stages=3), **EMPTY)
    for call in calls(mod, "tirx.cuda.mbarrier_wait"):
        if nodes(call, TensorLoad)[0].source.name == "tma_empty_q0":
            mod = replace(mod, call.args[1], 1 - call.args[1])
    raises(mod, RULE + r"tma_empty_q0\[0\] phase 0: wait for parity 1: expected 0 .* \(at blockIdx.x=0, i_0=1\)")


def test_empty_barrier_arrival_missing_deadlocks():
    # 128 threads: 128 arrivals per phase; the arrive dropped from the steady state.
    mod = drop(verified_ir(tile_scale(256, 64, tile_n=64, stages=3), **EMPTY), "tirx.ptx.mbarrier_arrive_nocount")
    raises(mod, RULE + r"tma_empty_q0\[0\] phase 0: waited on after 0 arrivals: expected all 128 "
           r"issued before the wait")


@pytest.fixture(scope="module")
def two_loops():
    """Column sums over 8 row tiles in 3 stages (ring tma_bar_q0), then the centered tiles
    in 2 stages (ring tma_bar_p1_q0)."""
    return verified_ir(center_columns(128, 64, stages=(3, 2)))


def barrier(mod: tvm.IRModule, name: str) -> tirx.Buffer:
    """The barrier buffer called ``name`` in ``mod``."""
    return next(load.source for load in nodes(mod, TensorLoad) if load.source.name == name)


def test_wrong_parity_in_the_second_loop(two_loops):
    mod = two_loops
    for call in calls(mod, "tirx.cuda.mbarrier_wait"):
        if nodes(call, TensorLoad)[0].source.name == "tma_bar_p1_q0":
            mod = replace(mod, call.args[1], 1 - call.args[1])
    raises(mod, RULE + r"tma_bar_p1_q0\[0\] phase 0: wait for parity 1: expected 0 \(phase 0 is the next one not "
           r"waited on\), got 1 \(at blockIdx.x=0, i_0=0\)")


def test_second_loop_on_the_first_loops_ring(two_loops):
    # What the lowering made before each pipeline had its own ring: the second loop on
    # tma_bar_q0, its parities counted from 0 again while its slots are phases further.
    mod = drop(drop(two_loops, "tirx.ptx.mbarrier_inval", slice(0, 3)), "tirx.ptx.mbarrier_init", slice(3, 5))
    first, second = barrier(mod, "tma_bar_q0"), barrier(mod, "tma_bar_p1_q0")

    def on_load(load, mutator):
        return tirx.BufferLoad(first, list(load.indices)) if load.source.same_as(second) else load

    mod = tvm.IRModule({"main": tvm_ffi.structural_mutate(mod["main"], (TensorLoad, on_load))})
    raises(mod, RULE + r"tma_bar_q0\[0\] phase 3: wait for parity 0: expected 1 \(phase 3 is the next one not "
           r"waited on\), got 0 \(at blockIdx.x=0, i_0=0\)")


@pytest.fixture(scope="module")
def nested():
    """Two column strips per CTA, each a 4-trip pipeline on a ring re-initialized per strip."""
    return verified_ir(tile_scale(64, 256, strips_per_cta=2))


def test_reinit_without_inval(nested):
    raises(drop(nested, "tirx.ptx.mbarrier_inval"), RULE + r"tma_bar_q0\[0\] phase 2: mbarrier.init of a barrier "
           r"still initialized: expected mbarrier.inval before it is initialized again \(at blockIdx.x=0, j_0_1=1\)")


def test_inval_before_every_thread_is_done(nested):
    # The __syncthreads between the last waits and the inval removed.
    (inval,) = [s for s in nodes(nested, tirx.IfThenElse) if calls(s, "tirx.ptx.mbarrier_inval")]
    (seq,) = [s for s in nodes(nested, tirx.SeqStmt) if any(c.same_as(inval) for c in s.seq)]
    sync = seq.seq[[c.same_as(inval) for c in seq.seq].index(True) - 1]
    assert calls(sync, "tirx.tvm_storage_sync")
    raises(replace(nested, sync, tirx.Evaluate(0)), RULE + r"tma_bar_q0\[0\] phase 2: mbarrier.inval with no "
           r"__syncthreads since other threads used it: expected every thread done with it first \(at blockIdx.x=0, "
           r"j_0_1=0\)")


# -- hand-written kernels --------------------------------------------------------------------

def ring(copiers: int, period: int, tiles: int = 4, last_block_period: int | None = None):
    """``tiles`` tiles of 256 floats through a ring of 2 barriers in each of 4 blocks;
    ``copiers`` threads copy 512 bytes each (2 are needed), the wait of tile k has parity
    ``k // period % 2`` (2 is right; in the last block ``k // last_block_period % 2`` if given)."""
    last = period if last_block_period is None else last_block_period
    n = tiles * 256

    @T.prim_func(s_tir=True)
    def main(A: T.Buffer((4 * n,), "float32"), B: T.Buffer((4 * n,), "float32")):
        for bx in T.thread_binding(4, thread="blockIdx.x"):
            for tx in T.thread_binding(128, thread="threadIdx.x"):
                with T.sblock("k"):
                    S = T.sblock_alloc_buffer((2, 256), "float32", scope="shared", align=128)
                    bar = T.sblock_alloc_buffer((2,), "uint64", scope="shared", align=8)
                    if tx == 0:
                        for v in range(2):
                            T.ptx.mbarrier.init.shared.b64(T.address_of(bar[v]), T.uint32(1))
                        T.ptx.fence.proxy.async_.shared__cta()
                    T.tvm_storage_sync("shared")
                    for k in range(tiles):
                        if tx == 0:
                            T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bar[k % 2]), T.uint32(1024))
                        T.tvm_storage_sync("shared")
                        if tx < copiers:
                            T.ptx[BULK](T.address_of(S[k % 2, tx * 128]),
                                        T.address_of(A[bx * n + k * 256 + tx * 128]),
                                        T.uint32(512), T.address_of(bar[k % 2]))
                        T.cuda.mbarrier_wait(T.address_of(bar[k % 2]),
                                             T.if_then_else(bx < 3, k // period % 2, k // last % 2))
                        for i in range(2):
                            B[bx * n + k * 256 + i * 128 + tx] = S[k % 2, i * 128 + tx]

    return tvm.IRModule({"main": main})


def one_copy(fence: bool, sync: str | None) -> tvm.IRModule:
    """1 KiB by one bulk copy on one barrier, waited for by all 128 threads; with or without
    the proxy fence after the init, and with ``T.tvm_storage_sync(sync)`` between the init and
    its use (None: none)."""

    @T.prim_func(s_tir=True)
    def main(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32")):
        for tx in T.thread_binding(128, thread="threadIdx.x"):
            with T.sblock("k"):
                S = T.sblock_alloc_buffer((256,), "float32", scope="shared", align=128)
                bar = T.sblock_alloc_buffer((1,), "uint64", scope="shared", align=8)
                if tx == 0:
                    T.ptx.mbarrier.init.shared.b64(T.address_of(bar[0]), T.uint32(1))
                    if fence:
                        T.ptx.fence.proxy.async_.shared__cta()
                if sync is not None:
                    T.tvm_storage_sync(sync)
                if tx == 0:
                    T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bar[0]), T.uint32(1024))
                    T.ptx[BULK](T.address_of(S[0]), T.address_of(A[0]), T.uint32(1024), T.address_of(bar[0]))
                T.cuda.mbarrier_wait(T.address_of(bar[0]), 0)
                for i in range(2):
                    B[i * 128 + tx] = S[i * 128 + tx]

    return tvm.IRModule({"main": main})


@pytest.mark.parametrize("scope", ["shared", "shared.dyn"])
def test_init_made_visible_before_use(scope):
    verify(one_copy(fence=True, sync=scope))  # ThreadSync's barrier of dynamic shared memory is a __syncthreads too
    raises(one_copy(fence=False, sync=scope), RULE + r"bar\[0\] phase 0: cp.async.bulk completing on it with no "
           r"fence.proxy.async since mbarrier.init: expected the init made visible to the async proxy first")
    for unordered in (None, "warp"):
        raises(one_copy(fence=True, sync=unordered), RULE + r"bar\[0\] phase 0: mbarrier.try_wait.parity by threads "
               r"that did not initialize it, with no __syncthreads since mbarrier.init: expected the init made "
               r"visible to the CTA first")


def test_hand_written_ring():
    verify(ring(copiers=2, period=2))
    raises(ring(copiers=1, period=2), RULE + r"bar\[0\] phase 0: expect_tx of 1024 bytes, copies complete 512 bytes")
    raises(ring(copiers=2, period=1), RULE + r"bar\[1\] phase 0: wait for parity 1: expected 0 .* "
           r"\(at blockIdx.x=0, k=1\)")


@T.prim_func(s_tir=True)
def one_phase_too_many_for_even_n(A: T.Buffer((4096,), "float32"), n: T.int32):
    for tx in T.thread_binding(32, thread="threadIdx.x"):
        with T.sblock("k"):
            S = T.sblock_alloc_buffer((256,), "float32", scope="shared", align=128)
            bar = T.sblock_alloc_buffer((1,), "uint64", scope="shared", align=8)
            if tx == 0:
                T.ptx.mbarrier.init.shared.b64(T.address_of(bar[0]), T.uint32(1))
                T.ptx.fence.proxy.async_.shared__cta()
            T.tvm_storage_sync("shared")
            for k in range(n // 2 * 2 + 1):
                T.tvm_storage_sync("shared")
                if tx == 0:
                    T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bar[0]), T.uint32(1024))
                    T.ptx[BULK](T.address_of(S[0]), T.address_of(A[0]), T.uint32(1024), T.address_of(bar[0]))
                if k < n:
                    T.cuda.mbarrier_wait(T.address_of(bar[0]), k % 2)


COPY_GRIDS = [{"tiles": t, "ctas": c, "walk": -(-t // c)} for t in (1, 5, 7, 13) for c in (1, 2, 3, 4, 5) if c <= t]


def copy_kernel(stages: int, threads: int) -> tvm.IRModule:
    return verified_ir(tvm.IRModule({"main": copy_tiles(tile_bytes=2048, stages=stages, threads=threads)}))


@pytest.mark.parametrize("stages,threads", [(2, 128), (3, 128), (2, 1)])
def test_copy_kernel_verifies_with_steps_past_the_last_tile(stages, threads):
    verify(copy_kernel(stages, threads), sample_values=COPY_GRIDS)


def test_expect_tx_before_the_guard_is_a_race():
    # What the copy kernel hung on (H100, 128 threads, a last step only some CTAs have): the
    # expect_tx of a step with no tile (0 bytes) completes its phase at once; before the
    # __syncthreads a thread still polling the phase before finds its parity again.
    def expect_first(seq, mutator):
        items = [mutator.default_mutate(x) for x in seq.seq]
        for i in range(len(items) - 1):
            if (isinstance(items[i], tirx.Evaluate) and calls(items[i], "tirx.tvm_storage_sync")
                    and calls(items[i + 1], "tirx.ptx.mbarrier_arrive_expect_tx")):
                items[i], items[i + 1] = items[i + 1], items[i]
        return tirx.SeqStmt(items)

    mod = copy_kernel(2, 128)
    mod = tvm.IRModule({"main": tvm_ffi.structural_mutate(mod["main"], (tirx.SeqStmt, expect_first))})
    # 5 tiles on 2 CTAs: CTA 1 copies tiles 1 and 3, its third step none.
    raises(mod, r"mbarrier_protocol: copy: tma_bar_q0\[0\] phase 2: an arrival completes it before other "
           r"threads are known to be done waiting on the phase before: expected a __syncthreads \(or an "
           r"empty-barrier wait\) .*\(at ctas=2, walk=3, tiles=5, blockIdx.x=1, step=1\)", sample_values=COPY_GRIDS)


def test_dropped_empty_barrier_wait_is_caught():
    # Without its empty-barrier wait the issuing thread refills a slot (its copy completes
    # the next phase) while the other threads may still poll the phase before.
    mod = verified_ir(tile_scale(256, 64, tile_n=64, stages=3), **EMPTY)
    waits = [c for c in calls(mod, "tirx.cuda.mbarrier_wait") if nodes(c, TensorLoad)[0].source.name == "tma_empty_q0"]
    for call in waits:
        (evaluate,) = [e for e in nodes(mod, tirx.Evaluate) if e.value.same_as(call)]
        mod = replace(mod, evaluate, tirx.Evaluate(0))
    raises(mod, RULE + r"tma_bar_q0\[0\] phase 1: a copy completes it before other threads are known to be done")


def test_dynamic_trip_count_is_verified_at_the_samples():
    # n // 2 * 2 + 1 phases issued, n waited: right for odd n only.
    mod = tvm.IRModule({"main": one_phase_too_many_for_even_n.with_attr("global_symbol", "main")})
    verify(mod, sample_values=[1, 3, {"n": 17}])
    raises(mod, RULE + r"bar\[0\] phase 2: never waited on: .* \(at n=2\)", sample_values=[1, 2])
    raises(mod, r"at n=1000\)")  # the default samples include an even size


def test_step_budget():
    raises(verified_ir(tile_scale(256, 64, tile_n=64)), r"expected at most max_steps=10 loop "
           r"iterations and barrier operations, got more", max_steps=10)


# -- the pipeline runs it --------------------------------------------------------------------

def test_pipeline_runs_the_verifier_after_the_lowering():
    names = [p.info.name for p in tvm_tma.pipeline._passes({}, {}, verify=True)]
    at = names.index("tvm_tma.VerifyMBarrierProtocol")
    assert names[at - 1] == "tvm_tma.LowerBulkCopyBlocks" and at < names.index("s_tir.LowerOpaqueBlock")


WIDE = tile_scale(256, 64 * 132, tile_n=64, tile_m=32, threads=64)
"""132 CTAs staging 128 bytes per thread, which "tma" lowers to mbarriers (the launch-cost
model, rule ``launch_cost``)."""


def test_verifier_runs_when_asked(monkeypatch):
    # Off by default (it costs more compile time than the lowering); on with TVM_TMA_VERIFY=1
    # (the test suite) or in the "tma_verified" pipeline.
    assert "tvm_tma.VerifyMBarrierProtocol" not in [p.info.name for p in tvm_tma.pipeline._passes({}, {})]
    emit = consumers.wait_parity
    monkeypatch.setattr(consumers, "wait_parity", lambda slot, parity: emit(slot, 1 - parity))
    monkeypatch.setenv("TVM_TMA_VERIFY", "0")
    tvm.compile(WIDE, target=TARGET, tir_pipeline="tma")  # unchecked
    with pytest.raises(TMAError, match=RULE + r"tma_bar_q0\[0\] phase 0: wait for parity 1"):
        tvm.compile(WIDE, target=TARGET, tir_pipeline="tma_verified")


def test_broken_emission_fails_tvm_compile(monkeypatch):
    emit = consumers.wait_parity
    monkeypatch.setattr(consumers, "wait_parity", lambda slot, parity: emit(slot, 1 - parity))
    with pytest.raises(TMAError, match=RULE + r"tma_bar_q0\[0\] phase 0: wait for parity 1") as err:
        tvm.compile(WIDE, target=TARGET, tir_pipeline="tma")
    assert err.value.rule == "mbarrier_protocol"


def test_a_roles_barrier_orders_its_own_waiters():
    # A persistent attention kernel's consumers load the next item's Q during each item, on
    # two barriers in turn: the consumers' own barrier (a __syncthreads inside their role)
    # orders every consumer's wait on a barrier's last phase before its next copy. Without it,
    # rule 4 fails.
    from tvm_tma.kernels import attention

    mod = verified_ir(attention(1, 132, 132, 384, 384, 64, persistent=True))  # 396 items, 3 per CTA
    verify(mod)

    def without_syncs(loop, mutator):
        loop = mutator.default_mutate(loop)
        if loop.loop_var.name != "it" or not calls(loop, "tirx.tvm_storage_sync"):
            return loop
        drop = (tirx.Evaluate, lambda e, _: tirx.Evaluate(0) if calls(e, "tirx.tvm_storage_sync") else e)
        return tvm_ffi.structural_mutate(loop, drop)

    mod = tvm.IRModule({"main": tvm_ffi.structural_mutate(mod["main"], (tirx.For, without_syncs))})
    raises(mod, RULE + r"tma_bar_copy0\[0\] phase 1: a copy completes it before other threads are known to be done "
           r"waiting on the phase before")
