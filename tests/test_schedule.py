"""Schedule primitives (tvm_tma.schedule): errors for loops and blocks they cannot pipeline."""

import pytest
import tvm
from tvm import s_tir

from tvm_tma.kernels import tile_scale
from tvm_tma.schedule import tma_pipeline


def _unpipelined():
    """``tile_scale``'s schedule without its pipeline annotations, and its row-tile loop."""
    sch = s_tir.Schedule(tile_scale(256, 64, tile_n=64))
    loop = sch.get_loops(sch.get_sblock("A_shared"))[1]
    for key in ("software_pipeline_stage", "software_pipeline_order", "software_pipeline_async_stages"):
        sch.unannotate(loop, key)
    return sch, loop


def test_tma_pipeline_names_the_blocks_when_copies_are_missing():
    sch, loop = _unpipelined()
    with pytest.raises(ValueError, match=r"tma_pipeline: loop i_0: expected 2 copy block\(s\) into shared memory "
                       r"followed by at least one consumer, got A_shared \(copy into shared memory\), "
                       r"B \(not a copy into shared memory\)"):
        tma_pipeline(sch, loop, stages=3, num_copies=2)


def test_tma_pipeline_refuses_a_thread_bound_loop():
    sch, _ = _unpipelined()
    block_loop = sch.get_loops(sch.get_sblock("A_shared"))[0]
    with pytest.raises(ValueError, match=r"tma_pipeline: loop j_0: expected a serial loop, got a "
                       r"thread_binding loop bound to blockIdx.x"):
        tma_pipeline(sch, block_loop, stages=3)


def test_tma_pipeline_annotates_a_serial_loop():
    sch, loop = _unpipelined()
    tma_pipeline(sch, loop, stages=3)
    annotations = sch.get(loop).annotations
    assert [int(x) for x in annotations["software_pipeline_stage"]] == [0, 2]
    assert [int(x) for x in annotations["software_pipeline_async_stages"]] == [0]
    assert isinstance(sch.mod, tvm.IRModule)
