"""The consumer stages of one pipeline: the barrier waits of each, and the wgmma around it.

Accepts an ``async_wait_queue_scope`` / ``async_wait_inflight_count = N`` pair of
InjectSoftwarePipeline's output (``cp.async.wait_group N`` after stage ``last`` of the queue
was committed, in stock TVM). Emits, before the consumer, a wait for every stage ``W`` in
``(waited, last - N]`` not yet waited for (usually exactly one), on its site's ring::

    mbarrier.try_wait.parity [bar + 8*(W % V)], (W / V) & 1          (loop)

(a loop over the stages for a count that is not a constant, a dynamic epilogue's). Where the
consumers come before a stage of several copy blocks, or issue wgmma, a consumer waits at
least for the stage whose version it reads. A consumer stage that issues ``wgmma.mma_async``
becomes::

    wgmma.fence; <its wgmma.mma_async>; wgmma.commit_group
    wgmma.wait_group N                           # N groups left in flight

and after the last such stage, before anything else, ``wgmma.wait_group 0; __syncthreads()``.
"""

from __future__ import annotations

from dataclasses import dataclass

import tvm_ffi
from tvm import tirx
from tvm.ir.expr import TensorLoad as BufferLoad
from tvm.script import tirx as T

from ...errors import TMAError
from .. import ptx
from .._ir import cast_to, walk
from ..copies.bulk_store import version
from ..copies.copy_plan import wait_parity
from ..tensor_cores.wgmma import wait_group
from .analysis import Pipeline
from .rings import Queue, Rings
from .stages import INFLIGHT, WAIT


def _read_versions(stage: tirx.Stmt, buffers) -> list[tirx.PrimExpr]:
    """The iterations ``E`` whose ring versions ``E % V`` of ``buffers`` a consumer stage reads:
    in element loads and in the ``address_of`` operands of wgmma descriptors."""
    found = []
    walk(stage, BufferLoad, lambda load: found.append(version(load.source, load.indices))
         if load.source in buffers else None)
    unique = []
    for read in found:
        if read is not None and not any(tvm_ffi.structural_equal(read, u) for u in unique):
            unique.append(read)
    return unique


