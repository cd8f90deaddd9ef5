"""Bulk shared→global stores (tvm_tma.schedule.bulk_store) through the "tma" pipeline (every
pipeline on mbarriers: "tma_all_launches"): what each store becomes (1-D runs under "tma_no_tensor_maps",
tensor maps for strided and edge tiles under "tma"), the wait before its tile is overwritten,
fences, errors. The 1-D kernels ran correct on the H100 (benchmarks/RESULTS.md: check_store_*,
run_memcpy.py); the GPU cases for the tensor-map ones are check_tmstore_* (benchmarks/cases.py)."""

import re

import pytest
import tvm
from tvm import te

import tvm_tma
from test_tensor_map import calls, lowered
from tvm_tma.codegen import compile_cuda
from tvm_tma.kernels import tile_scale_3d
from tvm_tma.kernels.bulk_copy import bulk_copy_module
from tvm_tma.schedule import bulk_store
from tvm_tma.transforms.copies.tensor_map import ENCODE, S2G_TENSOR, Swizzle, encoded_maps
from workloads import ALL_LAUNCHES, cuda_source, tile_scale, tile_scale_staged

S2G = "cp_async_bulk_s2g_async_bulk_global_shared__cta_bulk_group"
TENSOR_S2G = "cp_async_bulk_tensor_s2g_async_bulk_tensor_2d_global_shared__cta_tile_bulk_group"


def compile_with_report(mod, pipeline=ALL_LAUNCHES, kernel_only=True):
    """The generated CUDA (from the kernel on, or whole: what nvcc compiles) and the copy report."""
    with tvm_tma.copy_report() as report:
        src = cuda_source(mod, pipeline)
    return src[src.index('extern "C" __global__'):] if kernel_only else src, report


def test_pipelined_store_one_group_per_tile_and_one_wait_in_flight():
    # Tile rows of 256 bytes: 16 bulk stores of one tile, issued by thread 0, one group.
    src, report = compile_with_report(tile_scale(256, 256, tile_n=64, store=True), "tma_no_tensor_maps_all_launches")
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
    src, report = compile_with_report(tile_scale(250, 256, tile_n=64, store=True), "tma_no_tensor_maps_all_launches")
    stores = [r for r in report if r.dst == "B"]
    assert stores and all(r.instruction == "cp.async.bulk (whole tiles)" and r.rule == "dense_box" for r in stores)
    assert S2G in src and "*(float4*)(B_ptr" in src


def test_store_outside_a_pipeline_waits_before_the_tile_is_written_again():
    src, report = compile_with_report(tile_scale_staged(256, 256, load=False, store=True),
                                      "tma_no_tensor_maps_all_launches")
    assert [r.instruction for r in report] == ["cp.async.bulk"]
    loop = src[src.index("for (int i_0"):]
    # Next iteration: thread 0 waits until the store has read the tile, then the CTA syncs.
    assert loop.index("wait_group_read_0()") < loop.index("B_shared_ptr[((") < loop.index(S2G)
    assert "__shared__ alignas(128) float B_shared_ptr" in src  # not aliased onto A_shared (StorageRewrite);
    # 128-byte aligned: a bulk copy reads it (rule bulk_shared_fast_align)
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


# -- tensor-map stores -----------------------------------------------------------------------

def _stores(report):
    return [r for r in report if r.dst == "B"]


def test_strided_store_is_one_tensor_copy_per_tile_in_the_bulk_group():
    func = lowered(tile_scale(256, 256, tile_n=64, store=True))
    maps = {str(var.name): key for var, key, _ in encoded_maps(func.body)}
    assert sorted(maps) == ["A_tmap0", "B_tmap1"]
    assert maps["B_tmap1"][2] == (64, 16)  # box, innermost first: the 16 x 64 output tile
    assert not calls(func.body, "tirx.ptx.cp_async_bulk_s2g")
    stores = calls(func.body, S2G_TENSOR)
    assert len(stores) == 2  # steady state and epilogue: one box per tile
    assert len(calls(func.body, "tirx.ptx.prefetch")) == 2  # A's and B's maps, once per CTA
    src, report = compile_with_report(tile_scale(256, 256, tile_n=64, store=True), kernel_only=False)
    assert {(r.instruction, r.pieces, r.bytes, r.rule) for r in _stores(report)} == {
        ("cp.async.bulk.tensor.2d", 1, 4096, "")}
    # Same bookkeeping as 1-D runs: fence, sync, thread 0 stores and commits; one group in
    # flight while the next tile is computed; every store complete at the end.
    body = src[src.index("for (int i_0"):]
    store = body.index(TENSOR_S2G)
    assert body.rindex("fence_proxy_proxy_async_shared__cta", 0, store) < body.rindex("__syncthreads", 0, store)
    assert body.index("commit_group", store) < body.index("}", store)
    assert "wait_group_read_0()" in src and "wait_group_0();" in src
    assert "B_ptr" not in src  # the output is written only through its map
    compile_cuda(src)


