"""Schedule primitives of tvm-tma, applied to a ``tvm.s_tir.Schedule``."""

from __future__ import annotations

from tvm import s_tir

from .transforms.lower_bulk_copy_blocks import ANNOTATION


def bulk_copy(sch: s_tir.Schedule, block: s_tir.SBlockRV) -> None:
    """Mark ``block``, a global→shared copy (what ``cache_read(..., "shared")`` makes), to be
    lowered to ``cp.async.bulk`` completing on an mbarrier under ``tir_pipeline="tma"``.

    Outside a software pipeline the copy is synchronous (issue, then wait); inside an async
    pipeline stage it is lowered with the stage. The threads that ran the copy loop issue one
    bulk copy per contiguous run; where bulk copy is not legal it falls back to cp.async on
    the same barrier (see :func:`tvm_tma.copy_report`).
    """
    stmt = sch.get(block)
    if len(stmt.writes) != 1 or stmt.writes[0].source.scope() not in ("shared", "shared.dyn"):
        raise ValueError(f"bulk_copy: block {stmt.name_hint}: expected one write into shared "
                         f"memory, got {[(w.source.name, w.source.scope()) for w in stmt.writes]}")
    if len(stmt.reads) != 1:
        raise ValueError(f"bulk_copy: block {stmt.name_hint}: expected one read (a copy), got "
                         f"{[r.source.name for r in stmt.reads]}")
    sch.annotate(block, ANNOTATION, 1)


def tma_pipeline(sch: s_tir.Schedule, loop: s_tir.LoopRV, *, stages: int, num_copies: int = 1) -> None:
    """Make ``loop`` a TMA pipeline of ``stages`` stages.

    ``loop``'s body must start with ``num_copies`` copy blocks into shared memory (what
    ``cache_read(..., "shared")`` + ``compute_at(loop)`` make) followed by the blocks that
    consume them. The copies of iteration ``k + stages - 1`` are issued while iteration ``k``
    is computed: a ring of ``stages`` shared buffers, each filled by ``cp.async.bulk`` and
    completed on its own mbarrier under ``tir_pipeline="tma"``. This sets TVM's stock
    annotations, so the same schedule also builds (with cp.async groups) under the stock
    pipeline.
    """
    if stages < 2:
        raise ValueError(f"tma_pipeline: stages: expected at least 2, got {stages}")
    children = sch.get_child_blocks(loop)
    if len(children) <= num_copies:
        raise ValueError(f"tma_pipeline: expected {num_copies} copy block(s) followed by the "
                         f"consumers in the loop body, got {len(children)} block(s)")
    consumers = len(children) - num_copies
    sch.annotate(loop, "software_pipeline_stage", [0] * num_copies + [stages - 1] * consumers)
    sch.annotate(loop, "software_pipeline_order", list(range(len(children))))
    sch.annotate(loop, "software_pipeline_async_stages", [0])
