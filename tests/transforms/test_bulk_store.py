"""Bulk shared→global stores (tvm_tma.schedule.bulk_store) through the "tma" pipeline: what
each store becomes, the wait before its tile is overwritten, fences, errors. The kernels ran
correct on the H100 (benchmarks/RESULTS.md: check_store_*, run_memcpy.py)."""

import pytest
import tvm
from tvm import te

import tvm_tma
from tvm_tma.kernels.bulk_copy import bulk_copy_module
from tvm_tma.schedule import bulk_store
from workloads import cuda_source, tile_scale, tile_scale_staged

S2G = "cp_async_bulk_s2g_async_bulk_global_shared__cta_bulk_group"


def compile_with_report(mod):
    with tvm_tma.copy_report() as report:
        src = cuda_source(mod)
    return src[src.index('extern "C" __global__'):], report


def test_pipelined_store_one_group_per_tile_and_one_wait_in_flight():
    # Tile rows of 256 bytes: 16 bulk stores of one tile, issued by thread 0, one group.
    src, report = compile_with_report(tile_scale(256, 256, tile_n=64, store=True))
    stores = [r for r in report if r.dst == "B"]
    assert stores and all(r.instruction == "cp.async.bulk" and r.pieces == 16 and r.bytes == 4096
                          for r in stores)
    # Iteration k computes tile k into version k % 2, then stores tile k - 1 (version
    # (k - 1) % 2): the compute of tile k waits until the store of tile k - 2, the group
    # committed last, has read its buffer (its global writes stay in flight).
    assert "wait_group_read_0()" in src and "wait_group_read_1()" not in src
    assert src.count("commit_group_async_bulk_commit_group();") >= 3
    assert "wait_group_0();" in src  # every store complete before the barriers go
    # The tile was written by ordinary stores: every thread fences before thread 0 stores.
    body = src[src.index("for (int i_0"):]
    assert body.index("fence_proxy_proxy_async_shared__cta") < body.index(S2G)


@pytest.mark.parametrize("consumers_first, pending", [(False, 0), (True, 1)])
def test_copy_ring_wait_depends_on_the_order(consumers_first, pending):
    a = te.placeholder((16384,), "float32", name="A")
    b = te.compute((16384,), lambda i: a[i], name="B")
    sch = tvm.s_tir.Schedule(te.create_prim_func([a, b]))
    from tvm_tma.kernels._common import stage_to_shared, thread_vectorize
    from tvm_tma.schedule import tma_pipeline
    block = sch.get_sblock("B")
    bx, t, e = sch.split(sch.get_loops(block)[0], [None, 4, 1024])
    sch.bind(bx, "blockIdx.x")
    thread_vectorize(sch, e, 128, 4)
    stage_to_shared(sch, block, 0, t, 128, 4)
    tma_pipeline(sch, t, stages=3, consumers_first=consumers_first)
    bulk_store(sch, block)
    src, _ = compile_with_report(sch.mod)
    # Load of k + 2 overwrites the version the store of k - 1 read: committed just before
    # (producer first) or one store earlier (consumers first).
    assert f"wait_group_read_{pending}()" in src and f"wait_group_read_{1 - pending}()" not in src
    assert "fence_proxy" not in src.split("__syncthreads();", 1)[1]  # only bulk loads wrote the ring


def test_copy_kernel_has_no_cp_async_and_skips_tiles_past_the_end():
    src, report = compile_with_report(bulk_copy_module())
    tiles = [r for r in report if r.function == "copy_tiles"]
    assert tiles and all(r.instruction.startswith("cp.async.bulk (when ") and not r.rule for r in tiles)
    assert "cp_async_cg" not in src and "noinc" not in src
    assert "int64_t tiles" in src and "(int64_t)" in src  # 64-bit offsets


def test_tail_tiles_are_stored_by_ordinary_stores_and_reported():
    src, report = compile_with_report(tile_scale(250, 256, tile_n=64, store=True))
    stores = [r for r in report if r.dst == "B"]
    assert stores and all(r.instruction == "cp.async.bulk (whole tiles)" and r.rule == "dense_box" for r in stores)
    assert S2G in src and "*(float4*)(B_ptr" in src


def test_store_outside_a_pipeline_waits_before_the_tile_is_written_again():
    src, report = compile_with_report(tile_scale_staged(256, 256, load=False, store=True))
    assert [r.instruction for r in report] == ["cp.async.bulk"]
    loop = src[src.index("for (int i_0"):]
    # Next iteration: thread 0 waits until the store has read the tile, then the CTA syncs.
    assert loop.index("wait_group_read_0()") < loop.index("B_shared_ptr[((") < loop.index(S2G)
    assert "__shared__ alignas(64) float B_shared_ptr" in src  # not aliased onto A_shared (StorageRewrite)
    assert "wait_group_0();" in src


def test_bulk_store_rejects_a_block_that_is_not_a_shared_to_global_copy():
    a = te.placeholder((64,), "float32", name="A")
    b = te.compute((64,), lambda i: a[i] + 1, name="B")
    sch = tvm.s_tir.Schedule(te.create_prim_func([a, b]))
    with pytest.raises(ValueError, match=r"bulk_store: block B: expected one read from shared memory, "
                                         r"got \[\('A', 'global'\)\]"):
        bulk_store(sch, sch.get_sblock("B"))


def test_bulk_store_min_arch():
    target = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})
    with pytest.raises(tvm_tma.TMAError, match=r"min_arch: bulk_store block in main: expected a target of sm_90"):
        tvm.compile(tile_scale_staged(64, 64, load=False, store=True), target=target, tir_pipeline="tma")
