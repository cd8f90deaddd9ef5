"""UniformLaneFill: a vector copy into shared memory whose zero-fill condition and indices
reach the lane only through divisions the lanes never cross gets a lane-free condition and
indices affine in the lane.

Accepts TIR after ``LowerAutoCopy`` and ``InjectPermutedLayout`` (blocks opaque, copies as
vectorized loops over loop expressions), before ``InjectSoftwarePipeline``. MetaSchedule's conv2d
schedules stage the padded input so::

    for v in T.vectorized(8):
        S[(f * 512 + tx * 8 + v) // 96, (... ^ ...) * 8 + v] = T.if_then_else(
            1 <= (f * 512 + tx * 8 + v) // 1536 + k // 2 and ...,
            X[..., (k * 96 + (f * 512 + tx * 8 + v) % 96) % 64], T.float16(0))

where the lane ``v`` enters through ``floordiv`` / ``floormod`` whose numerator ``n0 + s * v``
starts at a proven multiple of ``s * lanes`` and whose divisor is a multiple of ``s * lanes``:
every lane falls in the same quotient. Emits the same store with the condition at lane 0 and
each such index as ``e0 + s * v`` (the same values)::

    S[(f * 512 + tx * 8) // 96, (...) * 8 + v] = T.if_then_else(
        1 <= (f * 512 + tx * 8) // 1536 + k // 2 and ..., X[..., (...) % 64 + v], T.float16(0))

which a per-thread ``cp.async`` copies with one zero-fill source size per vector (stock TVM's
``InjectPTXAsyncCopy``, which needs a ramp of indices and a scalar condition, as well as
:mod:`.cp_async`); before, both copied it with ordinary loads and stores. What is not proven
(a lane crossing a multiple of a divisor, operations other than ``+ - *`` by constants,
divisions and bitwise ops of lane-free values, a vector of either buffer not aligned to its
size, up to 16 bytes) is left as it was.
"""

from __future__ import annotations

import math

import tvm
import tvm_ffi
from tvm import sym as arith
from tvm import tirx
from tvm.ir.expr import TensorLoad as BufferLoad

from .._ir import elem_bytes, mutate, substitute, uses_var, walk
from .cp_async import byte_alignment, zero_fill


def _divisor(expr: tirx.PrimExpr, analyzer) -> int:
    """A positive integer that provably divides ``expr`` (1 when none is known)."""
    mod = analyzer.modular_set(expr)
    return math.gcd(int(mod.coeff), int(mod.base)) or 1 << 30


