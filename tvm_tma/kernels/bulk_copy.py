"""A persistent TMA copy kernel (the shape of nvFuser PR 6012's copy kernel), written as an
ordinary TensorIR schedule: bytes move global → shared → global in tiles, through a ring of
shared buffers filled by bulk loads and drained by bulk stores.

``copy_tiles``: ``B[t, :] = A[t, :]`` for ``A, B`` of shape ``(tiles, tile_bytes)`` uint8,
``tiles`` dynamic (int64, so offsets past 2^31 and 2^32 bytes are exact). The grid is ``ctas``
CTAs, a kernel argument (the caller sizes the grid to the copy: at most one CTA per tile);
CTA ``b`` walks the tiles ``b, b + ctas, b + 2 ctas, ...`` in ``walk`` steps (an argument too,
``ceil(tiles / ctas)``, checked on the host). The walk is a software pipeline whose tile loads
(``cache_read`` into ``shared.dyn``) run ``stages - 1`` tiles ahead, and whose consumer is the
bulk store of the tile (:func:`tvm_tma.schedule.bulk_store`), run before the next load is
issued (``consumers_first``) so that one store is always in flight. A step past the last tile
skips the copy (a predicate uniform over the tile).

``copy_tile_per_cta``: the same copy with one CTA per tile (grid = ``tiles``):
a bulk load completing on an mbarrier (``tvm_tma.schedule.bulk_copy``), then the bulk
store; no ring, no grid arguments.

``copy_tail``: ``B[i] = A[i]`` for ``start <= i < n`` bytes, one byte per thread: the bytes
that do not fill a tile, and buffers not aligned for bulk copies.
"""

from __future__ import annotations

import tvm
from tvm import te, tirx
from tvm.script import tirx as T

from ..schedule import bulk_copy, bulk_store, tma_pipeline
from ._common import stage_to_shared, thread_vectorize

VECTOR = 16  # bytes per thread access in the (unused by bulk copies) copy loop nests


def copy_tiles(*, tile_bytes: int = 32768, stages: int = 4, threads: int = 128) -> tirx.PrimFunc:
    """The tiled copy (module docstring); ``tile_bytes`` a multiple of ``threads * 16``."""
    _check_tile("copy_tiles", tile_bytes, threads)

    @T.prim_func(s_tir=True)
    def copy(a: T.handle, b: T.handle, ctas: T.int64, walk: T.int64):
        tiles = T.int64()
        A = T.match_buffer(a, (tiles, T.int64(tile_bytes)), "uint8")
        B = T.match_buffer(b, (tiles, T.int64(tile_bytes)), "uint8")
        assert 0 < ctas and ctas <= tiles and (walk - 1) * ctas < tiles and tiles <= walk * ctas, \
            "copy_tiles: expected 0 < ctas <= tiles and walk == ceil(tiles / ctas)"
        for cta in range(ctas):
            for step in range(walk):
                for e in range(T.int64(tile_bytes)):
                    with T.sblock("B"):
                        T.where(step * ctas + cta < tiles)
                        B[step * ctas + cta, e] = A[step * ctas + cta, e]

    sch = tvm.s_tir.Schedule(copy)
    block = sch.get_sblock("B")
    cta, step, e = sch.get_loops(block)
    sch.bind(cta, "blockIdx.x")
    thread_vectorize(sch, e, threads, VECTOR)
    stage_to_shared(sch, block, 0, step, threads, VECTOR)
    tma_pipeline(sch, step, stages=stages, num_copies=1, consumers_first=True)
    bulk_store(sch, block)
    return sch.mod["main"]


def copy_tile_per_cta(*, tile_bytes: int = 4096, threads: int = 1) -> tirx.PrimFunc:
    """One CTA per tile (module docstring); ``tile_bytes`` a multiple of ``threads * 16``."""
    _check_tile("copy_tile_per_cta", tile_bytes, threads)
    tiles = tirx.Var("tiles", "int64")
    shape = (tiles, tirx.const(tile_bytes, "int64"))
    a = te.placeholder(shape, "uint8", name="A")
    b = te.compute(shape, lambda t, e: a[t, e], name="B")
    sch = tvm.s_tir.Schedule(te.create_prim_func([a, b]))
    block = sch.get_sblock("B")
    tile, e = sch.get_loops(block)
    sch.bind(tile, "blockIdx.x")
    thread_vectorize(sch, e, threads, VECTOR)
    bulk_copy(sch, stage_to_shared(sch, block, 0, tile, threads, VECTOR))
    bulk_store(sch, block)
    return sch.mod["main"]


def _check_tile(kernel: str, tile_bytes: int, threads: int) -> None:
    if tile_bytes % (threads * VECTOR):
        raise ValueError(f"{kernel}: tile_bytes: expected a multiple of threads * {VECTOR} = "
                         f"{threads * VECTOR}, got {tile_bytes}")


@T.prim_func(s_tir=True)
def _copy_tail(a: T.handle, b: T.handle, start: T.int64):
    n = T.int64()
    A = T.match_buffer(a, (n,), "uint8")
    B = T.match_buffer(b, (n,), "uint8")
    for bx in T.thread_binding((n - start + 255) // 256, thread="blockIdx.x"):
        for tx in T.thread_binding(T.int64(256), thread="threadIdx.x"):
            with T.sblock("B"):
                T.where(start + bx * 256 + tx < n)
                B[start + bx * 256 + tx] = A[start + bx * 256 + tx]


def copy_tail() -> tirx.PrimFunc:
    """``B[i] = A[i]`` for ``start <= i < n`` bytes (``n``, ``start`` dynamic), one byte per
    thread (module docstring). ``start`` is an argument, not a view offset: TVM's entry
    function takes tensors with a zero byte offset only."""
    return _copy_tail


def bulk_copy_module(tile_kernels: dict[str, tirx.PrimFunc] | None = None) -> tvm.IRModule:
    """The tile kernels ``tile_kernels`` (name -> PrimFunc) and ``copy_tail``, in one module
    (what :mod:`tvm_tma.memcpy` builds and loads); default: ``copy_tiles`` and
    ``copy_tile_per_cta`` with their default arguments."""
    funcs = dict(tile_kernels or {"copy_tiles": copy_tiles(), "copy_tile_per_cta": copy_tile_per_cta()})
    funcs["copy_tail"] = copy_tail()
    return tvm.IRModule({name: f.with_attr("global_symbol", name) for name, f in funcs.items()})
