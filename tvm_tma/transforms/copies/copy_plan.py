"""Plan one global→shared copy: as few ``cp.async.bulk`` as legal, or ``cp.async`` with the rule that failed.

Shared by the passes that lower copies (:mod:`..pipelines.lower_async_pipeline`,
:mod:`..pipelines.lower_bulk_copy_blocks`).
A copy is the loop nest that a ``cache_read(..., "shared")`` block becomes after scheduling::

    for f in range(4):                       # serial loops, thread loops around it
        for v in T.vectorized(8):
            with T.sblock("A_shared"):        # opaque block, maybe with a predicate
                S[ver, f*32 + ty*8 + tx//4, tx%4*8 + v] = A[r0 + f*32 + ty*8 + tx//4, c0 + tx%4*8 + v]

:func:`plan_copy` proves, with TVM's iter-map analysis, that the loops and threads together
write every element of a box of ``S`` exactly once from the same box of ``A`` (the
``dense_box`` rule). It then merges trailing dimensions that are contiguous on both sides
into one run (the whole tile when it is contiguous, one run per row when shared rows are
padded), and checks the bulk rules of :mod:`tvm_tma.rules` (16-byte sizes and alignment).
:func:`emit_bulk` spreads the runs over the CTA's threads, one ``cp.async.bulk`` each, all
completing on one mbarrier.

Tensor maps (:mod:`.tensor_map`): when the caller passes the PrimFunc's :class:`TensorMaps`,
a copy whose tile is more than one contiguous run (a 2-D tile of a row-major matrix, a 3-D
box), or whose tile can cross the buffer's edge (a tail predicate that is exactly the
buffer's bounds), becomes a :class:`TensorPlan` instead: one
``cp.async.bulk.tensor.{rank}d`` per tile (per box), issued by one thread (:func:`emit_tensor`).
A load completes ``box`` bytes on the stage's mbarrier and the hardware zero-fills the part
of an edge box outside the buffer; a store (shared→global, :mod:`.bulk_store`) completes in
the store's bulk group and the hardware writes only the part of the box inside the buffer.
That needs a dense box in shared memory (no padded rows) and the ``tensor_map_*`` rules;
where a rule fails the copy stays 1-D runs (reported with the rule), and a tile that is one
contiguous run, not at an edge, needs no tensor map. Anything else becomes a
:class:`FallbackPlan`, which
:func:`emit_cp_async` lowers to per-thread ``cp.async`` of 4, 8 or 16 bytes that arrive on the
same mbarrier through ``cp.async.mbarrier.arrive.noinc``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import tvm
import tvm_ffi
from tvm import s_tir, tirx
from tvm import sym as arith
from tvm.ir.expr import TensorLoad as BufferLoad
from tvm.script import tirx as T

from ... import report, rules
from ...errors import TMAError
from .. import ptx
from .._ir import (
    Evaluator,
    all_of,
    assignments,
    cast_to,
    conjuncts,
    elem_bytes,
    flat_offset,
    free_vars,
    holds,
    mutate,
    non_decreasing,
    rising_difference,
    seq,
    strides,
    substitute,
    uses_var,
    walk,
)
from .cp_async import CpAsyncNest, cp_async_nest, emit_cp_async, peel_copy, zero_fill
from .swizzle import ANNOTATION as SWIZZLE
from .swizzle import SwizzledTile, choose_span, dense_view
from .tensor_map import Swizzle, TensorMaps, TensorMapSpec, check_shared_box, make_spec, prefetch

BULK_G2S = "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"
BULK_S2G = "cp.async.bulk.global.shared::cta.bulk_group"


@dataclass(frozen=True)
class ThreadAxis:
    """One ``threadIdx`` loop around the copy: its loop variable and extent."""

    var: tirx.Var
    extent: int


@dataclass(frozen=True)
class BulkPlan:
    """A dense box copy lowered to ``num_runs`` bulk copies of ``run_bytes`` each.

    ``src_start`` / ``dst_start`` are the indices of the first element of run ``i``, given
    the run's coordinates ``run_vars`` (one per looped box dimension, row-major).
    """

    src: tirx.Buffer
    dst: tirx.Buffer
    run_vars: tuple[tirx.Var, ...]
    run_extents: tuple[int, ...]
    src_start: tuple[tirx.PrimExpr, ...]
    dst_start: tuple[tirx.PrimExpr, ...]
    run_bytes: int

    @property
    def num_runs(self) -> int:
        return math.prod(self.run_extents)

    @property
    def is_load(self) -> bool:
        """global→shared (completes on an mbarrier), else shared→global (bulk group)."""
        return is_shared(self.dst)

    @property
    def total_bytes(self) -> int:
        return self.num_runs * self.run_bytes

    no_tensor_map: tuple[str, str] | None = None
    """(rule, reason) when a tensor map was wanted for this copy but a rule forbids it."""


@dataclass(frozen=True)
class TensorPlan:
    """A dense box copied by one ``cp.async.bulk.tensor`` with the tensor map ``spec``.

    ``coords`` is the box's origin in the global buffer and ``shared_start`` in the shared one
    (outermost dimension first, as in the IR); the hardware zero-fills (loads) or skips
    (stores) the part of the box outside the global buffer. A ``swizzle``d tile whose rows are
    wider than the span is ``swizzle.splits`` boxes side by side, one tensor copy each.
    """

    src: tirx.Buffer
    dst: tirx.Buffer
    spec: TensorMapSpec
    coords: tuple[tirx.PrimExpr, ...]
    shared_start: tuple[tirx.PrimExpr, ...]
    swizzle: SwizzledTile | None = None

    @property
    def num_runs(self) -> int:
        return self.swizzle.splits if self.swizzle else 1

    @property
    def is_load(self) -> bool:
        return is_shared(self.dst)

    @property
    def total_bytes(self) -> int:
        return self.spec.box_bytes * self.num_runs


@dataclass(frozen=True)
class FallbackPlan:
    """A copy that cannot be bulk: the original loop nest, and the rule that failed. A load
    becomes per-thread ``cp.async`` (``nest``, :mod:`.cp_async`) on the stage's mbarrier, a
    store ordinary stores (``nest`` is ``None``)."""

    stmt: tirx.Stmt
    src: tirx.Buffer | None
    dst: tirx.Buffer
    bytes: int
    rule: str
    reason: str
    nest: CpAsyncNest | None = None
    pieces: int = 0


@dataclass(frozen=True)
class SyncPlan:
    """A statement of an async stage that runs synchronously, as ordinary loads and stores
    (stock TVM runs it so too): it computes rather than copies (rule ``stage_compute``), or it
    copies what neither a bulk copy nor ``cp.async`` can (``rule`` and ``reason`` say which
    rules failed). Its writes reach the consumers through ``__syncthreads`` (TVM's
    ``ThreadSync`` inserts it), not through the stage's mbarrier."""

    stmt: tirx.Stmt
    src: tirx.Buffer | None
    dst: tirx.Buffer | None
    bytes: int
    rule: str
    reason: str


@dataclass(frozen=True)
class GuardedPlan:
    """A tiled copy whose tail tiles are partial: ``bulk`` when ``full`` holds (the tile is
    whole), ``fallback`` (cp.async, predicated per element) otherwise. Decided at run time.
    ``fallback`` is ``None`` when the predicate is uniform over the tile (a CTA of a
    persistent grid past the last tile): then the tile is copied whole or not at all. A
    zero-filling load (``if_then_else(c, A[i], 0)``) always has a fallback, which writes the
    zeros."""

    bulk: BulkPlan | TensorPlan
    fallback: FallbackPlan | SyncPlan | None
    full: tirx.PrimExpr

    @property
    def dst(self) -> tirx.Buffer:
        return self.bulk.dst