@dataclass
class Consumers:
    """The consumer stages of one pipeline, waiting on its ``rings``. ``consumers_first``:
    lowering a loop, or a pipeline body of one iteration, that waits before a stage of several
    copy blocks (see :meth:`at_least_read`); ``wgmma_pending``: a wgmma group may be in flight."""

    pipeline: Pipeline
    rings: Rings
    consumers_first: bool = False
    wgmma_pending: bool = False

    def waits(self, wait: tirx.AttrStmt) -> tuple[list[tirx.Stmt], tirx.Stmt]:
        """The barrier waits of ``wait`` and the (not yet lowered) statement they guard."""
        analyzer, queues = self.pipeline.analyzer, self.rings.queues
        q = int(wait.value)
        inner = wait.body
        if not (isinstance(inner, tirx.AttrStmt) and inner.attr_key == INFLIGHT):
            raise TMAError("pipeline_model", f"{WAIT} without {INFLIGHT}: not InjectSoftwarePipeline output")
        # InjectSoftwarePipeline gives predicated-off epilogue stages negative counts.
        pending = tirx.Max(inner.value, tirx.const(0, str(inner.value.ty)))
        sites = self.pipeline.sites.get(q) or [frozenset()]
        reads_decide = self.consumers_first or q in self.pipeline.wgmma_queues
        if len(sites) <= 1:
            queue = queues.get((q, 0))
            if queue is None or queue.last is None:
                # Nothing committed yet (a consumer ordered before the first producer, predicated
                # off there): like cp.async.wait_group with no groups, there is nothing to wait for.
                return [], inner.body
            target = analyzer.simplify(queue.last - pending)
            if reads_decide:
                target = self.at_least_read(queue, target, inner.body, sites[0])
            return self.wait_until(queue, target), inner.body
        if self.rings.positions.get(q) is None:
            return [], inner.body
        # All but the last ``pending`` commits of the queue, at ``m`` per iteration: site ``j``
        # up to the iteration of position ``last - pending``, ``(G * m + j <= last - pending)``.
        position = self.rings.positions[q] - pending
        waits = []
        for site, buffers in enumerate(sites):
            queue = queues.get((q, site))
            if queue is not None and queue.last is not None:
                target = analyzer.simplify(tirx.floordiv(position - site, len(sites)))
                if reads_decide:
                    target = self.at_least_read(queue, target, inner.body, buffers)
                waits += self.wait_until(queue, target)
        return waits, inner.body

    def at_least_read(self, queue: Queue, target: tirx.PrimExpr, consumer: tirx.Stmt, buffers) -> tirx.PrimExpr:
        """``target``, raised to the stage ``E`` whose version ``E % V`` of ``buffers`` the
        ``consumer`` reads (element loads, wgmma descriptors) where ``E`` is provably later and
        committed: where InjectSoftwarePipeline's count of groups in flight is too large
        (consumers ordered before a stage of two copy blocks: it counts a group per copy, and
        commits one), the data a consumer reads still decides what it waits for."""
        analyzer = self.pipeline.analyzer
        for read in _read_versions(consumer, buffers):
            read = cast_to(str(target.ty), read)
            short = analyzer.simplify_cases(read - target)
            if analyzer.can_prove(short > 0) and analyzer.can_prove(analyzer.simplify_cases(queue.last - read) >= 0):
                target = analyzer.simplify_cases(read)
        return target

    def wait_until(self, queue: Queue, target: tirx.PrimExpr) -> list[tirx.Stmt]:
        """Waits for every stage of ``queue`` in ``(waited, target]``."""
        analyzer = self.pipeline.analyzer
        first = queue.waited + 1
        count = analyzer.simplify_cases(target - queue.waited)
        # the count waited for never goes backwards
        queue.waited = analyzer.simplify_cases(tirx.Max(cast_to(str(target.ty), queue.waited), target))
        if self.pipeline.dry_run:  # only the state matters
            return []

        def wait_for(group):
            parity = analyzer.simplify(tirx.floormod(tirx.floordiv(group, queue.versions), 2))
            return wait_parity(queue.slot(group, analyzer), parity)

        if isinstance(count, tirx.IntImm) and int(count) <= queue.versions:
            return [wait_for(analyzer.simplify_cases(first + i)) for i in range(int(count))]
        # (a loop from 0: InjectVirtualThread takes no other start)
        dtype = "int64" if "int64" in (str(first.ty), str(count.ty)) else "int32"
        g = tirx.Var("stage", dtype)
        return [tirx.For(g, tirx.const(0, dtype), tirx.Max(cast_to(dtype, count), tirx.const(0, dtype)),
                         tirx.ForKind.SERIAL, wait_for(cast_to(dtype, first) + g))]

    def wgmma_stage(self, body: tirx.Stmt) -> tuple[tirx.Stmt, list[tirx.Stmt]]:
        """A consumer stage that issues wgmma: ``body`` behind a fence (the accumulators were
        written by other instructions, the fill, before the first group), and what follows it,
        also where the stage is predicated off (an empty group keeps the count uniform)::

            wgmma.fence; <body>
            wgmma.commit_group
            wgmma.wait_group N     # N groups stay in flight (the pipeline's wgmma_in_flight)
        """
        fence = tirx.Evaluate(ptx.op("wgmma.fence.sync.aligned")())
        after = [tirx.Evaluate(ptx.op("wgmma.commit_group.sync.aligned")()), wait_group(self.pipeline.wgmma_in_flight)]
        self.wgmma_pending = True
        return tirx.SeqStmt([fence, body]), after

    def wgmma_retire(self) -> list[tirx.Stmt]:
        """After the last wgmma stage, before anything else: every group complete, in every
        warpgroup, before the accumulators are read or the shared memory its stages read is
        used again (MergeSharedMemoryAllocations may give it to a later buffer)::

            wgmma.wait_group 0
            __syncthreads()
        """
        self.wgmma_pending = False
        return [wait_group(0), tirx.Evaluate(T.tvm_storage_sync("shared"))]
