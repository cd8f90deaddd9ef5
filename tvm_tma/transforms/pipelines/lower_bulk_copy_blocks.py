"""LowerBulkCopyBlocks: copy blocks marked by ``tvm_tma.schedule.bulk_copy`` / ``bulk_store``
outside software pipelines → cp.async.bulk.

Accepts s_tir after ``LiftThreadBinding`` (threadIdx loops outermost, opaque blocks) in
which a global→shared copy block carries the annotation ``tvm_tma.bulk_copy`` (set by
:func:`tvm_tma.schedule.bulk_copy`), or a shared→global copy block the annotation
``tvm_tma.bulk_store`` (:func:`tvm_tma.schedule.bulk_store`), outside any software pipeline
(:mod:`.lower_async_pipeline` lowers those inside one). A marked load (the block and the
loops that hold only it) is planned like a pipeline stage (:mod:`..copies.copy_plan`) and
emitted as a synchronous copy on a barrier of its own::

    __syncthreads()                        # earlier readers of the tile are done
    if tid == 0: mbarrier.arrive.expect_tx.shared.b64 _, [bar], <bytes>
    cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [S+...], [A+...], n, [bar]
    mbarrier.try_wait.parity [bar], (execution count) % 2

A tile of more than one contiguous run, or one at the buffer's edge, is one
``cp.async.bulk.tensor`` by thread 0 instead (see :mod:`..copies.copy_plan`,
:mod:`..copies.tensor_map`; the map is encoded on the host, prefetched at the top of the
kernel).

The execution count is the copy's iteration in the loops around it (so the parity flips
every time it runs); its barrier is initialized once per CTA at the top of the kernel.

A load marked :data:`AHEAD` (``bulk_copy(..., ahead=True)``) is issued one execution ahead of
its use, its executions those of the serial loops around it flattened (``k``; all but the
outermost of a static trip count): a persistent kernel's loop over work items, where the next
item's tile loads while this item computes. Its destination's first index must be ``k % 2``
(two versions of the tile). Before the outermost loop, execution 0's copy (where the loops may
run no execution, none: the phase completes with no bytes expected); where the block
was, execution ``k + 1``'s copy (none after the last: the phase completes with no bytes
expected) and the wait for execution ``k``'s, on two barriers taken in turn::

    <execution 0's copy on bar[0]>
    for ...:                             # k = 0 .. n - 1
        __syncthreads()                  # execution k - 1 no longer reads version (k + 1) % 2
        if tid == 0: mbarrier.arrive.expect_tx [bar[(k + 1) % 2]], k + 1 < n ? <bytes> : 0
        if k + 1 < n: <execution k + 1's copy>
        mbarrier.try_wait.parity [bar[k % 2]], k / 2 % 2

A marked store becomes one bulk group (:mod:`..copies.bulk_store`: proxy fence,
``__syncthreads``, one elected thread issues and commits; a strided or edge tile as one
``cp.async.bulk.tensor.{rank}d.global.shared::cta.tile.bulk_group`` per box, its map
prefetched at the top of the kernel like a load's) that stays in flight until the shared
tile it reads is written again (by a later statement, or the next iteration of a loop around
it); there ``cp.async.bulk.wait_group.read 0`` and ``__syncthreads()`` come first. Before the
kernel ends: ``cp.async.bulk.wait_group 0``.

Inside a warp role's branch (:mod:`.warp_specialize`) the threads are the role's: a store in
the consumers' branch is planned over the consumer threads (``threadIdx.y`` without the
producer's slice).

Raises :class:`tvm_tma.TMAError`: ``min_arch`` below sm_90, ``dense_box`` when the marked
load is under a condition (its barrier phase would not advance on every iteration),
``pipeline_model`` for a load marked :data:`AHEAD` outside serial loops (or under inner ones of a
dynamic trip count) or whose destination does not alternate between two versions.
"""

from __future__ import annotations

import tvm
from tvm import s_tir, tirx
from tvm import sym as arith
from tvm.script import tirx as T