Plan = BulkPlan | TensorPlan | FallbackPlan | SyncPlan | GuardedPlan


def is_shared(buf: tirx.Buffer) -> bool:
    """Whether ``buf`` lives in shared memory (static or dynamic)."""
    return buf.scope() in ("shared", "shared.dyn")


def first_load(value: tirx.PrimExpr) -> tirx.Buffer | None:
    """The buffer of the first load in ``value`` (what a copy, or a computing statement, reads)."""
    loads = []
    walk(value, BufferLoad, loads.append)
    return loads[0].source if loads else None


def _copy_bytes(loops, threads: list[ThreadAxis], store: tirx.BufferStore) -> int:
    """Upper bound of the bytes the nest copies (0 when a loop extent is dynamic)."""
    if not all(isinstance(loop.extent, tirx.IntImm) for loop in loops):
        return 0
    count = math.prod(int(loop.extent) for loop in loops) * math.prod(t.extent for t in threads)
    return count * elem_bytes(store.buffer)


def _range(var: tirx.Var, extent) -> tvm.ir.Range:
    """``[0, extent)`` in the type of ``var`` (iter-map detection needs them to agree)."""
    dtype = str(var.ty)
    return tvm.ir.Range.from_min_extent(tirx.const(0, dtype), cast_to(dtype, tirx.const(extent, dtype)
                                                                    if isinstance(extent, int) else extent))


def _in(var: tirx.Var, variables) -> bool:
    return any(var.same_as(v) for v in variables)


def _whole_tile_condition(tails: list[tirx.PrimExpr], dom: dict, analyzer: arith.Analyzer):
    """A condition, free of the copy's loops and threads, under which every tail predicate
    holds for the whole box: each must compare ``x < y`` (``<=``, ``>``, ``>=``) with ``x - y``
    monotonic in each loop and thread (a tail ``i < n``, a padding bound ``0 <= i - 1``), so
    checking the box's worst corner suffices. ``None`` if that cannot be proven."""
    full = []
    for cond in tails:
        diff = rising_difference(cond)
        if diff is None:
            return None
        corner = {}
        for var, rng in dom.items():
            if non_decreasing(diff, var, analyzer):
                corner[var] = rng.min + rng.extent - 1
            elif non_decreasing(-diff, var, analyzer):
                corner[var] = rng.min
            else:
                return None
        worst = substitute(diff, corner)
        full.append(analyzer.simplify(worst < 0 if isinstance(cond, (tirx.LT, tirx.GT)) else worst <= 0))
    return all_of(full)


