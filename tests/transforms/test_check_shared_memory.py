"""CheckSharedMemory: a kernel's shared memory against the SM's, at the limit and one byte past
it, the message naming the allocations, and a pipeline too deep for it refused at compile time."""

import pytest
import tvm
from tvm.script import tirx as T

from tvm_tma import TMAError, rules
from tvm_tma.kernels import tile_scale
from tvm_tma.transforms.verifiers.check_shared_memory import check, limit

CAPACITY = rules.limit("shared_memory_capacity")


def kernel(nbytes: int, barriers: int = 0) -> tvm.tirx.PrimFunc:
    """One kernel of a ``shared`` tile of ``nbytes`` bytes and ``barriers`` mbarriers."""

    @T.prim_func
    def main(A: T.Buffer((1,), "uint8")):
        T.launch_thread("blockIdx.x", 1)
        tile = T.alloc_buffer((nbytes,), "uint8", scope="shared")
        bars = T.alloc_buffer((max(barriers, 1),), "uint64", scope="shared")
        tile[0] = A[0]
        bars[0] = T.uint64(0)

    return main


def test_at_the_limit_passes():
    check(kernel(CAPACITY - 8), CAPACITY)


def test_one_byte_over_is_refused_naming_the_buffers():
    with pytest.raises(TMAError, match=rf"shared_memory_capacity: main: kernel of blockIdx.x: expected at most "
                       rf"{CAPACITY} bytes of shared memory, got {CAPACITY + 1} \(tile {CAPACITY - 7}; bars 8\); "
                       r"fewer pipeline stages or smaller tiles") as err:
        check(kernel(CAPACITY - 7), CAPACITY)
    assert err.value.rule == "shared_memory_capacity"


def test_a_target_stating_less_lowers_the_limit():
    small = tvm.target.Target({"kind": "cuda", "arch": "sm_90a", "max_shared_memory_per_block": 49152})
    assert limit(small) == 49152
    assert limit(tvm.target.Target({"kind": "cuda", "arch": "sm_90a"})) == CAPACITY


def test_a_pipeline_too_deep_is_refused_when_compiling():
    """40 stages of 8 KiB row tiles: 320 KiB, refused by tvm.compile (ptxas would only refuse
    it when the module is loaded on the GPU)."""
    with pytest.raises(TMAError, match=r"shared_memory_capacity: main: kernel of blockIdx.x: expected at most "
                       r"232448 bytes of shared memory, got 1310720 \(A_shared 1310720\)"):
        tvm.compile(tile_scale(8192, 4096, tile_n=512, stages=40), target=tvm.target.Target(
            {"kind": "cuda", "arch": "sm_90a"}), tir_pipeline="tma")
