"""Hand-written schedules of the async-copy patterns users have, in the stock annotations.

Each builder returns a scheduled module that stock TVM 0.27 compiles with
``tirx.use_async_copy``; :data:`CASES` names them. The TVMScript kernels are in the lowered
form TensorIR schedules take after ``cache_read`` / ``compute_at`` (thread-bound loops, copy
blocks into shared memory, a pipelined loop), small enough to run on the GPU in milliseconds.
"""
# ruff: noqa: E501
from __future__ import annotations

import tvm
from tvm.script import tirx as T

from tvm_tma.testing.compat import CompatCase

# A two-stage pipeline whose stage 0 is asynchronous, consumers two iterations behind.
AHEAD2 = {"software_pipeline_stage": [0, 2], "software_pipeline_order": [0, 1], "software_pipeline_async_stages": [0]}


@T.prim_func(s_tir=True)
def scale_in_async_stage(A: T.Buffer((24, 512), "float32"), C: T.Buffer((24, 512), "float32")):
    # The async stage computes: S = A * 2 (stock runs it as an ordinary store in the stage).
    for bx in T.thread_binding(4, thread="blockIdx.x"):
        for tx in T.thread_binding(128, thread="threadIdx.x"):
            for i in T.serial(24, annotations=AHEAD2):
                with T.sblock("row"):
                    S = T.sblock_alloc_buffer((128,), "float32", scope="shared")
                    with T.sblock("S"):
                        S[tx] = A[i, bx * 128 + tx] * T.float32(2)
                    with T.sblock("C"):
                        C[i, bx * 128 + tx] = S[127 - tx] + T.float32(1)


@T.prim_func(s_tir=True)
def scale_in_async_stage_dynamic(a: T.handle, c: T.handle):
    # The same with a symbolic trip count k.
    k = T.int32()
    A = T.match_buffer(a, (k, 512), "float32")
    C = T.match_buffer(c, (k, 512), "float32")
    for bx in T.thread_binding(4, thread="blockIdx.x"):
        for tx in T.thread_binding(128, thread="threadIdx.x"):
            for i in T.serial(k, annotations=AHEAD2):
                with T.sblock("row"):
                    S = T.sblock_alloc_buffer((128,), "float32", scope="shared")
                    with T.sblock("S"):
                        S[tx] = A[i, bx * 128 + tx] * T.float32(2)
                    with T.sblock("C"):
                        C[i, bx * 128 + tx] = S[127 - tx] + T.float32(1)


