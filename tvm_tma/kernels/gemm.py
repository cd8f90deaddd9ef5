"""Tensor-core GEMMs ``C = A @ B``: upstream TVM's pipelined ``mma.sync`` schedule
(:func:`gemm_mma`) and a Hopper warpgroup-MMA schedule fed by TMA (:func:`gemm_wgmma`)."""

from __future__ import annotations

import functools
import importlib.util
import math
import pathlib
import warnings

import tvm
from tvm import te
from tvm.s_tir.dlight.gpu.matmul import auto_inline_producers

from .. import rules
from .. import tensor_intrin as intrin
from ..errors import TMAError
from ..schedule import bulk_store, swizzle, tma_pipeline

SMS = 132
"""The H100 SXM's streaming multiprocessors: the default size of a persistent grid."""


def _ldmatrix_index_map(i, j):
    from tvm.s_tir.tensor_intrin.cuda import shared_16x16_to_ldmatrix_32x8_layout

    return (i // 16, j // 16, *shared_16x16_to_ldmatrix_32x8_layout(i % 16, j % 16))


def gemm_mma(n: int = 4096, *, i_factors: tuple[int, ...] = (1, 32, 1, 4, 2),
             j_factors: tuple[int, ...] = (16, 2, 4, 1, 2), k_factors: tuple[int, ...] = (128, 2, 1),
             stages: int = 4, layout: str = "padded", inner_pipeline: bool = False) -> tvm.IRModule:
    """``C[n, n] = A[n, n] @ B[n, n]``, fp16 operands, fp32 accumulation and output.

    Exactly upstream's schedule (``tvm.testing.tir.mma_schedule``, 16x16x16 ``mma.sync``
    with ``ldmatrix`` from ``shared.dyn``), tile factors as given (their products times 16
    must equal ``n``). The outer reduction loop ``k0`` is a software pipeline of ``stages``
    stages whose operand copies (stage 0) are asynchronous.

    ``layout`` of the shared operand tiles: ``"padded"`` (upstream's: rows padded by 16 bytes
    against ldmatrix bank conflicts; under ``tir_pipeline="tma"`` the padding gives way to a
    swizzle, as below), ``"dense"`` (no padding), or ``"swizzled"`` (no padding,
    :func:`tvm_tma.schedule.swizzle`: under ``tir_pipeline="tma"`` each tile is loaded by
    swizzled tensor-map copies and ldmatrix reads the swizzled positions).

    ``inner_pipeline``: the inner reduction loop ``k1`` is software-pipelined too (its
    shared→register ``ldmatrix`` one step ahead of the ``mma``), with the outer stages
    ``[0, 0, stages - 2, stages - 1, stages - 1]`` in the order ``[0, 1, 3, 2, 4]``
    (upstream's "nested pipeline" annotation): a pipelined loop in an async pipeline.
    """
    if layout not in ("padded", "dense", "swizzled"):
        raise ValueError(f"gemm_mma: layout: expected 'padded', 'dense' or 'swizzled', got {layout!r}")
    from tvm.s_tir.meta_schedule.testing import te_workload
    from tvm.s_tir.tensor_intrin import cuda as intrin

    workload = te.create_prim_func(te_workload.matmul(n, n, n, in_dtype="float16", out_dtype="float32"))
    sch = _mma_schedule()(
        workload, 16, "float16", False, list(i_factors), list(j_factors), list(k_factors),
        _ldmatrix_index_map, _ldmatrix_index_map, _ldmatrix_index_map,
        intrin.LDMATRIX_f16_A_DYN_INTRIN, intrin.LDMATRIX_f16_B_DYN_INTRIN, intrin.MMA_f16f16f32_INTRIN,
        intrin.MMA_fill_16x16_f32_INTRIN, intrin.MMA_store_16x16_f32_global_INTRIN, "shared.dyn",
    )
    for name in ("A_shared.dyn", "B_shared.dyn") if layout != "padded" else ():
        copy = sch.get_sblock(name)
        sch.unannotate(copy, "buffer_dim_align")
        if layout == "swizzled":
            swizzle(sch, copy)
    k0, k1 = sch.get_loops(sch.get_sblock("C_o_update"))[3:5]
    if inner_pipeline:
        sch.annotate(k0, ann_key="software_pipeline_stage", ann_val=[0, 0, stages - 2, stages - 1, stages - 1])
        sch.annotate(k0, ann_key="software_pipeline_order", ann_val=[0, 1, 3, 2, 4])
        sch.annotate(k1, ann_key="software_pipeline_stage", ann_val=[0, 0, 1])
        sch.annotate(k1, ann_key="software_pipeline_order", ann_val=[0, 1, 2])
    else:
        sch.annotate(k0, ann_key="software_pipeline_stage", ann_val=[0, 0, stages - 1])
        sch.annotate(k0, ann_key="software_pipeline_order", ann_val=[0, 1, 2])
    sch.annotate(k0, ann_key="software_pipeline_async_stages", ann_val=[0])
    return sch.mod


@functools.cache
def _mma_schedule():
    """Upstream's ``tvm.testing.tir.mma_schedule``, loaded from its file: importing the
    ``tvm.testing`` package imports pytest, which a user's environment need not have."""
    spec = importlib.util.spec_from_file_location("tvm_testing_tir",
                                                  pathlib.Path(tvm.__file__).parent / "testing" / "tir.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.mma_schedule


def gemm_wgmma(m: int, n: int, k: int, dtype: str = "float16", out_dtype: str = "float32", *,
               tile: tuple[int, int, int] = (128, 256, 64), warpgroups: int = 2, stages: int | None = None,
               wgmma_in_flight: int = 1, b_layout: str = "KN", raster: int = 1,
               producer: str = "cta", persistent: bool = False, ctas: int = SMS) -> tvm.IRModule:
    """``C[m, n] = A[m, k] @ B`` on Hopper's warpgroup MMA: ``B`` is ``B[k, n]`` (``b_layout=
    "KN"``, row-major as TVM's ``te_workload.matmul``) or ``B^T[n, k]`` (``"NK"``); fp16 or bf16
    inputs, fp32 accumulation, ``out_dtype`` output (fp32, or the input type).

    The schedule (TensorIR, :mod:`tvm_tma.tensor_intrin`, built with ``tir_pipeline="tma"``):
    CTA ``(blockIdx.y, blockIdx.x)`` computes that ``BM x BN`` tile of ``C``, ``tile = (BM, BN, BK)``; its
    ``warpgroups`` warpgroups (``threadIdx.y``, 128 threads each) own ``BM / warpgroups`` rows
    each, as ``m64nBNk16`` instructions on their accumulators (``BM * BN / (128 * warpgroups)``
    fp32 registers per thread, held by :func:`tvm_tma.tensor_intrin.wgmma_fill`). The ``k``
    loop over ``BK``-wide slices is a ``stages``-stage TMA pipeline (default: 4, or the most that
    fit shared memory)
    (:func:`tvm_tma.schedule.tma_pipeline`, consumers first): each stage loads the ``BM x BK``
    slice of A and the ``BK x BN`` slice of B by swizzled tensor copies
    (:func:`tvm_tma.schedule.swizzle`: the widest span that tiles a row, 128 bytes for
    ``BK = 64``) into one of ``stages`` shared buffers, and its consumer issues ``BK / 16``
    wgmma per warpgroup from those buffers, committed as one group; ``wgmma_in_flight``
    groups stay in flight (0: each stage waits for its own). After the loop each warpgroup
    stores its fragments into a ``BM x BN`` shared tile (:func:`tvm_tma.tensor_intrin.wgmma_store`,
    cast to ``out_dtype``; MergeSharedMemoryAllocations gives it the operand buffers' memory
    when it fits), which one thread stores with a swizzled TMA tensor store
    (:func:`tvm_tma.schedule.bulk_store`).

    ``raster``: CTAs in groups of ``raster`` row tiles of one column tile (consecutive block
    indices walk down ``raster`` row tiles, then the next column tile), so that the CTAs
    running at once share their rows of A and columns of B in L2; with 1, row by row (a wave
    reads all of B). The row tiles are padded to a multiple of ``raster`` (empty CTAs compute
    zeros that are not stored).

    ``producer="warp"``: warp specialization (:func:`tvm_tma.schedule.tma_pipeline`): a
    producer warpgroup (``threadIdx.y == warpgroups``, ``setmaxnreg`` down to 40 registers)
    whose elected thread issues the tensor copies into the ``stages`` buffers while the
    ``warpgroups`` consumer warpgroups (up to 232 registers) only issue wgmma; the output tile
    reuses the rings' memory after the loop. ``persistent``: at most ``ctas`` CTAs (the H100
    has 132 SMs), each computing every ``c``-th tile in the rasterized order (``c`` the CTAs,
    a multiple or a divisor of ``raster`` times the column tiles, so that every tile's row and
    column stay affine; the row tiles padded so that every CTA gets as many tiles); with
    ``producer="warp"`` the rings carry on across a CTA's tiles and the producer loads the
    next tile while the consumers store the last one (the output tile then needs its own
    shared memory: ``stages`` rings plus the tile must fit). A grid of less than half the CTAs
    it may take (a prime count of column tiles: 512 x 11008 in 128 x 256 tiles, groups of 4
    row tiles, gets 4 CTAs, 0.04x cuBLAS on the H100) warns, naming the rasters that fill one.

    Sizes need not be multiples of the tile: the operands are read as the zero-filled tiles
    of ``A`` and ``B`` padded to whole tiles (the tensor copies of edge tiles fill the part
    outside the matrices with zeros), and the edge tiles of ``C`` are stored clipped to the
    matrix by the tensor map; the operands' rows must be a multiple of 16 bytes (``k``, and
    ``n`` for ``"KN"``, multiples of 8), as tensor maps need. Raises :class:`tvm_tma.TMAError`
    for a tile the instruction cannot compute (rules ``wgmma_shape``, ``wgmma_dtype``), shared
    memory past ``shared_memory_capacity`` or rows a tensor map cannot stride
    (``tensor_map_global_stride``).
    """
    if not (isinstance(tile, (tuple, list)) and len(tile) == 3):
        raise TMAError("wgmma_shape", f"tile = {tile!r}: expected (BM, BN, BK), e.g. (128, 256, 64)")
    bm, bn, bk = tile
    for name, size in (("m", m), ("n", n), ("k", k)):
        if size < 1:
            raise TMAError("tensor_map_global_dim", f"{name} = {size}: expected at least 1 (the operands' "
                           "tensor maps need sizes of 1 to 2^32): an empty product needs no kernel")
    if b_layout not in ("KN", "NK"):
        raise ValueError(f"gemm_wgmma: b_layout: expected 'KN' (B[k, n]) or 'NK' (B^T[n, k]), got {b_layout!r}")
    if out_dtype not in ("float32", dtype):
        raise ValueError(f"gemm_wgmma: out_dtype: expected 'float32' or the input type {dtype!r}, got {out_dtype!r}")
    if persistent and ctas < 1:
        raise ValueError(f"gemm_wgmma: ctas: expected at least 1 CTA, got {ctas}")
    if raster < 1:
        raise ValueError(f"gemm_wgmma: raster: expected at least 1 row tile per group, got {raster}")
    intrin.check_n(bn)
    intrin.check_dtype(dtype)
    rows = 64 * warpgroups
    if warpgroups < 1 or bm % rows:
        raise TMAError("wgmma_shape", f"tile M = {bm} with {warpgroups} warpgroup(s): expected a "
                       f"multiple of {rows} (64 rows per instruction per warpgroup)")
    if bk % intrin.K:
        raise TMAError("wgmma_shape", f"tile K = {bk}: expected a multiple of {intrin.K} (K per instruction)")
    if stages is None:
        stages = next((s for s in (4, 3) if _shared_bytes(bm, bn, bk, s, dtype, out_dtype, persistent)[0]
                       <= rules.limit("shared_memory_capacity")), 2)
    _check_shared_memory(bm, bn, bk, stages, dtype, out_dtype, persistent)
    row_bytes = bn * tvm.DataType(dtype).bits // 8
    if b_layout == "KN" and row_bytes not in (32, 64) and row_bytes % 128:
        raise TMAError("swizzle_row_bytes", f"tile N = {bn} with b_layout='KN': B's tile rows are {row_bytes} "
                       "bytes, and wgmma reads an MN-major operand from a swizzled tile whose rows are 32 or 64 "
                       f"bytes or a multiple of 128: tile N {{{32 * 8 // tvm.DataType(dtype).bits}, "
                       f"{64 * 8 // tvm.DataType(dtype).bits}}} or a multiple of "
                       f"{128 * 8 // tvm.DataType(dtype).bits}, or b_layout='NK' (B^T[n, k], any tile N)")
    unit = rules.limit("tensor_map_global_stride")
    for name, size, row in (("A", "k", k), ("B", "n", n) if b_layout == "KN" else ("B", "k", k)):
        if row * tvm.DataType(dtype).bits // 8 % unit:
            raise TMAError("tensor_map_global_stride", f"{name}: rows of {row} {dtype} elements: expected a "
                           f"multiple of {unit} bytes (wgmma reads its operands as tiles that tensor copies "
                           f"load: {size} a multiple of {unit * 8 // tvm.DataType(dtype).bits})")
    pad = raster  # the row tiles are padded to a multiple of pad
    if persistent:
        limit = ctas
        ctas, pad, tiles = output_grid(m, n, (bm, bn), raster, limit)
        if ctas < min(limit, tiles) / 2:
            fuller = [r for r in (1, 2, 4, 8) if fills(output_grid(m, n, (bm, bn), r, limit), limit)]
            hint = f"raster {fuller} fills one" if fuller else "persistent=False launches a CTA per tile"
            warnings.warn(f"gemm_wgmma: persistent grid of {ctas} CTAs for {tiles} tiles of {bm} x {bn} (at most "
                          f"{limit}): {-(-n // bn)} column tiles in groups of {raster} row tiles leave no fuller "
                          f"grid whose tiles stay affine; {hint}", stacklevel=2)
    sch = tvm.s_tir.Schedule(te.create_prim_func(
        _padded_matmul(m, n, k, dtype, out_dtype, (bm * pad, bn, bk), b_layout)))
    compute = sch.get_sblock("C")
    i, j, r = sch.get_loops(compute)
    io, iw, ir, ii = sch.split(i, [None, warpgroups, bm // rows, intrin.M])
    jo, jj = sch.split(j, [None, bn])
    ko, k1, ki = sch.split(r, [None, bk // intrin.K, intrin.K])
    sch.reorder(io, jo, iw, ko, k1, ir, ii, jj, ki)
    mma = sch.blockize(ii)
    if raster > 1 or persistent:
        cta = raster_tiles(sch, io, jo, raster, ctas if persistent else 0)
    else:
        cta = jo
        sch.bind(io, "blockIdx.y")
        sch.bind(jo, "blockIdx.x")
    sch.bind(iw, "threadIdx.y")
    load_operands(sch, mma, ko, warpgroups)
    sch.set_scope(mma, 0, "local")  # the accumulators
    fragments = sch.get_sblock("C_tile")  # accumulators -> shared tile (cast)
    sch.reverse_compute_at(fragments, iw)
    sch.set_scope(fragments, 0, "shared.dyn")
    sch.split(sch.get_loops(fragments)[-2], [None, intrin.M])
    store = sch.get_sblock("C_out")  # shared tile -> C, clipped to the matrix
    sch.reverse_compute_at(store, cta)
    lanes = 128 // tvm.DataType(out_dtype).bits  # 16-byte vectors
    loops = sch.get_loops(store)
    tile_loops = loops[1 + [sch.get(x).same_as(sch.get(cta)) for x in loops].index(True):]  # one when m is 1
    _, ty, tx, vec = sch.split(sch.fuse(*tile_loops), [None, warpgroups, intrin.THREADS, lanes])
    sch.bind(ty, "threadIdx.y")
    sch.bind(tx, "threadIdx.x")
    sch.vectorize(vec)
    bulk_store(sch, store)
    swizzle(sch, store)
    sch.decompose_reduction(mma, ko)
    sch.transform_layout(mma, ("write", 0), intrin.fragment_layout(bn))
    sch.tensorize(sch.get_loops(sch.get_sblock("C_init"))[-2], intrin.wgmma_fill(bn))
    sch.tensorize(sch.get_loops(compute)[-3], intrin.wgmma_sync(bn, dtype, "MN" if b_layout == "KN" else "K"))
    sch.tensorize(sch.get_loops(fragments)[-2], intrin.wgmma_store(bn, out_dtype))
    sch.unroll(k1)
    tma_pipeline(sch, ko, stages=stages, num_copies=2, consumers_first=True, wgmma_in_flight=wgmma_in_flight,
                 producer=producer)
    return sch.mod


def gated_mlp(m: int, k: int, mlp: int, dtype: str = "float16", *, any_rows: bool = False,
              gated_widths: bool = True) -> tvm.IRModule:
    """``out[0, i, n] = silu(x @ w[0]^T) * (x @ w[1]^T)`` for ``x[1, m, k]``, ``w[2, mlp, k]``
    (a fused gate/up projection's weights, gate then up), ``out[1, m, mlp]``: the PrimFunc
    :func:`tvm_tma.relax.FuseGatedMLP` makes (:func:`tvm_tma.relax.gated_matmul`, gate and up
    slices as wide as :func:`tvm_tma.relax.fuse_gated_mlp.pair_width` says) scheduled by
    :class:`tvm_tma.dlight.WgmmaMatmul` (its gated epilogue). ``any_rows``: compiled for any
    number of rows (a symbolic ``m``, as a model built for any length has it; ``m`` unused), in
    two slice widths chosen at run time unless ``gated_widths=False`` (``WgmmaMatmul``'s)."""
    from ..relax.fuse_gated_mlp import gated_matmul, pair_width

    rows = tvm.tirx.Var("m", "int64") if any_rows else m
    return _by_dlight(gated_matmul(rows, k, mlp, dtype, pair_width(None if any_rows else m, mlp)),
                      f"gated_mlp: m={m}, k={k}, mlp={mlp}, {dtype}", gated_widths=gated_widths)


def linear(m: int, n: int, k: int, dtype: str = "float16", *, any_rows: bool = False,
           out_dtype: str | None = None) -> tvm.IRModule:
    """``y[m, n] = x[m, k] @ w[n, k]^T`` (``nn.Linear`` without a bias, ``out_dtype`` output,
    by default ``dtype``) scheduled by :class:`tvm_tma.dlight.WgmmaMatmul` as it schedules a
    model's linear layer (the tiling :func:`~tvm_tma.dlight.wgmma_matmul.tuned` gives the
    shape). ``any_rows``: compiled for any number of rows (a symbolic ``m``, as a model built
    for any length has it: a CTA per tile, two tilings chosen at run time where they could
    differ; ``m`` unused)."""
    rows = tvm.tirx.Var("m", "int64") if any_rows else tvm.tirx.IntImm("int64", m)
    return _by_dlight(linear_func(rows, n, k, dtype, out_dtype=out_dtype),
                      f"linear: m={m}, n={n}, k={k}, {dtype} -> {out_dtype or dtype}")


def linear_func(rows: tvm.tirx.PrimExpr, n: int, k: int, dtype: str, index: str = "int64", *,
                out_dtype: str | None = None) -> tvm.tirx.PrimFunc:
    """The unscheduled ``y[rows, n] = x[rows, k] @ w[n, k]^T`` of :func:`linear`, its sizes of
    type ``index`` (Relax's index type: int64), the products summed in ``out_dtype`` (by
    default ``dtype``)."""
    size = lambda value: tvm.tirx.IntImm(index, value)  # noqa: E731
    out = out_dtype or dtype
    x = te.placeholder((rows, size(k)), dtype, name="x")
    w = te.placeholder((size(n), size(k)), dtype, name="w")
    r = te.reduce_axis((size(0), size(k)), name="k")
    y = te.compute((rows, size(n)), lambda i, j: te.sum(x[i, r].astype(out) * w[j, r].astype(out), axis=r),
                   name="y")
    return te.create_prim_func([x, w, y])


def _by_dlight(func: tvm.tirx.PrimFunc, what: str, **rule: bool) -> tvm.IRModule:
    """``func`` scheduled for sm_90a by :class:`tvm_tma.dlight.WgmmaMatmul` (``rule``: its
    keyword arguments)."""
    from ..dlight import WgmmaMatmul

    target = tvm.target.Target({"kind": "cuda", "arch": "sm_90a"})
    with target:
        scheduled = WgmmaMatmul(**rule).scheduled(func.with_attr("global_symbol", "main"), target)
    if scheduled is None:
        raise ValueError(f"{what}: WgmmaMatmul declined it")
    return tvm.IRModule({"main": scheduled})


def raster_tiles(sch: tvm.s_tir.Schedule, io: tvm.s_tir.LoopRV, jo: tvm.s_tir.LoopRV, group: int,
                 ctas: int = 0) -> tvm.s_tir.LoopRV:
    """Walk the (io, jo) output tiles as ``group`` row tiles down each column, then the next
    column (CTAs running at once share B tiles), bound to blockIdx.x; with ``ctas`` > 0 a
    persistent grid of that many CTAs, CTA b computing tiles b, b + ctas, ... Returns the
    loop over one CTA's tiles."""
    outer, member = sch.split(io, [None, group])
    sch.reorder(outer, jo, member)
    cta = sch.fuse(outer, jo, member)
    if ctas:
        cta, bx = sch.split(cta, [None, ctas])
        sch.reorder(bx, cta)
        sch.bind(bx, "blockIdx.x")
    else:
        sch.bind(cta, "blockIdx.x")
    return cta


def load_operands(sch: tvm.s_tir.Schedule, mma: tvm.s_tir.SBlockRV, ko: tvm.s_tir.LoopRV, warpgroups: int, *,
                  b_halves: bool = False) -> None:
    """Stage the wgmma block's A and B tiles in shared memory at ``ko``, producers (padding,
    casts) inlined into the copies, each copy a 16-byte vector per thread over the warpgroups and
    swizzled: the tensor copies the TMA pipeline lowers. ``b_halves``: B's tile copied as two
    halves of its rows, each one box of the tensor map (a gated GEMM's tile: its first half of
    rows from the gate's weights, its second from the up projection's)."""
    for operand in (0, 1):
        copy = sch.cache_read(mma, operand, "shared.dyn")
        sch.compute_at(copy, ko)
        auto_inline_producers(sch, copy)
        rows, columns = sch.get_loops(copy)[-2:]
        if operand == 1 and b_halves:
            rows = sch.split(rows, [2, None])[1]
        _, ty, tx, vec = sch.split(sch.fuse(rows, columns), [None, warpgroups, intrin.THREADS, 8])
        sch.bind(ty, "threadIdx.y")
        sch.bind(tx, "threadIdx.x")
        sch.vectorize(vec)
        swizzle(sch, copy)


def output_grid(m: int, n: int, tile: tuple[int, int], raster: int, ctas: int) -> tuple[int, int, int]:
    """:func:`_persistent_grid` of an ``m x n`` output in ``tile`` (rows, columns) tiles, the
    row tiles padded to a multiple of ``raster``: ``(CTAs, q, tiles)``."""
    row_tiles, col_tiles = -(-m // (tile[0] * raster)) * raster, -(-n // tile[1])
    return (*_persistent_grid(row_tiles, col_tiles, raster, ctas), row_tiles * col_tiles)


def fills(grid: tuple[int, int, int], ctas: int) -> bool:
    """Whether ``grid`` (:func:`output_grid`, on at most ``ctas`` CTAs) takes 90% or more of the
    CTAs it may: ``ctas``, or one per tile where there are fewer tiles."""
    grid_ctas, _, tiles = grid
    return grid_ctas >= 0.9 * min(ctas, tiles)


def _persistent_grid(row_tiles: int, col_tiles: int, raster: int, ctas: int) -> tuple[int, int]:
    """``(CTAs, q)`` of a persistent GEMM of ``row_tiles x col_tiles`` output tiles (row tiles a
    multiple of ``raster``) on at most ``ctas`` CTAs: CTA ``b`` computes tiles ``b + c t`` in
    the order of the rasterized tile index, every CTA as many, the row tiles padded to a
    multiple of ``q`` (the padding tiles compute zeros that are not stored). The CTAs are a
    multiple of a group of ``raster`` row tiles by the column tiles, or a divisor of it that
    ``raster`` divides or that divides ``raster``, so that the tile's row and column stay
    affine in the loops (TVM's blockize of the tensorized blocks needs that)."""
    group = raster * col_tiles
    tiles = row_tiles * col_tiles
    if min(ctas, tiles) >= group:
        ctas = min(ctas, tiles) // group * group
    else:
        ctas = max(d for d in range(1, min(ctas, tiles) + 1)
                   if group % d == 0 and (d % raster == 0 or raster % d == 0))
    return ctas, math.lcm(raster, ctas // math.gcd(ctas, col_tiles))


def _padded_matmul(m: int, n: int, k: int, dtype: str, out_dtype: str, tile: tuple[int, int, int],
                   b_layout: str) -> list[te.Tensor]:
    """``[A, B, C_out]``: ``C`` (fp32) over the sizes rounded up to multiples of ``tile`` from
    the zero-padded operands, ``C_tile`` its cast to ``out_dtype``, ``C_out`` the ``m x n`` part."""
    mp, np_, kp = (-(-size // t) * t for size, t in zip((m, n, k), tile))
    a = te.placeholder((m, k), dtype, name="A")
    b = te.placeholder((k, n) if b_layout == "KN" else (n, k), dtype, name="B")
    zero = tvm.tirx.const(0, dtype)

    def padded(x, shape, name):
        if tuple(x.shape) == shape:
            return x
        return te.compute(shape, lambda *i: tvm.tirx.if_then_else(
            tvm.tirx.all(*[v < e for v, e in zip(i, x.shape)]), x[i], zero), name=f"{name}_pad")

    ap = padded(a, (mp, kp), "A")
    bp = padded(b, (kp, np_) if b_layout == "KN" else (np_, kp), "B")
    r = te.reduce_axis((0, kp), name="k")
    b_at = (lambda j: bp[r, j]) if b_layout == "KN" else (lambda j: bp[j, r])
    c = te.compute((mp, np_), lambda i, j: te.sum(ap[i, r].astype("float32") * b_at(j).astype("float32"), axis=r),
                   name="C")
    c_tile = te.compute((mp, np_), lambda i, j: c[i, j].astype(out_dtype), name="C_tile")
    c_out = te.compute((m, n), lambda i, j: c_tile[i, j], name="C_out")
    return [a, b, c_out]


def _shared_bytes(bm: int, bn: int, bk: int, stages: int, dtype: str, out_dtype: str,
                  persistent: bool) -> tuple[int, int, int]:
    """``(needed, rings, output tile)`` bytes of shared memory: the operand rings, or the output
    tile where it is larger (MergeSharedMemoryAllocations gives the tile the rings' memory once
    the loop is done); both when ``persistent`` (the rings are in use while a tile is stored)."""
    ring = stages * (bm + bn) * bk * tvm.DataType(dtype).bits // 8
    out = bm * bn * tvm.DataType(out_dtype).bits // 8
    return (ring + out if persistent else max(ring, out)), ring, out


def _check_shared_memory(bm: int, bn: int, bk: int, stages: int, dtype: str, out_dtype: str,
                         persistent: bool) -> None:
    """Rule ``shared_memory_capacity`` over :func:`_shared_bytes`."""
    need, ring, out = _shared_bytes(bm, bn, bk, stages, dtype, out_dtype, persistent)
    if need > rules.limit("shared_memory_capacity"):
        raise TMAError("shared_memory_capacity", f"tile {bm}x{bn}x{bk}, {stages} stages: expected at most "
                       f"{rules.limit('shared_memory_capacity')} bytes of shared memory, got {need} "
                       f"(operand rings {ring}, output tile {out}{', both at once: persistent' if persistent else ''}; "
                       "fewer stages or a smaller tile)")
