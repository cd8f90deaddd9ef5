"""Pipelines left to stock TVM's cp.async commit/wait groups, with TVM 0.27's counts repaired.

Accepts a pipeline of InjectSoftwarePipeline's output that :mod:`.lower_async_pipeline` leaves
to stock TVM (one the launch-cost model expects no faster on mbarriers, rules ``launch_cost``
and ``launch_cost_loads``; or one it cannot model or gains nothing from). Emits the same s_tir,
its async copies still ``async_scope`` and its stages still ``async_commit_queue_scope`` /
``async_wait_queue_scope`` (``InjectPTXAsyncCopy`` later makes the copies ``cp.async``, the
CUDA codegen the queues ``cp.async.commit_group`` / ``wait_group N``), with these repairs of the
counts:

- :func:`commits_per_site`: a stage committed in several places (``software_pipeline_order``
  interleaving its producers with a consumer) is committed per place in the prologue too, as
  the loop's wait counts assume (wherever a pipeline keeps stock's groups);
- a consumer ordered before a stage of several copy blocks into shared memory waits for every
  group (:func:`_wait_all_where_consumers_first`);
- the wait of a predicated consumer block runs whether or not the block does, where a later
  statement needs it (:func:`_waits_outside_predicates`).

Every copy is reported (:func:`tvm_tma.copy_report`), as are the copies of an ``async_scope``
outside any pipeline (:func:`report_loose_copies`), which stock TVM lowers too.
"""

from __future__ import annotations

import dataclasses
import math

import tvm_ffi
from tvm import s_tir, tirx
from tvm.ir.expr import TensorLoad as BufferLoad

from ... import report
from ...errors import TMAError
from .._ir import attrs_with_key, mutate, seq, walk
from ..copies.copy_plan import ThreadAxis, flat_thread_index, stock_record
from .stages import (
    ASYNC,
    COMMIT,
    INFLIGHT,
    WAIT,
    commit_sites,
    group_index,
    is_consumers_first,
    shared_targets,
    stage_copies,
    written_buffer,
)


def commits_per_site(pipeline: tirx.Stmt) -> tirx.Stmt | None:
    """``pipeline`` with every commit of several sites of a stage (:func:`.stages.commit_sites`)
    split into one commit per site, in the steady state's order; ``None`` where a commit cannot
    be split (a statement in it that is no copy of one site).

    With ``software_pipeline_order`` interleaving a stage's producers with its consumer, the
    pipelined loop commits a group per site and InjectSoftwarePipeline counts its waits so
    (per site, the stages committed since the one read), but its prologue commits each stage's
    sites as one group: there the first waits of the loop let a stage still in flight be read
    (TVM 0.27, two producers in order ``[0, 2, 1]``). Committed per site, every iteration's
    groups are those its counts assume, and the epilogue's counts (a group per iteration) wait
    for no less than they did."""
    sites = commit_sites(pipeline)
    if all(len(x) <= 1 for x in sites.values()):
        return pipeline
    failed = []

    def on_commit(attr, mutator):
        if attr.attr_key != COMMIT:
            return mutator.default_mutate(attr)
        if len(sites[int(attr.value)]) <= 1:
            return attr
        parts: dict[int, list[tirx.Stmt]] = {}
        for child in (attr.body.seq if isinstance(attr.body, tirx.SeqStmt) else [attr.body]):
            scopes = attrs_with_key(child, (ASYNC,))
            written = {written_buffer(a.body) for a in scopes}
            site = [j for j, bufs in enumerate(sites[int(attr.value)]) if written <= bufs]
            if not scopes or len(site) != 1:
                failed.append(child)
                return attr
            parts.setdefault(site[0], []).append(child)
        if len(parts) == 1:
            return attr
        return seq([tirx.AttrStmt(attr.node, COMMIT, attr.value, seq(parts[j])) for j in sorted(parts)])

    split = mutate(pipeline, (tirx.AttrStmt, on_commit))
    return None if failed else split


