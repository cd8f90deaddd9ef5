"""The per-thread fallback of a copy that cannot be bulk: ``cp.async`` on the stage's mbarrier.

Used by :mod:`.copy_plan` for the copies (or the partial tail tiles) that break a bulk rule. A
copy nest, as a ``cache_read(..., "shared")`` block becomes after scheduling::

    for f in range(2):
        for v in T.vectorized(8):                      # 16 bytes of fp16 per thread
            with T.sblock():
                T.where(row < n)                       # a tail, maybe
                S[f, tx * 8 + v] = T.if_then_else(0 <= c - 1, A[row, c - 1], T.float16(0))

becomes, per thread, one ``cp.async`` per ``size``-byte piece of the vector (``size`` the
largest of 16, 8, 4 that divides the vector and the proven alignment of both addresses)::

    for f in range(2):
        if row < n:
            cp.async.cg.shared.global [S + ...], [A + ...], 16, (0 <= c - 1) ? 16 : 0;   # src_size

and the caller arrives on the stage's mbarrier once the thread's copies are issued
(``cp.async.mbarrier.arrive.noinc``). A zero-filling ``if_then_else(c, A[i], 0)`` copies
``src_size = c ? size : 0`` bytes (the hardware writes zeros for the rest of the piece). A
predicate or fill condition that varies across the lanes of a vector (a tail ``i < n`` inside
it) must hold on a prefix of the lanes: a piece is issued when its first lane is copied, with
``src_size`` the bytes of its lanes that are, so no byte past the tail is read.

:func:`cp_async_nest` decides whether the nest can be so lowered (rule ``cp_async_size``:
4, 8 or 16 bytes per piece, aligned to it, lanes cut off at one point); the planner keeps a
copy that cannot as ordinary loads and stores instead (reported, never an error).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import tvm
from tvm import s_tir, tirx
from tvm import sym as arith
from tvm.ir.expr import TensorLoad as BufferLoad
from tvm.script import tirx as T

from ... import rules
from ...errors import TMAError
from .. import ptx
from .._ir import (
    all_of,
    conjuncts,
    elem_bytes,
    flat_offset,
    non_decreasing,
    rising_difference,
    seq,
    substitute,
    uses_var,
)


def zero_fill(value: tirx.PrimExpr) -> tuple[tirx.PrimExpr, BufferLoad] | None:
    """``(c, A[i])`` for a zero-filling load ``if_then_else(c, A[i], 0)``, else ``None``."""
    if not (isinstance(value, tvm.ir.Call) and isinstance(value.op, tvm.ir.Op)
            and value.op.name.endswith(".if_then_else") and isinstance(value.args[1], BufferLoad)):
        return None
    other = value.args[2]
    other = other.value if isinstance(other, tirx.Broadcast) else other
    if isinstance(other, (tirx.IntImm, tirx.FloatImm)) and float(other.value) == 0.0:
        return value.args[0], value.args[1]
    return None


def peel_copy(stmt: tirx.Stmt):
    """Split a copy nest into (loops, predicates, store); ``None`` if it is not one store."""
    loops, predicates = [], []
    while True:
        if isinstance(stmt, tirx.For):
            loops.append(stmt)
            stmt = stmt.body
        elif isinstance(stmt, s_tir.SBlockRealize):
            if not (isinstance(stmt.predicate, tirx.IntImm) and stmt.predicate.value == 1):
                predicates.append(stmt.predicate)
            stmt = stmt.block.body
        elif isinstance(stmt, tirx.BufferStore):
            return loops, predicates, stmt
        else:
            return None


@dataclass(frozen=True)
class CpAsyncNest:
    """A copy nest as per-thread ``cp.async``: its loops (the vectorized one last, if any),
    the predicates that hold for the whole vector and those that vary across its lanes, the
    store, the load, the zero-fill condition (``None``: a plain load) and the piece size."""

    loops: tuple[tirx.For, ...]
    predicates: tuple[tirx.PrimExpr, ...]
    lane_predicates: tuple[tirx.PrimExpr, ...]
    store: tirx.BufferStore
    load: BufferLoad
    fill: tirx.PrimExpr | None
    vector: tirx.For | None
    size: int

    @property
    def lanes(self) -> int:
        return int(self.vector.extent) if self.vector is not None else 1

    def pieces(self, nthreads: int) -> int:
        """``cp.async`` per execution of the nest, CTA-wide (predicated-off ones included)."""
        serial = self.loops[:-1] if self.vector is not None else self.loops
        per_vector = self.lanes * elem_bytes(self.store.buffer) // self.size
        return per_vector * math.prod(int(loop.extent) for loop in serial) * nthreads

    def at_lane(self, expr: tirx.PrimExpr, lane: int) -> tirx.PrimExpr:
        if self.vector is None:
            return expr
        return substitute(expr, {self.vector.loop_var: tirx.const(lane, self.vector.loop_var.ty)})


def byte_alignment(buf: tirx.Buffer, indices) -> int:
    """The largest power of two (up to 16) that provably divides the byte address of
    ``buf[indices]``, given the buffer's own alignment and offset factor."""
    mod = arith.Analyzer().modular_set(flat_offset(buf, indices, for_proofs=True) * elem_bytes(buf))
    align = math.gcd(int(mod.coeff), int(mod.base)) or 16
    return min(16, align & -align, buf.data_alignment)


