"""LowerBulkCopyBlocks: copy blocks marked with tvm_tma.schedule.bulk_copy outside pipelines."""

import re

import pytest
import tvm
from tvm import te

import tvm_tma
from workloads import cuda_source, tile_scale_staged


def test_marked_copy_becomes_bulk_with_flipping_parity():
    with tvm_tma.copy_report() as report:
        src = cuda_source(tile_scale_staged(256, 256), "tma_no_tensor_maps")
    assert [(r.instruction, r.pieces, r.bytes) for r in report] == [("cp.async.bulk", 16, 4096)]
    kernel = src[src.index('extern "C" __global__'):]
    # The barrier lives in shared memory (not a kernel parameter) and is set up once.
    assert "__shared__ alignas(8) uint64_t tma_bar_copy0_ptr[1];" in kernel
    assert kernel.count("mbarrier_init_init_shared_b64(") == 1
    # Each execution of the copy in the i_0 loop waits for its own phase.
    assert "tvm_builtin_cuda_mbarrier_wait((&(tma_bar_copy0_ptr[0])), (i_0 & 1));" in kernel
    assert re.search(r"expect_tx_shared_b64\(.*\(uint\)4096\);", kernel)
    assert "cp_async_cg" not in kernel


def test_marked_tail_tile_falls_back_to_cp_async():
    with tvm_tma.copy_report() as report:
        src = cuda_source(tile_scale_staged(250, 256), "tma_no_tensor_maps")
    assert [(r.instruction, r.rule) for r in report] == [("cp.async.bulk (whole tiles)", "dense_box")]
    assert report[0].reason.endswith("cp.async unless i_0 < 15")
    assert "mbarrier_arrive_noinc" in src and "(uint)129);" in src


def test_min_arch():
    target = tvm.target.Target({"kind": "cuda", "arch": "sm_89"})
    with pytest.raises(tvm_tma.TMAError, match=r"min_arch: bulk_copy block in main: expected a target of sm_90"):
        tvm.compile(tile_scale_staged(64, 64), target=target, tir_pipeline="tma")


def test_bulk_copy_rejects_a_block_that_is_not_a_copy():
    a = te.placeholder((64,), "float32", name="A")
    b = te.compute((64,), lambda i: a[i] + 1, name="B")
    sch = tvm.s_tir.Schedule(te.create_prim_func([a, b]))
    with pytest.raises(ValueError,
                       match=r"bulk_copy: block B: expected one write into shared memory, got \[\('B', 'global'\)\]"):
        tvm_tma.schedule.bulk_copy(sch, sch.get_sblock("B"))


