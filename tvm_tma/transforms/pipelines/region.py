"""One pipeline lowered onto its mbarrier rings in program order.

Accepts one pipeline of InjectSoftwarePipeline's output, as :mod:`.lower_async_pipeline` finds
it: the sequence prologue, body, epilogue of one loop (blocks, loops and sequences around its
stages; a stage maybe predicated). Emits the same statements with each producer stage on its
ring (:mod:`.producers`), each consumer behind its waits (:mod:`.consumers`), each bulk store a
bulk group (:mod:`.stores`), the rings set up before and torn down after (:mod:`.rings`).

The waits depend on program order: ``last`` (the most recent stage committed) and ``waited``
(the most recent waited for) are tracked through the prologue, the steady-state loop and the
epilogue. Iteration ``k`` of a loop starts where ``k - 1`` ended: dry runs of the body
(:class:`.analysis.Pipeline` ``dry_run``) give the state it ends in as a function of the loop
variable, until that settles, so every wait's stage and parity follows from the iteration and
the ring size.
"""

from __future__ import annotations

import dataclasses

import tvm_ffi
from tvm import s_tir, tirx
from tvm.script import tirx as T

from ...errors import TMAError
from .. import ptx
from .._ir import bind_loop, select, seq, substitute
from ..copies.bulk_store import groups_in, has_marked, marked_root, store_sources, wait_all
from ..copies.copy_plan import flat_thread_index
from ..tensor_cores.wgmma import wait_group
from .analysis import Pipeline
from .consumers import Consumers
from .producers import Producers
from .rings import Rings
from .stages import COMMIT, WAIT, has_attr, is_commit, is_consumers_first
from .stores import Stores


