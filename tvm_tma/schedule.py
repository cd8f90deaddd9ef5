"""Schedule primitives of tvm-tma, applied to a ``tvm.s_tir.Schedule``."""

from __future__ import annotations

from tvm import s_tir, tirx

from .transforms.copies import bulk_store as _bulk_store
from .transforms.copies import swizzle as _swizzle
from .transforms.pipelines import lower_async_pipeline as _pipeline
from .transforms.pipelines import warp_specialize as _warp_specialize
from .transforms.pipelines.lower_bulk_copy_blocks import AHEAD, ANNOTATION


def bulk_copy(sch: s_tir.Schedule, block: s_tir.SBlockRV, *, ahead: bool = False) -> None:
    """Mark ``block``, a global→shared copy (what ``cache_read(..., "shared")`` makes), to be
    lowered to ``cp.async.bulk`` completing on an mbarrier under ``tir_pipeline="tma"``.

    Outside a software pipeline the copy is synchronous (issue, then wait); inside an async
    pipeline stage it is lowered with the stage. The threads that ran the copy loop issue one
    bulk copy per contiguous run; where bulk copy is not legal it falls back to cp.async on
    the same barrier (see :func:`tvm_tma.copy_report`). ``ahead``: the copy, in serial loops
    and writing version ``k % 2`` of its tile (``k`` its execution, the loops flattened), is
    issued an execution before its use
    (:data:`tvm_tma.transforms.pipelines.lower_bulk_copy_blocks.AHEAD`).
    """
    stmt = sch.get(block)
    if len(stmt.writes) != 1 or stmt.writes[0].source.scope() not in ("shared", "shared.dyn"):
        raise ValueError(f"bulk_copy: block {stmt.name_hint}: expected one write into shared "
                         f"memory, got {[(w.source.name, w.source.scope()) for w in stmt.writes]}")
    if len(stmt.reads) != 1:
        raise ValueError(f"bulk_copy: block {stmt.name_hint}: expected one read (a copy), got "
                         f"{[r.source.name for r in stmt.reads]}")
    sch.annotate(block, ANNOTATION, AHEAD if ahead else 1)


def swizzle(sch: s_tir.Schedule, block: s_tir.SBlockRV, *, span: int = 0) -> None:
    """Keep the tile that copy ``block`` loads (a global→shared ``cache_read`` block) or
    stores (a shared→global :func:`bulk_store` block) swizzled in shared memory, so that
    reading or writing 8 rows at one 16-byte column (``ldmatrix``, a thread per row) is free
    of bank conflicts without padded rows.

    Under ``tir_pipeline="tma"`` the copy becomes a tensor-map copy with a
    ``CUtensorMapSwizzle`` of ``span`` bytes (32, 64 or 128; 0 chooses the widest that tiles
    the row: rows of 32 or 64 bytes, or 128-byte boxes side by side for wider rows), and every
    access of the shared buffer is rewritten to the swizzled positions
    (:mod:`tvm_tma.transforms.copies.swizzle`); the schedule keeps its logical indices. The tile must
    fill its shared buffer (no ``storage_align`` padding) and have a multiple of 8 rows. Where
    the copy cannot be a swizzled tensor copy the layout stays plain and the copy report says
    why. Stock pipelines ignore the annotation.
    """
    if span not in (0, 32, 64, 128):
        raise ValueError(f"swizzle: span: expected 0, 32, 64 or 128 bytes, got {span}")
    stmt = sch.get(block)
    loads = len(stmt.writes) == 1 and stmt.writes[0].source.scope() in ("shared", "shared.dyn")
    if not (loads or _bulk_store.ANNOTATION in stmt.annotations):  # bulk_store checked the block
        raise ValueError(f"swizzle: block {stmt.name_hint}: expected one write into shared "
                         f"memory or a bulk_store block, got writes "
                         f"{[(w.source.name, w.source.scope()) for w in stmt.writes]}")
    if "buffer_dim_align" in stmt.annotations:
        raise ValueError(f"swizzle: block {stmt.name_hint}: expected no storage_align padding "
                         f"(a swizzled tile is dense), got {stmt.annotations['buffer_dim_align']}")
    sch.annotate(block, _swizzle.ANNOTATION, span)


