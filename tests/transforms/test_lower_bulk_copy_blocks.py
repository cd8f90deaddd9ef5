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