@pytest.mark.parametrize("m, n, dtype", [(250, 200, "float32"), (999, 328, "float16")])
def test_edge_tiles_are_clipped_tensor_stores_without_tail_code(m, n, dtype):
    # rows and columns not multiples of the tile: the last box of each is partly outside B
    src, report = compile_with_report(tile_scale(m, n, dtype=dtype, store=True), kernel_only=False)
    assert _stores(report) and all(r.instruction == "cp.async.bulk.tensor.2d" and not r.rule
                                   for r in _stores(report))
    assert "B_ptr" not in src and "const __grid_constant__ CUtensorMap B_tmap1" in src
    kernel = src[src.index('extern "C" __global__'):]
    assert kernel.count(TENSOR_S2G + "(") == kernel.count("commit_group_async_bulk_commit_group();")
    compile_cuda(src)


def test_store_only_block_prefetches_its_map_without_barriers():
    src, report = compile_with_report(tile_scale_staged(250, 256, load=False, store=True))
    assert [(r.instruction, r.rule) for r in report] == [("cp.async.bulk.tensor.2d", "")]
    prefetch = src.index("tvm_builtin_ptx_prefetch_tensormap(")
    assert prefetch < src.index("for (int i_0") and "mbarrier" not in src
    # StorageRewrite is skipped for a function with tensor stores: B_shared is not folded
    # onto A_shared while the store may still read it.
    assert "float A_shared_ptr[1024]" in src and "alignas(128) float B_shared_ptr[1024]" in src
    assert src.index("wait_group_read_0()") < src.index("B_shared_ptr[((") < src.index(TENSOR_S2G)


@pytest.mark.parametrize("m, instruction", [(256, "cp.async.bulk"), (250, "cp.async.bulk.tensor.2d")])
def test_contiguous_store_stays_one_run_unless_at_the_edge(m, instruction):
    _, report = compile_with_report(tile_scale(m, 64, tile_n=64, store=True))
    assert {(r.instruction, r.pieces) for r in _stores(report)} == {(instruction, 1)}


def test_3d_store_with_edges():
    src, report = compile_with_report(tile_scale_3d(7, 100, 200, stages=3, store=True), kernel_only=False)
    assert _stores(report) and all(r.instruction == "cp.async.bulk.tensor.3d" for r in _stores(report))
    # coordinates innermost first: columns, rows, planes
    assert re.search(r"tensor_3d_global_shared__cta_tile_bulk_group\(.*B_tmap1.*\(\(int\)blockIdx.y\) \* 2\), "
                     r"tvm_builtin_cuda_cvta_generic_to_shared\(\(&\(B_shared_ptr\[", src)
    compile_cuda(src)


def test_store_rule_failure_keeps_runs_with_the_rule_reported():
    # 512-wide tiles: box dimension above 256 elements, as for loads
    _, report = compile_with_report(tile_scale(64, 1024, tile_n=512, store=True))
    assert _stores(report) and all(r.instruction == "cp.async.bulk" and r.rule == "tensor_map_box_dim"
                                   for r in _stores(report))


def test_swizzled_store_writes_the_tile_swizzled():
    func = lowered(tile_scale(250, 200, store=True, swizzle=0))
    encode = next(c for c in calls(func.body, ENCODE) if "B" == str(c.args[1].args[0].name))
    assert int(encode.attrs.swizzle) == Swizzle.B128
    assert [int(a) for a in encode.args[1 + 2 * 2:1 + 3 * 2]] == [32, 16]  # 128-byte boxes, 2 per row
    stores = calls(func.body, S2G_TENSOR)
    assert len(stores) == 2 * 2  # two boxes side by side per tile, at two sites
    src, report = compile_with_report(tile_scale(250, 200, store=True, swizzle=0), kernel_only=False)
    assert {(r.instruction, r.pieces) for r in _stores(report)} == {("cp.async.bulk.tensor.2d (128B swizzle)", 2)}
    # the compute writes B_shared at the swizzled positions (logical indices in the schedule)
    assert re.search(r"B_shared_ptr\[[^\]]*\^", src)
    compile_cuda(src)


def test_swizzle_rule_failure_keeps_a_plain_store():
    # 256-byte rows cannot take a 32-byte swizzle: 1-D runs, the rule reported, no swizzle
    src, report = compile_with_report(tile_scale(256, 256, store=True, swizzle=32))
    assert _stores(report) and all(r.instruction == "cp.async.bulk" and r.rule == "swizzle_row_bytes"
                                   for r in _stores(report))
    assert not re.search(r"B_shared_ptr\[[^\]]*\^", src)
