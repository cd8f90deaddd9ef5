"""A persistent TMA copy kernel (the shape of nvFuser PR 6012's copy kernel), written as an
ordinary TensorIR schedule: bytes move global → shared → global in tiles, through a ring of
``stages`` shared buffers filled by bulk loads and drained by bulk stores.

``copy_tiles``: ``B[t, :] = A[t, :]`` for ``A, B`` of shape ``(tiles, tile_bytes)`` uint8,
``tiles`` dynamic (int64, so offsets past 2^31 and 2^32 bytes are exact). ``ctas`` CTAs (a
persistent grid) each walk the tiles ``b, b + ctas, b + 2 ctas, ...``: the walk is a
software pipeline whose tile loads (``cache_read`` into ``shared.dyn``) run ``stages - 1``
tiles ahead, and whose consumer is the bulk store of the tile (:func:`tvm_tma.schedule.bulk_store`),
run before the next load is issued (``consumers_first``) so that one store is always in
flight. A CTA past the last tile skips the copy (a predicate uniform over the tile).

``copy_tail``: ``B[i] = A[i]`` for ``start <= i < n`` bytes, one byte per thread: the bytes
that do not fill a tile, and buffers not aligned for bulk copies.
"""

from __future__ import annotations

import tvm
from tvm import te, tirx
from tvm.script import tirx as T

from ..schedule import bulk_store, tma_pipeline
from ._common import stage_to_shared, thread_vectorize

VECTOR = 16  # bytes per thread access in the (unused by bulk copies) copy loop nests


def copy_tiles(*, tile_bytes: int = 32768, stages: int = 4, ctas: int = 132, threads: int = 128) -> tirx.PrimFunc:
    """The tiled copy (module docstring); ``tile_bytes`` a multiple of ``threads * 16``."""
    if tile_bytes % (threads * VECTOR):
        raise ValueError(f"copy_tiles: tile_bytes: expected a multiple of threads * {VECTOR} = "
                         f"{threads * VECTOR}, got {tile_bytes}")
    tiles = tirx.Var("tiles", "int64")
    shape = (tiles, tirx.const(tile_bytes, "int64"))
    a = te.placeholder(shape, "uint8", name="A")
    b = te.compute(shape, lambda t, e: a[t, e], name="B")
    sch = tvm.s_tir.Schedule(te.create_prim_func([a, b]))
    block = sch.get_sblock("B")
    t, e = sch.get_loops(block)
    walk, cta = sch.split(t, [None, ctas])
    sch.reorder(cta, walk)
    sch.bind(cta, "blockIdx.x")
    thread_vectorize(sch, e, threads, VECTOR)
    stage_to_shared(sch, block, 0, walk, threads, VECTOR)
    tma_pipeline(sch, walk, stages=stages, num_copies=1, consumers_first=True)
    bulk_store(sch, block)
    return sch.mod["main"]


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


def bulk_copy_module(tile_kernels: dict[str, dict[str, int]] | None = None) -> tvm.IRModule:
    """:func:`copy_tiles` for each ``name -> copy_tiles keyword arguments`` of ``tile_kernels``
    and ``copy_tail``, in one module (what :mod:`tvm_tma.memcpy` builds and loads); default:
    one ``copy_tiles`` with the default arguments."""
    funcs = {name: copy_tiles(**kwargs) for name, kwargs in (tile_kernels or {"copy_tiles": {}}).items()}
    funcs["copy_tail"] = copy_tail()
    return tvm.IRModule({name: f.with_attr("global_symbol", name) for name, f in funcs.items()})