class _Lane:
    """Lane-uniformity proofs for the lane variable ``var`` in ``[0, lanes)``."""

    def __init__(self, var: tirx.Var, lanes: int):
        self.var, self.lanes, self.analyzer = var, lanes, arith.Analyzer()

    def linear(self, expr: tirx.PrimExpr) -> tuple[tirx.PrimExpr, int, int] | None:
        """``(e0, s, m)`` with ``expr == e0 + s * lane`` on every lane and ``m`` dividing
        ``e0``; ``None`` where no such form is proven."""
        if not uses_var(expr, [self.var]):
            return expr, 0, _divisor(expr, self.analyzer)
        if isinstance(expr, tirx.Var):
            return tirx.const(0, expr.ty), 1, 1 << 30
        if isinstance(expr, (tirx.Add, tirx.Sub)):
            a, b = self.linear(expr.a), self.linear(expr.b)
            if a is None or b is None:
                return None
            sign = 1 if isinstance(expr, tirx.Add) else -1
            return type(expr)(a[0], b[0]), a[1] + sign * b[1], math.gcd(a[2], b[2])
        if isinstance(expr, tirx.Mul) and isinstance(expr.b, tirx.IntImm):
            a = self.linear(expr.a)
            return None if a is None else (a[0] * expr.b, a[1] * expr.b.value, a[2] * abs(expr.b.value))
        if isinstance(expr, (tirx.FloorDiv, tirx.FloorMod)) and isinstance(expr.b, tirx.IntImm):
            n, d = self.linear(expr.a), expr.b.value
            if n is not None and n[1] == 0:
                return type(expr)(n[0], expr.b), 0, 1
            span = None if n is None else n[1] * self.lanes
            if span is None or n[1] < 0 or d <= 0 or d % span or n[2] % span:
                return None  # the lanes may cross a multiple of d
            if isinstance(expr, tirx.FloorDiv):
                return tirx.floordiv(n[0], expr.b), 0, 1
            return tirx.floormod(n[0], expr.b), n[1], span  # n0 mod d: a multiple of the span
        if isinstance(expr, (tirx.BitwiseXor, tirx.BitwiseAnd, tirx.BitwiseOr)):  # (the permuted layout's XOR)
            a, b = self.linear(expr.a), self.linear(expr.b)
            if a is not None and b is not None and a[1] == b[1] == 0:
                return type(expr)(a[0], b[0]), 0, 1
        return None

    def uniform(self, cond: tirx.PrimExpr) -> bool:
        """Whether ``cond`` has the same value on every lane."""
        if not uses_var(cond, [self.var]):
            return True
        if isinstance(cond, (tirx.And, tirx.Or)):
            return self.uniform(cond.a) and self.uniform(cond.b)
        if isinstance(cond, tirx.Not):
            return self.uniform(cond.a)
        if isinstance(cond, (tirx.LT, tirx.LE, tirx.GT, tirx.GE, tirx.EQ, tirx.NE)):
            sides = [self.linear(cond.a), self.linear(cond.b)]
            return all(side is not None and side[1] == 0 for side in sides)
        return False

    def divides_lane(self, expr: tirx.PrimExpr) -> bool:
        """Whether the lane enters ``expr`` through a ``floordiv`` or ``floormod``."""
        found = []
        walk(expr, tirx.FloorDiv, found.append)
        walk(expr, tirx.FloorMod, found.append)
        return any(uses_var(e, [self.var]) for e in found)

    def affine(self, index: tirx.PrimExpr) -> tirx.PrimExpr:
        """``index`` as ``e0 + s * lane`` where the lane enters it through a division and that
        form is proven (the same values), else ``index``."""
        form = self.linear(index) if self.divides_lane(index) else None
        if form is None:
            return index
        e0 = self.analyzer.simplify(form[0])
        return e0 + self.var * form[1] if form[1] else e0

    def aligned(self, buf: tirx.Buffer, indices) -> bool:
        """Whether the vector of ``buf`` at ``indices`` starts at an address aligned to its
        size (up to 16 bytes), as a vector load or ``cp.async`` of it needs."""
        size = self.lanes * elem_bytes(buf)
        at_zero = [substitute(i, {self.var: tirx.const(0, self.var.ty)}) for i in indices]
        return byte_alignment(buf, at_zero) >= min(16, size)

    def at_zero(self, cond: tirx.PrimExpr) -> tirx.PrimExpr:
        """``cond`` at lane 0 (its value on every lane, when :meth:`uniform`)."""
        return self.analyzer.simplify(substitute(cond, {self.var: tirx.const(0, self.var.ty)}))


def _lane_forms(loop: tirx.For) -> tirx.For:
    """The vectorized ``loop`` with each store into shared memory in the forms a vector copy
    needs, where they are proven: indices affine in the lane, a zero-fill condition free of it."""
    if not (isinstance(loop.extent, tirx.IntImm) and isinstance(loop.min, tirx.IntImm) and loop.min.value == 0):
        return loop
    lane = _Lane(loop.loop_var, loop.extent.value)

    def on_store(store: tirx.BufferStore, _mutator) -> tirx.BufferStore:
        if store.buffer.scope() not in ("shared", "shared.dyn"):
            return store
        fill = zero_fill(store.value)
        load = fill[1] if fill else store.value
        if not isinstance(load, BufferLoad):
            return store
        cond = fill[0] if fill else None
        if cond is not None and uses_var(cond, [lane.var]) and lane.uniform(cond):
            cond = lane.at_zero(cond)
        load = tirx.BufferLoad(load.source, [lane.affine(i) for i in load.indices])
        value = load if fill is None else tirx.if_then_else(cond, load, store.value.args[2])
        new = tirx.BufferStore(store.buffer, value, [lane.affine(i) for i in store.indices])
        if tvm_ffi.structural_equal(new, store) or not (lane.aligned(store.buffer, new.indices)
                                                        and lane.aligned(load.source, load.indices)):
            return store  # (a vector access the original did not make could be misaligned)
        return new

    return mutate(loop, (tirx.BufferStore, on_store))


def UniformLaneFill() -> tvm.transform.Pass:  # noqa: N802
    """Create the pass (see the module docstring)."""

    def on_for(loop: tirx.For, mutator) -> tirx.For:
        loop = mutator.default_mutate(loop)
        return _lane_forms(loop) if loop.kind == tirx.ForKind.VECTORIZED else loop

    def transform(func: tirx.PrimFunc, _mod, _ctx) -> tirx.PrimFunc:
        return func.with_body(mutate(func.body, (tirx.For, on_for)))

    return tirx.transform.prim_func_pass(transform, opt_level=0, name="tvm_tma.UniformLaneFill")
