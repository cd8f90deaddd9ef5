"""ElideCTABarriers: a ``__syncthreads`` with no shared-memory access since the previous one.

Accepts device IR after ``ThreadSync`` (CTA barriers are ``T.tvm_storage_sync("shared")``).
A CTA barrier orders every thread's shared-memory accesses before it against every thread's
accesses after it. Where, in one statement sequence, the statements since the previous CTA
barrier only issue work that no barrier orders, the earlier barrier already orders everything
the later one would, and the later one is removed. What counts as issuing: mbarrier
``init`` and ``arrive.expect_tx``, bulk and tensor copies global -> shared (their writes land
asynchronously and complete on an mbarrier, not at a CTA barrier), ``fence.proxy.async``,
``prefetch``, scalar bindings, and branches or loops of only those. Such runs are the start of
every pipeline the lowering emits: the barrier after the mbarriers' init, then the first
stage's overwrite guard, then the next stage's (its buffer version was never read)::

    if tid == 0: mbarrier.init ...; fence.proxy.async
    __syncthreads()
    __syncthreads()                        # removed
    if tid == 0: mbarrier.arrive.expect_tx [bar0] ...; cp.async.bulk.tensor ... [bar0]
    __syncthreads()                        # removed
    if tid == 0: mbarrier.arrive.expect_tx [bar1] ...; cp.async.bulk.tensor ... [bar1]

Anything else (loads, stores, waits, other calls) keeps the next barrier.
"""

from __future__ import annotations

import tvm
from tvm import tirx
from tvm.ir.expr import TensorLoad

from .._ir import is_cta_sync, mutate, walk

_ISSUE_OPS = frozenset({"tirx.ptx.mbarrier_init", "tirx.ptx.mbarrier_arrive_expect_tx",
                        "tirx.ptx.cp_async_bulk_tensor_g2s_cluster", "tirx.ptx.cp_async_bulk_g2s_cluster",
                        "tirx.ptx.fence_proxy", "tirx.ptx.prefetch", "tirx.cuda.cvta_generic_to_shared",
                        "tirx.address_of", "tirx.reinterpret"})


def _pure(expr) -> bool:
    """Whether ``expr`` reads no memory (an ``address_of`` operand is an address, not a read)
    and calls nothing but the issuing ops and their operand helpers."""
    calls, loads = [], []
    walk(expr, tvm.ir.Call, calls.append)
    if not all(isinstance(c.op, tvm.ir.Op) and c.op.name in _ISSUE_OPS for c in calls):
        return False
    walk(expr, TensorLoad, loads.append)
    addressed = [c.args[0] for c in calls if c.op.name == "tirx.address_of"]
    return all(any(load.same_as(a) for a in addressed) for load in loads)


def _issues_only(stmt: tirx.Stmt) -> bool:
    """Whether ``stmt`` only issues work that no CTA barrier orders (see the module docstring)."""
    if isinstance(stmt, tirx.Evaluate):
        return isinstance(stmt.value, tvm.ir.Call) and _pure(stmt.value)
    if isinstance(stmt, tirx.Bind):
        return _pure(stmt.value)
    if isinstance(stmt, tirx.SeqStmt):
        return all(map(_issues_only, stmt.seq))
    if isinstance(stmt, tirx.IfThenElse):
        return (_pure(stmt.condition) and _issues_only(stmt.then_case)
                and (stmt.else_case is None or _issues_only(stmt.else_case)))
    if isinstance(stmt, tirx.For):
        return _pure(stmt.min) and _pure(stmt.extent) and _issues_only(stmt.body)
    return False


def elide(seq: tirx.SeqStmt) -> tirx.Stmt:
    """``seq`` without the CTA barriers that follow another with only issuing in between."""
    kept, ordered = [], False  # ordered: a barrier since which nothing but issuing ran
    for stmt in seq.seq:
        if is_cta_sync(stmt):
            if ordered:
                continue
            ordered = True
        elif ordered and not _issues_only(stmt):
            ordered = False
        kept.append(stmt)
    return seq if len(kept) == len(seq.seq) else tirx.SeqStmt(kept)


def ElideCTABarriers() -> tvm.transform.Pass:  # noqa: N802
    """Create the pass (see the module docstring)."""

    def transform(func: tirx.PrimFunc, mod: tvm.ir.IRModule, _ctx) -> tirx.PrimFunc:
        return func.with_body(mutate(func.body, (tirx.SeqStmt, lambda s, m: elide(m.default_mutate(s)))))

    return tirx.transform.prim_func_pass(transform, opt_level=0, name="tvm_tma.ElideCTABarriers")
