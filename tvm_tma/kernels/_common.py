"""Schedule pieces shared by the kernels in this package."""

from __future__ import annotations

import tvm
from tvm import s_tir


def vector_lanes(dtype: str, vec_bytes: int = 16) -> int:
    """Elements of ``dtype`` in one ``vec_bytes``-wide access."""
    return max(1, vec_bytes * 8 // tvm.DataType(dtype).bits)


def row_threads(vectors: int, max_threads: int) -> int:
    """Threads for a tile of ``vectors`` vectors with no vector left over: the largest divisor
    of ``vectors`` that is at most ``max_threads``."""
    return max(t for t in range(1, min(vectors, max_threads) + 1) if vectors % t == 0)


def thread_vectorize(sch: s_tir.Schedule, loop: s_tir.LoopRV, threads: int, lanes: int) -> None:
    """Split ``loop`` into ``[serial, threadIdx.x (threads), vectorized (lanes)]``."""
    _, tx, vec = sch.split(loop, [None, threads, lanes])
    sch.bind(tx, "threadIdx.x")
    sch.vectorize(vec)


def stage_to_shared(sch: s_tir.Schedule, block: s_tir.SBlockRV, read_index: int, loop: s_tir.LoopRV,
                    threads: int, lanes: int, scope: str = "shared.dyn",
                    consumers: list[s_tir.SBlockRV] | None = None) -> s_tir.SBlockRV:
    """``cache_read`` input ``read_index`` of ``block`` into ``scope`` at ``loop``, copied by
    ``threads`` threads with ``lanes``-wide vector accesses; ``consumers`` (default: ``block``
    alone) are the blocks that then read the staged copy."""
    cache = sch.cache_read(block, read_index, scope, consumer_blocks=consumers)
    sch.compute_at(cache, loop)
    loops = sch.get_loops(cache)
    depth = [sch.get(x).same_as(sch.get(loop)) for x in loops].index(True) + 1
    thread_vectorize(sch, sch.fuse(*loops[depth:]), threads, lanes)
    return cache
