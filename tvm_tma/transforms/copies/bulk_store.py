"""Bulk shared→global stores: emission and the bookkeeping that keeps them in flight.

Shared by :mod:`..pipelines.lower_async_pipeline` (stores inside software pipelines) and
:mod:`..pipelines.lower_bulk_copy_blocks` (stores outside them). A store is a copy nest from a
shared buffer to global memory whose block is marked by :func:`tvm_tma.schedule.bulk_store`. It is
planned like a load (:func:`.copy_plan.plan_copy`: as few runs as legal, a tensor map for a
strided or edge tile when the PrimFunc's :class:`.tensor_map.TensorMaps` are given) and
emitted as one bulk async-group, issued by one elected thread (TVM issue 15956: bulk stores
complete through bulk groups, not mbarriers)::

    fence.proxy.async.shared::cta          # every thread: its ordinary writes of the tile ...
    __syncthreads()                        # ... are visible to the copy engine (omitted when
                                           # only bulk loads wrote the tile)
    if tid == 0:
        if predicate: cp.async.bulk.global.shared::cta.bulk_group [dst], [src], n   (each run)
        # or, for a tile of more than one run or at the buffer's edge (one per box):
        if predicate: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [B_tmap, {c0, r0}], [src]
        cp.async.bulk.commit_group         # always: the group count stays uniform
    if predicate: <ordinary stores>        # partial tail tiles of 1-D runs, or copies that
                                           # cannot be bulk

A tensor store of an edge tile writes only the part of its box inside the buffer (see
:func:`.copy_plan.emit_tensor`): its tail needs no ordinary stores.

Before shared memory that a store may still read is written again, the elected thread waits
until the store has read it, keeping later stores in flight::

    if tid == 0: cp.async.bulk.wait_group.read N   # N = groups committed since that store
    __syncthreads()

:class:`StoreGroups` counts the groups in program order (symbolically, in the enclosing loop
variables) and gives ``N`` for a write of buffer version ``E % V`` from the version the last
store of that buffer read; at the end, ``cp.async.bulk.wait_group 0``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import tvm
import tvm_ffi
from tvm import s_tir, tirx
from tvm import sym as arith
from tvm.script import tirx as T

from ...errors import TMAError
from .. import ptx
from .._ir import CACHED, data_owner, seq, walk
from .copy_plan import (
    BulkPlan,
    FallbackPlan,
    Plan,
    SyncPlan,
    TensorPlan,
    ThreadAxis,
    emit_copy,
    flat_thread_index,
    peel_copy,
)
from .swizzle import stmatrix_pointer
from .tensor_map import S2G_TENSOR, TensorMaps

ANNOTATION = "tvm_tma.bulk_store"
STORE_OPS = ("tirx.ptx.cp_async_bulk_s2g", S2G_TENSOR)
"""The ops of bulk stores (1-D runs, tensor copies): both read their shared tile after issue."""


def is_marked(stmt, key: str = ANNOTATION) -> bool:
    """Whether ``stmt`` is the realize of a block annotated ``key`` (default: a bulk store)."""
    return isinstance(stmt, s_tir.SBlockRealize) and key in stmt.block.annotations


def marked_root(stmt, key: str = ANNOTATION) -> bool:
    """Whether ``stmt`` is a chain of serial loops ending in a block annotated ``key`` (the
    copy nest of a marked block)."""
    while isinstance(stmt, tirx.For) and stmt.kind != tirx.ForKind.THREAD_BINDING:
        stmt = stmt.body
    return is_marked(stmt, key)


@functools.lru_cache(maxsize=CACHED)
def has_marked(stmt, key: str = ANNOTATION) -> bool:
    """Whether any block under ``stmt`` is annotated ``key``."""
    found = []
    walk(stmt, s_tir.SBlock, lambda b: found.append(key in b.annotations))
    return any(found)


def store_sources(body) -> set:
    """The shared buffers that the marked bulk stores under ``body`` read."""
    found = []
    walk(body, s_tir.SBlock, lambda b: found.append(b) if ANNOTATION in b.annotations else None)
    return {peel_copy(block.body)[2].value.source for block in found}


@functools.lru_cache(maxsize=CACHED)
def groups_in(stmt) -> int:
    """Bulk groups one execution of ``stmt`` commits (one per marked store it runs)."""
    if marked_root(stmt):
        return 1
    if isinstance(stmt, tirx.For):
        inner = groups_in(stmt.body)
        extent = arith.Analyzer().simplify(stmt.extent)
        if inner and not isinstance(extent, tirx.IntImm):
            raise TMAError("dense_box", f"bulk store inside a loop of dynamic extent ({stmt.extent}) "
                           "within a pipeline stage: its bulk groups cannot be counted")
        return inner * (int(extent) if inner else 1)
    if isinstance(stmt, tirx.SeqStmt):
        return sum(groups_in(s) for s in stmt.seq)
    if isinstance(stmt, s_tir.SBlockRealize):
        return groups_in(stmt.block.body)
    if isinstance(stmt, (tirx.AttrStmt, tirx.LetStmt)):
        return groups_in(stmt.body)
    if isinstance(stmt, tirx.IfThenElse):
        return max(groups_in(stmt.then_case), groups_in(stmt.else_case) if stmt.else_case else 0)
    return 0


def unmarked(stmt):
    """``stmt`` with the bulk-store mark removed (for the ordinary-store fallback)."""

    def on_block(block, mutator):
        block = mutator.default_mutate(block)
        if ANNOTATION not in block.annotations:
            return block
        annotations = {k: v for k, v in block.annotations.items() if k != ANNOTATION}
        return s_tir.SBlock(block.iter_vars, block.reads, block.writes, block.name_hint, block.body,
                            block.init, block.alloc_buffers, block.match_buffers, annotations)

    return tvm_ffi.structural_mutate(stmt, (s_tir.SBlock, on_block))


@functools.lru_cache(maxsize=CACHED)
def shared_writes(stmt) -> tuple[tirx.BufferStore, ...]:
    """The stores into shared memory under ``stmt``; an ``stmatrix`` (the wgmma epilogue's,
    :mod:`tvm_tma.tensor_intrin`) as a store into its buffer at no particular version."""
    found = []

    def on_call(call) -> None:
        ptr = stmatrix_pointer(call)
        owner = data_owner(ptr.args[1]) if ptr is not None else None
        if owner is not None:
            found.append(tirx.BufferStore(owner, tirx.const(0, str(owner.dtype)), [0] * len(owner.shape)))

    walk(stmt, tirx.BufferStore, lambda s: found.append(s) if s.buffer.scope() in ("shared", "shared.dyn") else None)
    walk(stmt, tvm.ir.Call, on_call)
    return tuple(found)


def version(buf: tirx.Buffer, indices) -> tirx.PrimExpr | None:
    """``E`` when ``buf`` is a ring indexed ``buf[E % V, ...]`` with ``V`` its first extent."""
    first = indices[0] if len(indices) else None
    if (isinstance(first, tirx.FloorMod) and isinstance(first.b, tirx.IntImm)
            and int(first.b) == int(buf.shape[0]) and len(buf.shape) > 1):
        return first.a
    return None


def emit_store_group(plans: list[Plan], threads: list[ThreadAxis], predicate: tirx.PrimExpr,
                     fence: bool, maps: TensorMaps | None = None) -> list[tirx.Stmt]:
    """One bulk group for the store ``plans`` (see the module docstring); ``maps``: the
    PrimFunc's tensor maps, which the plans that are tensor copies use."""
    tid, _ = flat_thread_index(threads)
    active = not (isinstance(predicate, tirx.IntImm) and int(predicate) == 1)
    bulk, ordinary = [], []
    for plan in plans:
        if isinstance(plan, (BulkPlan, TensorPlan)):
            bulk.append(emit_copy(plan, maps, None, []))
        elif isinstance(plan, (FallbackPlan, SyncPlan)):
            ordinary.append(unmarked(plan.stmt))
        else:
            bulk.append(tirx.IfThenElse(plan.full, emit_copy(plan.bulk, maps, None, []), None))
            if plan.fallback is not None:
                ordinary.append(tirx.IfThenElse(tirx.Not(plan.full), unmarked(plan.fallback.stmt), None))
    stmts = []
    if fence:
        stmts += [tirx.Evaluate(ptx.op("fence.proxy.async.shared::cta")()),
                  tirx.Evaluate(T.tvm_storage_sync("shared"))]
    issue = []
    if bulk:
        issue.append(tirx.IfThenElse(predicate, seq(bulk), None) if active else seq(bulk))
    issue.append(tirx.Evaluate(ptx.op("cp.async.bulk.commit_group")()))
    stmts.append(tirx.IfThenElse(tid == 0, seq(issue), None))
    if ordinary:
        stmts.append(tirx.IfThenElse(predicate, seq(ordinary), None) if active else seq(ordinary))
    return stmts