def _holds_on_a_prefix(pred: tirx.PrimExpr, vector: tirx.For) -> bool:
    """Whether ``pred``, as a function of the lane of the loop ``vector``, holds for lanes
    ``< m`` only (some ``m``): each conjunct is free of the lane, or ``x < y`` / ``x <= y``
    (``>``, ``>=`` mirrored) with ``x - y`` non-decreasing in the lane (a tail ``i < n``)."""
    lane = vector.loop_var
    analyzer = arith.Analyzer()
    analyzer.bind(lane, tvm.ir.Range.from_min_extent(vector.min, vector.extent - 1))
    for cond in conjuncts(pred):
        if not uses_var(cond, [lane]):
            continue
        diff = rising_difference(cond)
        if diff is None or not non_decreasing(diff, lane, analyzer):
            return False
    return True


def cp_async_nest(stmt: tirx.Stmt) -> CpAsyncNest:
    """The copy nest ``stmt`` as per-thread ``cp.async``; raises :class:`TMAError` (rule
    ``cp_async_size``) when no ``cp.async`` can do it: the value is not a load or a zero-fill,
    the vector is not 4, 8 or 16 bytes from addresses aligned to it, or a condition varies
    across its lanes other than as a tail."""
    peeled = peel_copy(stmt)
    if peeled is None:
        raise TMAError("cp_async_size", f"expected a loop nest around one store, got {type(stmt).__name__}")
    loops, predicates, store = peeled
    fill = zero_fill(store.value)
    load = fill[1] if fill else store.value
    if not isinstance(load, BufferLoad):
        raise TMAError("cp_async_size", f"copy into {store.buffer.name}: expected a load or a "
                       f"zero-fill if_then_else(c, load, 0), got {store.value}")
    vector = loops[-1] if loops and loops[-1].kind == tirx.ForKind.VECTORIZED else None
    nest = CpAsyncNest(tuple(loops), (), (), store, load, fill[0] if fill else None, vector, 0)
    esize = elem_bytes(store.buffer)
    dst_idx = [nest.at_lane(i, 0) for i in store.indices]
    src_idx = [nest.at_lane(i, 0) for i in load.indices]
    align = min(byte_alignment(store.buffer, dst_idx), byte_alignment(load.source, src_idx))
    size = next((n for n in rules.CP_ASYNC_SIZES[::-1] if (nest.lanes * esize) % n == 0 and align % n == 0), 0)
    if not size:
        raise TMAError("cp_async_size", f"copy into {store.buffer.name}: cp.async moves "
                       f"{rules.CP_ASYNC_SIZES} bytes per instruction from addresses aligned to it: "
                       f"expected one of these, got {nest.lanes * esize} bytes per thread aligned to "
                       f"{align} bytes (vectorize the copy loop, align the buffers)")

    def varies(expr) -> bool:
        return vector is not None and uses_var(expr, [vector.loop_var])

    lane_preds = [p for p in predicates if varies(p)]
    per_lane = lane_preds + ([nest.fill] if nest.fill is not None and varies(nest.fill) else [])
    if per_lane and not _holds_on_a_prefix(all_of(per_lane), vector):
        raise TMAError("cp_async_size", f"copy into {store.buffer.name}: cp.async of {size} bytes "
                       "needs its per-lane condition to hold on a prefix of the vector's lanes (a tail "
                       f"i < n), got {all_of(per_lane)}")
    return CpAsyncNest(tuple(loops), tuple(p for p in predicates if not varies(p)), tuple(lane_preds),
                       store, load, nest.fill, vector, size)


def emit_cp_async(nest: CpAsyncNest) -> tirx.Stmt:
    """The ``cp.async`` pieces of ``nest`` (see the module docstring); the caller adds
    ``cp.async.mbarrier.arrive.noinc`` after the stage's copies."""
    store, load, size = nest.store, nest.load, nest.size
    esize = elem_bytes(store.buffer)
    fill_varies = nest.fill is not None and nest.vector is not None and uses_var(nest.fill, [nest.vector.loop_var])
    per_lane = list(nest.lane_predicates) + ([nest.fill] if fill_varies else [])
    op = ptx.op("cp.async.cg.shared.global" if size == 16 else "cp.async.ca.shared.global")
    step = size // esize
    pieces = []
    for lane in range(0, nest.lanes, step):
        dst = T.address_of(tirx.BufferLoad(store.buffer, [nest.at_lane(i, lane) for i in store.indices]))
        src = T.address_of(tirx.BufferLoad(load.source, [nest.at_lane(i, lane) for i in load.indices]))
        if per_lane:  # src_size: the bytes of the piece's lanes that are copied (a prefix)
            src_size = T.uint32(0)
            for j in range(lane, lane + step):
                src_size = src_size + tirx.Select(all_of([nest.at_lane(c, j) for c in per_lane]),
                                                  T.uint32(esize), T.uint32(0))
            piece = tirx.Evaluate(op(dst, src, size, src_size))
            if nest.lane_predicates:  # a piece none of whose lanes is written is not issued
                piece = tirx.IfThenElse(all_of([nest.at_lane(p, lane) for p in nest.lane_predicates]),
                                        piece, None)
            pieces.append(piece)
        elif nest.fill is None:
            pieces.append(tirx.Evaluate(op(dst, src, size)))
        else:
            src_size = tirx.Select(nest.at_lane(nest.fill, lane), T.uint32(size), T.uint32(0))
            pieces.append(tirx.Evaluate(op(dst, src, size, src_size)))
    body = seq(pieces)
    for pred in reversed(nest.predicates):
        body = tirx.IfThenElse(pred, body, None)
    for loop in reversed(nest.loops[:-1] if nest.vector is not None else nest.loops):
        body = tirx.For(loop.loop_var, loop.min, loop.extent, tirx.ForKind.SERIAL, body)
    return body