def _wait_all_where_consumers_first(stmt: tirx.Stmt) -> tuple[tirx.Stmt, bool]:
    """``stmt`` with every ``async_wait_inflight_count`` in a loop (or a pipeline body of one
    iteration, a block) that waits before it commits a stage of several blocks of copies into
    shared memory (:func:`.stages.is_consumers_first`) set to 0, and whether there was one.
    InjectSoftwarePipeline counts a group per copy block there but commits one group per
    stage, so its counts let the consumer read a stage still in flight (a race the differential
    fuzzer finds under stock TVM)."""
    found = []

    def zero(attr, mutator):
        attr = mutator.default_mutate(attr)
        if attr.attr_key != INFLIGHT:
            return attr
        return tirx.AttrStmt(attr.node, attr.attr_key, tirx.const(0, str(attr.value.ty)), attr.body)

    def on_scope(node, mutator):
        if not is_consumers_first(node.body if isinstance(node, tirx.For) else node, into_shared=True):
            return mutator.default_mutate(node)
        found.append(node)
        return mutate(node, (tirx.AttrStmt, zero))

    return mutate(stmt, (tirx.For, on_scope), (s_tir.SBlockRealize, on_scope)), bool(found)


def _waits_outside_predicates(stmt: tirx.Stmt) -> tirx.Stmt:
    """``stmt`` with the wait of a predicated consumer block taken out of the block, around it
    and the statements after it, where one of those reads what the async copies write under
    another predicate: it waits whether or not the block runs. InjectSoftwarePipeline gives a
    stage one wait, at its first consumer; where that consumer is predicated off (an unrolled
    prologue iteration) and a later one runs (a relay stage of the same iteration), stock TVM's
    later consumer reads a stage still in flight (a race the differential fuzzer finds). Its
    count there (``if_then_else(predicate, N, 0)``) waits for every group."""
    written = {b for c in attrs_with_key(stmt, (COMMIT,)) for b in shared_targets(c)}

    def predicate(child) -> tirx.PrimExpr:
        return child.predicate if isinstance(child, s_tir.SBlockRealize) else tirx.const(True)

    def reads_copies(child) -> bool:
        found = []
        walk(child, BufferLoad, lambda load: found.append(load.source in written))
        return any(found)

    def predicated_wait(children: list, at: int) -> bool:
        child = children[at]
        return (isinstance(child, s_tir.SBlockRealize) and isinstance(child.block.body, tirx.AttrStmt)
                and child.block.body.attr_key == WAIT
                and not (isinstance(child.predicate, tirx.IntImm) and int(child.predicate))
                and any(reads_copies(later) and not tvm_ffi.structural_equal(predicate(later), child.predicate)
                        for later in children[at + 1:]))

    def hoisted(children: list) -> list:
        at = next((i for i in range(len(children)) if predicated_wait(children, i)), None)
        if at is None:
            return children
        realize, wait = children[at], children[at].block.body
        block = realize.block
        inner = s_tir.SBlock(block.iter_vars, block.reads, block.writes, block.name_hint, wait.body.body,
                             block.init, block.alloc_buffers, block.match_buffers, block.annotations)
        rest = [s_tir.SBlockRealize(realize.iter_values, realize.predicate, inner)] + hoisted(children[at + 1:])
        count = wait.body
        return children[:at] + [tirx.AttrStmt(wait.node, WAIT, wait.value,
                                              tirx.AttrStmt(count.node, INFLIGHT, count.value, seq(rest)))]

    return mutate(stmt, (tirx.SeqStmt, lambda node, mutator: seq(hoisted(list(mutator.default_mutate(node).seq)))))


