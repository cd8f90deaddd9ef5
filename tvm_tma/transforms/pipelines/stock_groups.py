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
from tvm import sym as arith
from tvm.ir.expr import TensorLoad as BufferLoad

from ... import report
from ...errors import TMAError
from ...rules import CP_ASYNC_SIZES
from .._ir import all_of, attrs_with_key, bind_loop, children, elem_bytes, mutate, seq, substitute, walk
from ..copies.copy_plan import ThreadAxis, flat_thread_index, stock_record
from ..copies.cp_async import cp_async_nest
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


def stock_groups_wrong(stmt: tirx.Stmt, loops: list[tirx.For]) -> str | None:
    """Why stock's groups would be wrong for the pipeline ``stmt`` (``loops`` the loops around
    it), ``None`` where they are right: a wait count known only at run time, a misaligned
    cp.async (:func:`_misaligned`), a stage that copies nothing (:func:`_empty_stage`)."""
    if not _waits_known(stmt):
        return ("a wait count known only at run time (stock TVM's codegen needs cp.async.wait_group's "
                "count as an immediate)")
    return _misaligned(stmt) or _empty_stage(stmt, loops)


def _waits_known(stmt: tirx.Stmt) -> bool:
    """Whether every consumer wait in ``stmt`` waits for a count known at compile time: a
    function of the variables of loops of constant extent in ``stmt`` (which TVM unrolls) only."""
    unrolled = set()
    walk(stmt, tirx.For,
         lambda f: unrolled.add(f.loop_var.__chandle__()) if isinstance(f.extent, tirx.IntImm) else None)
    free = []
    for wait in attrs_with_key(stmt, (INFLIGHT,)):
        walk(wait.value, tirx.Var, lambda v: free.append(v.__chandle__()))
    return all(v in unrolled for v in free)


def _misaligned(stmt: tirx.Stmt) -> str | None:
    """A copy of the pipeline ``stmt`` that stock TVM's ``InjectPTXAsyncCopy`` would issue as one
    ``cp.async`` of its whole vector (4, 8 or 16 bytes) at an address aligned only to less (rule
    ``cp_async_size``: a padded shared row, e.g. 66 fp32), as far as the alignment can be
    proven: stock's code may fault there (misaligned address); ``None`` where none."""
    for commit in attrs_with_key(stmt, (COMMIT,)):
        for copy in stage_copies(commit):
            try:
                nest = cp_async_nest(copy)
            except TMAError:
                continue  # stock keeps it ordinary loads and stores (no cp.async) too
            vector = nest.lanes * elem_bytes(nest.store.buffer)
            if vector in CP_ASYNC_SIZES and nest.size < vector:
                return (f"{nest.store.buffer.name}: stock TVM would copy {vector}-byte vectors by one cp.async each "
                        f"at addresses aligned to {nest.size} bytes")
    return None


def _empty_stage(stmt: tirx.Stmt, loops: list[tirx.For]) -> str | None:
    """A stage of the pipeline ``stmt`` whose copies are all predicated off by their own
    predicates (a launch with fewer tiles than the pipelined loop's trips: a prologue stage past
    the data), as far as the analyzer proves it with the loops of constant extent around and inside ``stmt`` bound
    (``loops`` the ones around it; unrolled loops taken one value at a time). TVM 0.27 drops such
    a stage's commit with its copies while the loop's wait counts still count it, so its waits
    wait too little: stock's groups cannot be kept. ``None`` where none."""
    analyzer = arith.Analyzer()
    for loop in loops:
        if isinstance(loop.extent, tirx.IntImm):
            bind_loop(analyzer, loop)
    found = []

    def visit(node, fixed: dict) -> None:
        if found:
            return
        if isinstance(node, tirx.For):
            if node.kind == tirx.ForKind.UNROLLED and isinstance(node.extent, tirx.IntImm):
                for value in range(int(node.extent)):
                    visit(node.body, {**fixed, node.loop_var: tirx.const(value, node.loop_var.ty)})
                return
            if isinstance(node.extent, tirx.IntImm):
                bind_loop(analyzer, node)
            visit(node.body, fixed)
        elif isinstance(node, tirx.AttrStmt) and node.attr_key == COMMIT:
            guards = []  # (the predicates inside the stage: the guards InjectSoftwarePipeline puts
            walk_guards(node.body, [], guards)  # around a stage past the trips are accounted for)
            if guards and all(analyzer.can_prove(tirx.Not(substitute(all_of(g), fixed))) for g in guards):
                found.append(f"a stage of queue {int(node.value)} copies nothing (every copy predicated off)")
        elif isinstance(node, s_tir.SBlockRealize):
            visit(node.block.body, fixed)
        elif isinstance(node, tirx.IfThenElse):
            visit(node.then_case, fixed)
            if node.else_case is not None:
                visit(node.else_case, fixed)
        else:
            for child in children(node):
                visit(child, fixed)

    def walk_guards(node, conds: list, guards: list) -> None:
        """The predicates around each async copy under ``node``."""
        if isinstance(node, tirx.AttrStmt) and node.attr_key == ASYNC:
            inner = []
            walk(node.body, s_tir.SBlockRealize, lambda r: inner.append(r.predicate))
            walk(node.body, tirx.For, lambda f: bind_loop(analyzer, f) if isinstance(f.extent, tirx.IntImm) else None)
            guards.append(conds + inner)
        elif isinstance(node, s_tir.SBlockRealize):
            walk_guards(node.block.body, conds + [node.predicate], guards)
        elif isinstance(node, tirx.IfThenElse):
            walk_guards(node.then_case, conds + [node.condition], guards)
        else:
            for child in children(node):
                walk_guards(child, conds, guards)

    visit(stmt, {})
    return found[0] if found else None


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
