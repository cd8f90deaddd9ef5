"""The async stages of a software pipeline, read off the IR that InjectSoftwarePipeline makes.

Accepts the output of TVM's ``InjectSoftwarePipeline`` (s_tir, opaque blocks) for loops
annotated with ``software_pipeline_async_stages``: every async stage is an
``async_commit_queue_scope`` (its value the queue) holding ``async_scope`` copies, every
consumer an ``async_wait_queue_scope`` / ``async_wait_inflight_count = N`` pair. Emits no IR:
it answers what the mbarrier lowering (:mod:`.lower_async_pipeline`) and the repairs of stock
TVM's groups (:mod:`.stock_groups`) both ask of a pipeline: the copies of a stage and the
buffers they write, the iteration and ring a stage writes (:func:`group_index`), the commit
sites of each queue (:func:`commit_sites`), whether a loop body waits before it commits
(:func:`is_consumers_first`) and which queues' consumers issue wgmma (:func:`queues_with_wgmma`).
"""

from __future__ import annotations

import tvm_ffi
from tvm import s_tir, tirx

from ...errors import TMAError
from .._ir import attrs_with_key
from ..copies.copy_plan import is_shared, peel_copy
from ..tensor_cores.wgmma import contains_mma

COMMIT = "async_commit_queue_scope"
WAIT = "async_wait_queue_scope"
INFLIGHT = "async_wait_inflight_count"
ASYNC = "async_scope"


def has_attr(stmt, keys) -> bool:
    """Whether an ``AttrStmt`` with one of ``keys`` is under ``stmt``."""
    return bool(attrs_with_key(stmt, keys))


def stage_copies(commit: tirx.AttrStmt) -> list[tirx.Stmt]:
    """The copies of the stage ``commit`` (the bodies of its ``async_scope`` attributes)."""
    return [a.body for a in attrs_with_key(commit.body, (ASYNC,))]


def written_buffer(copy: tirx.Stmt) -> tirx.Buffer | None:
    """The buffer that the copy nest ``copy`` writes, ``None`` where it is no copy."""
    peeled = peel_copy(copy)
    return peeled[2].buffer if peeled else None


def shared_targets(commit: tirx.AttrStmt) -> list[tirx.Buffer]:
    """The shared-memory buffers the copies of ``commit`` write (``cp.async``, which groups wait
    for: a stage of ``ldmatrix`` loads writes registers and runs synchronously)."""
    return [b for b in map(written_buffer, stage_copies(commit)) if b is not None and is_shared(b)]


def group_index(copies: list[tirx.Stmt]) -> tuple[tirx.PrimExpr | None, int]:
    """``(G, V)``: the iteration and ring size of the stage that ``copies`` (of one commit)
    belong to, read off the version index ``G % V``.

    ``(None, 1)`` when the stage writes a single buffer (InjectSoftwarePipeline makes no ring
    for a loop of one iteration); the caller then counts the stages itself.
    """
    found = None
    single = []
    for copy in copies:
        peeled = peel_copy(copy)
        store = peeled[2] if peeled else None
        if store is None or not len(store.indices):
            continue
        version = store.indices[0]
        if not (isinstance(version, tirx.FloorMod) and isinstance(version.b, tirx.IntImm)
                and int(version.b) == int(store.buffer.shape[0])):
            single.append(store.buffer.name)
            continue
        pair = (version.a, int(version.b))
        if found is not None and not (tvm_ffi.structural_equal(found[0], pair[0]) and found[1] == pair[1]):
            raise TMAError("pipeline_model", f"copies of one async stage use different rings: "
                           f"{found[0]} % {found[1]} and {pair[0]} % {pair[1]}")
        found = pair
    if found is not None and single:
        raise TMAError("pipeline_model", f"async stage writes a ring and single buffers ({single}): "
                       "expected every buffer of a stage versioned alike")
    return found if found is not None else (None, 1)


def commit_sites(pipeline: tirx.Stmt) -> dict[int, list[frozenset]]:
    """Per async queue, its commit sites: the sets of buffers that are always committed
    together, in the order of the steady state (the pipelined loop's body).

    Usually one site per queue: every stage commits all the queue's copies at once. With
    ``software_pipeline_order`` interleaving two producers of one stage with a consumer
    (order ``[0, 2, 1]``), InjectSoftwarePipeline commits them separately in the loop body but
    together in the prologue: each site gets its own ring, and a wait for ``N`` groups in
    flight counts ``m`` groups per iteration, one per site in the body's order.
    """
    commits: dict[int, list[frozenset]] = {}
    for commit in attrs_with_key(pipeline, (COMMIT,)):
        written = frozenset(b for b in map(written_buffer, stage_copies(commit)) if b is not None)
        commits.setdefault(int(commit.value), []).append(written)
    sites = {}
    for q, sets in commits.items():
        # Buffers in exactly the same commits form one site; a site's place in the steady
        # state is that of its last commit (the loop body follows the prologue).
        signature: dict = {}
        for index, written in enumerate(sets):
            for buf in written:
                signature.setdefault(buf, set()).add(index)
        atoms: dict = {}
        for buf, indices in signature.items():
            atoms.setdefault(frozenset(indices), set()).add(buf)
        sites[q] = [frozenset(bufs) for indices, bufs in sorted(atoms.items(), key=lambda a: max(a[0]))]
        if not sites[q]:
            sites[q] = [frozenset()]
    return sites


def is_commit(stmt) -> bool:
    """A producer stage: a commit scope, bare or as the body of a (predicated) block."""
    if isinstance(stmt, s_tir.SBlockRealize):
        stmt = stmt.block.body
    return isinstance(stmt, tirx.AttrStmt) and stmt.attr_key == COMMIT


def is_consumers_first(body: tirx.Stmt, into_shared: bool = False) -> bool:
    """Whether a loop body waits before it commits a stage of several copy blocks (the
    ``software_pipeline_order`` that puts the consumers first); with ``into_shared``, only
    stages that copy into shared memory count (:func:`shared_targets`: the groups of others
    are empty)."""
    parts = body.block.body if isinstance(body, s_tir.SBlockRealize) else body
    if not isinstance(parts, tirx.SeqStmt):
        return False

    def several(commit):
        return len(stage_copies(commit)) > 1 and (not into_shared or bool(shared_targets(commit)))

    waited = False
    for child in parts.seq:
        if waited and any(map(several, attrs_with_key(child, (COMMIT,)))):
            return True
        waited |= has_attr(child, (WAIT,))
    return False


def queues_with_wgmma(seq: tirx.Stmt) -> set[int]:
    """The queues whose consumer stages issue ``wgmma.mma_async``."""
    return {int(wait.value) for wait in attrs_with_key(seq, (WAIT,)) if contains_mma(wait.body)}
