"""2-D tile kernels ``B = A * 2`` (or ``B = A + C``) that stage ``tile_m x tile_n`` tiles of a
row-major matrix through shared memory: the shapes the bulk-copy lowering distinguishes.

CTA ``b`` owns the column strip ``[b*tile_n, (b+1)*tile_n)`` and walks its row tiles. A tile
whose rows are whole matrix rows (``tile_n == n``) is contiguous in both memories; otherwise
each tile row is a separate contiguous run, and ``pads[k]`` pads the shared rows of input ``k``
(``storage_align``). Sizes that are not multiples of the tile give predicated (tail) copies.
``swizzle`` keeps the tiles that bulk copies load and store swizzled in shared memory
(:func:`tvm_tma.schedule.swizzle` with that span; 0: the widest that fits; padded tiles stay
plain).

Pipeline shapes beyond one loop per kernel: ``strips_per_cta`` puts the pipelined row-tile
loop inside a serial loop over a CTA's strips (a persistent loop around a pipeline),
``dynamic`` makes the number of row tiles a variable (trip counts known at run time only),
and :func:`center_columns` has two pipelined loops in a row. With ``dynamic`` the matrices
are ``(tiles, tile_m, n)``: the rows of ``tiles`` whole tiles. (A variable row count ``m``
with a partial last tile does not build in TVM 0.27, stock pipeline or ``"tma"``: strict
buffer compaction makes the shared tile ``min(m, tile_m)`` rows, which CUDA codegen cannot
allocate.)
"""

from __future__ import annotations

import tvm
from tvm import te, tirx

from ..schedule import bulk_copy, bulk_store, tma_pipeline
from ..schedule import swizzle as swizzle_tile
from ._common import stage_to_shared, vector_lanes


def _write_back_through_shared(sch, block, io, threads: int, lanes: int, swizzle: int | None = None,
                               ndim: int = 2):
    """``cache_write`` the ``ndim``-D output tile into shared memory and copy it out at ``io``
    (the copy marked :func:`tvm_tma.schedule.bulk_store`, swizzled with span ``swizzle``
    unless ``None``)."""
    store = sch.cache_write(block, 0, "shared")
    sch.reverse_compute_at(store, io)
    _, stx, svec = sch.split(sch.fuse(*sch.get_loops(store)[-ndim:]), [None, threads, lanes])
    sch.bind(stx, "threadIdx.x")
    sch.vectorize(svec)
    bulk_store(sch, store)
    if swizzle is not None:
        swizzle_tile(sch, store, span=swizzle)


def _shape(m: int, n: int, tile_m: int, dynamic: bool) -> tuple:
    """``(m, n)``, or with ``dynamic`` ``(tiles, tile_m, n)`` for a variable ``tiles``."""
    return (tirx.Var("tiles", "int32"), tile_m, n) if dynamic else (m, n)


def _elementwise(shape: tuple, fcompute, name: str) -> te.Tensor:
    """``te.compute`` over ``shape`` with its axes named ``[t,] i, j``."""
    return te.compute(shape, fcompute, name=name, varargs_names=["t", "i", "j"][-len(shape):])


def _row_tiles(sch, block, tile_m: int) -> list:
    """The loops row tile, row in the tile, column of ``block`` (the first split by ``tile_m``
    unless the buffer is already ``(tiles, tile_m, n)``)."""
    loops = sch.get_loops(block)
    return loops if len(loops) == 3 else [*sch.split(loops[0], [None, tile_m]), loops[1]]


def _strips(sch, jo, strips_per_cta: int):
    """Bind the strip loop ``jo`` to ``blockIdx.x``, ``strips_per_cta`` strips per CTA walked
    by a serial loop (returned; ``jo`` itself for one strip per CTA)."""
    if strips_per_cta == 1:
        sch.bind(jo, "blockIdx.x")
        return jo
    bx, strip = sch.split(jo, [None, strips_per_cta])
    sch.bind(bx, "blockIdx.x")
    return strip


