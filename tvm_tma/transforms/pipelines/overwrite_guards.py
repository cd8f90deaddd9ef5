"""What a producer stage waits for before its copies overwrite a buffer version still read.

Accepts a producer stage ``G`` of a pipeline (its ring :class:`.rings.Queue`, its plans), as
:mod:`.producers` lowers it. The ``__syncthreads`` that :func:`..copies.copy_plan.emit_stage`
puts before the copies guards the version ``G % V`` by default; this module emits what goes
with it or stands in its place:

- :func:`wgmma_guard`: ``wgmma.wait_group P`` for the wgmma group of consumer ``G - V``, the last
  to read the version, where the consumers may have left it in flight;
- :func:`empty_guard` (``overwrite_guard="empty_barriers"``): an arrival of every thread on an
  "empty" barrier, on which only the issuing threads wait, in place of the ``__syncthreads``.
"""

from __future__ import annotations

from tvm import tirx

from .. import ptx
from .._ir import seq
from ..copies.copy_plan import flat_thread_index, issuing_threads, wait_parity
from ..tensor_cores.wgmma import wait_group
from .analysis import Pipeline
from .rings import Queue


def wgmma_guard(pipeline: Pipeline, q: int, queue: Queue, group: tirx.PrimExpr) -> list[tirx.Stmt]:
    """Before stage ``G`` of queue ``q`` overwrites version ``G % V`` (ahead of its overwrite
    guard, so that the guard orders every warpgroup's wait before the copy): the wait for the
    wgmma group of consumer ``G - V``, the last to read that version, where the consumers' own
    ``wgmma.wait_group N`` may have left it in flight::

        wgmma.wait_group P     # P = groups committed since: (last consumer) - (G - V)

    Nothing when no consumer of the queue issues wgmma, when ``G - V`` is before the first
    iteration, or when ``P >= N``; ``P`` 0 when it is not a constant."""
    if q not in pipeline.wgmma_queues:
        return []
    analyzer = pipeline.analyzer
    reader = analyzer.simplify(group - queue.versions)
    if analyzer.can_prove(reader < 0):
        return []
    pending = analyzer.simplify_cases(queue.waited - reader)
    pending = int(pending) if isinstance(pending, tirx.IntImm) else 0
    if pending >= pipeline.wgmma_in_flight:
        return []
    return [wait_group(max(pending, 0))]


def empty_guard(pipeline: Pipeline, queue: Queue, group: tirx.PrimExpr, plans) -> list[tirx.Stmt]:
    """What stage ``G`` does before its copies overwrite version ``G % V``, in place of a
    ``__syncthreads``: every thread arrives on ``empty[G % V]`` (its release orders all
    the thread did before, the reads of stage ``G - V`` included), and only the threads
    that issue the copies wait for that phase (acquire), the others go on::

        if G >= V:
            mbarrier.arrive.shared.b64 _, [empty + 8*(G % V)]
            if tid < issuers: mbarrier.try_wait.parity [empty + 8*(G % V)], (G / V - 1) & 1

    Nothing for ``G < V``: no version was read yet (the ring's setup ends with a
    ``__syncthreads``). One arrival per thread, not per warp after a ``__syncwarp``: the
    latter is a release by lane 0 only, which compute-sanitizer's racecheck does not
    take to order the other lanes' reads before the bulk copy's writes."""
    analyzer = pipeline.analyzer
    tid, nthreads = flat_thread_index(pipeline.threads)
    reused = analyzer.simplify(group >= queue.versions)
    if isinstance(reused, tirx.IntImm) and not int(reused):
        return []
    slot = queue.slot(group, analyzer, empty=True)
    arrive = tirx.Evaluate(ptx.op("mbarrier.arrive.shared.b64")(slot))
    issuers = max(issuing_threads(p, nthreads) for p in plans)
    parity = analyzer.simplify(tirx.floormod(tirx.floordiv(group, queue.versions) - 1, 2))
    wait = tirx.IfThenElse(tid == 0 if issuers == 1 else tid < issuers,
                           wait_parity(slot, parity), None)
    guard = seq([arrive, wait])
    return [guard] if isinstance(reused, tirx.IntImm) else [tirx.IfThenElse(reused, guard, None)]
