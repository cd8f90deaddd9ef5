"""The mbarrier rings of one pipeline: a ring per commit site, its slots, its setup and teardown.

Accepts the commits of one pipeline of InjectSoftwarePipeline's output (``async_commit_queue_scope``
``q``, split by the commit sites of :func:`.stages.commit_sites`). Emits a ring ``bar[V]`` per
site (``<name>_q<q>``, or ``<name>_q<q>_<site>`` for a queue of several sites; a ring of
"empty" barriers ``tma_empty_...`` beside it under ``overwrite_guard="empty_barriers"``), with
a slot per buffer version and at least one per stage in flight before the first wait; the
address of stage ``G``'s slot, ``bar + 8*(G % V)``; and the statements around the pipeline::

    if tid == 0: for v in range(V): mbarrier.init.shared.b64 [bar+8v], count
                 fence.proxy.async.shared::cta          # init visible to the async proxy
    __syncthreads()
    ...
    __syncthreads()
    if tid == 0: for v in range(V): mbarrier.inval.shared.b64 [bar+8v]

``count`` is 1 (the ``expect_tx`` arrival) plus the CTA size when a stage has ``cp.async``
fallbacks (one ``.noinc`` arrival per thread); an empty ring counts one arrival per thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tvm import tirx
from tvm.script import tirx as T

from ...errors import TMAError
from .._ir import attrs_with_key
from ..copies.copy_plan import arrival_count, barrier_setup, flat_thread_index, mbarrier_buffer
from .analysis import Analyzer, Pipeline
from .stages import COMMIT, group_index, stage_copies, written_buffer


@dataclass
class Queue:
    """The mbarrier ring of one async queue of one pipeline, and where program order is.

    ``last`` is the iteration of the most recent committed stage and ``waited`` that of
    the most recent stage waited for (both symbolic in the enclosing loop variables).
    ``empty``: the ring of "empty" barriers guarding overwrites (``overwrite_guard=
    "empty_barriers"``), ``None`` where ``__syncthreads`` does; ``cta_sync``: some stage of
    the queue needs ``__syncthreads`` (cp.async fallbacks, a wait for bulk stores).
    """

    barrier: tirx.Buffer
    versions: int
    last: tirx.PrimExpr | None = None
    waited: tirx.PrimExpr = field(default_factory=lambda: tirx.const(-1, "int32"))
    bulk: bool = False
    fallback: bool = False
    empty: tirx.Buffer | None = None
    cta_sync: bool = False
    per_thread: bool = False  # some copy is only per-thread cp.async (not a bulk copy's tail)

    def slot(self, group: tirx.PrimExpr, analyzer: Analyzer, empty: bool = False) -> tirx.PrimExpr:
        """The address of stage ``group``'s barrier (of the empty ring with ``empty``)."""
        index = analyzer.simplify(tirx.floormod(group, self.versions))
        return T.address_of(tirx.BufferLoad(self.empty if empty else self.barrier, [index]))


@dataclass
class Rings:
    """The rings of one pipeline by site ``(queue, site)``, and, for queues of several sites,
    the position ``G * m + site`` of the last commit."""

    pipeline: Pipeline
    queues: dict[tuple[int, int], Queue] = field(default_factory=dict)
    positions: dict[int, tirx.PrimExpr] = field(default_factory=dict)

    def queue(self, key: tuple[int, int], versions: int) -> Queue:
        """The barrier ring of site ``key = (queue, site)``: a slot per buffer version, and at
        least one per stage that can be in flight (the stages committed before the first wait)."""
        q, site = key
        slots = max(versions, self.pipeline.in_flight.get(q, 1))
        if key not in self.queues:
            name = f"q{q}" if len(self.pipeline.sites.get(q, ())) <= 1 else f"q{q}_{site}"
            barrier_name = self.pipeline.barrier_name
            empty = None
            if key in self.pipeline.empty_queues:
                empty = mbarrier_buffer(f"{barrier_name.replace('tma_bar', 'tma_empty')}_{name}", slots)
            self.queues[key] = Queue(mbarrier_buffer(f"{barrier_name}_{name}", slots), slots, empty=empty)
        queue = self.queues[key]
        if queue.versions != slots:
            raise TMAError("pipeline_model", f"async queue {q} uses rings of {queue.versions} and "
                           f"{slots} versions in one pipeline")
        return queue

    def split(self, commit: tirx.AttrStmt) -> list[tuple[tuple[int, int], list[tirx.Stmt]]]:
        """The copies of ``commit`` by site, as ``((queue, site), copies)`` in site order (a
        statement that writes no buffer goes with the first site of the commit)."""
        q = int(commit.value)
        sites = self.pipeline.sites.get(q) or [frozenset()]
        parts: dict[int, list[tirx.Stmt]] = {}
        loose = []
        for copy in stage_copies(commit):
            buf = written_buffer(copy)
            site = next((j for j, bufs in enumerate(sites) if buf is not None and buf in bufs), None)
            (loose if site is None else parts.setdefault(site, [])).append(copy)
        if not parts:
            return [((q, 0), loose)]
        first = min(parts)
        parts[first] = loose + parts[first]
        return [((q, j), parts[j]) for j in sorted(parts)]

    def unversioned_commits(self, body: tirx.Stmt) -> dict[tuple[int, int], int]:
        """Per site, the stages committed by one execution of ``body`` when they write no ring."""
        counts: dict[tuple[int, int], int] = {}
        for commit in attrs_with_key(body, (COMMIT,)):
            for key, copies in self.split(commit):
                if group_index(copies)[0] is None:
                    counts[key] = counts.get(key, 0) + 1
        return counts

    def carried(self, pipeline: Pipeline) -> Rings:
        """The rings of ``pipeline`` (a dry run's) where program order is now in these."""
        queues = {key: Queue(x.barrier, x.versions, x.last, x.waited, empty=x.empty) for key, x in self.queues.items()}
        return Rings(pipeline, queues, dict(self.positions))

    def buffers(self) -> list[tirx.Buffer]:
        """The barrier buffers to allocate."""
        return [r for q in self.queues.values() for r in (q.barrier, q.empty) if r is not None]

    def setup(self, maps: list[tirx.Var]) -> tuple[list[tirx.Stmt], list[tirx.Stmt]]:
        """Statements before the pipeline (init, prefetch of the tensor ``maps`` it uses) and
        after it (invalidate)."""
        threads = self.pipeline.threads
        _, nthreads = flat_thread_index(threads)
        rings = []
        for key, q in self.queues.items():
            rings.append((q.barrier, arrival_count(key in self.pipeline.expect_queues, q.fallback, threads)))
            if q.empty is not None:  # an arrival per thread (.overwrite_guards.empty_guard)
                rings.append((q.empty, nthreads))
        return barrier_setup(rings, threads, maps)
