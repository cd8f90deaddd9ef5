"""Bulk stores inside a pipeline, in program order: their groups, and the waits that keep them.

Accepts, inside one pipeline of InjectSoftwarePipeline's output, the copy nests marked by
:func:`tvm_tma.schedule.bulk_store` (shared→global) and the statements that write shared
memory. Emits each store as one bulk group (:func:`..copies.bulk_store.emit_store_group`),
and before a statement that writes a tile a store may still read::

    if tid == 0: cp.async.bulk.wait_group.read N   # N = groups committed since that store
    __syncthreads()                                # (the caller's, or the next producer's)

counting the groups committed in program order (:class:`..copies.bulk_store.StoreGroups`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tvm import tirx

from .._ir import seq
from ..copies.bulk_store import StoreGroups, emit_store_group, shared_writes, version, wait_read
from ..copies.copy_plan import peel_copy, report_plan
from .analysis import Pipeline


@dataclass
class Stores:
    """The bulk stores of one pipeline. ``generic_writes``: shared buffers written by ordinary
    stores or cp.async (a bulk store of them needs a proxy fence); ``guarded``: buffers whose
    pending stores were already waited for; ``step``: bulk groups per iteration of the
    innermost loop being lowered."""

    pipeline: Pipeline
    generic_writes: set
    groups: StoreGroups = field(default_factory=StoreGroups)
    guarded: set = field(default_factory=set)
    step: int = 0

    def carried(self, pipeline: Pipeline) -> Stores:
        """The stores of ``pipeline`` (a dry run's) where program order is now in these."""
        return Stores(pipeline, set(self.generic_writes), self.groups.copy(), set(self.guarded), self.step)

    def lower(self, nest: tirx.Stmt) -> tirx.Stmt:
        """A marked shared→global copy: one bulk group (see :mod:`..copies.bulk_store`)."""
        plan = self.pipeline.plan(nest)
        load = peel_copy(nest)[2].value
        read = version(load.source, load.indices)
        self.groups.record(load.source, read, self.step)
        self.guarded.discard(load.source)
        if self.pipeline.dry_run:  # only the state matters
            return tirx.Evaluate(0)
        report_plan(self.pipeline.func_name, plan, read if read is not None else "")
        return seq(emit_store_group([plan], self.pipeline.threads, tirx.const(True),
                                    fence=load.source in self.generic_writes, maps=self.pipeline.maps))

    def guard(self, stmt: tirx.Stmt) -> tirx.Stmt | None:
        """The wait before ``stmt`` overwrites shared memory that a bulk store may still read:
        ``wait_group.read N`` with ``N`` the groups committed since that store (0 when ``N``
        is not a compile-time constant)."""
        pending, bufs = [], set()
        for write in shared_writes(stmt):
            if write.buffer in self.guarded:
                continue
            count = self.groups.pending(write.buffer, version(write.buffer, write.indices))
            if count is not None:
                pending.append(self.pipeline.analyzer.simplify_cases(count))
                bufs.add(write.buffer)
        if not pending:
            return None
        self.guarded |= bufs
        known = [int(n) for n in pending if isinstance(n, tirx.IntImm)]
        return wait_read(min(known) if len(known) == len(pending) else 0, self.pipeline.threads)