def plan_copy(
    stmt: tirx.Stmt, threads: list[ThreadAxis], analyzer: arith.Analyzer, *,
    min_run_bytes: int = rules.limit("bulk_min_run"),
    ignore_tail: bool = False, maps: TensorMaps | None = None, edge: bool = False, permuted_tiles: bool = False,
) -> Plan:
    """Plan the copy nest ``stmt`` run by the CTA threads ``threads``.

    A tile of several runs shorter than ``min_run_bytes`` is given to cp.async (rule
    ``bulk_min_run``): the copy engine takes one request per run, and many small requests are
    slower than per-thread cp.async. A copy predicated by a tail (``i < n``) is a :class:`GuardedPlan`
    when its whole box is bulk-legal (``ignore_tail`` plans that box), or a
    :class:`TensorPlan` when the tail is the buffer's bounds. A load that zero-fills
    (``S[...] = if_then_else(c, A[...], 0)``, what ``pad_einsum`` makes) is planned the same
    way with ``c`` as its tail: a tensor copy when ``c`` is ``A``'s bounds (the hardware
    zero-fills the part of the box outside them), else bulk copies of whole tiles and the
    zero-filling ``cp.async`` for the others. ``maps``: the PrimFunc's
    tensor maps (``None``: no tensor maps); ``edge`` asks for a tensor map also for a tile
    that is one run (it may cross the buffer's edge). A tile stored in the schedule's permuted
    layout (``InjectPermutedLayout``'s XOR in its shared indices) is per-thread cp.async (rule
    ``permuted_tile_cost``) unless ``permuted_tiles``; with it, a swizzled tensor copy where the
    permutation is the swizzle.
    """
    peeled = peel_copy(stmt)
    if peeled is None:
        return SyncPlan(stmt, None, None, 0, "stage_compute", f"not a copy nest ({type(stmt).__name__})")
    loops, predicates, store = peeled
    filled = zero_fill(store.value)
    value = filled[1] if filled else store.value
    fills = conjuncts(filled[0]) if filled and not ignore_tail else []
    src = value.source if isinstance(value, BufferLoad) else None
    if src is None or not (is_shared(store.buffer) or is_shared(src)):
        what = f"computes {store.value}" if src is None else "copies between global buffers"
        return SyncPlan(stmt, first_load(store.value), store.buffer, _copy_bytes(loops, threads, store),
                        "stage_compute", f"{store.buffer.name}: {what}")
    if is_shared(store.buffer):  # a load: the box is read from global memory
        g_buf, g_idx, s_buf, s_idx = src, list(value.indices), store.buffer, list(store.indices)
    else:  # a store: the box is written to global memory
        g_buf, g_idx, s_buf, s_idx = store.buffer, list(store.indices), src, list(value.indices)

    def fallback(rule: str, reason: str) -> FallbackPlan | SyncPlan:
        nbytes = _copy_bytes(loops, threads, store)
        if not is_shared(store.buffer):  # a store: ordinary stores
            return FallbackPlan(stmt, src, store.buffer, nbytes, rule, reason)
        try:
            nest = cp_async_nest(stmt)
            pieces = nest.pieces(flat_thread_index(threads)[1])
            return FallbackPlan(stmt, src, store.buffer, nbytes, rule, reason, nest, pieces)
        except TMAError as err:
            return SyncPlan(stmt, src, store.buffer, nbytes, rule, f"{reason}; no cp.async either: {err}")

    if not all(isinstance(loop.extent, tirx.IntImm) for loop in loops):
        return fallback("dense_box", "the copy loops have dynamic extents")
    permuted = None
    if maps is not None and g_buf.same_as(src) and any(holds(i, tirx.BitwiseXor) for i in s_idx):
        if not permuted_tiles:
            return fallback("permuted_tile_cost", f"{s_buf.name} is stored in the schedule's permuted layout "
                            "(InjectPermutedLayout)")
        permuted, s_idx = s_idx, [mutate(i, (tirx.BitwiseXor, _without_xor)) for i in s_idx]

    dom = {loop.loop_var: _range(loop.loop_var, loop.extent) for loop in loops}
    dom.update({t.var: _range(t.var, t.extent) for t in threads})
    iters = list(dom)
    # A predicate on loops and threads alone (a cooperative fetch with spare threads) only
    # shrinks the iteration space; one that depends on anything else is a tail. The condition
    # of a zero-filling load is a tail too, whose elements outside it are written with zeros.
    terms = [c for pred in predicates for c in conjuncts(pred)]
    shape = [c for c in terms if all(_in(v, iters) for v in free_vars(c))]
    tails = [c for c in terms if not all(_in(v, iters) for v in free_vars(c))] + fills
    if shape:
        g_idx, s_idx, tails = _within_shape((g_idx, s_idx, tails), shape, dom)
    if tails and not ignore_tail:
        # (a zero-fill writes zeros where it fails: never a reason to skip the tile)
        uniform = not fills and not any(uses_var(c, iters) for c in tails)
        whole = plan_copy(stmt, threads, analyzer, min_run_bytes=min_run_bytes, ignore_tail=True,
                          maps=maps, edge=not uniform, permuted_tiles=permuted_tiles)
        if uniform and isinstance(whole, (BulkPlan, TensorPlan)):
            return GuardedPlan(whole, None, all_of(tails))
        if isinstance(whole, TensorPlan):
            if _tail_is_bounds(tails, g_idx, g_buf, dom, analyzer):
                return whole  # edge tiles: the hardware fills (loads) or skips (stores) the rest
            whole = plan_copy(stmt, threads, analyzer, min_run_bytes=min_run_bytes, ignore_tail=True)
        full = _whole_tile_condition(tails, dom, analyzer)
        kind = "a zero-fill" if fills else "a tail"
        reason = f"the copy is predicated ({tails[0]}): {kind}"
        if isinstance(whole, BulkPlan) and full is not None:
            return GuardedPlan(whole, fallback("dense_box", reason + " (partial tiles only)"), full)
        return fallback("dense_box", reason)
    predicate = all_of(shape)
    mapped = arith.detect_iter_map(g_idx, dom, predicate, check_level="bijective",
                                   simplify_trivial_iterators=False)
    if not len(mapped.indices):
        return fallback("dense_box", f"the copy does not cover a box of {g_buf.name} exactly once")
    bases, extents = [], []
    for sum_expr in mapped.indices:
        if any(not isinstance(a.extent, tirx.IntImm) for a in sum_expr.args):
            return fallback("dense_box", f"the copy is predicated ({predicates[0]}): a tail")
        if len(sum_expr.args) > 1 or any(int(a.scale) != 1 for a in sum_expr.args):
            return fallback("dense_box", f"{g_buf.name} is accessed with gaps")
        bases.append(sum_expr.base)
        extents.append(int(sum_expr.args[0].extent) if len(sum_expr.args) else 1)

    box_g_dims = [k for k, e in enumerate(extents) if e > 1]
    paired = _pair_box(box_g_dims, extents, g_buf, g_idx, bases, s_buf, s_idx, iters, analyzer)
    if isinstance(paired, str):
        return fallback("dense_box", paired)
    box, s_origin = paired
    g_origin = [
        bases[k] if extents[k] > 1 else analyzer.simplify(g_idx[k])
        for k in range(len(extents))
    ]
    if any(uses_var(o, iters) for o in g_origin):
        return fallback("dense_box", f"{g_buf.name} is accessed outside a box")

    # Merge trailing box dimensions that are contiguous on both sides into one run.
    gst, sst = strides(g_buf), strides(s_buf)
    for k, j in box:
        if isinstance(s_buf.shape[j], tirx.IntImm) and extents[k] > int(s_buf.shape[j]):
            extents[k] = _rows_kept(g_idx[k] - bases[k], extents[k], shape, dom) or extents[k]
    wide = [(k, j) for k, j in box if isinstance(s_buf.shape[j], tirx.IntImm) and extents[k] > int(s_buf.shape[j])]
    if wide:  # the loops run past the tile (more threads than elements, masked by a predicate)
        k, j = wide[0]
        return fallback("dense_box", f"the copy's loops span {extents[k]} elements along dimension {k} of "
                        f"{g_buf.name}, more than the {s_buf.shape[j]} of {s_buf.name} (dimension {j})")
    if not box:
        run_elems, looped = 1, []
    else:
        k_in, j_in = box[-1]
        if not (analyzer.can_prove_equal(gst[k_in], 1) and analyzer.can_prove_equal(sst[j_in], 1)):
            return fallback("contiguous_inner", f"innermost stride of {g_buf.name} or "
                            f"{s_buf.name} is not 1")
        run_elems, cut = extents[k_in], len(box) - 1
        while cut > 0:
            k, j = box[cut - 1]
            if not (analyzer.can_prove_equal(gst[k], run_elems)
                    and analyzer.can_prove_equal(sst[j], run_elems)):
                break
            run_elems *= extents[k]
            cut -= 1
        looped = box[:cut]
    no_tensor_map = None
    swizzle = _swizzle_request(stmt)
    dense = _dense_in_shared(box, extents, sst, analyzer)
    if permuted is not None:
        try:
            if not (maps.describes(g_buf) and dense):
                raise TMAError("swizzle_permuted", f"{s_buf.name}: expected a dense box of a parameter's "
                               "tensor map for a tile stored permuted")
            plan = _tensor_plan(g_buf, s_buf, gst, extents, g_origin, s_origin, box, 0, load=True)
            return dataclasses.replace(plan, swizzle=_prepermuted(plan.swizzle, permuted, s_idx, dom))
        except TMAError as err:
            return fallback(err.rule, str(err).partition(": ")[2])
    if (maps is not None and (looped or edge or swizzle is not None) and maps.describes(g_buf) and dense):
        try:
            return _tensor_plan(g_buf, s_buf, gst, extents, g_origin, s_origin, box, swizzle,
                                load=g_buf.same_as(src))
        except TMAError as err:
            no_tensor_map = (err.rule, str(err).partition(": ")[2])
    elif (maps is not None and swizzle is None and not dense and g_buf.same_as(src) and maps.describes(g_buf)
          and maps.may_unpad(s_buf)):
        # Rows padded only for ldmatrix: a swizzled tensor map in a compact tile instead.
        try:
            return _tensor_plan(g_buf, dense_view(s_buf), gst, extents, g_origin, s_origin, box, 0,
                                load=True, padded=s_buf)
        except TMAError as err:
            no_tensor_map = (err.rule, str(err).partition(": ")[2])
    if len({j for _, j in box}) < len(box):  # grouped dimensions: no runs of bulk copies
        rule, why = no_tensor_map or ("dense_box", "no tensor map describes it")
        return fallback(rule, f"{s_buf.name} holds several dimensions of the box of {g_buf.name} in one, "
                        f"which only a tensor copy can load ({why})")
    run_bytes = run_elems * elem_bytes(g_buf)
    unit = rules.limit("bulk_size_multiple")
    if run_bytes % unit:
        return fallback("bulk_size_multiple", f"contiguous run of {run_bytes} bytes: expected a "
                        f"multiple of {unit} bytes")

    if looped and run_bytes < min_run_bytes and g_buf.same_as(src):
        return fallback("bulk_min_run", f"{math.prod(extents[k] for k, _ in looped)} runs of {run_bytes} "
                        f"bytes: expected at least {min_run_bytes} bytes per run for bulk copies")

    index_dtype = str(g_idx[-1].ty) if g_idx else "int32"
    run_vars = tuple(tirx.Var(f"run{n}", index_dtype) for n in range(len(looped)))
    g_start, s_start = list(g_origin), list(s_origin)
    for var, (k, j) in zip(run_vars, looped):
        g_start[k] = g_start[k] + var
        s_start[j] = s_start[j] + cast_to(str(s_start[j].ty), var)
    extents_looped = tuple(extents[k] for k, _ in looped)
    if g_buf.same_as(src):
        plan = BulkPlan(src, store.buffer, run_vars, extents_looped, tuple(g_start), tuple(s_start), run_bytes)
    else:
        plan = BulkPlan(src, store.buffer, run_vars, extents_looped, tuple(s_start), tuple(g_start), run_bytes)
    for buf, start, rule in ((g_buf, g_start, "bulk_global_align"), (s_buf, s_start, "bulk_shared_align")):
        reason = _misaligned(buf, start, plan, rules.limit(rule))
        if reason:
            return fallback(rule, reason)
    if plan.is_load and plan.total_bytes > rules.limit("mbarrier_tx_count"):
        return fallback("mbarrier_tx_count", f"{plan.total_bytes} bytes: expected at most "
                        f"{rules.limit('mbarrier_tx_count')} bytes per barrier phase")
    return dataclasses.replace(plan, no_tensor_map=no_tensor_map) if no_tensor_map else plan