def _tile_schedule(m, n, dtype, tile_m, tile_n, threads, vec_bytes, second_input, strips_per_cta=1,
                   dynamic=False):
    shape = _shape(m, n, tile_m, dynamic)
    a = te.placeholder(shape, dtype, name="A")
    if second_input:
        c = te.placeholder(shape, dtype, name="C")
        b = _elementwise(shape, lambda *i: a[i] + c[i], "B")
        args = [a, c, b]
    else:
        b = _elementwise(shape, lambda *i: a[i] * tvm.tirx.const(2, dtype), "B")
        args = [a, b]
    sch = tvm.s_tir.Schedule(te.create_prim_func(args))
    block = sch.get_sblock("B")
    io, ii, j = _row_tiles(sch, block, tile_m)
    jo, ji = sch.split(j, [None, tile_n])
    sch.reorder(jo, io, ii, ji)
    _strips(sch, jo, strips_per_cta)
    _, tx = sch.split(sch.fuse(ii, ji), [None, threads])
    sch.bind(tx, "threadIdx.x")
    lanes = vector_lanes(dtype, vec_bytes)
    copies = [stage_to_shared(sch, block, k, io, threads, lanes, "shared") for k in range(len(args) - 1)]
    return sch, io, copies


def tile_scale(m: int, n: int, *, dtype: str = "float32", tile_m: int = 16, tile_n: int = 64,
               stages: int = 3, pads: tuple[int, ...] = (0, 0), threads: int = 128,
               vec_bytes: int = 16, second_input: bool = False, store: bool = False,
               consumers_first: bool = False, swizzle: int | None = None, strips_per_cta: int = 1,
               dynamic: bool = False) -> tvm.IRModule:
    """The row-tile loop is a ``stages``-stage pipeline (:func:`tvm_tma.schedule.tma_pipeline`).
    With ``store``, each output tile is computed into shared memory and bulk-stored one stage
    later (load, compute, store). With ``strips_per_cta``, each CTA walks that many column
    strips in a serial loop around the pipeline; with ``dynamic``, the matrices are
    ``(tiles, tile_m, n)`` for any number of ``tiles`` (``m`` is then unused)."""
    sch, io, copies = _tile_schedule(m, n, dtype, tile_m, tile_n, threads, vec_bytes, second_input,
                                     strips_per_cta, dynamic)
    for cache, pad in zip(copies, pads):
        if pad:
            sch.storage_align(cache, 0, axis=-2, factor=tile_n, offset=pad)
        elif swizzle is not None:
            swizzle_tile(sch, cache, span=swizzle)
    if store:
        _write_back_through_shared(sch, sch.get_sblock("B"), io, threads, vector_lanes(dtype, vec_bytes), swizzle)
    tma_pipeline(sch, io, stages=stages, num_copies=len(copies), num_stores=int(store),
                 consumers_first=consumers_first)
    return sch.mod


def tile_scale_staged(m: int, n: int, *, dtype: str = "float32", tile_m: int = 16, tile_n: int = 64,
                      threads: int = 128, vec_bytes: int = 16, load: bool = True,
                      store: bool = False, swizzle: int | None = None) -> tvm.IRModule:
    """No pipeline: with ``load``, each tile's copy in is marked :func:`tvm_tma.schedule.bulk_copy`
    (synchronous); with ``store``, the output tile is computed into shared memory and marked
    :func:`tvm_tma.schedule.bulk_store`."""
    sch, io, copies = _tile_schedule(m, n, dtype, tile_m, tile_n, threads, vec_bytes, False)
    if load:
        bulk_copy(sch, copies[0])
        if swizzle is not None:
            swizzle_tile(sch, copies[0], span=swizzle)
    if store:
        _write_back_through_shared(sch, sch.get_sblock("B"), io, threads, vector_lanes(dtype, vec_bytes), swizzle)
    return sch.mod