def wait_read(pending: int, threads: list[ThreadAxis]) -> tirx.Stmt:
    """``if tid == 0: cp.async.bulk.wait_group.read pending`` (the caller syncs the CTA after)."""
    tid, _ = flat_thread_index(threads)
    return tirx.IfThenElse(tid == 0, tirx.Evaluate(ptx.op("cp.async.bulk.wait_group.read")(pending)), None)


def wait_all(threads: list[ThreadAxis]) -> tirx.Stmt:
    """``if tid == 0: cp.async.bulk.wait_group 0``: every store complete (before exit or reuse)."""
    tid, _ = flat_thread_index(threads)
    return tirx.IfThenElse(tid == 0, tirx.Evaluate(ptx.op("cp.async.bulk.wait_group")(0)), None)


@dataclass
class StoreGroups:
    """Bulk groups committed so far, in program order, and what the last ones read.

    ``count`` is the number of groups committed (symbolic in the enclosing loop variables);
    ``reads[buf] = (E, at, step)``: the last store of shared ``buf`` read version ``E % V``
    (``E`` ``None`` for a buffer without versions), ``at`` is ``count`` right after it was
    committed, and ``step`` the groups committed per step of ``E`` (one loop iteration).
    """

    count: tirx.PrimExpr = field(default_factory=lambda: tirx.const(0, "int32"))
    reads: dict = field(default_factory=dict)

    def copy(self) -> StoreGroups:
        return StoreGroups(self.count, dict(self.reads))

    def record(self, buf: tirx.Buffer, read_version: tirx.PrimExpr | None, step: int) -> None:
        """A store of ``buf`` (version ``read_version``) was committed as one more group."""
        self.count = self.count + 1
        self.reads[buf] = (read_version, self.count, step)

    def pending(self, buf: tirx.Buffer, written: tirx.PrimExpr | None) -> tirx.PrimExpr | None:
        """Groups committed after the last store that read the part of ``buf`` being written
        (version ``written``); ``None`` when no store read ``buf``.

        With versions ``E % V``: the last store that read version ``written % V`` is
        ``floormod(E_last - written, V)`` steps before the last store of ``buf``.
        """
        if buf not in self.reads:
            return None
        read, at, step = self.reads[buf]
        since = self.count - at
        if read is not None and written is not None:
            since = since + step * tirx.floormod(read - written, int(buf.shape[0]))
        return since