def _pair_box(box_g_dims: list[int], extents: list[int], g_buf: tirx.Buffer, g_idx, bases, s_buf: tirx.Buffer,
              s_idx, iters, analyzer: arith.Analyzer) -> tuple[list[tuple[int, int]], list[tirx.PrimExpr]] | str:
    """``(box, s_origin)``: the box's global dimensions paired with the shared dimensions that
    hold them (``(global dim, shared dim)``, in order) and the box's origin in the shared tile;
    or why the copy is no translated box. Each box dimension is paired with one trailing
    dimension of the tile; failing that, consecutive box dimensions are grouped from the
    innermost into the trailing tile dimensions whose extents are their products (a gated
    GEMM's weight tile: rows of the gate's and the up projection's weights, two dimensions
    of the weights' ``[2, mlp, K]`` view, one after the other in the tile's rows)."""
    candidates = []
    lead = len(s_idx) - len(box_g_dims)
    if lead >= 0:
        candidates.append([(lead + n, [k]) for n, k in enumerate(box_g_dims)])
    grouped = _grouped_dims(box_g_dims, extents, s_buf)
    if grouped is not None and any(len(group) > 1 for _, group in grouped):
        candidates.append(grouped)
    if not candidates:
        return f"{s_buf.name} has fewer dimensions than the box"
    reason = ""
    for groups in candidates:
        offsets = {j: sum(((g_idx[k] - bases[k]) * math.prod(extents[q] for q in group[n + 1:])
                           for n, k in enumerate(group)), tirx.const(0, str(s_idx[j].ty)))
                   for j, group in groups}
        s_origin = [analyzer.simplify(idx - offsets[j]) if j in offsets else idx for j, idx in enumerate(s_idx)]
        bad = [j for j, origin in enumerate(s_origin) if uses_var(origin, iters)]
        if not bad:
            return [(k, j) for j, group in groups for k in group], s_origin
        reason = reason or f"{s_buf.name} is not accessed as a translated box of {g_buf.name} (dimension {bad[0]})"
    return reason


def _grouped_dims(box_g_dims: list[int], extents: list[int], s_buf: tirx.Buffer) -> list[tuple[int, list[int]]] | None:
    """The box dimensions grouped from the innermost into trailing dimensions of ``s_buf``
    whose static extents are the products of their groups' extents, as ``(shared dim, group)``;
    ``None`` where no such grouping exists. The outermost group's dimension may be longer than
    its product (the box fills its first rows): TVM sizes a tile by the rows its fetch's
    threads address, spare ones included where it cannot apply their predicate (a gated GEMM's
    weight tile of 2 x 112 rows fetched 32 rows a step in halves: 240 rows)."""
    dims, groups = list(box_g_dims), []
    for j in reversed(range(len(s_buf.shape))):
        if not dims:
            break
        if not isinstance(s_buf.shape[j], tirx.IntImm):
            return None
        size, group = int(s_buf.shape[j]), []
        rest = math.prod(extents[k] for k in dims)
        if rest < size and size % rest:
            return [(j, dims), *groups]
        while dims and size > 1 and size % extents[dims[-1]] == 0:
            size //= extents[dims[-1]]
            group.insert(0, dims.pop())
        if size != 1:
            return None
        groups.insert(0, (j, group))
    return None if dims else groups


def _dense_in_shared(box, extents, sst, analyzer: arith.Analyzer) -> bool:
    """Whether the box is dense in shared memory (a tensor copy writes it so): the shared
    strides of its dimensions are those of a compact array of the box's extents."""
    dense, inner = 1, None
    for k, j in reversed(box):
        if j != inner and not analyzer.can_prove_equal(sst[j], dense):  # (a grouped dimension: one stride)
            return False
        dense, inner = dense * extents[k], j
    return True


def _without_xor(xor: tirx.BitwiseXor, mutator) -> tirx.PrimExpr:
    """``a ^ b`` → ``a``: the logical index of an index that ``InjectPermutedLayout`` permuted."""
    return mutator.default_mutate(xor).a


def _prepermuted(tile: SwizzledTile, permuted: list, logical: list, dom: dict) -> SwizzledTile:
    """``tile`` marked ``prepermuted`` when the schedule's permuted shared indices of the copy
    (``permuted``; ``logical`` without their XOR) put every element of the box (``dom``: the
    copy's loops and threads) where the tile's swizzle does; raises :class:`TMAError` (rule
    ``swizzle_permuted``) otherwise."""
    lead = len(logical) - tile.tile_ndim
    points = math.prod(int(r.extent) for r in dom.values())
    why = ""
    if not all(tvm_ffi.structural_equal(a, b) for a, b in zip(permuted[:lead], logical[:lead])):
        why = "the permutation reaches the pipeline versions"
    elif points > 1 << 22:
        why = f"{points} elements to compare"
    else:
        grid = np.meshgrid(*(np.arange(int(r.min), int(r.min) + int(r.extent)) for r in dom.values()), indexing="ij")
        env = {var.__chandle__(): values for var, values in zip(dom, grid)}
        evaluate = Evaluator()
        try:
            stored = evaluate(tile.tile_offset(permuted), env)
            swizzled = evaluate(tile.physical(tile.tile_offset(logical)), env)
        except ValueError as err:
            why = str(err)
        else:
            shape = grid[0].shape if grid else ()
            if np.array_equal(np.broadcast_to(stored, shape), np.broadcast_to(swizzled, shape)):
                return dataclasses.replace(tile, prepermuted=True)
            why = f"it is not the {tile.span}B swizzle of {tile.cols}-element rows"
    raise TMAError("swizzle_permuted", f"{tile.buffer.name}: expected the shared indices' permutation "
                   f"(InjectPermutedLayout) to be a tensor map's swizzle, element for element: {why}")


def _swizzle_request(stmt: tirx.Stmt) -> int | None:
    """The span asked for by a :func:`tvm_tma.schedule.swizzle` annotation on the copy's block
    (0: choose), ``None`` when the block has none."""
    found = []
    walk(stmt, s_tir.SBlock, lambda b: found.append(b.annotations.get(SWIZZLE)))
    return next((int(v) for v in found if v is not None), None)


def _swizzled_tile(s_buf, extents, s_origin, box, span_request: int, padded=None) -> SwizzledTile:
    """The swizzled layout of the box's tile in ``s_buf`` (which replaces ``padded``, if
    given); raises :class:`TMAError` naming the ``swizzle_*`` rule the tile breaks."""
    analyzer = arith.Analyzer()
    tile_dims = sorted({j for _, j in box})
    for j in tile_dims:
        rows = math.prod(extents[k] for k, q in box if q == j)
        # (the outermost may be longer, in whole 8-row swizzle atoms: see _grouped_dims)
        longer = j == tile_dims[0] and len(tile_dims) > 1 and isinstance(s_buf.shape[j], tirx.IntImm) \
            and int(s_buf.shape[j]) > rows and int(s_buf.shape[j]) % 8 == 0
        if not ((longer or analyzer.can_prove_equal(s_buf.shape[j], rows))
                and analyzer.can_prove_equal(s_origin[j], 0)):
            raise TMAError("swizzle_tile", f"{s_buf.name}: expected the swizzled tile to fill the "
                           f"trailing dimensions of the buffer (shape {list(s_buf.shape)}), got a box "
                           f"of {[extents[k] for k, _ in box]} at {list(s_origin)}")
    cols = extents[box[-1][0]]
    span = choose_span(s_buf.name, cols * elem_bytes(s_buf), span_request)
    tile = SwizzledTile(s_buf, len(tile_dims), math.prod(extents[k] for k, _ in box[:-1]), cols, span, padded)
    tile.check()
    return tile