def bulk_store(sch: s_tir.Schedule, block: s_tir.SBlockRV) -> None:
    """Mark ``block``, a shared→global copy (the write-back of ``cache_write(..., "shared")``,
    or a block that copies a staged tile out), to be lowered to
    ``cp.async.bulk.global.shared::cta.bulk_group`` under ``tir_pipeline="tma"``.

    One elected thread issues the copy as one bulk async-group, as few copies as legal (the
    rules of bulk loads): a tile whose global side is strided, or that may cross the edge of
    the output, as one ``cp.async.bulk.tensor`` per box through a tensor map (the hardware
    writes only the part of an edge box inside the buffer), a contiguous tile as one run.
    Inside a software pipeline the store stays in flight while later stages compute; the
    shared tile is written again only after ``cp.async.bulk.wait_group.read`` says the store
    has read it. Partial tail tiles of 1-D runs (pipeline ``"tma_no_tensor_maps"``, or a
    tensor-map rule that fails) and copies that cannot be bulk stay ordinary stores, reported
    by :func:`tvm_tma.copy_report`.
    """
    stmt = sch.get(block)
    reads = [(r.source.name, r.source.scope()) for r in stmt.reads]
    writes = [(w.source.name, w.source.scope()) for w in stmt.writes]
    if len(reads) != 1 or reads[0][1] not in ("shared", "shared.dyn"):
        raise ValueError(f"bulk_store: block {stmt.name_hint}: expected one read from shared memory, "
                         f"got {reads}")
    if len(writes) != 1 or writes[0][1] != "global":
        raise ValueError(f"bulk_store: block {stmt.name_hint}: expected one write to global memory, "
                         f"got {writes}")
    sch.annotate(block, _bulk_store.ANNOTATION, 1)


def _is_shared_copy(block: s_tir.SBlock) -> bool:
    """One read and one write, the write into shared memory (what ``cache_read`` makes)."""
    return (len(block.reads) == 1 and len(block.writes) == 1
            and block.writes[0].source.scope() in ("shared", "shared.dyn"))