@T.prim_func(s_tir=True)
def copy_rows_dynamic(a: T.handle, c: T.handle):
    # A four-stage ring of 8 x 64 fp32 tiles over a symbolic number of row tiles k.
    k = T.int32()
    A = T.match_buffer(a, (k, 8, 256), "float32")
    C = T.match_buffer(c, (k, 8, 256), "float32")
    for bx in T.thread_binding(4, thread="blockIdx.x"):
        for tx in T.thread_binding(128, thread="threadIdx.x"):
            for i in T.serial(k, annotations={"software_pipeline_stage": [0, 3], "software_pipeline_order": [0, 1], "software_pipeline_async_stages": [0]}):
                with T.sblock("tile"):
                    S = T.sblock_alloc_buffer((8, 64), "float32", scope="shared")
                    for v in T.vectorized(4):
                        with T.sblock("S"):
                            S[tx // 16, tx % 16 * 4 + v] = A[i, tx // 16, bx * 64 + tx % 16 * 4 + v]
                    for r in range(4):
                        with T.sblock("C"):
                            C[i, r * 2 + tx // 64, bx * 64 + tx % 64] = S[r * 2 + tx // 64, 63 - tx % 64] * T.float32(2)


@T.prim_func(s_tir=True)
def copy_rows_short(A: T.Buffer((16, 256), "float32"), C: T.Buffer((16, 256), "float32")):
    # Two row tiles through a four-stage ring: the trip count is below the stage count.
    for bx in T.thread_binding(4, thread="blockIdx.x"):
        for tx in T.thread_binding(128, thread="threadIdx.x"):
            for i in T.serial(2, annotations={"software_pipeline_stage": [0, 3], "software_pipeline_order": [0, 1], "software_pipeline_async_stages": [0]}):
                with T.sblock("tile"):
                    S = T.sblock_alloc_buffer((8, 64), "float32", scope="shared")
                    for v in T.vectorized(4):
                        with T.sblock("S"):
                            S[tx // 16, tx % 16 * 4 + v] = A[i * 8 + tx // 16, bx * 64 + tx % 16 * 4 + v]
                    for r in range(4):
                        with T.sblock("C"):
                            C[i * 8 + r * 2 + tx // 64, bx * 64 + tx % 64] = S[r * 2 + tx // 64, 63 - tx % 64] * T.float32(2)


@T.prim_func(s_tir=True)
def short_trip_in_vthread(A: T.Buffer((16, 256), "float32"), C: T.Buffer((16, 256), "float32")):
    # MetaSchedule's layout: a virtual thread (vthread.x) around the threads, the pipelined
    # loop inside it; two row tiles through a four-stage ring.
    for bx in T.thread_binding(4, thread="blockIdx.x"):
        for vx in T.thread_binding(2, thread="vthread.x"):
            for tx in T.thread_binding(128, thread="threadIdx.x"):
                for i in T.serial(2, annotations={"software_pipeline_stage": [0, 3], "software_pipeline_order": [0, 1], "software_pipeline_async_stages": [0]}):
                    with T.sblock("tile"):
                        S = T.sblock_alloc_buffer((8, 64), "float32", scope="shared")
                        for v in T.vectorized(4):
                            with T.sblock("S"):
                                S[tx // 16, tx % 16 * 4 + v] = A[i * 8 + tx // 16, bx * 64 + tx % 16 * 4 + v]
                        for r in range(2):
                            with T.sblock("C"):
                                C[i * 8 + vx * 4 + r * 2 + tx // 64, bx * 64 + tx % 64] = S[vx * 4 + r * 2 + tx // 64, 63 - tx % 64] * T.float32(2)


@T.prim_func(s_tir=True)
def two_producers_order_021(A: T.Buffer((64, 256), "float32"), B: T.Buffer((64, 256), "float32"), C: T.Buffer((64, 256), "float32")):
    # Two async copies in stage 0, issued around the consumer: order copy A, consumer, copy B.
    for bx in T.thread_binding(4, thread="blockIdx.x"):
        for tx in T.thread_binding(128, thread="threadIdx.x"):
            for i in T.serial(8, annotations={"software_pipeline_stage": [0, 0, 3], "software_pipeline_order": [0, 2, 1], "software_pipeline_async_stages": [0]}):
                with T.sblock("tile"):
                    As = T.sblock_alloc_buffer((8, 64), "float32", scope="shared")
                    Bs = T.sblock_alloc_buffer((8, 64), "float32", scope="shared")
                    for v in T.vectorized(4):
                        with T.sblock("As"):
                            As[tx // 16, tx % 16 * 4 + v] = A[i * 8 + tx // 16, bx * 64 + tx % 16 * 4 + v]
                    for v in T.vectorized(4):
                        with T.sblock("Bs"):
                            Bs[tx // 16, tx % 16 * 4 + v] = B[i * 8 + tx // 16, bx * 64 + tx % 16 * 4 + v]
                    for r in range(4):
                        with T.sblock("C"):
                            C[i * 8 + r * 2 + tx // 64, bx * 64 + tx % 64] = As[r * 2 + tx // 64, tx % 64] + Bs[r * 2 + tx // 64, 63 - tx % 64]


@T.prim_func(s_tir=True)
def zero_fill_scalar_order_021(A: T.Buffer((32, 30), "float32"), B: T.Buffer((32, 30), "float32"), C: T.Buffer((32, 32), "float32")):
    # Per-thread 4-byte copies that read A[t, i - 1] inside 1 <= i < 31 and store 0 outside:
    # a zero-filled load at both ends of the row (the if_then_else form of conv padding).
    for tx in T.thread_binding(32, thread="threadIdx.x"):
        for i in T.serial(32, annotations={"software_pipeline_stage": [0, 0, 2], "software_pipeline_order": [0, 2, 1], "software_pipeline_async_stages": [0]}):
            with T.sblock("step"):
                As = T.sblock_alloc_buffer((32, 1), "float32", scope="shared")
                Bs = T.sblock_alloc_buffer((32, 1), "float32", scope="shared")
                with T.sblock("As"):
                    As[tx, 0] = T.if_then_else(1 <= i and i < 31, A[tx, i - 1], T.float32(0))
                with T.sblock("Bs"):
                    Bs[tx, 0] = T.if_then_else(1 <= i and i < 31, B[tx, i - 1], T.float32(0))
                with T.sblock("C"):
                    C[tx, i] = As[tx, 0] * T.float32(3) + Bs[tx, 0]


@T.prim_func(s_tir=True)
def zero_fill_conv_halo(X: T.Buffer((64, 512), "float16"), Y: T.Buffer((64, 512), "float16")):
    # A 3-tap vertical convolution with zero padding: each 8-row output tile reads a 16-row
    # halo tile (rows 8 i - 4 .. 8 i + 11) of 16-byte vectors, zero where it leaves X.
    for bx in T.thread_binding(8, thread="blockIdx.x"):
        for tx in T.thread_binding(128, thread="threadIdx.x"):
            for i in T.serial(8, annotations={"software_pipeline_stage": [0, 2], "software_pipeline_order": [0, 1], "software_pipeline_async_stages": [0]}):
                with T.sblock("tile"):
                    S = T.sblock_alloc_buffer((16, 64), "float16", scope="shared")
                    for v in T.vectorized(8):
                        with T.sblock("S"):
                            S[tx // 8, tx % 8 * 8 + v] = T.if_then_else(
                                0 <= i * 8 - 4 + tx // 8 and i * 8 - 4 + tx // 8 < 64,
                                X[i * 8 - 4 + tx // 8, bx * 64 + tx % 8 * 8 + v], T.float16(0))
                    for r in range(4):
                        with T.sblock("Y"):
                            Y[i * 8 + r * 2 + tx // 64, bx * 64 + tx % 64] = (
                                S[r * 2 + tx // 64 + 3, tx % 64] + S[r * 2 + tx // 64 + 4, tx % 64] + S[r * 2 + tx // 64 + 5, tx % 64])


@T.prim_func(s_tir=True)
def zero_fill_tile_edge(A: T.Buffer((60, 256), "float16"), C: T.Buffer((60, 256), "float16")):
    # 60 rows in 8-row tiles: the last tile's rows past 60 are loaded as zeros (the
    # if_then_else form of a tile edge), the consumer writes rows below 60 only.
    for bx in T.thread_binding(4, thread="blockIdx.x"):
        for tx in T.thread_binding(64, thread="threadIdx.x"):
            for i in T.serial(8, annotations={"software_pipeline_stage": [0, 2], "software_pipeline_order": [0, 1], "software_pipeline_async_stages": [0]}):
                with T.sblock("tile"):
                    S = T.sblock_alloc_buffer((8, 64), "float16", scope="shared")
                    for v in T.vectorized(8):
                        with T.sblock("S"):
                            S[tx // 8, tx % 8 * 8 + v] = T.if_then_else(i * 8 + tx // 8 < 60, A[i * 8 + tx // 8, bx * 64 + tx % 8 * 8 + v], T.float16(0))
                    for r in range(8):
                        with T.sblock("C"):
                            T.where(i * 8 + r < 60)
                            C[i * 8 + r, bx * 64 + tx] = S[r, 63 - tx] + S[7 - r, tx]


@T.prim_func(s_tir=True)
def offset_factor_view(a: T.handle, c: T.handle):
    # A is a view with a symbolic element offset, 8 fp16 elements (16 bytes) aligned by its
    # offset_factor: 16-byte copies from it are legal.
    off = T.int32()
    A = T.match_buffer(a, (64, 256), "float16", elem_offset=off, offset_factor=8)
    C = T.match_buffer(c, (64, 256), "float16")
    for bx in T.thread_binding(4, thread="blockIdx.x"):
        for tx in T.thread_binding(64, thread="threadIdx.x"):
            for i in T.serial(8, annotations={"software_pipeline_stage": [0, 2], "software_pipeline_order": [0, 1], "software_pipeline_async_stages": [0]}):
                with T.sblock("tile"):
                    S = T.sblock_alloc_buffer((8, 64), "float16", scope="shared")
                    for v in T.vectorized(8):
                        with T.sblock("S"):
                            S[tx // 8, tx % 8 * 8 + v] = A[i * 8 + tx // 8, bx * 64 + tx % 8 * 8 + v]
                    for r in range(8):
                        with T.sblock("C"):
                            C[i * 8 + r, bx * 64 + tx] = S[r, 63 - tx]


@T.prim_func(s_tir=True)
def three_stage_two_async(A: T.Buffer((32, 256), "float32"), C: T.Buffer((32, 256), "float32")):
    # Stage 0 copies A in, stage 1 (also async) computes S2 = S1 * 2 from shared memory,
    # stage 2 consumes S2.
    for bx in T.thread_binding(2, thread="blockIdx.x"):
        for tx in T.thread_binding(128, thread="threadIdx.x"):
            for i in T.serial(32, annotations={"software_pipeline_stage": [0, 1, 2], "software_pipeline_order": [0, 1, 2], "software_pipeline_async_stages": [0, 1]}):
                with T.sblock("row"):
                    S1 = T.sblock_alloc_buffer((128,), "float32", scope="shared")
                    S2 = T.sblock_alloc_buffer((128,), "float32", scope="shared")
                    with T.sblock("S1"):
                        S1[tx] = A[i, bx * 128 + tx]
                    with T.sblock("S2"):
                        S2[tx] = S1[127 - tx] * T.float32(2)
                    with T.sblock("C"):
                        C[i, bx * 128 + tx] = S2[(tx + 1) % 128]


@T.prim_func(s_tir=True)
def three_copies_one_stage(A: T.Buffer((64, 128), "float16"), B: T.Buffer((64, 128), "float16"), D: T.Buffer((64, 128), "float16"), C: T.Buffer((64, 128), "float16")):
    # Three async copies in stage 0 of a three-stage pipeline, one consumer.
    for bx in T.thread_binding(2, thread="blockIdx.x"):
        for tx in T.thread_binding(64, thread="threadIdx.x"):
            for i in T.serial(8, annotations={"software_pipeline_stage": [0, 0, 0, 2], "software_pipeline_order": [0, 1, 2, 3], "software_pipeline_async_stages": [0]}):
                with T.sblock("tile"):
                    As = T.sblock_alloc_buffer((8, 64), "float16", scope="shared")
                    Bs = T.sblock_alloc_buffer((8, 64), "float16", scope="shared")
                    Ds = T.sblock_alloc_buffer((8, 64), "float16", scope="shared")
                    for v in T.vectorized(8):
                        with T.sblock("As"):
                            As[tx // 8, tx % 8 * 8 + v] = A[i * 8 + tx // 8, bx * 64 + tx % 8 * 8 + v]
                    for v in T.vectorized(8):
                        with T.sblock("Bs"):
                            Bs[tx // 8, tx % 8 * 8 + v] = B[i * 8 + tx // 8, bx * 64 + tx % 8 * 8 + v]
                    for v in T.vectorized(8):
                        with T.sblock("Ds"):
                            Ds[tx // 8, tx % 8 * 8 + v] = D[i * 8 + tx // 8, bx * 64 + tx % 8 * 8 + v]
                    for r in range(8):
                        with T.sblock("C"):
                            C[i * 8 + r, bx * 64 + tx] = As[r, tx] + Bs[7 - r, tx] + Ds[r, 63 - tx]


@T.prim_func(s_tir=True)
def async_scope_fp16x8(A: T.Buffer((64, 256), "float16"), B: T.Buffer((64, 256), "float16")):
    # Copies under an explicit async_scope outside any pipeline, completed by an explicit
    # commit_group / wait_group(0) (what InjectPTXAsyncCopy's users write by hand).
    for bx in T.thread_binding(4, thread="blockIdx.x"):
        for tx in T.thread_binding(64, thread="threadIdx.x"):
            with T.sblock():
                S = T.sblock_alloc_buffer((64, 64), "float16", scope="shared")
                with T.attr("default", "async_scope", 1):
                    for r in range(8):
                        for v in T.vectorized(8):
                            S[r * 8 + tx // 8, tx % 8 * 8 + v] = A[r * 8 + tx // 8, bx * 64 + tx % 8 * 8 + v]
                T.evaluate(T.ptx.cp.async_.commit_group())
                T.evaluate(T.ptx.cp.async_.wait_group(0))
                T.tvm_storage_sync("shared")
                for r in range(64):
                    B[r, bx * 64 + tx] = S[63 - r, tx]


@T.prim_func(s_tir=True)
def async_scope_fp32x1_two_buffers(A: T.Buffer((32, 128), "float32"), B: T.Buffer((32, 128), "float32"), C: T.Buffer((32, 128), "float32")):
    # Scalar 4-byte copies of two buffers into shared.dyn under one explicit async_scope.
    for tx in T.thread_binding(32, thread="threadIdx.x"):
        with T.sblock():
            As = T.sblock_alloc_buffer((32, 128), "float32", scope="shared.dyn")
            Bs = T.sblock_alloc_buffer((32, 128), "float32", scope="shared.dyn")
            with T.attr("default", "async_scope", 1):
                for j in range(128):
                    As[tx, j] = A[tx, j]
                    Bs[tx, j] = B[tx, j]
            T.evaluate(T.ptx.cp.async_.commit_group())
            T.evaluate(T.ptx.cp.async_.wait_group(0))
            T.tvm_storage_sync("shared")
            for j in range(128):
                C[tx, j] = As[31 - tx, j] + Bs[tx, 127 - j]


@T.prim_func(s_tir=True)
def nested_async_scopes(A: T.Buffer((64, 128), "float32"), C: T.Buffer((64, 128), "float32")):
    # An async pipeline inside the async stage of another: stock TVM refuses the nested
    # async scopes ("Nested async scopes not supported"), and so must "tma" (clearly). The
    # outer annotation covers the inner pipeline's prologue, body and epilogue (stage 0) and
    # the consumer loop (stage 1).
    for tx in T.thread_binding(128, thread="threadIdx.x"):
        for i in T.serial(8, annotations={"software_pipeline_stage": [0, 0, 0, 1], "software_pipeline_order": [0, 1, 2, 3], "software_pipeline_async_stages": [0]}):
            with T.sblock("outer"):
                S = T.sblock_alloc_buffer((8, 128), "float32", scope="shared")
                for j in T.serial(8, annotations={"software_pipeline_stage": [0, 1], "software_pipeline_order": [0, 1], "software_pipeline_async_stages": [0]}):
                    with T.sblock("inner"):
                        R = T.sblock_alloc_buffer((128,), "float32", scope="shared")
                        with T.sblock("R"):
                            R[tx] = A[i * 8 + j, tx]
                        with T.sblock("S"):
                            S[j, tx] = R[127 - tx]
                for j in range(8):
                    with T.sblock("C"):
                        C[i * 8 + j, tx] = S[j, 127 - tx]


def _module(func: tvm.tirx.PrimFunc):
    return lambda: tvm.IRModule({"main": func.with_attr("global_symbol", "main")})


def _gemm_nested(n: int, stages: tuple[int, ...], order: tuple[int, ...], inner_async: bool = False) -> tvm.IRModule:
    """The package's mma GEMM (``tvm_tma.kernels.gemm_mma``) at ``n``, its k0 loop a pipeline of
    ``stages`` / ``order`` over [A copy, B copy, inner prologue, inner body, inner epilogue]
    with the copies async, and the k1 loop a (synchronous, unless ``inner_async``) pipeline
    that prefetches the ldmatrix loads one step ahead: MetaSchedule's tensor-core layout."""
    from tvm_tma.kernels.gemm import gemm_mma

    tiles = n // 16
    mod = gemm_mma(n, i_factors=(1, tiles // 4, 1, 2, 2), j_factors=(tiles // 4, 1, 2, 1, 2), k_factors=(tiles // 2, 2, 1))
    sch = tvm.s_tir.Schedule(mod)
    k0, k1 = sch.get_loops(sch.get_sblock("C_o_update"))[3:5]
    for key in ("software_pipeline_stage", "software_pipeline_order"):
        sch.unannotate(k0, key)  # gemm_mma's single-loop annotation; annotate() keeps an existing value
    sch.annotate(k0, "software_pipeline_stage", list(stages))
    sch.annotate(k0, "software_pipeline_order", list(order))
    sch.annotate(k1, "software_pipeline_stage", [0, 0, 1])
    sch.annotate(k1, "software_pipeline_order", [0, 1, 2])
    if inner_async:
        sch.annotate(k1, "software_pipeline_async_stages", [0])
    return sch.mod


def _tiles(**kwargs) -> tvm.IRModule:
    from tvm_tma.kernels import tile_scale

    return tile_scale(**kwargs)


CASES = [
    CompatCase("nested_mma_gemm_4stage", "nested pipeline: async outer, ldmatrix inner (TVM's ideal annotation)",
               lambda: _gemm_nested(512, (0, 0, 2, 3, 3), (0, 1, 3, 2, 4)), reference="gemm"),
    CompatCase("nested_mma_gemm_3stage", "nested pipeline: async outer, ldmatrix inner (MetaSchedule's stages)",
               lambda: _gemm_nested(256, (0, 0, 1, 2, 2), (0, 1, 3, 2, 4)), reference="gemm"),
    CompatCase("nested_mma_gemm_inner_async", "nested pipeline: async outer, async ldmatrix inner (scopes not nested)",
               lambda: _gemm_nested(256, (0, 0, 2, 3, 3), (0, 1, 3, 2, 4), inner_async=True), reference="gemm"),
    CompatCase("zero_fill_conv_halo", "zero-fill load (conv padding): if_then_else on the rows",
               _module(zero_fill_conv_halo)),
    CompatCase("zero_fill_tile_edge", "zero-fill load (tile edge): if_then_else(row < m)",
               _module(zero_fill_tile_edge)),
    CompatCase("zero_fill_scalar_order_021", "zero-fill load, 4-byte copies, order [0, 2, 1]",
               _module(zero_fill_scalar_order_021)),
    CompatCase("scale_in_async_stage", "async stage that computes (S = A * 2), static trip count",
               _module(scale_in_async_stage)),
    CompatCase("scale_in_async_stage_dynamic", "async stage that computes, dynamic trip count",
               _module(scale_in_async_stage_dynamic), sizes={"k": 24}),
    CompatCase("two_producers_order_021", "two async producers in one stage, order [0, 2, 1]",
               _module(two_producers_order_021), reference="add_flip64"),
    CompatCase("offset_factor_view", "symbolic elem_offset with offset_factor=8 (a view)",
               _module(offset_factor_view)),
    CompatCase("async_scope_fp16x8", "async_scope outside a pipeline, explicit commit/wait groups",
               _module(async_scope_fp16x8)),
    CompatCase("async_scope_fp32x1_two_buffers", "async_scope outside a pipeline, 4-byte copies, shared.dyn",
               _module(async_scope_fp32x1_two_buffers)),
    CompatCase("short_trip_static", "trip count (2) below the stage count (4), static",
               _module(copy_rows_short)),
    CompatCase("short_trip_in_vthread", "trip count (2) below the stage count (4) under a virtual thread",
               _module(short_trip_in_vthread)),
    CompatCase("short_trip_dynamic", "trip count (2) below the stage count (4), dynamic",
               _module(copy_rows_dynamic), sizes={"k": 2}),
    CompatCase("dynamic_trips", "dynamic trip count (13 tiles), four stages",
               _module(copy_rows_dynamic), sizes={"k": 13}),
    CompatCase("three_stage_two_async", "three stages, two of them async (a shared-to-shared stage)",
               _module(three_stage_two_async)),
    CompatCase("three_copies_one_stage", "several copies in one async stage",
               _module(three_copies_one_stage)),
    CompatCase("padded_rows_fp16", "padded shared rows (storage_align)",
               lambda: _tiles(m=200, n=256, dtype="float16", pads=(8,)), reference="scale2"),
    CompatCase("padded_rows_two_inputs", "padded shared rows, two copies per stage",
               lambda: _tiles(m=128, n=256, second_input=True, pads=(4, 8)), reference="add"),
    CompatCase("bulk_store_pipeline", "bulk store of a computed tile one stage later",
               lambda: _tiles(m=250, n=256, store=True), reference="scale2"),
    CompatCase("pipeline_in_serial_loop", "pipeline in a serial loop over strips",
               lambda: _tiles(m=100, n=512, strips_per_cta=2), reference="scale2"),
]