from ...errors import TMAError
from .._ir import bind_loop, function_name, replace_node, seq, substitute
from ..copies.bulk_store import (
    emit_store_group,
    has_marked,
    is_marked,
    marked_root,
    shared_writes,
    store_sources,
    wait_all,
    wait_read,
)
from ..copies.copy_plan import (
    SyncPlan,
    arrival_count,
    barrier_setup,
    emit_stage,
    mbarrier_buffer,
    peel_copy,
    plan_copy,
    report_plan,
    uses_bulk,
    uses_cp_async,
    wait_parity,
)
from ..copies.tensor_map import TensorMaps
from .lower_async_pipeline import check_arch, thread_axes
from .warp_specialize import ROLE, role_thread_loops

ANNOTATION = "tvm_tma.bulk_copy"
AHEAD = 2
"""The annotation's value that issues the copy one execution ahead (see the module docstring)."""


def _is_role(stmt) -> bool:
    """Whether ``stmt`` is a warp role's branch (:mod:`.warp_specialize`)."""
    return isinstance(stmt, tirx.AttrStmt) and stmt.attr_key == ROLE


class _Lowering:
    def __init__(self, func_name: str, maps: TensorMaps | None):
        self.func_name = func_name
        self.maps = maps
        self.analyzer = arith.Analyzer()
        self.barriers: list[tuple[tirx.Buffer, int]] = []
        self.stored = False
        self.outstanding: set = set()  # shared buffers that committed bulk stores may still read
        self.ahead: dict = {}  # outermost serial loop's variable -> the first executions' copies of AHEAD loads

    def visit(self, stmt, loops: list[tirx.For], conditional: bool):
        if marked_root(stmt):
            return self.lower_store(stmt, loops)
        if isinstance(stmt, tirx.For):
            if marked_root(stmt, ANNOTATION):
                return self.lower_copy(stmt, loops, conditional)
            if stmt.kind != tirx.ForKind.THREAD_BINDING:  # stores of the previous iteration
                self.outstanding |= store_sources(stmt.body)
            body = self.visit(stmt.body, loops + [stmt], conditional)
            new = tirx.For(stmt.loop_var, stmt.min, stmt.extent, stmt.kind, body,
                           stmt.thread_binding, stmt.annotations)
            first = self.ahead.pop(stmt.loop_var, [])
            return self.with_init(new, loops + [stmt]) if not first else seq(first + [new])
        if is_marked(stmt, ANNOTATION):
            return self.lower_copy(stmt, loops, conditional)
        if isinstance(stmt, tirx.SeqStmt):
            lowered = []
            for child in stmt.seq:
                overwritten = {w.buffer for w in shared_writes(child)} & self.outstanding
                if overwritten:
                    self.outstanding -= overwritten
                    lowered += [wait_read(0, thread_axes(loops)), tirx.Evaluate(T.tvm_storage_sync("shared"))]
                lowered.append(self.visit(child, loops, conditional))
            return tirx.SeqStmt(lowered)
        if isinstance(stmt, s_tir.SBlockRealize):
            block = stmt.block
            inner = conditional or not (isinstance(stmt.predicate, tirx.IntImm) and int(stmt.predicate))
            new_block = s_tir.SBlock(block.iter_vars, block.reads, block.writes, block.name_hint,
                                     self.visit(block.body, loops, inner), block.init,
                                     block.alloc_buffers, block.match_buffers, block.annotations)
            return s_tir.SBlockRealize(stmt.iter_values, stmt.predicate, new_block)
        if isinstance(stmt, tirx.IfThenElse):
            # A warp role's branch runs on every thread of the role, every time: no condition.
            inner = conditional or not _is_role(stmt.then_case)
            return tirx.IfThenElse(stmt.condition, self.visit(stmt.then_case, loops, inner),
                                   self.visit(stmt.else_case, loops, inner)
                                   if stmt.else_case is not None else None)
        if isinstance(stmt, tirx.AttrStmt):
            inner = role_thread_loops(loops, stmt) if stmt.attr_key == ROLE else loops
            return tirx.AttrStmt(stmt.node, stmt.attr_key, stmt.value,
                                 self.visit(stmt.body, inner, conditional))
        if has_marked(stmt, ANNOTATION) or has_marked(stmt):
            raise TMAError("dense_box", f"bulk_copy/bulk_store block inside {type(stmt).__name__}: "
                           "not supported")
        return stmt

    def with_init(self, loop: tirx.For, loops: list[tirx.For]):
        """Allocate and initialize the barriers under the innermost threadIdx loop of the
        kernel's top (thread loops are outermost after LiftThreadBinding)."""
        innermost_thread = (loop.kind == tirx.ForKind.THREAD_BINDING
                            and not (isinstance(loop.body, tirx.For)
                                     and loop.body.kind == tirx.ForKind.THREAD_BINDING))
        if not (innermost_thread and (self.barriers or self.stored)):
            return loop
        threads = thread_axes(loops)
        maps = self.maps.take_used() if self.maps is not None else []
        init, inval = barrier_setup(self.barriers, threads, maps)
        body = seq(init + [loop.body] + ([wait_all(threads)] if self.stored else []) + inval)
        if self.barriers:
            block = s_tir.SBlock([], [], [], "tma_barriers", body,
                                 alloc_buffers=[buf for buf, _ in self.barriers])
            body = s_tir.SBlockRealize([], tirx.const(True), block)
        return tirx.For(loop.loop_var, loop.min, loop.extent, loop.kind, body,
                        loop.thread_binding, loop.annotations)

    def lower_store(self, nest, loops: list[tirx.For]):
        threads = thread_axes(loops)
        if not threads:
            raise TMAError("dense_box", "bulk_store block outside any threadIdx loop")
        plan = plan_copy(nest, threads, self.analyzer, maps=self.maps)
        report_plan(self.func_name, plan)
        self.outstanding.add(peel_copy(nest)[2].value.source)
        self.stored = True
        return seq(emit_store_group([plan], threads, tirx.const(True), fence=True, maps=self.maps))

    def lower_copy(self, nest, loops: list[tirx.For], conditional: bool):
        threads = thread_axes(loops)
        if not threads:
            raise TMAError("dense_box", "bulk_copy block outside any threadIdx loop")
        if conditional:
            raise TMAError("dense_box", "bulk_copy block under a condition: its barrier phase "
                           "would not advance on every iteration (move the copy out of the branch)")
        plan = plan_copy(nest, threads, self.analyzer, maps=self.maps)
        report_plan(self.func_name, plan)
        if isinstance(plan, SyncPlan):  # neither bulk nor cp.async: the copy as it was
            return nest
        if _value(nest) == AHEAD:
            return self.lower_ahead(nest, loops, threads, plan)
        bar = mbarrier_buffer(f"tma_bar_copy{len(self.barriers)}", 1)
        self.barriers.append((bar, arrival_count(uses_bulk(plan), uses_cp_async(plan), threads)))
        count, _ = _executions([lp for lp in loops if lp.kind != tirx.ForKind.THREAD_BINDING])
        addr = T.address_of(tirx.BufferLoad(bar, [0]))
        stage = emit_stage([plan], addr, threads, tirx.const(True), maps=self.maps)
        parity = self.analyzer.simplify(tirx.floormod(count, 2))
        return tirx.SeqStmt(stage + [wait_parity(addr, parity)])

    def lower_ahead(self, nest, loops: list[tirx.For], threads, plan):
        """A load marked :data:`AHEAD` (see the module docstring)."""
        serial = [lp for lp in loops if lp.kind != tirx.ForKind.THREAD_BINDING]
        store = peel_copy(nest)[2]
        where = f"bulk_copy ahead of {store.buffer.name} in {self.func_name}"
        if not serial or not all(isinstance(lp.extent, tirx.IntImm) for lp in serial[1:]):
            raise TMAError("pipeline_model", f"{where}: expected serial loops around the copy (the executions it "
                           f"runs ahead in), all but the outermost of a static trip count, got "
                           f"{[(str(lp.loop_var), str(lp.extent)) for lp in serial]}")
        # k: the copy's execution (its loops flattened), and the loop values of execution e
        k, total = _executions(serial)

        def values(e):
            stride, mapping = 1, {}
            for lp in reversed(serial):
                mapping[lp.loop_var] = lp.min + tirx.floormod(tirx.floordiv(e, stride), lp.extent)
                stride *= int(lp.extent) if lp is not serial[0] else 1
            return mapping

        version = store.indices[0]
        in_loops = arith.Analyzer()
        for lp in serial:
            bind_loop(in_loops, lp)
        if not in_loops.can_prove(tirx.EQ(version, tirx.floormod(k, 2))):
            raise TMAError("pipeline_model", f"{where}: expected the destination's first index the copy's execution "
                           f"mod 2, {in_loops.simplify(tirx.floormod(k, 2))} (the tile in two versions, the next "
                           f"execution's loading while this one's is read), got {version}")
        # (the version as k % 2, which the next execution's shifts to the other)
        nest = replace_node(nest, store, tirx.BufferStore(store.buffer, store.value,
                                                          [tirx.floormod(k, 2)] + list(store.indices[1:])))
        bars = mbarrier_buffer(f"tma_bar_copy{len(self.barriers)}", 2)
        self.barriers.append((bars, arrival_count(uses_bulk(plan), uses_cp_async(plan), threads)))

        def copy_of(e, predicate):
            shifted = plan_copy(substitute(nest, values(e)), threads, self.analyzer, maps=self.maps)
            slot = self.analyzer.simplify(tirx.floormod(e, 2))
            return emit_stage([shifted], T.address_of(tirx.BufferLoad(bars, [slot])), threads, predicate,
                              maps=self.maps)

        any_run = tirx.const(True) if self.analyzer.can_prove(total > 0) else total > 0  # (a CTA with none)
        self.ahead.setdefault(serial[0].loop_var, []).extend(copy_of(tirx.const(0, "int32"), any_run))
        nxt = copy_of(k + 1, k + 1 < total)
        wait = wait_parity(T.address_of(tirx.BufferLoad(bars, [tirx.floormod(k, 2)])),
                           tirx.floormod(tirx.floordiv(k, 2), 2))
        return tirx.SeqStmt(nxt + [wait])