def tma_pipeline(sch: s_tir.Schedule, loop: s_tir.LoopRV, *, stages: int, num_copies: int = 1,
                 num_stores: int = 0, consumers_first: bool = False, wgmma_in_flight: int | None = None,
                 producer: str = "cta") -> None:
    """Make ``loop`` a TMA pipeline of ``stages`` stages.

    ``loop``'s body must start with ``num_copies`` copy blocks into shared memory (what
    ``cache_read(..., "shared")`` + ``compute_at(loop)`` make) followed by the blocks that
    consume them. The copies of iteration ``k + stages - 1`` are issued while iteration ``k``
    is computed: a ring of ``stages`` shared buffers, each filled by ``cp.async.bulk`` and
    completed on its own mbarrier under ``tir_pipeline="tma"``. This sets TVM's stock
    annotations, so the same schedule also builds (with cp.async groups) under the stock
    pipeline.

    ``num_stores``: the last ``num_stores`` blocks of the body are bulk stores
    (:func:`bulk_store`) of tiles the consumers computed into shared memory; they run one
    stage later, so the computed tile gets two buffers: iteration ``k`` computes tile ``k``
    into one while the store of tile ``k - 1`` is issued from the other, and only waits for
    the store of tile ``k - 2`` to have read its buffer (its global writes stay in flight).

    ``consumers_first`` runs the consumers of iteration ``k`` before the copies of iteration
    ``k + stages - 1`` are issued: one tile fewer in flight, but a bulk store
    (:func:`bulk_store`) of tile ``k - 1`` gets a whole iteration to read its shared tile
    before that tile is loaded again (``cp.async.bulk.wait_group.read 1`` instead of ``0``).

    ``wgmma_in_flight``: when the consumers issue ``wgmma.mma_async`` (tensorized with
    :mod:`tvm_tma.tensor_intrin`), the groups each consumer stage leaves in flight
    (``wgmma.wait_group N`` after its commit; default 1). 0 waits for every stage's MMAs
    before going on; 1 overlaps them with the next stage. Either way a stage's copies wait
    for the group that read the buffer they overwrite
    (:mod:`.transforms.pipelines.lower_async_pipeline`): with ``consumers_first`` that is the group
    a consumer already waited for.

    ``producer``: who issues the copies. ``"cta"``: thread 0, which then computes with the
    other threads; before a stage refills a buffer the CTA meets at a ``__syncthreads``.
    ``"warp"``: warp specialization (:mod:`.transforms.pipelines.warp_specialize`): the kernel gets one
    more slice of ``threadIdx.y`` (a warpgroup when the consumers are warpgroups), whose elected
    thread only issues copies, into ``stages`` buffer versions guarded by a "full" and an
    "empty" mbarrier ring, while the threads the schedule bound only compute; the loop may sit
    in serial loops (a persistent loop over tiles), the rings carried across them. It takes
    copies one thread can issue (bulk or tensor copies) and no ``num_stores``.
    """
    if producer not in ("cta", "warp"):
        raise ValueError(f"tma_pipeline: producer: expected 'cta' or 'warp', got {producer!r}")
    if producer == "warp" and num_stores:
        raise ValueError(f"tma_pipeline: num_stores: expected 0 with producer='warp', got {num_stores}")
    if stages < 2:
        raise ValueError(f"tma_pipeline: stages: expected at least 2, got {stages}")
    for_loop = sch.get(loop)
    if for_loop.kind != tirx.ForKind.SERIAL:
        bound = f" bound to {for_loop.thread_binding.thread_tag}" if for_loop.thread_binding is not None else ""
        raise ValueError(f"tma_pipeline: loop {for_loop.loop_var.name}: expected a serial loop, got a "
                         f"{tirx.ForKind(for_loop.kind).name.lower()} loop{bound}")
    if wgmma_in_flight is not None and not 0 <= wgmma_in_flight <= 7:
        raise ValueError(f"tma_pipeline: wgmma_in_flight: expected 0 to 7 groups (wgmma.wait_group), "
                         f"got {wgmma_in_flight}")
    children = sch.get_child_blocks(loop)
    blocks = [sch.get(child) for child in children]
    copies = [_is_shared_copy(block) for block in blocks]
    if len(blocks) <= num_copies or not all(copies[:num_copies]):
        found = ", ".join(f"{b.name_hint} ({'copy into shared memory' if c else 'not a copy into shared memory'})"
                          for b, c in zip(blocks, copies))
        raise ValueError(f"tma_pipeline: loop {for_loop.loop_var.name}: expected {num_copies} copy "
                         f"block(s) into shared memory followed by at least one consumer, got {found}")
    consumers = len(children) - num_copies
    stage = [0] * num_copies + [stages - 1] * (consumers - num_stores) + [stages] * num_stores
    sch.annotate(loop, "software_pipeline_stage", stage)
    order = list(range(len(children)))
    if consumers_first:
        order = [consumers + k for k in range(num_copies)] + list(range(consumers))
    sch.annotate(loop, "software_pipeline_order", order)
    sch.annotate(loop, "software_pipeline_async_stages", [0])
    if wgmma_in_flight is not None:
        sch.annotate(loop, _pipeline.WGMMA_IN_FLIGHT, wgmma_in_flight)
    if producer == "warp":
        sch.annotate(loop, _warp_specialize.PRODUCER, producer)