def _tensor_plan(g_buf, s_buf, gst, extents, g_origin, s_origin, box, swizzle: int | None,
                 load: bool, padded=None) -> TensorPlan:
    """The tensor copy of the box (``extents`` per dimension of ``g_buf``; ``box`` pairs its
    dimensions with those of ``s_buf``) from ``g_buf`` into ``s_buf`` (``load``) or back,
    swizzled when ``swizzle`` is not ``None`` (``s_buf`` replacing ``padded``, if given);
    raises :class:`TMAError` for a tensor-map or swizzle rule the box or the buffers break."""
    align = rules.limit("tensor_map_inner_coordinate")
    if not arith.Analyzer().can_prove(tirx.floormod(g_origin[-1] * elem_bytes(g_buf), align) == 0):
        raise TMAError("tensor_map_inner_coordinate", f"{g_buf.name}: expected the box's innermost coordinate "
                       f"to be a multiple of {align} bytes, got {g_origin[-1]} ({elem_bytes(g_buf)}-byte elements)")
    tile = _swizzled_tile(s_buf, extents, s_origin, box, swizzle, padded) if swizzle is not None else None
    box_extents = list(extents)
    if tile is not None:
        box_extents[box[-1][0]] = tile.box_cols
    spec = make_spec(g_buf, gst, box_extents, Swizzle.of_span(tile.span) if tile else Swizzle.NONE)
    check_shared_box(spec, s_buf, arith.Analyzer().simplify(flat_offset(s_buf, s_origin) * elem_bytes(s_buf)))
    src, dst = (g_buf, s_buf) if load else (s_buf, g_buf)
    plan = TensorPlan(src, dst, spec, tuple(g_origin), tuple(s_origin), tile)
    if plan.is_load and plan.total_bytes > rules.limit("mbarrier_tx_count"):
        raise TMAError("mbarrier_tx_count", f"{plan.total_bytes} bytes: expected at most "
                       f"{rules.limit('mbarrier_tx_count')} bytes per barrier phase")
    return plan


def _tail_is_bounds(tails, g_idx, g_buf: tirx.Buffer, dom: dict, analyzer: arith.Analyzer) -> bool:
    """Whether the tail predicate holds for exactly the box elements inside ``g_buf``, so that
    a tensor copy of the whole box writes every element the predicated copy wrote, with the
    same value (it holds inside the buffer; where it holds outside it, the original copy
    would read out of bounds). A zero-filling load ``if_then_else(c, A[i], 0)`` whose ``c``
    is the bounds (conv padding, a tile past the edge) gets exactly its zeros from the
    hardware. A load (zero-filled outside the buffer) adds elements of the shared tile that
    the copy left unwritten: a cache_read tile's consumers are predicated by the same bounds
    and never read them, and any reader that did would have read undefined values before. A
    store adds nothing: the hardware does not write the part of the box outside ``g_buf``
    (see :func:`emit_tensor`)."""
    if _holds_inside(tails, g_idx, g_buf, dom):
        return True
    # A condition on an outer variable of a few values (a pipeline's loop over two tiles, in
    # whose range TVM simplifies ``0 <= 80 (j - 1) + i`` to ``j == 1``) no longer reads as a
    # bound: case by case, each value's box lies wholly outside the buffer (the hardware fills
    # it all) or the condition holds inside it.
    outer = []
    for var in [v for cond in tails for v in free_vars(cond) if not _in(v, list(dom))]:
        if _in(var, [v for v, _ in outer]):
            continue
        bound = analyzer.const_int_bound(var)
        if bound.max_value - bound.min_value >= _CASES:
            return False
        outer.append((var, range(bound.min_value, bound.max_value + 1)))
    for case in assignments(outer):
        idx = [substitute(i, case) for i in g_idx]
        if not (_outside(idx, g_buf, dom) or _holds_inside([substitute(c, case) for c in tails], idx, g_buf, dom)):
            return False
    return bool(outer)


_CASES = 4
"""The most values of an outer variable :func:`_tail_is_bounds` tries one by one."""


def _rows_kept(offset: tirx.PrimExpr, extent: int, shape: list[tirx.PrimExpr], dom: dict) -> int | None:
    """The extent of ``offset`` (a box dimension the loops walk over ``extent`` values) under a
    predicate ``e < c`` of ``shape`` whose ``e`` walks it ``q`` at a time (``offset == e / q``,
    ``c`` a multiple of ``q``): ``c / q``; else ``None``. A cooperative fetch whose last step
    is partial (168 rows of 64 elements over 256 threads of 8: 6 steps of 32 rows, ``32 f + 16
    ty + tx / 8`` under ``256 f + 128 ty + tx < 1344``) covers the first ``c / q`` values only,
    which ``detect_iter_map`` does not see through the split of ``tx``."""
    scoped = _bound_to(dom)
    for cond in shape:
        if not (isinstance(cond, tirx.LT) and isinstance(cond.b, tirx.IntImm)):
            continue
        span = scoped.const_int_bound(cond.a)
        if span.min_value != 0 or (span.max_value + 1) % extent:
            continue
        q = (span.max_value + 1) // extent
        if int(cond.b) % q == 0 and scoped.can_prove_equal(tirx.floordiv(cond.a, q), offset):
            return int(cond.b) // q
    return None


def _within_shape(nodes, shape: list[tirx.PrimExpr], dom: dict):
    """``nodes`` with each ``e // c`` and ``e % c`` whose ``e`` lies in ``[0, c)`` wherever the
    predicates ``shape`` hold (the elements a cooperative fetch with spare threads copies) made
    ``0`` and ``e``. TVM's simplifier does not apply such a constraint: a gated GEMM's half tile
    of 112 rows fetched 32 rows a step (``32 a + 16 ty + tx / 8``, with ``2 a + ty < 7``) keeps
    ``f // 112`` and ``f % 112`` in its indices, which then read as no box."""
    scoped = _bound_to(dom)

    def in_range(expr, divisor) -> bool:
        return isinstance(divisor, tirx.IntImm) and scoped.can_prove(expr >= 0) and scoped.can_prove(expr < divisor)

    def on_div(div, mutator):
        num = mutator.mutate(div.a)
        return tirx.const(0, str(div.ty)) if in_range(num, div.b) else type(div)(num, div.b)

    def on_mod(mod, mutator):
        num = mutator.mutate(mod.a)
        return num if in_range(num, mod.b) else type(mod)(num, mod.b)

    def rewritten(expr):
        out = mutate(expr, (tirx.FloorDiv, on_div), (tirx.FloorMod, on_mod))
        return expr if out.same_as(expr) else scoped.simplify(out)

    with scoped.constraint_scope(all_of(shape)):
        return tuple([rewritten(n) for n in node] for node in nodes)


def _bound_to(dom: dict) -> arith.Analyzer:
    """An analyzer with the variables of ``dom`` bound to their ranges."""
    analyzer = arith.Analyzer()
    for var, rng in dom.items():
        analyzer.bind(var, rng)
    return analyzer


