"""LowerAsyncPipelineToMBarrier on the pipelines stock TVM schedules write: compute in an
async stage, producers interleaved with consumers, zero-fill loads, buffer views with an
offset factor, async scopes outside pipelines. Each compiles under "tma" (here with every
pipeline on mbarriers) as it does under stock TVM; the copy report says what each copy became and why.
"""

import tvm
from tvm.script import tirx as T

import tvm_tma
from test_lower_async_pipeline import barrier_ops
from tvm_tma.codegen import compile_cuda
from workloads import ALL_LAUNCHES, cuda_source, stock_kernels, verified_ir

STOCK = {"tirx.use_async_copy": 1}


def report_of(func, pipeline: str = ALL_LAUNCHES):
    with tvm_tma.copy_report() as report:
        src = cuda_source(func, pipeline)
    return src, report


@T.prim_func(s_tir=True)
def compute_stage(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    for tx in T.thread_binding(16, thread="threadIdx.x"):
        for i in T.serial(16, annotations={"software_pipeline_stage": [0, 1], "software_pipeline_order": [0, 1],
                                           "software_pipeline_async_stages": [0]}):
            with T.sblock():
                B = T.sblock_alloc_buffer((16, 1), "float32", scope="shared")
                with T.sblock():
                    B[tx, 0] = A[tx, i] * T.float32(2)
                with T.sblock():
                    C[tx, i] = B[tx, 0] + T.float32(1)


def test_a_stage_that_computes_keeps_stock_lowering():
    src, report = report_of(compute_stage)
    assert len(report) == 2 and all(r.instruction == "synchronous" and r.rule == "pipeline_model"
                                    and r.src == "A" and "stage_compute: B: computes A[threadIdx_x, " in r.reason
                                    for r in report)
    assert all("bytes as ordinary loads and stores (fallback, pipeline_model" in str(r) for r in report), report
    assert "mbarrier" not in src and stock_kernels(src) == stock_kernels(cuda_source(compute_stage, "default", STOCK))


@T.prim_func(s_tir=True)
def copy_and_compute(A: T.Buffer((64, 64), "float32"), B: T.Buffer((64, 64), "float32"),
                     C: T.Buffer((64, 64), "float32")):
    for tx in T.thread_binding(64, thread="threadIdx.x"):
        for i in T.serial(64, annotations={"software_pipeline_stage": [0, 0, 1], "software_pipeline_order": [0, 1, 2],
                                           "software_pipeline_async_stages": [0]}):
            with T.sblock():
                S = T.sblock_alloc_buffer((64,), "float32", scope="shared")
                R = T.sblock_alloc_buffer((64,), "float32", scope="shared")
                with T.sblock():
                    S[tx] = A[i, tx]
                with T.sblock():
                    R[tx] = B[i, tx] * T.float32(2)
                with T.sblock():
                    C[i, tx] = S[63 - tx] + R[63 - tx]


def test_compute_beside_a_bulk_copy_runs_synchronously_in_its_stage():
    src, report = report_of(copy_and_compute)
    by_dst = {}
    for r in report:
        by_dst.setdefault(r.dst, set()).add((r.instruction, r.rule))
    assert by_dst == {"S": {("cp.async.bulk", "")}, "R": {("synchronous", "stage_compute")}}
    kernel = src[src.index('extern "C" __global__'):]
    assert "cp_async_bulk_g2s" in kernel and "R[" in kernel.replace("R_ptr[", "R[")
    # The stage's synchronous writes of R reach the other threads' reads through __syncthreads
    # (ThreadSync): one before the consumer of every iteration, besides the overwrite guard.
    loop = kernel[kernel.index("for (int i = 0;"):]
    assert loop[:loop.index("C_ptr[")].count("__syncthreads()") >= 2
    compile_cuda(src)


@T.prim_func(s_tir=True)
def interleaved(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32"),
                C: T.Buffer((16, 16), "float32")):
    for tx in T.thread_binding(16, thread="threadIdx.x"):
        for i in T.serial(16, annotations={"software_pipeline_stage": [0, 0, 3], "software_pipeline_order": [0, 2, 1],
                                           "software_pipeline_async_stages": [0]}):
            with T.sblock():
                SA = T.sblock_alloc_buffer((16, 1), "float32", scope="shared")
                SB = T.sblock_alloc_buffer((16, 1), "float32", scope="shared")
                with T.sblock():
                    SA[tx, 0] = A[tx, i]
                with T.sblock():
                    SB[tx, 0] = B[tx, i]
                with T.sblock():
                    C[tx, i] = SA[tx, 0] + SB[tx, 0]


def test_interleaved_producers_wait_for_their_own_stage():
    # Stock's body waits for "5 groups in flight" counting two groups per iteration while its
    # prologue commits one per iteration: its first iterations read tiles not yet complete.
    # Here each producer has a ring; iteration i waits for stage i of both.
    ops = barrier_ops(verified_ir(tvm.IRModule({"main": interleaved})))
    assert "wait tma_bar_q0_0[i % 4] parity i % 8 // 4" in ops
    assert "wait tma_bar_q0_1[i % 4] parity i % 8 // 4" in ops
    src, report = report_of(interleaved)
    assert {(r.src, r.instruction) for r in report} == {("A", "cp.async"), ("B", "cp.async")}
    assert all(r.pieces == 16 for r in report)  # one 4-byte cp.async per thread
    compile_cuda(src)


def _shifted_rows(shift: int):
    """Each row shifted right by ``shift`` fp16 elements, zeros in front: conv padding."""
    @T.prim_func(s_tir=True)
    def rows(A: T.Buffer((64, 256), "float16"), C: T.Buffer((64, 256), "float16")):
        for bx in T.thread_binding(64, thread="blockIdx.x"):
            for tx in T.thread_binding(64, thread="threadIdx.x"):
                for i in T.serial(4, annotations={"software_pipeline_stage": [0, 1], "software_pipeline_order": [0, 1],
                                                  "software_pipeline_async_stages": [0]}):
                    with T.sblock():
                        S = T.sblock_alloc_buffer((64,), "float16", scope="shared")
                        with T.sblock():
                            S[tx] = T.if_then_else(shift <= i * 64 + tx, A[bx, i * 64 + tx - shift], T.float16(0))
                        with T.sblock():
                            C[bx, i * 64 + tx] = S[tx]
    return rows


padded_rows = _shifted_rows(8)  # 16 bytes
padded_rows_by_one = _shifted_rows(1)  # 2 bytes: a box off the 16-byte grid


def test_zero_fill_at_the_buffer_bounds_is_a_tensor_map_load():
    # Conv padding: the hardware zero-fills the box's elements at columns -8 to -1.
    src, report = report_of(padded_rows)
    assert [r.instruction for r in report] == ["cp.async.bulk.tensor.2d"] * 2
    assert "(A_tmap0)))), -8, ((int)blockIdx.x)" in src
    compile_cuda(src)


def test_a_box_off_the_16_byte_grid_is_not_a_tensor_copy():
    # Column -1 of fp16 is 2 bytes off: on the H100 such a tensor copy stops the kernel
    # (cudaErrorIllegalInstruction), so it is not planned (rule tensor_map_inner_coordinate)
    # and, with no other bulk copy, the pipeline keeps stock's lowering.
    src, report = report_of(padded_rows_by_one)
    assert report and all(r.rule == "pipeline_model" and r.instruction == "synchronous" for r in report)
    assert "cp_async_bulk_tensor" not in src
    compile_cuda(src)


@T.prim_func(s_tir=True)
def zero_fill_tail(A: T.Buffer((256,), "float32"), C: T.Buffer((256,), "float32")):
    for tx in T.thread_binding(16, thread="threadIdx.x"):
        for i in T.serial(4, annotations={"software_pipeline_stage": [0, 1], "software_pipeline_order": [0, 1],
                                          "software_pipeline_async_stages": [0]}):
            with T.sblock():
                S = T.sblock_alloc_buffer((64,), "float32", scope="shared")
                for v in T.vectorized(4):
                    with T.sblock():
                        S[tx * 4 + v] = T.if_then_else(i * 64 + tx * 4 + v < 200, A[i * 64 + tx * 4 + v],
                                                       T.float32(0))
                for v in T.vectorized(4):
                    with T.sblock():
                        C[i * 64 + tx * 4 + v] = S[tx * 4 + v]


def test_zero_fill_inside_the_buffer_is_bulk_for_whole_tiles_and_cp_async_src_size_else():
    # Zeros past element 200 of a 256-element buffer: not its bounds, so no tensor map.
    src, report = report_of(zero_fill_tail, "tma_no_tensor_maps")
    assert report and all(r.instruction == "cp.async.bulk (whole tiles)" and "a zero-fill" in r.reason
                          for r in report)
    assert "cp_async_cg_src_size" in src.replace("cp_async_cg_async_cg_shared_global_16_src_size",
                                                 "cp_async_cg_src_size")
    compile_cuda(src)


@T.prim_func(s_tir=True)
def row_view(a: T.handle, c: T.handle):
    off = T.int32()
    A = T.match_buffer(a, (128, 64), "float16", elem_offset=off, offset_factor=8)
    C = T.match_buffer(c, (128, 64), "float16")
    for tx in T.thread_binding(64, thread="threadIdx.x"):
        for i in T.serial(16, annotations={"software_pipeline_stage": [0, 1], "software_pipeline_order": [0, 1],
                                           "software_pipeline_async_stages": [0]}):
            with T.sblock():
                S = T.sblock_alloc_buffer((8, 64), "float16", scope="shared")
                for r in range(8):
                    with T.sblock():
                        S[r, tx] = A[i * 8 + r, tx]
                for r in range(8):
                    with T.sblock():
                        C[i * 8 + r, tx] = S[r, tx]


def test_offset_factor_proves_a_views_alignment():
    # elem_offset = 8 * x elements of 2 bytes: every tile starts 16-byte aligned.
    _, report = report_of(row_view)
    assert [(r.instruction, r.pieces) for r in report] == [("cp.async.bulk", 1)] * 2


@T.prim_func(s_tir=True)
def row_view_any_offset(a: T.handle, c: T.handle):
    off = T.int32()
    A = T.match_buffer(a, (128, 64), "float16", elem_offset=off, offset_factor=1)
    C = T.match_buffer(c, (128, 64), "float16")
    for tx in T.thread_binding(64, thread="threadIdx.x"):
        for i in T.serial(16, annotations={"software_pipeline_stage": [0, 1], "software_pipeline_order": [0, 1],
                                           "software_pipeline_async_stages": [0]}):
            with T.sblock():
                S = T.sblock_alloc_buffer((8, 64), "float16", scope="shared")
                for r in range(8):
                    with T.sblock():
                        S[r, tx] = A[i * 8 + r, tx]
                for r in range(8):
                    with T.sblock():
                        C[i * 8 + r, tx] = S[r, tx]


def test_unprovable_alignment_keeps_stock_lowering():
    src, report = report_of(row_view_any_offset)
    assert len(report) == 2 and all(r.instruction == "synchronous" and r.rule == "pipeline_model"
                                    and "bulk_global_align" in r.reason and "cp_async_size" in r.reason
                                    for r in report)
    assert "mbarrier" not in src


@T.prim_func(s_tir=True)
def async_scope_by_hand(A: T.Buffer((32, 128), "float32"), B: T.Buffer((32, 128), "float32")):
    tx = T.env_thread("threadIdx.x")
    T.launch_thread(tx, 32)
    with T.sblock():
        S = T.sblock_alloc_buffer((32, 128), "float32", scope="shared")
        T.attr("default", "async_scope", 1)
        for i in range(32):
            for v in T.vectorized(4):
                S[tx, i * 4 + v] = A[tx, i * 4 + v]
        T.evaluate(T.ptx.cp.async_.commit_group())
        T.evaluate(T.ptx.cp.async_.wait_group(0))
        for i in range(128):
            B[tx, i] = S[tx, i]


def test_async_scope_outside_a_pipeline_is_stock_cp_async():
    src, report = report_of(async_scope_by_hand)
    assert [(r.src, r.dst, r.bytes, r.instruction, r.pieces) for r in report] == [
        ("A", "S", 16384, "cp.async (stock pipeline)", 1024)]
    assert stock_kernels(src) == stock_kernels(cuda_source(async_scope_by_hand, "default", STOCK))
    assert "cp.async.cg.shared.global" in src