def _executions(serial: list[tirx.For]) -> tuple[tirx.PrimExpr, tirx.PrimExpr]:
    """The copy's executions so far in the serial loops ``serial`` around it (outermost first:
    its iteration in them, flattened) and their total."""
    count, stride = tirx.const(0, "int32"), tirx.const(1, "int32")
    for loop in reversed(serial):
        count = count + (loop.loop_var - loop.min) * stride
        stride = stride * loop.extent
    return count, stride


def _value(nest) -> int:
    """The annotation's value on the block of the marked copy nest ``nest``."""
    while isinstance(nest, tirx.For):
        nest = nest.body
    return int(nest.block.annotations[ANNOTATION])


def LowerBulkCopyBlocks(*, tensor_maps: bool = True) -> tvm.transform.Pass:  # noqa: N802 (TVM pass naming)
    """Create the pass (see the module docstring); ``tensor_maps`` as for
    :func:`.lower_async_pipeline.LowerAsyncPipelineToMBarrier`."""

    def transform(func: tirx.PrimFunc, mod: tvm.ir.IRModule, _ctx) -> tirx.PrimFunc:
        if not (has_marked(func.body, ANNOTATION) or has_marked(func.body)):
            return func
        name = function_name(func)
        check_arch(func, f"{'bulk_copy' if has_marked(func.body, ANNOTATION) else 'bulk_store'} block in {name}")
        maps = TensorMaps(func) if tensor_maps else None
        body = _Lowering(name, maps).visit(func.body, [], False)
        return maps.apply(func, body) if maps is not None else func.with_body(body)

    return tirx.transform.prim_func_pass(transform, opt_level=0, name="tvm_tma.LowerBulkCopyBlocks")
