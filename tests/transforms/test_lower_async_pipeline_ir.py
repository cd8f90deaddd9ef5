"""LowerAsyncPipelineToMBarrier on InjectSoftwarePipeline output: before/after TVMScript.

``Before`` is what TVM 0.27's stock passes make of ``tvm_tma.kernels.tile_scale(64, 64,
tile_m=16, tile_n=64, stages=2, threads=64)`` up to InjectSoftwarePipeline: a 2-version
ring of 16x64 fp32 tiles, a prologue stage, 3 steady-state iterations and an epilogue.
``Expected`` is the barrier pipeline: one 4096-byte bulk copy per stage (the tile is
contiguous in both memories), ``expect_tx`` of 4096 bytes, the wait of iteration ``i`` on
``bar[i % 2]`` (before its stage's predicate: a stage predicated off still waits) with parity ``(i // 2) % 2`` (``i // 2`` since ``i < 3``), the epilogue on
``bar[1]`` parity 1 (stage 3), init before and inval after.
"""
# ruff: noqa
import pytest
import tvm
from tvm.script import ir as I
from tvm.script import tirx as T

import tvm_tma


@I.ir_module
class Before:
    @T.prim_func(s_tir=True)
    def main(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32")):
        T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tirx.noalias": True})
        # with T.sblock("root"):
        for blockIdx_x in T.thread_binding(1, thread="blockIdx.x"):
            for threadIdx_x in T.thread_binding(64, thread="threadIdx.x"):
                with T.sblock(""):
                    T.reads(A[threadIdx_x // 16:threadIdx_x // 16 + 61, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                    T.writes(B[0:64, threadIdx_x])
                    A_shared = T.sblock_alloc_buffer((2, 16, 64), scope="shared")
                    with T.sblock(""):
                        T.reads(A[threadIdx_x // 16:threadIdx_x // 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                        T.writes(A_shared[T.FloorMod(0, 2), threadIdx_x // 16:threadIdx_x // 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                        T.attr({"async_commit_queue_scope": 0, "async_scope": 1})
                        for ax0_ax1_fused_0 in range(4):
                            for ax0_ax1_fused_2 in T.vectorized(4):
                                with T.sblock("A_shared"):
                                    T.reads(A[T.Mul(0, 16) + ax0_ax1_fused_0 * 4 + threadIdx_x // 16, threadIdx_x % 16 * 4 + ax0_ax1_fused_2])
                                    T.writes(A_shared[T.FloorMod(0, 2), ax0_ax1_fused_0 * 4 + threadIdx_x // 16, threadIdx_x % 16 * 4 + ax0_ax1_fused_2])
                                    A_shared[T.FloorMod(0, 2), ax0_ax1_fused_0 * 4 + threadIdx_x // 16, threadIdx_x % 16 * 4 + ax0_ax1_fused_2] = A[T.Mul(0, 16) + ax0_ax1_fused_0 * 4 + threadIdx_x // 16, threadIdx_x % 16 * 4 + ax0_ax1_fused_2]
                    with T.sblock(""):
                        T.reads(A[threadIdx_x // 16 + 16:threadIdx_x // 16 + 16 + 45, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4], A_shared[0:2, 0:16, threadIdx_x])
                        T.writes(A_shared[0:2, threadIdx_x // 16:threadIdx_x // 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4], B[0:48, threadIdx_x])
                        for i_0 in range(3):
                            with T.sblock(""):
                                T.where(i_0 + 1 < 4)
                                T.reads(A[i_0 * 16 + threadIdx_x // 16 + 16:i_0 * 16 + threadIdx_x // 16 + 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                                T.writes(A_shared[(i_0 + 1) % 2, threadIdx_x // 16:threadIdx_x // 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                                T.attr({"async_commit_queue_scope": 0, "async_scope": 1})
                                for ax0_ax1_fused_0 in range(4):
                                    for ax0_ax1_fused_2 in T.vectorized(4):
                                        with T.sblock("A_shared"):
                                            T.reads(A[(i_0 + 1) * 16 + ax0_ax1_fused_0 * 4 + threadIdx_x // 16, threadIdx_x % 16 * 4 + ax0_ax1_fused_2])
                                            T.writes(A_shared[(i_0 + 1) % 2, ax0_ax1_fused_0 * 4 + threadIdx_x // 16, threadIdx_x % 16 * 4 + ax0_ax1_fused_2])
                                            A_shared[(i_0 + 1) % 2, ax0_ax1_fused_0 * 4 + threadIdx_x // 16, threadIdx_x % 16 * 4 + ax0_ax1_fused_2] = A[(i_0 + 1) * 16 + ax0_ax1_fused_0 * 4 + threadIdx_x // 16, threadIdx_x % 16 * 4 + ax0_ax1_fused_2]
                            with T.sblock(""):
                                T.where(i_0 + 1 - 1 < 4)
                                T.reads(A_shared[(i_0 - 1 + 1) % 2, 0:16, threadIdx_x])
                                T.writes(B[(i_0 - 1 + 1) * 16:(i_0 - 1 + 1) * 16 + 16, threadIdx_x])
                                T.attr({"async_wait_queue_scope": 0, "async_wait_inflight_count": 1})
                                for i_1_j_1_fused_0 in range(16):
                                    with T.sblock("B"):
                                        T.reads(A_shared[(i_0 - 1 + 1) % 2, i_1_j_1_fused_0, threadIdx_x])
                                        T.writes(B[(i_0 - 1 + 1) * 16 + i_1_j_1_fused_0, threadIdx_x])
                                        B[(i_0 - 1 + 1) * 16 + i_1_j_1_fused_0, threadIdx_x] = A_shared[(i_0 - 1 + 1) % 2, i_1_j_1_fused_0, threadIdx_x] * T.float32(2.0)
                    with T.sblock(""):
                        T.reads(A_shared[T.FloorMod(3, 2), 0:16, threadIdx_x])
                        T.writes(B[T.Mul(3, 16):T.Mul(3, 16) + 16, threadIdx_x])
                        T.attr({"async_wait_queue_scope": 0, "async_wait_inflight_count": 0})
                        for i_1_j_1_fused_0 in range(16):
                            with T.sblock("B"):
                                T.reads(A_shared[T.FloorMod(3, 2), i_1_j_1_fused_0, threadIdx_x])
                                T.writes(B[T.Mul(3, 16) + i_1_j_1_fused_0, threadIdx_x])
                                B[T.Mul(3, 16) + i_1_j_1_fused_0, threadIdx_x] = A_shared[T.FloorMod(3, 2), i_1_j_1_fused_0, threadIdx_x] * T.float32(2.0)

@I.ir_module
class Expected:
    @T.prim_func(s_tir=True)
    def main(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32")):
        T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tirx.noalias": True})
        # with T.sblock("root"):
        for blockIdx_x in T.thread_binding(1, thread="blockIdx.x"):
            for threadIdx_x in T.thread_binding(64, thread="threadIdx.x"):
                with T.sblock(""):
                    T.reads(A[threadIdx_x // 16:threadIdx_x // 16 + 61, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                    T.writes(B[0:64, threadIdx_x])
                    A_shared = T.sblock_alloc_buffer((2, 16, 64), scope="shared")
                    tma_bar_q0 = T.sblock_alloc_buffer((2,), "uint64", scope="shared", align=8)
                    if threadIdx_x == 0:
                        T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[0])), T.uint32(1), "init", "", "shared", "b64", "")
                        T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[1])), T.uint32(1), "init", "", "shared", "b64", "")
                        T.ptx.fence("proxy", "async", "shared::cta", "")
                    T.tvm_storage_sync("shared", T.bool(False), -1)
                    with T.sblock(""):
                        T.reads(A[threadIdx_x // 16:threadIdx_x // 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                        T.writes(A_shared[T.FloorMod(0, 2), threadIdx_x // 16:threadIdx_x // 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                        T.tvm_storage_sync("shared", T.bool(False), -1)
                        if threadIdx_x == 0:
                            T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[0])), T.uint32(4096), "arrive", "expect_tx", "", "", "shared", "b64", "")
                        if threadIdx_x < 1:
                            T.ptx.cp(T.cuda.cvta_generic_to_shared(T.address_of(A_shared[T.FloorMod(0, 2), 0, 0])), T.address_of(A[0, 0]), T.uint32(4096), T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[0])), "async", "bulk", "", "", "shared::cluster", "global", "mbarrier::complete_tx::bytes", "", "", "", "")
                    with T.sblock(""):
                        T.reads(A[threadIdx_x // 16 + 16:threadIdx_x // 16 + 16 + 45, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4], A_shared[0:2, 0:16, threadIdx_x])
                        T.writes(A_shared[0:2, threadIdx_x // 16:threadIdx_x // 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4], B[0:48, threadIdx_x])
                        for i_0 in range(3):
                            with T.sblock(""):
                                T.reads(A[i_0 * 16 + threadIdx_x // 16 + 16:i_0 * 16 + threadIdx_x // 16 + 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                                T.writes(A_shared[(i_0 + 1) % 2, threadIdx_x // 16:threadIdx_x // 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                                T.tvm_storage_sync("shared", T.bool(False), -1)
                                if threadIdx_x == 0:
                                    T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[(i_0 + 1) % 2])), T.uint32(4096), "arrive", "expect_tx", "", "", "shared", "b64", "")
                                if threadIdx_x < 1:
                                    T.ptx.cp(T.cuda.cvta_generic_to_shared(T.address_of(A_shared[(i_0 + 1) % 2, 0, 0])), T.address_of(A[(i_0 + 1) * 16, 0]), T.uint32(4096), T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[(i_0 + 1) % 2])), "async", "bulk", "", "", "shared::cluster", "global", "mbarrier::complete_tx::bytes", "", "", "", "")
                            T.cuda.mbarrier_wait(T.address_of(tma_bar_q0[i_0 % 2]), i_0 // 2)
                            with T.sblock(""):
                                T.where(i_0 + 1 - 1 < 4)
                                T.reads(A_shared[(i_0 - 1 + 1) % 2, 0:16, threadIdx_x])
                                T.writes(B[(i_0 - 1 + 1) * 16:(i_0 - 1 + 1) * 16 + 16, threadIdx_x])
                                for i_1_j_1_fused_0 in range(16):
                                    with T.sblock("B"):
                                        T.reads(A_shared[(i_0 - 1 + 1) % 2, i_1_j_1_fused_0, threadIdx_x])
                                        T.writes(B[(i_0 - 1 + 1) * 16 + i_1_j_1_fused_0, threadIdx_x])
                                        B[(i_0 - 1 + 1) * 16 + i_1_j_1_fused_0, threadIdx_x] = A_shared[(i_0 - 1 + 1) % 2, i_1_j_1_fused_0, threadIdx_x] * T.float32(2.0)
                    T.cuda.mbarrier_wait(T.address_of(tma_bar_q0[1]), 1)
                    with T.sblock(""):
                        T.reads(A_shared[T.FloorMod(3, 2), 0:16, threadIdx_x])
                        T.writes(B[T.Mul(3, 16):T.Mul(3, 16) + 16, threadIdx_x])
                        for i_1_j_1_fused_0 in range(16):
                            with T.sblock("B"):
                                T.reads(A_shared[T.FloorMod(3, 2), i_1_j_1_fused_0, threadIdx_x])
                                T.writes(B[T.Mul(3, 16) + i_1_j_1_fused_0, threadIdx_x])
                                B[T.Mul(3, 16) + i_1_j_1_fused_0, threadIdx_x] = A_shared[T.FloorMod(3, 2), i_1_j_1_fused_0, threadIdx_x] * T.float32(2.0)
                    T.tvm_storage_sync("shared", T.bool(False), -1)
                    if threadIdx_x == 0:
                        T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[0])), "inval", "shared", "b64", "")
                        T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[1])), "inval", "shared", "b64", "")


# ``overwrite_guard="empty_barriers"``: the same pipeline, with a ring ``tma_empty_q0[2]`` of
# "empty" barriers (count 64: one arrival per thread) instead of the ``__syncthreads`` before
# each producer. Stage ``G = i_0 + 1`` overwrites version ``G % 2`` only from ``G >= 2`` on
# (``1 <= i_0``; the prologue's stage 0 needs nothing): there every thread arrives on
# ``tma_empty_q0[G % 2]``, and only thread 0, which issues the copy, waits for that phase,
# parity ``(G // 2 - 1) % 2``.
@I.ir_module
class ExpectedEmptyBarriers:
    @T.prim_func(s_tir=True)
    def main(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32")):
        T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tirx.noalias": True})
        # with T.sblock("root"):
        for blockIdx_x in T.thread_binding(1, thread="blockIdx.x"):
            for threadIdx_x in T.thread_binding(64, thread="threadIdx.x"):
                with T.sblock(""):
                    T.reads(A[threadIdx_x // 16:threadIdx_x // 16 + 61, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                    T.writes(B[0:64, threadIdx_x])
                    A_shared = T.sblock_alloc_buffer((2, 16, 64), scope="shared")
                    tma_bar_q0 = T.sblock_alloc_buffer((2,), "uint64", scope="shared", align=8)
                    tma_empty_q0 = T.sblock_alloc_buffer((2,), "uint64", scope="shared", align=8)
                    if threadIdx_x == 0:
                        T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[0])), T.uint32(1), "init", "", "shared", "b64", "")
                        T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[1])), T.uint32(1), "init", "", "shared", "b64", "")
                        T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_empty_q0[0])), T.uint32(64), "init", "", "shared", "b64", "")
                        T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_empty_q0[1])), T.uint32(64), "init", "", "shared", "b64", "")
                        T.ptx.fence("proxy", "async", "shared::cta", "")
                    T.tvm_storage_sync("shared", T.bool(False), -1)
                    with T.sblock(""):
                        T.reads(A[threadIdx_x // 16:threadIdx_x // 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                        T.writes(A_shared[T.FloorMod(0, 2), threadIdx_x // 16:threadIdx_x // 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                        if threadIdx_x == 0:
                            T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[0])), T.uint32(4096), "arrive", "expect_tx", "", "", "shared", "b64", "")
                        if threadIdx_x < 1:
                            T.ptx.cp(T.cuda.cvta_generic_to_shared(T.address_of(A_shared[T.FloorMod(0, 2), 0, 0])), T.address_of(A[0, 0]), T.uint32(4096), T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[0])), "async", "bulk", "", "", "shared::cluster", "global", "mbarrier::complete_tx::bytes", "", "", "", "")
                    with T.sblock(""):
                        T.reads(A[threadIdx_x // 16 + 16:threadIdx_x // 16 + 16 + 45, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4], A_shared[0:2, 0:16, threadIdx_x])
                        T.writes(A_shared[0:2, threadIdx_x // 16:threadIdx_x // 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4], B[0:48, threadIdx_x])
                        for i_0 in range(3):
                            with T.sblock(""):
                                T.reads(A[i_0 * 16 + threadIdx_x // 16 + 16:i_0 * 16 + threadIdx_x // 16 + 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                                T.writes(A_shared[(i_0 + 1) % 2, threadIdx_x // 16:threadIdx_x // 16 + 13, threadIdx_x % 16 * 4:threadIdx_x % 16 * 4 + 4])
                                if 1 <= i_0:
                                    T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_empty_q0[(i_0 + 1) % 2])), "arrive", "", "", "shared", "b64", "")
                                    if threadIdx_x == 0:
                                        T.cuda.mbarrier_wait(T.address_of(tma_empty_q0[(i_0 + 1) % 2]), ((i_0 + 1) // 2 + 1) % 2)
                                if threadIdx_x == 0:
                                    T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[(i_0 + 1) % 2])), T.uint32(4096), "arrive", "expect_tx", "", "", "shared", "b64", "")
                                if threadIdx_x < 1:
                                    T.ptx.cp(T.cuda.cvta_generic_to_shared(T.address_of(A_shared[(i_0 + 1) % 2, 0, 0])), T.address_of(A[(i_0 + 1) * 16, 0]), T.uint32(4096), T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[(i_0 + 1) % 2])), "async", "bulk", "", "", "shared::cluster", "global", "mbarrier::complete_tx::bytes", "", "", "", "")
                            T.cuda.mbarrier_wait(T.address_of(tma_bar_q0[i_0 % 2]), i_0 // 2)
                            with T.sblock(""):
                                T.where(i_0 + 1 - 1 < 4)
                                T.reads(A_shared[(i_0 - 1 + 1) % 2, 0:16, threadIdx_x])
                                T.writes(B[(i_0 - 1 + 1) * 16:(i_0 - 1 + 1) * 16 + 16, threadIdx_x])
                                for i_1_j_1_fused_0 in range(16):
                                    with T.sblock("B"):
                                        T.reads(A_shared[(i_0 - 1 + 1) % 2, i_1_j_1_fused_0, threadIdx_x])
                                        T.writes(B[(i_0 - 1 + 1) * 16 + i_1_j_1_fused_0, threadIdx_x])
                                        B[(i_0 - 1 + 1) * 16 + i_1_j_1_fused_0, threadIdx_x] = A_shared[(i_0 - 1 + 1) % 2, i_1_j_1_fused_0, threadIdx_x] * T.float32(2.0)
                    T.cuda.mbarrier_wait(T.address_of(tma_bar_q0[1]), 1)
                    with T.sblock(""):
                        T.reads(A_shared[T.FloorMod(3, 2), 0:16, threadIdx_x])
                        T.writes(B[T.Mul(3, 16):T.Mul(3, 16) + 16, threadIdx_x])
                        for i_1_j_1_fused_0 in range(16):
                            with T.sblock("B"):
                                T.reads(A_shared[T.FloorMod(3, 2), i_1_j_1_fused_0, threadIdx_x])
                                T.writes(B[T.Mul(3, 16) + i_1_j_1_fused_0, threadIdx_x])
                                B[T.Mul(3, 16) + i_1_j_1_fused_0, threadIdx_x] = A_shared[T.FloorMod(3, 2), i_1_j_1_fused_0, threadIdx_x] * T.float32(2.0)
                    T.tvm_storage_sync("shared", T.bool(False), -1)
                    if threadIdx_x == 0:
                        T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[0])), "inval", "shared", "b64", "")
                        T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_bar_q0[1])), "inval", "shared", "b64", "")
                        T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_empty_q0[0])), "inval", "shared", "b64", "")
                        T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(tma_empty_q0[1])), "inval", "shared", "b64", "")


def test_before_after():
    after = tvm_tma.transforms.LowerAsyncPipelineToMBarrier(launch_cost="mbarriers")(Before)
    tvm.ir.assert_structural_equal(after, Expected, map_free_vars=True)


def test_before_after_empty_barriers():
    after = tvm_tma.transforms.LowerAsyncPipelineToMBarrier(overwrite_guard="empty_barriers", launch_cost="mbarriers")(Before)
    tvm.ir.assert_structural_equal(after, ExpectedEmptyBarriers, map_free_vars=True)


@pytest.mark.parametrize("option, value", [("overwrite_guard", "fence"), ("mixed_stages", "cp.async")])
def test_options_are_checked(option, value):
    with pytest.raises(ValueError, match=f"{option}: expected one of .*got '{value}'"):
        tvm_tma.transforms.LowerAsyncPipelineToMBarrier(**{option: value})