def center_columns(m: int, n: int, *, tile_m: int = 16, tile_n: int = 64, stages: tuple[int, int] = (3, 3),
                   strips_per_cta: int = 1, dynamic: bool = False) -> tvm.IRModule:
    """``B = A - mean(A, axis=0)`` for fp32 ``A[m, n]``: two pipelined loops in one kernel.

    CTA ``b`` owns the column strips ``[b*tile_n*strips_per_cta, ...)`` (a serial loop when
    ``strips_per_cta > 1``), thread ``t`` column ``t`` of a strip (``tile_n`` threads). Per
    strip, a first loop over the row tiles of ``A`` sums each column into a register
    (``stages[0]`` stages), then a second loop over the row tiles of ``A`` writes ``B``
    (``stages[1]`` stages): each loop stages its own ``tile_m x tile_n`` tiles through
    shared memory (:func:`tvm_tma.schedule.tma_pipeline`). With ``dynamic``, ``A`` and ``B``
    are ``(tiles, tile_m, n)`` (the rows of ``tiles`` whole tiles) for any number of
    ``tiles`` (``m`` is then unused)."""
    shape = _shape(m, n, tile_m, dynamic)
    a = te.placeholder(shape, "float32", name="A")
    ks = [te.reduce_axis((0, extent), name=f"k{d}") for d, extent in enumerate(shape[:-1])]
    total = te.compute((n,), lambda j: te.sum(a[(*ks, j)], axis=ks), name="colsum")
    rows = tirx.Cast("float32", shape[0] * tile_m if dynamic else m)
    b = _elementwise(shape, lambda *i: a[i] - total[i[-1]] / rows, "B")
    sch = tvm.s_tir.Schedule(te.create_prim_func([a, b]))
    out, colsum = sch.get_sblock("B"), sch.get_sblock("colsum")
    io, ii, j = _row_tiles(sch, out, tile_m)
    jo, ji = sch.split(j, [None, tile_n])
    sch.reorder(jo, io, ii, ji)
    sch.bind(ji, "threadIdx.x")
    sch.compute_at(colsum, _strips(sch, jo, strips_per_cta))
    sch.set_scope(colsum, 0, "local")
    cj, k, *_ = sch.get_loops(colsum)[-len(shape):]
    sch.bind(cj, "threadIdx.x")
    ko = k if dynamic else sch.split(k, [None, tile_m])[0]
    for block, loop, loop_stages in ((colsum, ko, stages[0]), (out, io, stages[1])):
        stage_to_shared(sch, block, 0, loop, tile_n, vector_lanes("float32"), "shared", [block])
        tma_pipeline(sch, loop, stages=loop_stages)
    return sch.mod


def tile_scale_3d(p: int, m: int, n: int, *, dtype: str = "float32", tile: tuple[int, int, int] = (2, 8, 64),
                  stages: int = 2, threads: int = 128, vec_bytes: int = 16, staged: bool = False,
                  store: bool = False) -> tvm.IRModule:
    """``B = A * 2`` over a ``p x m x n`` tensor through ``tile`` boxes of shared memory: a 3-D
    box of a row-major tensor (the global side strided in two dimensions, what a 3-D tensor
    map copies). CTA ``(x, y)`` owns columns ``[x*tn, (x+1)*tn)`` and planes ``[y*tp, (y+1)*tp)``
    and walks the row tiles, pipelined over ``stages`` (or, ``staged``, one synchronous
    :func:`tvm_tma.schedule.bulk_copy` per tile). Sizes that are not multiples of the tile
    give edge tiles. With ``store``, the output box is computed into shared memory and
    bulk-stored (one stage later when pipelined)."""
    tp, tm, tn = tile
    a = te.placeholder((p, m, n), dtype, name="A")
    b = te.compute((p, m, n), lambda i, j, k: a[i, j, k] * tvm.tirx.const(2, dtype), name="B")
    sch = tvm.s_tir.Schedule(te.create_prim_func([a, b]))
    block = sch.get_sblock("B")
    i, j, k = sch.get_loops(block)
    io, ii = sch.split(i, [None, tp])
    jo, ji = sch.split(j, [None, tm])
    ko, ki = sch.split(k, [None, tn])
    sch.reorder(ko, io, jo, ii, ji, ki)
    sch.bind(ko, "blockIdx.x")
    sch.bind(io, "blockIdx.y")
    _, tx = sch.split(sch.fuse(ii, ji, ki), [None, threads])
    sch.bind(tx, "threadIdx.x")
    lanes = vector_lanes(dtype, vec_bytes)
    cache = stage_to_shared(sch, block, 0, jo, threads, lanes, "shared")
    if store:
        _write_back_through_shared(sch, block, jo, threads, lanes, ndim=3)
    if staged:
        bulk_copy(sch, cache)
    else:
        tma_pipeline(sch, jo, stages=stages, num_stores=int(store))
    return sch.mod