def _outside(g_idx, g_buf: tirx.Buffer, dom: dict) -> bool:
    """Whether every element of the box lies outside ``g_buf`` along one dimension."""
    scoped = _bound_to(dom)
    return any(scoped.can_prove(idx >= extent) or scoped.can_prove(idx < 0) for idx, extent in zip(g_idx, g_buf.shape))


def _holds_inside(tails, g_idx, g_buf: tirx.Buffer, dom: dict) -> bool:
    """Whether every tail predicate holds for the box elements inside ``g_buf``."""
    scoped = _bound_to(dom)
    # TVM simplifies a bound and the predicate alike (``64*x + 4*(t%16) + v < 200`` becomes
    # ``8*x + t%16//2 < 25``), which its proofs under constraints cannot always see through;
    # nor can they see that ``1 <= h + 32`` follows from ``0 <= h + 31``: so a condition holds
    # inside the buffer when it is provable under the bounds, simplifies to one of them, or is
    # ``d >= 0`` with ``d - e`` provably non-negative for a bound ``e >= 0``.
    bounds = [idx < extent for idx, extent in zip(g_idx, g_buf.shape)] + [idx >= 0 for idx in g_idx]
    normal = [scoped.simplify(b) for b in bounds]
    as_non_negative = [extent - idx - 1 for idx, extent in zip(g_idx, g_buf.shape)] + list(g_idx)

    def holds(cond) -> bool:
        if any(tvm_ffi.structural_equal(scoped.simplify(cond), b) for b in normal):
            return True
        d = _non_negative_form(cond)
        if d is not None and any(scoped.can_prove(d - e >= 0) for e in as_non_negative):
            return True
        with scoped.constraint_scope(all_of(bounds)):
            if scoped.can_prove(cond):
                return True
        return any(_bound_in_steps(cond, idx, extent, scoped) for idx, extent in zip(g_idx, g_buf.shape))

    return all(holds(cond) for cond in tails)


def _bound_in_steps(cond: tirx.PrimExpr, idx: tirx.PrimExpr, extent: tirx.PrimExpr, scoped: arith.Analyzer) -> bool:
    """Whether ``cond`` is ``idx // q < c`` for a power of two ``q`` with ``idx < extent``
    implying it (``(extent - 1) // q < c``): TVM's form of a row bound over steps of ``q`` rows
    (``14 b + 4 a + 2 ty + tx / 64 < 125`` for ``112 b + 32 a + 16 ty + tx / 8 < 1000``), which
    its proofs under the bound do not reach."""
    if not (isinstance(cond, tirx.LT) and isinstance(cond.b, tirx.IntImm) and isinstance(extent, tirx.IntImm)):
        return False
    return any((extent.value - 1) // q < cond.b.value and scoped.can_prove(cond.a == tirx.floordiv(idx, q))
               for q in (2 ** n for n in range(1, 11)))


def _non_negative_form(cond: tirx.PrimExpr) -> tirx.PrimExpr | None:
    """``d`` with ``cond`` equivalent to ``d >= 0`` for integer comparisons, else ``None``."""
    if isinstance(cond, tirx.LT):
        return cond.b - cond.a - 1
    if isinstance(cond, tirx.LE):
        return cond.b - cond.a
    if isinstance(cond, tirx.GT):
        return cond.a - cond.b - 1
    if isinstance(cond, tirx.GE):
        return cond.a - cond.b
    return None


def _misaligned(buf, start, plan: BulkPlan, align: int) -> str:
    if buf.data_alignment < align:
        return f"{buf.name} is aligned to {buf.data_alignment} bytes: expected {align}"
    flat = flat_offset(buf, start, for_proofs=True)
    scoped = _bound_to({var: _range(var, ext) for var, ext in zip(plan.run_vars, plan.run_extents)})
    mod = scoped.modular_set(scoped.simplify(flat * elem_bytes(buf)))
    if mod.coeff % align or mod.base % align:
        return (f"cannot prove {buf.name} offset {flat} is a multiple of {align} bytes "
                f"(offset bytes = {mod.coeff}*x + {mod.base})")
    return ""


def flat_thread_index(threads: list[ThreadAxis]) -> tuple[tirx.PrimExpr, int]:
    """``tid = tx + X*(ty + Y*tz)`` and the CTA size (``threads`` lists threadIdx.x first)."""
    index, count = tirx.const(0, "int32"), 1
    for axis in threads:
        index = index + axis.var * count
        count *= axis.extent
    return index, count