def keep_stock_groups(stmt: tirx.Stmt, threads: list[ThreadAxis], func_name: str, rule: str,
                      reason: str, *, on_host: bool = False) -> tuple[tirx.Stmt, list[tirx.Buffer]]:
    """The pipeline ``stmt`` as stock TVM lowers it (``InjectPTXAsyncCopy`` later makes its copies
    ``cp.async``, the CUDA codegen its queues commit/wait groups), its waits repaired where
    TVM 0.27 counts them wrong, each copy reported with ``rule`` and ``reason``; no barriers to
    allocate. ``on_host``: the function has no kernel (no thread bindings), TVM compiles it for
    the host, where its copies are ordinary loads and stores, and so they are reported."""
    _, nthreads = flat_thread_index(threads)
    stmt, waits_all = _wait_all_where_consumers_first(stmt)
    stmt = _waits_outside_predicates(stmt)
    if waits_all:
        reason += ("; the pipelined loop waits before a stage of several copy blocks, where TVM 0.27 "
                   "counts a commit group per block and waits too little: its waits wait for every group")
    for commit in attrs_with_key(stmt, (COMMIT,)):
        try:
            site = group_index(stage_copies(commit))[0]
        except TMAError:
            site = None
        for copy in stage_copies(commit):
            entry = stock_record(func_name, copy, nthreads, rule, reason, "" if site is None else str(site))
            report.record(dataclasses.replace(entry, instruction="synchronous", pieces=0) if on_host else entry)
    return stmt, []


def report_loose_copies(func: tirx.PrimFunc, name: str) -> None:
    """Report the copies under an ``async_scope`` outside any pipeline (written by hand, with
    explicit ``cp.async`` commit/wait groups): stock TVM's ``InjectPTXAsyncCopy`` lowers them."""
    in_queues = [a for c in attrs_with_key(func.body, (COMMIT,)) for a in attrs_with_key(c.body, (ASYNC,))]
    loose = [a for a in attrs_with_key(func.body, (ASYNC,)) if not any(a.same_as(b) for b in in_queues)]
    if not loose:
        return
    extents = []
    walk(func.body, tirx.For, lambda f: extents.append(int(f.extent)) if (
        f.kind == tirx.ForKind.THREAD_BINDING and f.thread_binding.thread_tag.startswith("threadIdx")) else None)
    walk(func.body, tirx.AttrStmt, lambda a: extents.append(int(a.value)) if (
        a.attr_key == "thread_extent" and a.node.thread_tag.startswith("threadIdx")) else None)
    nthreads = math.prod(extents)
    for attr in loose:
        # The scope of ``T.attr(..., "async_scope", 1)`` in a block is the rest of the block:
        # its copies into shared memory, and whatever follows them.
        for nest in _store_nests(attr.body, []):
            report.record(stock_record(name, nest, nthreads, "pipeline_model", "an async_scope outside "
                                       "any software pipeline (explicit commit/wait groups)"))


def _store_nests(stmt: tirx.Stmt, loops: list[tirx.For]) -> list[tirx.Stmt]:
    """Each store into shared memory under ``stmt``, inside the loops around it."""
    if isinstance(stmt, tirx.BufferStore):
        if stmt.buffer.scope() not in ("shared", "shared.dyn"):
            return []
        nest = stmt
        for loop in reversed(loops):
            nest = tirx.For(loop.loop_var, loop.min, loop.extent, loop.kind, nest)
        return [nest]
    if isinstance(stmt, tirx.For):
        return _store_nests(stmt.body, loops + [stmt])
    if isinstance(stmt, tirx.SeqStmt):
        return [nest for child in stmt.seq for nest in _store_nests(child, loops)]
    if isinstance(stmt, s_tir.SBlockRealize):
        return _store_nests(stmt.block.body, loops)
    if isinstance(stmt, (tirx.AttrStmt, tirx.LetStmt)):
        return _store_nests(stmt.body, loops)
    if isinstance(stmt, tirx.IfThenElse):
        return _store_nests(stmt.then_case, loops) + (_store_nests(stmt.else_case, loops) if stmt.else_case else [])
    return []
