"""The producer stages of one pipeline: each stage's copies on a phase of its site's ring.

Accepts an ``async_commit_queue_scope`` of InjectSoftwarePipeline's output (its ``async_scope``
copies into version ``G % V`` of a ring of buffers), maybe in a predicated block. Emits, per
commit site of the stage (:meth:`.rings.Rings.split`), one phase of the site's ring: the copies
planned by :func:`..copies.copy_plan.plan_copy` and emitted by
:func:`..copies.copy_plan.emit_stage` on the slot of iteration ``G`` (``expect_tx`` of the bulk
bytes, bulk or tensor copies, ``cp.async`` fallbacks and their ``.noinc`` arrivals, as the
producer in :mod:`.lower_async_pipeline` shows), behind what guards the version they overwrite::

    wgmma.wait_group P                         # .overwrite_guards.wgmma_guard, wgmma consumers
    if tid == 0: cp.async.bulk.wait_group.read N   # .stores: a bulk store may read the tile
    __syncthreads()                            # or .overwrite_guards.empty_guard
    <the stage's copies on bar + 8*(G % V)>

Predicated off, a stage still completes its phases (``expect_tx`` of 0 bytes), as an empty
cp.async group would. A stage whose buffers have no ring counts its iterations from the last.
Every copy is reported (:func:`tvm_tma.copy_report`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tvm import tirx

from ...errors import TMAError
from .._ir import attrs_with_key, seq
from ..copies.copy_plan import emit_stage, report_plan, uses_bulk, uses_cp_async, writes_synchronously
from .analysis import Pipeline
from .overwrite_guards import empty_guard, wgmma_guard
from .rings import Queue, Rings
from .stages import COMMIT, group_index
from .stores import Stores


@dataclass
class Producers:
    """The producer stages of one pipeline, lowered onto its ``rings``. ``not_bulk``: (rule,
    reason) of every copy planned other than bulk, in program order; ``before_sync``: the wait
    for bulk stores (``stores``) that the next producer puts before its ``__syncthreads``."""

    pipeline: Pipeline
    rings: Rings
    stores: Stores
    not_bulk: list = field(default_factory=list)
    before_sync: tirx.Stmt | None = None

    def survey(self, stmt: tirx.Stmt) -> None:
        """Record, per site, what the copies of every stage under ``stmt`` need of its
        barriers (:meth:`note_plans`), without following program order."""
        for commit in attrs_with_key(stmt, (COMMIT,)):
            for key, copies in self.rings.split(commit):
                self.note_plans(self.rings.queue(key, group_index(copies)[1]),
                                [self.pipeline.plan(c) for c in copies])

    def note_plans(self, queue: Queue, plans: list) -> list:
        """Record what ``plans`` (one stage of ``queue``) need of its barriers; return the plans
        that write shared memory with ordinary stores or cp.async."""
        self.not_bulk += [(p.rule, p.reason) for p in plans if not uses_bulk(p)]
        queue.bulk |= any(uses_bulk(p) for p in plans)
        queue.fallback |= any(uses_cp_async(p) for p in plans)
        queue.per_thread |= any(uses_cp_async(p) and not uses_bulk(p) for p in plans)
        generic = [p for p in plans if uses_cp_async(p) or writes_synchronously(p)]
        self.stores.generic_writes |= {p.dst for p in generic}
        queue.cta_sync |= bool(generic)
        return generic

    def lower_commit(self, commit: tirx.AttrStmt, predicate: tirx.PrimExpr) -> tirx.Stmt:
        """A stage of iteration G: for each of its sites, one barrier phase. Predicated off, it
        still completes its phases (``expect_tx`` of 0 bytes), as an empty cp.async group would."""
        stmts, guarded = [], False
        for key, copies in self.rings.split(commit):
            stmts += self.lower_site(key, copies, predicate, guarded)
            guarded = True
        return seq(stmts)

    def lower_site(self, key: tuple[int, int], copies: list[tirx.Stmt], predicate: tirx.PrimExpr,
                   guarded: bool) -> list[tirx.Stmt]:
        """The copies of one site of a stage on their ring's phase; ``guarded``: an earlier
        site of the same commit already synchronized the CTA before overwriting."""
        pipeline, analyzer = self.pipeline, self.pipeline.analyzer
        q, site = key
        group, versions = group_index(copies)
        queue = self.rings.queue(key, versions)
        if group is None:  # no ring (each stage writes its own region): count the stages
            group = tirx.const(0, "int32") if queue.last is None else analyzer.simplify(queue.last + 1)
        queue.last = group
        sites = len(pipeline.sites.get(q, ()))
        if sites > 1:
            self.rings.positions[q] = analyzer.simplify(group * sites + site)
        plans = [pipeline.plan(copy) for copy in copies]
        if not pipeline.dry_run:
            for plan in plans:
                report_plan(pipeline.func_name, plan, group)
        generic = self.note_plans(queue, plans)
        before_sync, self.before_sync = self.before_sync, None
        cta_sync = before_sync is not None or bool(generic)
        queue.cta_sync |= cta_sync
        guard = [] if guarded and queue.empty is None else None
        if queue.empty is not None:
            if cta_sync:
                raise TMAError("pipeline_model", f"async queue {q}: a stage needs __syncthreads, yet the "
                               "queue was given empty barriers")
            guard = empty_guard(pipeline, queue, group, plans)
        if pipeline.dry_run:  # only the state matters
            return [tirx.Evaluate(0)]
        stage = emit_stage(plans, queue.slot(group, analyzer), pipeline.threads, analyzer.simplify(predicate),
                           before_sync, arrive_noinc=key in pipeline.noinc, maps=pipeline.maps,
                           overwrite_guard=guard, expect_arrival=key in pipeline.expect_queues)
        return wgmma_guard(pipeline, q, queue, group) + stage