def emit_bulk(plan: BulkPlan, barrier: tirx.PrimExpr | None, threads: list[ThreadAxis]) -> tirx.Stmt:
    """Issue the runs of ``plan``, run ``r`` by thread ``r % nthreads`` (every run by the
    calling thread when ``threads`` is empty). Emits, per run, for a load::

        cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [dst], [src], run_bytes, [barrier];

    and for a store (``barrier`` is ``None``)::

        cp.async.bulk.global.shared::cta.bulk_group [dst], [src], run_bytes;
    """
    tid, nthreads = flat_thread_index(threads)
    rounds = -(-plan.num_runs // nthreads)
    rnd = tirx.Var("bulk_round", "int32")
    run = tid + rnd * nthreads if rounds > 1 else tid
    bind = {}
    rest = run
    for var, ext in reversed(list(zip(plan.run_vars, plan.run_extents))):
        bind[var] = cast_to(str(var.ty), tirx.floormod(rest, ext))
        rest = tirx.floordiv(rest, ext)
    subst = lambda e: substitute(e, bind)  # noqa: E731
    dst = T.address_of(tirx.BufferLoad(plan.dst, [subst(i) for i in plan.dst_start]))
    src = T.address_of(tirx.BufferLoad(plan.src, [subst(i) for i in plan.src_start]))
    if plan.is_load:
        copy = tirx.Evaluate(ptx.op(BULK_G2S)(dst, src, T.uint32(plan.run_bytes), barrier))
    else:
        copy = tirx.Evaluate(ptx.op(BULK_S2G)(dst, src, T.uint32(plan.run_bytes)))
    if plan.num_runs % nthreads or rounds == 1 and plan.num_runs < nthreads:
        copy = tirx.IfThenElse(run < plan.num_runs, copy, None)
    if rounds > 1:
        copy = tirx.For(rnd, 0, rounds, tirx.ForKind.SERIAL, copy)
    return copy


def emit_tensor(plan: TensorPlan, maps: TensorMaps, barrier: tirx.PrimExpr | None,
                threads: list[ThreadAxis]) -> tirx.Stmt:
    """The tensor copy of ``plan``, issued by thread 0 (by the calling thread when ``threads``
    is empty; coordinates innermost first, in elements, signed: an edge box may start or end
    outside the buffer). A load::

        cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
            [S + box], [map, {c0, r0}], [barrier];

    a store (``barrier`` is ``None``; committed by the caller, :mod:`.bulk_store`)::

        cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [map, {c0, r0}], [S + box];

    An edge box is copied whole; the copy engine checks each element against the map's
    global dimensions: a load fills the elements outside them (zeros with ``OOBFill.NONE``,
    ``cuTensorMapEncodeTiled``'s ``oobFill``; PTX ISA 9.0, section 5.5, Tensors: out-of-bound
    access), a store does not write them, so a tail store needs no fallback for its
    predicated elements. For stores: Triton's Gluon TMA tutorial
    (triton-lang/triton, python/tutorials/gluon/04-tma.py): "Masking of out-of-bounds reads
    and writes is handled automatically by TMAs, using the shape specified on the tensor
    descriptor", tested there by TMA stores of partial boxes (40 and 500 elements in 64-element
    boxes, 4000 x 120 in 32 x 64 boxes). The GPU cases ``check_tmstore_*`` (benchmarks/cases.py)
    store edge boxes whose out-of-bounds columns would land in the next row, another CTA's strip.
    """
    tid, _ = flat_thread_index(threads)
    shared = plan.dst if plan.is_load else plan.src
    var = maps.var(plan.spec, shared)
    if plan.swizzle is not None and not plan.swizzle.prepermuted:
        maps.swizzle(plan.swizzle)
    copies = []
    for split in range(plan.num_runs):  # boxes side by side along the innermost dimension
        step = split * plan.spec.box_dims[0]
        start = [*plan.shared_start[:-1], plan.shared_start[-1] + step]
        box = T.address_of(tirx.BufferLoad(shared, start))
        coords = [cast_to("int32", c) for c in reversed([*plan.coords[:-1], plan.coords[-1] + step])]
        if plan.is_load:
            op = f"cp.async.bulk.tensor.{plan.spec.rank}d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
            copy = ptx.op(op)(box, T.address_of(var), *coords, barrier)
        else:
            copy = ptx.op(f"cp.async.bulk.tensor.{plan.spec.rank}d.global.shared::cta.tile.bulk_group")(
                T.address_of(var), *coords, box)
        copies.append(tirx.Evaluate(copy))
    return tirx.IfThenElse(tid == 0, seq(copies), None) if threads else seq(copies)


def emit_copy(plan: BulkPlan | TensorPlan, maps: TensorMaps | None, barrier: tirx.PrimExpr | None,
              threads: list[ThreadAxis]) -> tirx.Stmt:
    """:func:`emit_bulk` or :func:`emit_tensor`, whichever ``plan`` is."""
    if isinstance(plan, TensorPlan):
        return emit_tensor(plan, maps, barrier, threads)
    return emit_bulk(plan, barrier, threads)


def instruction(plan: BulkPlan | TensorPlan) -> str:
    """The report's name of the instruction ``plan`` issues."""
    if not isinstance(plan, TensorPlan):
        return "cp.async.bulk"
    swizzled = f" ({plan.spec.swizzle.span}B swizzle)" if plan.swizzle else ""
    return f"cp.async.bulk.tensor.{plan.spec.rank}d{swizzled}"


def _fallback_instruction(plan: FallbackPlan | SyncPlan) -> tuple[str, int]:
    """The report's instruction and piece count of a fallback (CTA-wide, per execution)."""
    if isinstance(plan, SyncPlan):
        return "synchronous", 0
    if plan.nest is None:
        return "ordinary stores", 0
    return "cp.async", plan.pieces


def report_plan(func_name: str, plan: Plan, site: str | tirx.PrimExpr = "") -> None:
    """Add ``plan`` to the active :func:`tvm_tma.copy_report` collections (``site`` as text)."""
    if not report.collecting():
        return
    site = str(site)
    if isinstance(plan, GuardedPlan) and plan.fallback is None:
        entry = report.CopyRecord(func_name, plan.bulk.src.name, plan.bulk.dst.name, plan.bulk.total_bytes,
                                  f"{instruction(plan.bulk)} (when {plan.full})", plan.bulk.num_runs, site=site)
    elif isinstance(plan, GuardedPlan):
        other, _ = _fallback_instruction(plan.fallback)
        entry = report.CopyRecord(func_name, plan.bulk.src.name, plan.bulk.dst.name,
                                  plan.bulk.total_bytes, f"{instruction(plan.bulk)} (whole tiles)",
                                  plan.bulk.num_runs, plan.fallback.rule,
                                  f"{plan.fallback.reason}: {other} unless {plan.full}", site=site)
    elif isinstance(plan, TensorPlan):
        note = ""
        if plan.swizzle is not None and plan.swizzle.padded is not None:
            note = f"{plan.dst.name}: padding replaced by {plan.swizzle.span}B swizzle"
        elif plan.swizzle is not None and plan.swizzle.prepermuted:
            note = f"{plan.dst.name}: the schedule's permuted layout is the {plan.swizzle.span}B swizzle"
        entry = report.CopyRecord(func_name, plan.src.name, plan.dst.name, plan.total_bytes,
                                  instruction(plan), plan.num_runs, reason=note, site=site)
    elif isinstance(plan, BulkPlan) and plan.no_tensor_map:
        rule, reason = plan.no_tensor_map
        entry = report.CopyRecord(func_name, plan.src.name, plan.dst.name, plan.total_bytes,
                                  "cp.async.bulk", plan.num_runs, rule, f"no tensor map: {reason}", site=site)
    elif isinstance(plan, BulkPlan):
        entry = report.CopyRecord(func_name, plan.src.name, plan.dst.name, plan.total_bytes,
                                  "cp.async.bulk", plan.num_runs, site=site)
    else:
        name, pieces = _fallback_instruction(plan)
        entry = report.CopyRecord(func_name, plan.src.name if plan.src is not None else "?",
                                  plan.dst.name if plan.dst is not None else "?", plan.bytes, name, pieces,
                                  plan.rule, plan.reason, site=site)
    report.record(entry)


def stock_record(func_name: str, copy: tirx.Stmt, nthreads: int, rule: str, reason: str,
                 site: str = "") -> report.CopyRecord:
    """The report entry of an async copy left to stock TVM's pipeline: ``cp.async`` (its
    ``InjectPTXAsyncCopy``) where a per-thread copy can do it, else ordinary loads."""
    peeled = peel_copy(copy)
    if peeled is None:
        return report.CopyRecord(func_name, "?", "?", 0, "synchronous", 0, rule, reason, site)
    loops, _, store = peeled
    src = first_load(store.value)
    nbytes = _copy_bytes(loops, [ThreadAxis(None, nthreads)], store)
    try:
        name, pieces = "cp.async (stock pipeline)", cp_async_nest(copy).pieces(nthreads)
    except TMAError:
        name, pieces = "synchronous", 0
    return report.CopyRecord(func_name, src.name if src is not None else "?", store.buffer.name, nbytes, name,
                             pieces, rule, reason, site)


def emit_stage(plans: list[Plan], barrier: tirx.PrimExpr, threads: list[ThreadAxis],
               predicate: tirx.PrimExpr, before_sync: tirx.Stmt | None = None,
               arrive_noinc: bool = False, maps: TensorMaps | None = None,
               overwrite_guard: list[tirx.Stmt] | None = None, expect_arrival: bool = False) -> list[tirx.Stmt]:
    """The copies of one barrier phase, issued by the whole CTA::

        <before_sync>            # e.g. the wait for bulk stores that read the tiles
        __syncthreads()          # the shared tiles are no longer read: safe to overwrite
        if tid == 0: mbarrier.arrive.expect_tx.shared.b64 _, [barrier], predicate ? bulk_bytes : 0
                     # (bulk_bytes counts a tensor copy's whole box, edge boxes too)
        if predicate: <bulk copies> <cp.async fallbacks> <if full: bulk else cp.async (guarded)>
                      <synchronous statements>
        cp.async.mbarrier.arrive.noinc.shared.b64 [barrier]   # when there are fallbacks

    ``overwrite_guard``, when given, stands for ``<before_sync>; __syncthreads()`` (e.g. an
    "empty" barrier that only the issuing threads wait on). Predicated off, the phase still
    completes (0 bytes expected, every arrival made), as an empty cp.async group would: at
    the ``expect_tx`` itself, which is why it comes after the guard. Before it, a thread still
    polling the slot's previous phase would find that phase's parity again and wait forever
    (seen on the H100: the copy kernel with 128 threads, 2112 CTAs and a last step that only
    some CTAs have). ``expect_arrival``: the barrier counts an ``expect_tx`` arrival in every
    phase (another stage on it has bulk copies), so this stage makes one even without bulk
    copies of its own. The barrier's arrival count must be :func:`arrival_count` of the plans.
    """
    tid, _ = flat_thread_index(threads)
    active = not (isinstance(predicate, tirx.IntImm) and int(predicate) == 1)
    expect = T.uint32(0) if expect_arrival else None
    for plan in plans:
        if uses_bulk(plan):
            bulk = plan.bulk if isinstance(plan, GuardedPlan) else plan
            nbytes = T.uint32(bulk.total_bytes)
            if isinstance(plan, GuardedPlan):  # a partial tile expects no bulk bytes
                nbytes = tirx.Select(plan.full, nbytes, T.uint32(0))
            expect = nbytes if expect is None or _is_zero(expect) else expect + nbytes
    stage = []
    if overwrite_guard is not None:
        stage += overwrite_guard
    else:
        stage += [before_sync] if before_sync is not None else []
        stage.append(tirx.Evaluate(T.tvm_storage_sync("shared")))
    if expect is not None:  # after the guard: every thread has waited on the slot's last phase
        if active and not _is_zero(expect):
            expect = tirx.Select(predicate, expect, T.uint32(0))
        stage.append(tirx.IfThenElse(tid == 0, tirx.Evaluate(
            ptx.op("mbarrier.arrive.expect_tx.shared.b64")(barrier, expect)), None))
    copies = [_emit_plan(plan, maps, barrier, threads) for plan in plans]
    copies = seq(copies)
    stage.append(tirx.IfThenElse(predicate, copies, None) if active else copies)
    if arrive_noinc or any(uses_cp_async(p) for p in plans):
        stage.append(tirx.Evaluate(ptx.op("cp.async.mbarrier.arrive.noinc.shared.b64")(barrier)))
    return stage


def _is_zero(expr: tirx.PrimExpr) -> bool:
    return isinstance(expr, tirx.IntImm) and int(expr) == 0


def _emit_plan(plan: Plan, maps: TensorMaps | None, barrier: tirx.PrimExpr, threads: list[ThreadAxis]) -> tirx.Stmt:
    """The statements one plan of a stage issues (see :func:`emit_stage`)."""
    if isinstance(plan, (BulkPlan, TensorPlan)):
        return emit_copy(plan, maps, barrier, threads)
    if isinstance(plan, FallbackPlan):
        return emit_cp_async(plan.nest)
    if isinstance(plan, SyncPlan):
        return plan.stmt
    other = _emit_plan(plan.fallback, maps, barrier, threads) if plan.fallback is not None else None
    return tirx.IfThenElse(plan.full, emit_copy(plan.bulk, maps, barrier, threads), other)


def uses_bulk(plan: Plan) -> bool:
    """Whether ``plan`` may issue bulk copies (its barrier then counts an expect_tx arrival)."""
    return isinstance(plan, (BulkPlan, TensorPlan, GuardedPlan))


def issuing_threads(plan: Plan, nthreads: int) -> int:
    """How many threads (``tid`` 0, 1, ...) issue copies of ``plan``: thread 0 a tensor copy,
    thread ``r % nthreads`` bulk run ``r`` (:func:`emit_bulk`), every thread its cp.async."""
    if isinstance(plan, GuardedPlan):
        return nthreads if plan.fallback is not None else issuing_threads(plan.bulk, nthreads)
    if isinstance(plan, TensorPlan):
        return 1
    if isinstance(plan, BulkPlan):
        return min(plan.num_runs, nthreads)
    return nthreads


def uses_cp_async(plan: Plan) -> bool:
    """Whether ``plan`` may issue cp.async (its barrier then counts a .noinc arrival per thread)."""
    if isinstance(plan, GuardedPlan):
        return plan.fallback is not None and uses_cp_async(plan.fallback)
    return isinstance(plan, FallbackPlan) and plan.nest is not None


def writes_synchronously(plan: Plan) -> bool:
    """Whether ``plan`` may write shared memory with ordinary stores (a :class:`SyncPlan`,
    also as the partial tiles of a :class:`GuardedPlan`): readers in other threads need a
    ``__syncthreads``, and the copy engine a proxy fence, before they see the writes."""
    if isinstance(plan, GuardedPlan):
        return plan.fallback is not None and writes_synchronously(plan.fallback)
    return isinstance(plan, SyncPlan)


def arrival_count(has_bulk: bool, has_fallback: bool, threads: list[ThreadAxis]) -> int:
    """Arrivals per phase of a barrier fed by :func:`emit_stage`: the ``expect_tx`` one,
    plus one ``.noinc`` arrival per thread when any copy fell back to cp.async."""
    return int(has_bulk) + (flat_thread_index(threads)[1] if has_fallback else 0)


def barrier_setup(barriers: list[tuple[tirx.Buffer, int]], threads: list[ThreadAxis],
                  maps: Sequence[tirx.Var] = ()) -> tuple[list[tirx.Stmt], list[tirx.Stmt]]:
    """Statements that initialize ``barriers`` (each slot with its arrival count) before use,
    and invalidate them after::

        if tid == 0: mbarrier.init.shared.b64 [bar + 8v], count  (each slot)
                     fence.proxy.async.shared::cta               # init visible to the copy engine
                     prefetch.tensormap [map]                    # each of the tensor ``maps``
        __syncthreads()
        ...
        __syncthreads()
        if tid == 0: mbarrier.inval.shared.b64 [bar + 8v]        (each slot)

    Without barriers (a kernel whose only tensor copies are bulk stores) only the prefetch
    remains, with nothing to publish or invalidate.
    """
    tid, _ = flat_thread_index(threads)
    init, inval = [], []
    for buf, count in barriers:
        for v in range(int(buf.shape[0])):
            addr = T.address_of(tirx.BufferLoad(buf, [v]))
            init.append(tirx.Evaluate(ptx.op("mbarrier.init.shared.b64")(addr, T.uint32(count))))
            inval.append(tirx.Evaluate(ptx.op("mbarrier.inval.shared.b64")(addr)))
    if not inval:
        return ([tirx.IfThenElse(tid == 0, seq(prefetch(maps)), None)] if maps else []), []
    init.append(tirx.Evaluate(ptx.op("fence.proxy.async.shared::cta")()))
    init += prefetch(maps)
    sync = tirx.Evaluate(T.tvm_storage_sync("shared"))
    return ([tirx.IfThenElse(tid == 0, seq(init), None), sync],
            [sync, tirx.IfThenElse(tid == 0, seq(inval), None)])


def mbarrier_buffer(name: str, slots: int) -> tirx.Buffer:
    """A shared array of ``slots`` 8-byte mbarriers."""
    return tirx.decl_buffer((slots,), "uint64", scope="shared", name=name, data_alignment=8,
                            layout=None)


def wait_parity(slot: tirx.PrimExpr, parity: tirx.PrimExpr) -> tirx.Stmt:
    """``mbarrier.try_wait.parity.acquire.cta.shared::cta.b64`` in a loop until phase ``parity``
    of the barrier at ``slot`` completed."""
    return tirx.Evaluate(T.cuda.mbarrier_wait(slot, parity))