class Region:
    """One pipeline (InjectSoftwarePipeline's prologue, body and epilogue of one loop) being
    lowered in program order; its barrier rings are named ``<barrier_name>_q<queue>``."""

    def __init__(self, pipeline: Pipeline, rings: Rings, stores: Stores, consumers_first: bool = False) -> None:
        self.pipeline = pipeline
        self.rings = rings
        self.stores = stores
        self.producers = Producers(pipeline, rings, stores)
        self.consumers = Consumers(pipeline, rings, consumers_first)

    def dry_copy(self) -> Region:
        """A region in the state this one is in, whose lowering only follows that state."""
        pipeline = dataclasses.replace(self.pipeline, dry_run=True)
        return Region(pipeline, self.rings.carried(pipeline), self.stores.carried(pipeline),
                      self.consumers.consumers_first)

    def lower(self, stmt: tirx.Stmt) -> tirx.Stmt:
        """``stmt`` with its stages lowered, in program order."""
        if isinstance(stmt, tirx.AttrStmt):
            if stmt.attr_key == COMMIT:
                return self.producers.lower_commit(stmt, tirx.const(True))
            if stmt.attr_key == WAIT:
                return self.lower_wait(stmt)
            return tirx.AttrStmt(stmt.node, stmt.attr_key, stmt.value, self.lower(stmt.body))
        if isinstance(stmt, tirx.SeqStmt):
            lowered = []
            for child in stmt.seq:
                if self.consumers.wgmma_pending and not has_attr(child, (COMMIT, WAIT)):
                    lowered += self.consumers.wgmma_retire()  # leaving the pipeline's stages
                wait = self.stores.guard(child)
                if wait is not None and is_commit(child):
                    self.producers.before_sync = wait
                elif wait is not None:
                    lowered += [wait, tirx.Evaluate(T.tvm_storage_sync("shared"))]
                lowered.append(self.lower(child))
            return tirx.SeqStmt(lowered)
        if marked_root(stmt):
            return self.stores.lower(stmt)
        if isinstance(stmt, s_tir.SBlockRealize):
            block, predicate = stmt.block, stmt.predicate
            waits, wgmma_after = [], []
            if isinstance(block.body, tirx.AttrStmt) and block.body.attr_key == COMMIT:
                body, predicate = self.producers.lower_commit(block.body, predicate), tirx.const(True)
            elif isinstance(block.body, tirx.AttrStmt) and block.body.attr_key == WAIT:
                # A consumer stage waits whether or not it is predicated off (dynamic trip
                # counts): every committed stage completes its phase, so the wait returns, and
                # the waited stages stay the same at run time as in this program-order count.
                waits, inner = self.consumers.waits(block.body)
                body = self.lower(inner)
                if int(block.body.value) in self.pipeline.wgmma_queues:
                    body, wgmma_after = self.consumers.wgmma_stage(body)
            else:
                body = self.lower(block.body)
            new_block = s_tir.SBlock(block.iter_vars, block.reads, block.writes, block.name_hint,
                                     body, block.init, block.alloc_buffers,
                                     block.match_buffers, block.annotations)
            predicated = not (isinstance(predicate, tirx.IntImm) and int(predicate))
            groups = groups_in(block.body) if predicated else 0
            if groups:
                # A stage predicated off still commits its (empty) groups: the count of groups
                # that later waits are computed from must not depend on the predicate.
                tid, _ = flat_thread_index(self.pipeline.threads)
                empty = tirx.Evaluate(ptx.op("cp.async.bulk.commit_group")())
                return seq(waits + [tirx.IfThenElse(
                    predicate, s_tir.SBlockRealize(stmt.iter_values, tirx.const(True), new_block),
                    tirx.IfThenElse(tid == 0, seq([empty] * groups), None))])
            return seq(waits + [s_tir.SBlockRealize(stmt.iter_values, predicate, new_block)] + wgmma_after)
        if isinstance(stmt, tirx.For):
            return self.lower_loop(stmt)
        if has_attr(stmt, (COMMIT, WAIT)) or has_marked(stmt):
            raise TMAError("pipeline_model", f"async queue inside {type(stmt).__name__}: only loops, "
                           "blocks and sequences around pipeline stages are supported")
        return stmt

    def lower_wait(self, wait: tirx.AttrStmt) -> tirx.Stmt:
        """``wait_group N`` after stage ``last``: wait for every stage in (waited, last - N]."""
        waits, inner = self.consumers.waits(wait)
        body, after = self.lower(inner), []
        if int(wait.value) in self.pipeline.wgmma_queues:
            body, after = self.consumers.wgmma_stage(body)
        return seq(waits + [body] + after)

    def _state(self) -> dict:
        """The program-order state a loop carries from one iteration to the next: per queue
        its last committed and last waited stage; per shared buffer read by bulk stores the
        version the last one read and the group count after it."""
        state = {}
        for key, queue in self.rings.queues.items():
            state[key, "last"], state[key, "waited"] = queue.last, queue.waited
        for q, position in self.rings.positions.items():
            state[q, "position"] = position
        for buf, (read, at, _) in self.stores.groups.reads.items():
            state[buf, "read"], state[buf, "at"] = read, at
        return state

    def _set(self, key, value, like: Region) -> None:
        owner, name = key
        if name in ("last", "waited"):
            setattr(self.rings.queue(owner, like.rings.queues[owner].versions), name, value)
            return
        if name == "position":
            self.rings.positions[owner] = value
            return
        reads = self.stores.groups.reads
        read, at, step = reads.get(owner, like.stores.groups.reads[owner])
        reads[owner] = (value, at, step) if name == "read" else (read, value, step)

    def lower_loop(self, loop: tirx.For) -> tirx.Stmt:
        """Iteration k starts where iteration k - 1 ended, the first where the loop starts."""
        if not (has_attr(loop.body, (COMMIT, WAIT)) or has_marked(loop.body)):
            return loop
        analyzer, stores, consumers = self.pipeline.analyzer, self.stores, self.consumers
        var, first_iter = loop.loop_var, loop.min
        bind_loop(analyzer, loop)
        before = self._state()
        # Counters in closed form: queues without a ring count their stages, and iteration k
        # starts after (k - min) * <per iteration> more of them; likewise the bulk groups.
        unversioned = self.rings.unversioned_commits(loop.body)
        for key, per_iter in unversioned.items():
            queue = self.rings.queue(key, 1)
            start = before.get((key, "last"))
            start = tirx.const(-1, "int32") if start is None else start
            queue.last = analyzer.simplify(start + (var - first_iter) * per_iter)
        entry_last = {key: x.last for key, x in self.rings.queues.items()}
        outer_step, stores.step = stores.step, groups_in(loop.body)
        outer_order, consumers.consumers_first = consumers.consumers_first, is_consumers_first(loop.body)
        entry_count = stores.groups.count
        stores.groups.count = analyzer.simplify(entry_count + (var - first_iter) * stores.step)
        stores.guarded -= store_sources(loop.body)
        # Inside the loop, it runs at least once (a dynamic trip count is then above the
        # stage count: the prologue's conditional in-flight counts become constants).
        with analyzer.constraint_scope(loop.extent > 0):
            # Dry runs of one iteration: the state it ends in, as a function of ``var``. The first
            # starts from the loop's entry state; each next one from the state the previous one
            # carries into iteration ``var`` (where a consumer runs before the producer of its
            # iteration, the first dry run sees the entry state where iteration ``var - 1``'s
            # state belongs), until the end state no longer changes.
            defaults = {"waited": tirx.const(-1, "int32")}
            ends = None
            for _ in range(4):
                dry = self.dry_copy()
                dry.lower(loop.body)
                previous, ends = ends, {k: analyzer.simplify_cases(v) if v is not None else None
                                        for k, v in dry._state().items()}
                for key, end in ends.items():
                    start = before.get(key, defaults.get(key[1]))
                    carried = substitute(end, {var: var - 1}) if end is not None else None
                    if carried is not None and start is not None:
                        carried = analyzer.simplify(select(var == first_iter, start, carried))
                    self._set(key, carried if carried is not None else start, dry)
                for key in unversioned:
                    self.rings.queues[key].last = entry_last[key]
                if previous is not None and previous.keys() == ends.keys() and all(
                        tvm_ffi.structural_equal(previous[k], ends[k]) for k in ends):
                    break
            else:
                raise TMAError("pipeline_model", f"pipelined loop over {var}: the barrier state of one "
                               "iteration does not settle")
            body = self.lower(loop.body)
        final = loop.min + loop.extent - 1
        for key, end in ends.items():
            start = before.get(key, defaults.get(key[1]))
            if end is not None:
                end = substitute(end, {var: final})
                if start is not None and not analyzer.can_prove(loop.extent > 0):
                    end = select(loop.extent > 0, end, start)
                end = analyzer.simplify(end)
            self._set(key, end, dry)
        stores.groups.count = analyzer.simplify(entry_count + loop.extent * stores.step)
        stores.step, consumers.consumers_first = outer_step, outer_order
        return tirx.For(loop.loop_var, loop.min, loop.extent, loop.kind, body, loop.thread_binding,
                        loop.annotations)

    def setup(self, maps: list[tirx.Var]) -> tuple[list[tirx.Stmt], list[tirx.Stmt]]:
        """Statements before the pipeline (init, prefetch of the tensor ``maps`` it uses) and
        after it (every bulk store complete, invalidate)."""
        before, after = self.rings.setup(maps)
        if self.stores.groups.reads:
            after = [wait_all(self.pipeline.threads)] + after
        if self.consumers.wgmma_pending:  # (the teardown's __syncthreads follows)
            after = [wait_group(0)] + after
        return before, after