def _tiles_ahead(rounds: int, version, loops: int = 1) -> tvm.IRModule:
    """``B = 2 A`` over 64 x 64 fp16 tiles, 2 CTAs each walking ``rounds`` of them in a serial
    loop (``loops`` nested ones), the tile copied into version ``version(it, outer)`` of ``S`` by a
    copy marked ``bulk_copy(..., ahead=True)``."""
    from tvm.script import tirx as T

    from tvm_tma.transforms.pipelines.lower_bulk_copy_blocks import AHEAD, ANNOTATION

    rows = 2 * rounds * 64

    @T.prim_func(s_tir=True)
    def main(A: T.Buffer((rows, 64), "float16"), B: T.Buffer((rows, 64), "float16")):
        for bx in T.thread_binding(2, thread="blockIdx.x"):
            for tx in T.thread_binding(128, thread="threadIdx.x"):
                S = T.alloc_buffer((2, 64, 64), "float16", scope="shared.dyn")
                with T.sblock("tile"):
                    for _outer in T.serial(loops):
                        for it in T.serial(rounds):
                            for f in range(4):
                                for v in T.vectorized(8):
                                    with T.sblock("S"):
                                        T.sblock_attr({ANNOTATION: AHEAD})
                                        e = T.meta_var(f * 1024 + tx * 8 + v)
                                        S[version(it, _outer), e // 64, e % 64] = \
                                            A[(it * 2 + bx) * 64 + e // 64, e % 64]
                            for f in range(32):
                                with T.sblock("B"):
                                    B[(it * 2 + bx) * 64 + (f * 128 + tx) // 64, (f * 128 + tx) % 64] = \
                                        S[version(it, _outer), (f * 128 + tx) // 64, (f * 128 + tx) % 64] * T.float16(2)

    return tvm.IRModule({"main": main})


def test_ahead_copy_loads_the_next_iterations_tile_during_this_one():
    """A copy marked ``ahead`` in a loop of 5 iterations: iteration 0's copy before the loop on
    barrier 0; in iteration ``it`` the next one's into version ``(it + 1) % 2`` on barrier
    ``(it + 1) % 2`` (no bytes expected and no copy in the last), then the wait for this one's
    (barrier ``it % 2``, parity ``it / 2 % 2``)."""
    src = cuda_source(_tiles_ahead(5, lambda it, outer: it % 2), "tma")
    kernel = src[src.index('extern "C" __global__'):]
    assert "__shared__ alignas(8) uint64_t tma_bar_copy0_ptr[2];" in kernel
    assert kernel.count("mbarrier_init_init_shared_b64(") == 2
    first, loop = kernel[:kernel.index("for (int it = 0; it < 5; ++it)")], \
        kernel[kernel.index("for (int it = 0; it < 5; ++it)"):]
    assert "tma_bar_copy0_ptr[0]))), (uint)8192);" in first and "cp_async_bulk" in first
    ahead = "tma_bar_copy0_ptr[((it + 1) & 1)]))), ((it < 4) ? (uint)8192 : (uint)0));"
    wait = "tvm_builtin_cuda_mbarrier_wait((&(tma_bar_copy0_ptr[(it & 1)])), ((it & 3) >> 1));"
    assert loop.index("__syncthreads()") < loop.index(ahead) < loop.index("if (it < 4)") < loop.index(wait)
    assert loop.index("((it + 1) & 1) * 4096)") < loop.index(wait)  # the copy into the other version


@pytest.mark.parametrize("version, loops, match", [
    (lambda it, outer: 0, 1, r"pipeline_model: bulk_copy ahead of S in main: expected the destination's first "
                             r"index the copy's execution mod 2, it % 2 .*, got 0"),
    (lambda it, outer: it % 2, 2, r"pipeline_model: bulk_copy ahead of S in main: expected the destination's first "
                                  r"index the copy's execution mod 2, \(_outer \* 3 \+ it\) % 2 .*, got it % 2"),
])
def test_ahead_copy_rejects_a_version_that_does_not_alternate(version, loops, match):
    with pytest.raises(tvm_tma.TMAError, match=match):
        cuda_source(_tiles_ahead(3, version, loops), "tma")


def test_ahead_copy_rejects_an_inner_loop_of_a_dynamic_trip_count():
    """The executions are counted in closed form from the loops' trip counts: an inner loop of
    ``n`` iterations under another is refused (the outermost may be dynamic: it only bounds the
    last execution), naming the loops."""
    n = tvm.tirx.Var("n", "int32")
    with pytest.raises(tvm_tma.TMAError, match=r"pipeline_model: bulk_copy ahead of S in main: expected serial loops "
                                               r"around the copy .* all but the outermost of a static trip count, "
                                               r"got \[\('_outer', '2'\), \('it', 'n'\)\]"):
        cuda_source(_tiles_ahead(n, lambda it, outer: (outer * n + it) % 2, 2), "tma")


def test_ahead_copy_counts_the_executions_of_nested_loops():
    """Two loops around the copy (2 x 3 executions, the version ``(3 outer + it) % 2``): the
    first execution's copy before the outer loop; the next one's predicate and barrier slot by
    the flattened execution ``k = 3 outer + it``."""
    src = cuda_source(_tiles_ahead(3, lambda it, outer: (outer * 3 + it) % 2, 2), "tma")
    kernel = src[src.index('extern "C" __global__'):]
    first = kernel[:kernel.index("for (int _outer = 0; _outer < 2; ++_outer)")]
    assert "tma_bar_copy0_ptr[0]))), (uint)8192);" in first
    assert "((((_outer * 3) + it) < 5) ? (uint)8192 : (uint)0)" in kernel


@pytest.mark.parametrize("ahead, value", [(False, 1), (True, 2)])
def test_bulk_copy_marks_the_block(ahead, value):
    """``bulk_copy(sch, block, ahead=...)`` annotates the copy block for this pass (``AHEAD``: 2)."""
    from tvm_tma.transforms.pipelines.lower_bulk_copy_blocks import ANNOTATION

    a = te.placeholder((64,), "float32", name="A")
    b = te.compute((64,), lambda i: a[i] + 1, name="B")
    sch = tvm.s_tir.Schedule(te.create_prim_func([a, b]))
    copy = sch.cache_read(sch.get_sblock("B"), 0, "shared")
    tvm_tma.schedule.bulk_copy(sch, copy, ahead=ahead)
    assert int(sch.get(copy).annotations[ANNOTATION]) == value
