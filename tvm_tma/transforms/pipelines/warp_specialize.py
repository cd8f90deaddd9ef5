"""WarpSpecialize: a pipelined loop marked ``producer="warp"`` → a producer warp and consumer warps.

Accepts s_tir before ``InjectSoftwarePipeline`` (after ``LiftThreadBinding``: ``threadIdx``
loops outermost, opaque blocks), in which a loop carries ``tvm_tma.producer = "warp"``
(:func:`tvm_tma.schedule.tma_pipeline`) besides TVM's pipeline annotations: its body's
statements of stage 0 are copies into shared memory, the others consume them. Stock TVM's
software pipelining is not applied to that loop; instead the kernel gets one more slice of
``threadIdx.y`` (``threadIdx.y == P``, ``P`` the old extent, 1 where there was none): a
producer whose elected thread issues every copy, while the threads the schedule bound compute.
The copies' buffers allocated in the loop body get ``V`` versions (``V = stages``), stage ``G``
(the loop's iterations counted across the serial loops around it, a persistent loop over tiles
included; a trip count may vary with the innermost loop around it where it adds up to the same
over that loop: pairs of causal query tiles) using version and barrier slot ``G % V`` of two
mbarrier rings::

    if tid == 0: mbarrier.init [full + 8v], 1; mbarrier.init [empty + 8v], <releases>  (each v)
                 fence.proxy.async.shared::cta; prefetch.tensormap [maps]
    __syncthreads()
    if threadIdx.y == P:                                       # producer (warp role "producer")
        setmaxnreg.dec.sync.aligned.u32 40                     # wgmma consumers only
        if <elected>:
            for k in ...:                                      # G = base * n + k
                if G >= V: mbarrier.try_wait.parity [empty + 8 (G % V)], (G / V + 1) % 2
                mbarrier.arrive.expect_tx [full + 8 (G % V)], <bytes>
                cp.async.bulk.tensor ... [full + 8 (G % V)]    # or cp.async.bulk runs
    else:                                                      # consumers (warp role "consumer")
        setmaxnreg.inc.sync.aligned.u32 232
        <the kernel as scheduled, the loop becoming>
            for k in ...:
                mbarrier.try_wait.parity [full + 8 (G % V)], (G / V) % 2
                <consumers>                                    # reading version G % V
                mbarrier.arrive [empty + 8 (G % V)]            # every consumer thread

A consumer stage that issues ``wgmma.mma_async`` reads its version until a
``wgmma.wait_group`` retires its group, so its release waits for that, ``N`` the loop's
``tvm_tma.wgmma_in_flight`` (default 1)::

                wgmma.fence; <consumers>; wgmma.commit_group; wgmma.wait_group N
                if k >= N: mbarrier.arrive [empty + 8 ((G - N) % V)]
            wgmma.wait_group 0
            mbarrier.arrive [empty + 8 ((G_last - j) % V)]     (the last N stages, j < N)

A consumer statement at a later stage than the first runs that many iterations behind
(``lag``): the consumers' loop gets a prologue and an epilogue of iterations that run only
the statements whose iteration exists, and a steady loop with no condition. ``tvm_tma.peel =
[front, back]`` (:data:`PEEL`) moves that many more iterations out of the steady loop, each
with the loop variable a value, and decides the conditions on it there and in the steady
loop's range (``if j > 0``: false in the first, gone from the loop): a ``wgmma`` under no
condition in the loop, as ptxas needs to keep the products in flight.

``tvm_tma.wgmma_in_flight = MANUAL`` (-1): the consumers fence, commit and wait for their own
groups (every group that reads a stage's version retired by the end of the statements that
read it; ``VerifyWgmma`` checks it), and the pass adds none: an empty ``commit_group`` still
costs a ``wgmma`` that queues behind the other warpgroups' products, and its wait with it.

The consumers' program is cut after the statement that holds the loop (blocks on the way that
only allocate are dissolved into it): what follows runs after the split, once the producer
returned, behind a barrier of the consumers, so that it may reuse the loop's shared memory
(``MergeSharedMemoryAllocations`` gives the output tile of a GEMM the rings' memory; ptxas
keeps ``setmaxnreg`` only when the producer does not reach code after its branch)::

    if threadIdx.y == P: <producer>; return
    else: <consumers up to the loop's statement>
    if threadIdx.y < P: __syncthreads(); <the rest>            # (a consumers' role too)

No ``__syncthreads`` inside either role: a later pass (:func:`.role_barriers.LowerRoleBarriers`)
turns those the consumers' code gets (bulk stores, TVM's allreduce, ``ThreadSync``) into a
named barrier of the consumer threads. Each role's branch is an ``AttrStmt`` ``tvm_tma.warp_role``
(its name, its thread count) under a ``tvm_thread_invariant`` condition (so that ``ThreadSync``
may place barriers inside). The last phases of the empty ring are arrived on and never waited
on (nothing follows them). With ``setmaxnreg`` the kernel gets ``__launch_bounds__(threads, 1)``
(ptxas honours ``setmaxnreg`` only under a register cap at entry).

Raises :class:`tvm_tma.TMAError`: ``min_arch`` below sm_90, ``pipeline_model`` for a loop it
cannot split (a copy that is not bulk or a tensor copy, a stage of stores, copies into a buffer
outside the loop body re-filled by an outer loop, a loop that is not inside ``threadIdx``
loops or is under ``threadIdx.z``, two such loops in one kernel), ``warp_role_threads`` when the
consumer threads are not whole warps. A function that launches several kernels (one of two
chosen at run time: :class:`tvm_tma.dlight.WgmmaMatmul` under a dynamic M) gets each kernel's
loop split on its own.
"""

from __future__ import annotations

import math

import tvm
import tvm_ffi
from tvm import s_tir, tirx
from tvm import sym as arith
from tvm.ir.expr import TensorLoad
from tvm.script import tirx as T

from ... import rules
from ...errors import TMAError
from .. import ptx
from .._ir import (
    assignments,
    bind_loop,
    children,
    free_vars,
    function_name,
    holds,
    mutate,
    renamed,
    seq,
    substitute,
    uses_var,
    walk,
)
from ..copies.bulk_store import shared_writes
from ..copies.copy_plan import (
    BulkPlan,
    TensorPlan,
    ThreadAxis,
    barrier_setup,
    emit_copy,
    mbarrier_buffer,
    plan_copy,
    report_plan,
    wait_parity,
)
from ..copies.tensor_map import TensorMaps
from ..tensor_cores.wgmma import contains_mma, wait_group
from .lower_async_pipeline import STAGES, WGMMA_IN_FLIGHT, check_arch

ORDER = "software_pipeline_order"
MANUAL = -1
"""``tvm_tma.wgmma_in_flight`` of consumers that wait for their own wgmma groups."""
PRODUCER = "tvm_tma.producer"
"""Loop annotation: ``"warp"`` gives the loop's copies to a producer warp."""
PEEL = "tvm_tma.peel"
"""Loop annotation ``[front, back]``: the consumers run that many of the loop's first and last
iterations outside the steady loop, each with the loop variable a value (a statement that some
iteration skips, ``if j > 0``, is then no condition in the steady loop)."""
RING_BASE = "tvm_tma.ring_base"
"""Loop annotation: the loop's iterations in its earlier executions under the loops around it,
an expression of their variables, where the loop's trip count varies with them in a way the
analyzer cannot sum (a persistent grid's causal query tiles under a symbolic length, tile
``qt`` walking ``qt + 1`` key tiles, in rounds: ``kernels.attention``). Trusted: a wrong count
puts the ring's barrier phases out of step, which the barrier protocol's verifier reports."""
ROLE = "tvm_tma.warp_role"
"""``AttrStmt`` key of a role's branch: node the role's name, value its thread count."""
LAUNCH_MIN_BLOCKS = "tirx.launch_bounds_min_blocks_per_sm"
_VARYING_PERIOD = 4
"""The most iterations of the loop around one whose trip count varies with it (see
:meth:`_RoleSplit.stage_index`)."""
_CASES = 64
"""The most cases :func:`_one_value_by_cases` tries one by one."""
PRODUCER_REGISTERS = 40
"""Registers per thread of a producer warpgroup after ``setmaxnreg.dec`` (CUTLASS's choice)."""


def role_name(attr: tirx.AttrStmt) -> str:
    """The role of a :data:`ROLE` attribute (its node, a string)."""
    return str(attr.node.value if isinstance(attr.node, tvm.ir.StringImm) else attr.node)


def role_thread_loops(loops: list[tirx.For], role: tirx.AttrStmt) -> list[tirx.For]:
    """``loops`` (those around a role's branch ``role``, outermost first) as the role's threads
    see them: in the consumers' branch, ``threadIdx.y`` without the producer's slice (a
    bulk store there is planned over the consumer threads)."""
    if role_name(role) != "consumer":
        return loops
    others = math.prod(int(f.extent) for f in loops if _is_thread_loop(f)
                       and f.thread_binding.thread_tag != "threadIdx.y")
    narrowed = []
    for loop in loops:
        if _is_thread_loop(loop) and loop.thread_binding.thread_tag == "threadIdx.y":
            loop = _RoleSplit.thread_loop(loop.loop_var, int(role.value) // others, tirx.Evaluate(0))
        narrowed.append(loop)
    return narrowed


def _annotated(stmt) -> list[tirx.For]:
    found = []
    walk(stmt, tirx.For, lambda f: found.append(f) if PRODUCER in f.annotations else None)
    return found


def _kernel_of(root: tirx.Stmt, loop: tirx.For) -> tirx.Stmt:
    """The outermost thread-binding loop above ``loop`` (its kernel), else ``root``."""
    return next((s for s in _path(root, loop) if _is_thread_loop(s)), root)


def _path(stmt, target) -> list | None:
    """The statements from ``stmt`` down to ``target`` (both included), ``None`` if absent."""
    if stmt.same_as(target):
        return [stmt]
    for child in children(stmt):
        found = _path(child, target)
        if found is not None:
            return [stmt] + found
    return None


def _is_thread_loop(stmt) -> bool:
    return (isinstance(stmt, tirx.For) and stmt.kind == tirx.ForKind.THREAD_BINDING
            and stmt.thread_binding.thread_tag.startswith("threadIdx."))


def _with_body(stmt, body):
    """``stmt`` (a loop, block, attribute or let) with ``body`` in place of its own."""
    if isinstance(stmt, tirx.For):
        return tirx.For(stmt.loop_var, stmt.min, stmt.extent, stmt.kind, body, stmt.thread_binding,
                        stmt.annotations)
    if isinstance(stmt, tirx.AttrStmt):
        return tirx.AttrStmt(stmt.node, stmt.attr_key, stmt.value, body)
    if isinstance(stmt, tirx.LetStmt):
        return tirx.LetStmt(stmt.var, stmt.value, body)
    return _block(stmt, body, list(stmt.block.alloc_buffers))


def _block(realize: s_tir.SBlockRealize, body, allocs) -> s_tir.SBlockRealize:
    block = realize.block
    new = s_tir.SBlock(block.iter_vars, block.reads, block.writes, block.name_hint, body, block.init,
                       allocs, block.match_buffers, block.annotations)
    return s_tir.SBlockRealize(realize.iter_values, realize.predicate, new)


def _shared(buf) -> bool:
    return buf.scope() in ("shared", "shared.dyn")


def _versioned(stmt, versions: dict, slot: tirx.PrimExpr):
    """``stmt`` with every access of a buffer in ``versions`` (old → new, one more leading
    dimension) at version ``slot``: loads, stores and block regions."""

    def replaced(buf):
        return next((new for old, new in versions.items() if old.same_as(buf)), None)

    def on_load(load, mutator):
        load = mutator.default_mutate(load)
        new = replaced(load.source)
        return load if new is None else tirx.BufferLoad(new, [slot, *load.indices])

    def on_store(store, mutator):
        store = mutator.default_mutate(store)
        new = replaced(store.buffer)
        return store if new is None else tirx.BufferStore(new, store.value, [slot, *store.indices])

    def on_block(block, mutator):
        block = mutator.default_mutate(block)

        def regions(rs):
            out = []
            for r in rs:
                new = replaced(r.source)
                out.append(r if new is None else tirx.BufferRegion(new, [tvm.ir.Range.from_min_extent(slot, 1),
                                                                          *r.region]))
            return out

        return s_tir.SBlock(block.iter_vars, regions(block.reads), regions(block.writes), block.name_hint,
                            block.body, block.init, block.alloc_buffers, block.match_buffers, block.annotations)

    return mutate(stmt, (tirx.BufferStore, on_store), (TensorLoad, on_load), (s_tir.SBlock, on_block))


def _settled(stmt: tirx.Stmt, analyzer: arith.Analyzer) -> tirx.Stmt:
    """``stmt`` without the conditions ``analyzer`` decides (in a peeled or steady iteration of
    the consumers' loop, ``if j > 0`` on the loop variable)."""

    def decided(cond) -> bool | None:
        simple = analyzer.simplify(cond)
        if isinstance(simple, tirx.IntImm):
            return bool(int(simple))
        # (symbolic bounds: ``j < 16 - 2 x`` proves ``2 x + j < 16``, which simplify does not;
        # not over a bitwise operation, where the bound's search costs much and finds nothing)
        if holds(simple, tirx.BitwiseAnd, tirx.BitwiseOr, tirx.BitwiseXor):
            return None
        for value, claim in ((True, simple), (False, tirx.Not(simple))):
            if analyzer.can_prove(claim, arith.ProofStrength.SYMBOLIC_BOUND):
                return value
        return None

    def on_if(node, mutator):
        node = mutator.default_mutate(node)
        value = decided(node.condition)
        if value is None:
            return node
        return node.then_case if value else (node.else_case or tirx.Evaluate(0))

    return mutate(stmt, (tirx.IfThenElse, on_if))


def _accesses(stmt, buffers) -> bool:
    """Whether ``stmt`` loads or stores one of ``buffers``."""
    found = []

    def check(buf):
        found.append(any(buf.same_as(b) for b in buffers))

    walk(stmt, TensorLoad, lambda load: check(load.source))
    walk(stmt, tirx.BufferStore, lambda store: check(store.buffer))
    return any(found)


def _one_value_by_cases(expr: tirx.PrimExpr, analyzer: arith.Analyzer) -> tirx.IntImm | None:
    """The one value of ``expr`` where its variables reach it only through remainders ``x % c``
    by constants (a causal pair's query tile ``u % (nq / 2)``) or have a few values (by the
    ranges ``analyzer`` knows), and it is the same in every case, tried one by one (at most
    :data:`_CASES`); else ``None``. The analyzer does not simplify such sums of rounded-up
    quotients to a constant: ``ceil(128 (4 - a) / 80) + ceil(128 (a + 1) / 80)`` is 9 for ``a``
    0 and 1."""
    cases = []  # (the remainder or variable, the variable taking its values, how many)

    def collect(mod):
        if isinstance(mod.b, tirx.IntImm) and not any(tvm_ffi.structural_equal(mod, e) for e, _, _ in cases):
            cases.append((mod, tirx.Var(f"remainder{len(cases)}", mod.ty), int(mod.b)))

    walk(expr, tirx.FloorMod, collect)

    def on_mod(mod, mutator):
        for e, var, _ in cases:
            if tvm_ffi.structural_equal(mod, e):
                return var
        return mutator.default_mutate(mod)

    by_case = mutate(expr, (tirx.FloorMod, on_mod))
    for var in free_vars(by_case):
        if any(var.same_as(v) for _, v, _ in cases):
            continue
        bound = analyzer.const_int_bound(var)
        if bound.min_value != 0 or bound.max_value >= _CASES:
            return None
        cases.append((var, var, bound.max_value + 1))
    if not cases or math.prod(n for _, _, n in cases) > _CASES:
        return None
    values = set()
    for case in assignments([(var, range(n)) for _, var, n in cases]):
        value = analyzer.simplify(substitute(by_case, case))
        if not isinstance(value, tirx.IntImm):
            return None
        values.add(int(value))
    return tirx.const(values.pop(), expr.ty) if len(values) == 1 else None


class _RoleSplit:
    """The split of one kernel around its warp-specialized loop ``loop``."""

    def __init__(self, func_name: str, loop: tirx.For, maps: TensorMaps):
        self.func_name, self.loop, self.maps = func_name, loop, maps
        self.analyzer = arith.Analyzer()

    def fail(self, what: str):
        raise TMAError("pipeline_model", f"{self.func_name}: warp-specialized loop {self.loop.loop_var.name}: {what}")

    def lower(self, root: tirx.Stmt) -> tirx.Stmt:
        path = _path(root, self.loop)
        inner = max((i for i, s in enumerate(path) if _is_thread_loop(s)), default=None)
        if inner is None:
            self.fail("expected it inside threadIdx loops")
        kernel = path[inner + 1:]  # from the statement under the thread loops down to the loop
        axes, threads = self.roles([s for s in path[:inner + 1] if _is_thread_loop(s)])
        self.outer = [s for s in kernel[:-1] if isinstance(s, tirx.For)]
        for loop in path[:inner + 1]:  # the thread loops (conditions on blockIdx decided in iterations)
            if isinstance(loop, tirx.For):
                bind_loop(self.analyzer, loop)
        for loop in self.outer:
            if loop.kind != tirx.ForKind.SERIAL:
                self.fail(f"expected serial loops around it, got a {tirx.ForKind(loop.kind).name.lower()} "
                          f"loop {loop.loop_var.name}")
            bind_loop(self.analyzer, loop)
        bind_loop(self.analyzer, self.loop)
        self.threads = axes
        producer, head, tail = self.split(kernel)
        return self.kernel(path[:inner + 1], producer, head, tail, threads)

    # -- threads ---------------------------------------------------------------------------
    def roles(self, loops: list[tirx.For]) -> tuple[list[ThreadAxis], dict]:
        """The consumers' thread axes and the role layout: the ``threadIdx.y`` slice of the
        producer, the consumer and producer thread counts."""
        tags = {loop.thread_binding.thread_tag: loop for loop in loops}
        if "threadIdx.z" in tags:
            self.fail("expected no threadIdx.z (the producer is a slice of threadIdx.y)")
        extents = {tag: int(loop.extent) for tag, loop in tags.items()}
        x, y = extents.get("threadIdx.x", 1), extents.get("threadIdx.y", 1)
        consumers = x * y
        warp = 32
        if consumers % warp:
            raise TMAError("warp_role_threads", f"{self.func_name}: {consumers} consumer threads: expected a "
                           f"multiple of {warp} (whole warps: a named barrier counts warps; bind more threads)")
        axes = [ThreadAxis(tags[t].loop_var, extents[t]) for t in ("threadIdx.x", "threadIdx.y") if t in tags]
        return axes, {"slice": y, "consumers": consumers, "producers": x, "loops": tags}

    # -- the two programs ------------------------------------------------------------------
    def split(self, kernel: list) -> tuple[tirx.Stmt, list, list]:
        """The producer's program for ``kernel`` (the path from under the thread loops to the
        loop), and the consumers', cut after the statement that holds the loop: the head runs
        beside the producer, the tail after it returned (where the loop's shared memory is free)."""
        loop = self.loop
        body = loop.body
        realize = body if isinstance(body, s_tir.SBlockRealize) else None
        stmts = realize.block.body if realize is not None else body
        stmts = list(stmts.seq) if isinstance(stmts, tirx.SeqStmt) else [stmts]
        stages = [int(s) for s in loop.annotations.get(STAGES, [])]
        if len(stages) != len(stmts):
            self.fail(f"expected a stage per statement of its body, got {len(stages)} stages for {len(stmts)}")
        consumer_stages = sorted({s for s in stages if s})
        if not consumer_stages or stages.count(0) == 0:
            self.fail(f"expected copies at stage 0 and consumers at later stages, got stages {stages}")
        self.versions_count = max(stages) + 1
        copies = [s for s, st in zip(stmts, stages) if st == 0]
        order = [int(o) for o in loop.annotations.get(ORDER, range(len(stmts)))]
        # (statement, lag): a consumer at stage s runs in iteration k on the tiles of iteration
        # k - lag, lag = s - the first consumer stage; in the order of the loop's annotation.
        consumers = sorted(((s, st - consumer_stages[0], o) for s, st, o in zip(stmts, stages, order) if st),
                           key=lambda item: item[2])
        consumers = [(s, lag) for s, lag, _ in consumers]
        stores = [w for c in copies for w in shared_writes(c)]
        written = {w.buffer for w in stores}
        local = list(realize.block.alloc_buffers) if realize is not None else []
        # The copies' buffers allocated in the loop body get a version per stage, and so do
        # those allocated in a block around it (what follows the loop reads them too) whose
        # copies fill the same tile every iteration (not a tile per iteration, as a row staged
        # whole in chunks is).
        refilled = [w.buffer for w in stores if not uses_var(list(w.indices), [loop.loop_var])]
        around = [b for s in kernel[:-1] if isinstance(s, s_tir.SBlockRealize) for b in s.block.alloc_buffers
                  if any(b.same_as(r) for r in refilled)]
        versioned = {b: tirx.decl_buffer((self.versions_count, *b.shape), b.dtype, b.name, scope=b.scope(),
                                         data_alignment=b.data_alignment)
                     for b in local + around if any(b.same_as(w) for w in written)}
        unversioned = [w for w in written if not any(w.same_as(b) for b in versioned)]
        trips = math.prod([loop.extent for loop in self.outer]) if self.outer else 1
        if unversioned and not self.analyzer.can_prove(tirx.const(1, "int64") >= trips):
            self.fail(f"copies into {sorted(b.name for b in unversioned)}, allocated outside the loop, under a "
                      "serial loop that runs it again: expected the buffers allocated in the loop body (one "
                      "version per stage)")
        self.versioned = versioned
        self.stage = self.stage_index()
        self.after_loop = (versioned, self.slot(loop.min + loop.extent - 1))
        copies = [_versioned(c, versioned, self.slot(loop.loop_var)) for c in copies]
        self.wgmma = contains_mma([c for c, _ in consumers])
        in_flight = int(loop.annotations.get(WGMMA_IN_FLIGHT, 1)) if self.wgmma else 0
        self.manual = in_flight == MANUAL
        self.in_flight = 0 if self.manual else in_flight
        self.full = mbarrier_buffer("tma_full", self.versions_count)
        self.empty = mbarrier_buffer("tma_empty", self.versions_count)
        produce = self.producer_stage(copies)
        keep = [b for b in local if not any(b.same_as(v) for v in versioned)]
        if realize is not None:
            produce = _block(realize, produce, [])
        ours = (PRODUCER, STAGES, WGMMA_IN_FLIGHT, PEEL, RING_BASE)
        bare = {k: v for k, v in loop.annotations.items() if k not in ours and not k.startswith("software_pipeline")}
        produce = tirx.For(loop.loop_var, loop.min, loop.extent, tirx.ForKind.SERIAL, produce, None, bare)
        consume = self.consumer_program(consumers, bare)
        if realize is not None:
            consume = _block(realize, consume, keep)
        self.allocs = list(versioned.values())
        producer = renamed(seq(self.project(kernel[:-1], produce, keep_rest=False)))
        consumer = self.project(kernel[:-1], consume, keep_rest=True)
        split = next(i for i, item in enumerate(consumer) if _path(item, consume) is not None)
        return producer, consumer[:split + 1], consumer[split + 1:]

    def slot(self, value: tirx.PrimExpr) -> tirx.PrimExpr:
        """The buffer version and barrier slot of the loop's iteration ``value``."""
        stage = substitute(self.stage, {self.loop.loop_var: value})
        return self.analyzer.simplify(tirx.floormod(stage, self.versions_count))

    def stage_index(self) -> tirx.PrimExpr:
        """``G``: the stage of the loop's current iteration, counted across the loops around it
        (the trip counts of the loop's earlier executions, plus its own iteration). A trip count
        that varies with the innermost loop around it must add up over that loop's iterations
        to one that the other loops do not change (a persistent grid's pairs of causal query
        tiles, whose walks add up to the same count), or the loop declare the count of its
        earlier executions' iterations (:data:`RING_BASE`)."""
        loop, outer_vars = self.loop, [o.loop_var for o in self.outer]
        own = loop.loop_var - loop.min
        if RING_BASE in loop.annotations:
            return self.analyzer.simplify(loop.annotations[RING_BASE] + own)
        varying = uses_var(loop.extent, outer_vars)
        outer = self.outer[:-1] if varying else self.outer
        stage = tirx.const(0, loop.loop_var.ty)
        for o in outer:
            stage = stage * o.extent + (o.loop_var - o.min)
        if not varying:
            return self.analyzer.simplify(stage * loop.extent + own)
        inner = self.outer[-1]
        if not (isinstance(inner.extent, tirx.IntImm) and int(inner.extent) <= _VARYING_PERIOD):
            self.fail(f"its trip count {loop.extent} varies with the loops around it: expected it to vary with the "
                      f"innermost one only, of at most {_VARYING_PERIOD} iterations, got {inner.loop_var.name} of "
                      f"{inner.extent}")
        trips = [substitute(loop.extent, {inner.loop_var: inner.min + r}) for r in range(int(inner.extent))]
        period = self.analyzer.simplify(sum(trips[1:], trips[0]))
        if not isinstance(period, tirx.IntImm):
            period = _one_value_by_cases(period, self.analyzer) or period
        if uses_var(period, outer_vars):
            self.fail(f"its trip count {loop.extent} varies with the loops around it: expected its sum over "
                      f"{inner.loop_var.name} to be the same in every iteration of the others, got {period}")
        before = sum((tirx.Select(inner.loop_var - inner.min > r, trips[r], tirx.const(0, loop.loop_var.ty))
                      for r in range(len(trips) - 1)), tirx.const(0, loop.loop_var.ty))
        return self.analyzer.simplify(stage * period + before + own)

    def project(self, path: list, leaf: tirx.Stmt, keep_rest: bool) -> list[tirx.Stmt]:
        """The statements of ``path`` around ``leaf`` in place of the loop, as a sequence: the
        consumers keep everything else (``keep_rest``), the producer only the loops, blocks and
        conditions that lead to it and the variables bound before it. Blocks on the path that
        only allocate are dissolved (their statements join the sequence around them) and their
        buffers, like the shared buffers of the other blocks on the path, go to :attr:`allocs`
        (allocated once, above both roles; statements after the loop's can then reuse the memory
        of its buffers)."""
        result = [leaf]
        for stmt, below in zip(reversed(path), reversed(path[1:] + [self.loop])):
            if isinstance(stmt, tirx.SeqStmt):
                at = next(i for i, s in enumerate(stmt.seq) if s.same_as(below))
                if keep_rest:  # what follows the loop reads the version of its last stage
                    if any(_accesses(s, self.versioned) for s in stmt.seq[:at]):
                        self.fail("expected the buffers its copies fill accessed only in and after the loop")
                    result = list(stmt.seq[:at]) + result + [_versioned(s, *self.after_loop) for s in stmt.seq[at + 1:]]
                else:  # (the variables bound before it, which its bounds and stages may name)
                    result = [s for s in stmt.seq[:at] if isinstance(s, tirx.Bind)] + result
            elif isinstance(stmt, tirx.IfThenElse):
                then = stmt.then_case.same_as(below)
                other = (stmt.else_case if then else stmt.then_case) if keep_rest else None
                cases = (seq(result), other) if then else (other or tirx.Evaluate(0), seq(result))
                result = [tirx.IfThenElse(stmt.condition, *cases)]
            elif isinstance(stmt, s_tir.SBlockRealize):
                block = stmt.block
                dissolve = (not block.iter_vars and isinstance(stmt.predicate, tirx.IntImm) and int(stmt.predicate)
                            and block.init is None and not block.match_buffers)
                for buf in block.alloc_buffers:
                    buf = next((new for old, new in self.versioned.items() if old.same_as(buf)), buf)
                    if (dissolve or _shared(buf)) and not any(buf.same_as(b) for b in self.allocs):
                        self.allocs.append(buf)
                if not dissolve:
                    kept = [b for b in block.alloc_buffers if not _shared(b)] if keep_rest else []
                    result = [_block(stmt, seq(result), kept)]
            elif isinstance(stmt, (tirx.For, tirx.AttrStmt, tirx.LetStmt)):
                result = [_with_body(stmt, seq(result))]
            else:
                self.fail(f"expected loops, blocks, conditions and sequences around it, got {type(stmt).__name__}")
        return result

    def producer_stage(self, copies: list) -> tirx.Stmt:
        """One stage of the elected producer thread: the empty-slot wait, ``expect_tx``, copies."""
        v = self.versions_count
        slot = self.analyzer.simplify(tirx.floormod(self.stage, v))
        full = T.address_of(tirx.BufferLoad(self.full, [slot]))
        empty = T.address_of(tirx.BufferLoad(self.empty, [slot]))
        plans = [plan_copy(c, self.threads, self.analyzer, maps=self.maps) for c in copies]
        for plan in plans:
            if not isinstance(plan, (BulkPlan, TensorPlan)):
                self.fail(f"copy into {plan.dst.name if plan.dst is not None else '?'} is no bulk or tensor "
                          f"copy ({plan.rule}: {plan.reason}): expected copies one thread can issue")
            report_plan(self.func_name, plan, self.stage)
        stmts = []
        reused = self.analyzer.simplify(self.stage >= v)
        if not (isinstance(reused, tirx.IntImm) and not int(reused)):
            parity = self.analyzer.simplify(tirx.floormod(tirx.floordiv(self.stage, v) + 1, 2))
            wait = wait_parity(empty, parity)
            stmts.append(wait if isinstance(reused, tirx.IntImm) else tirx.IfThenElse(reused, wait, None))
        nbytes = sum(p.total_bytes for p in plans)
        if nbytes > rules.limit("mbarrier_tx_count"):
            raise TMAError("mbarrier_tx_count", f"{self.func_name}: a stage of {nbytes} bytes: expected at most "
                           f"{rules.limit('mbarrier_tx_count')} (fewer or smaller copies per stage)")
        stmts.append(tirx.Evaluate(ptx.op("mbarrier.arrive.expect_tx.shared.b64")(full, T.uint32(nbytes))))
        stmts += [emit_copy(p, self.maps, full, []) for p in plans]
        return seq(stmts)

    def consumer_program(self, consumers: list[tuple[tirx.Stmt, int]], annotations: dict) -> tirx.Stmt:
        """The consumers' loop: iteration ``k`` waits for the tiles of iteration ``k`` (the full
        barrier), runs each consumer statement on the tiles of iteration ``k - lag``, and
        releases the slot that no statement reads any more (the empty barrier). With lags up
        to ``L`` the loop runs ``L`` iterations more, split so that the steady loop has no
        conditions: the first ``L`` iterations (prologue) and the last ``L`` (epilogue) run
        only the statements whose iteration exists; :data:`PEEL` adds iterations to both
        (an epilogue iteration the prologue ran is skipped). With wgmma, each iteration is ``fence;
        <statements>; commit; wait N`` and the release of iteration ``k - L - N`` follows; after
        the loop, ``wait 0`` and the last ``N`` releases."""
        loop, n = self.loop, self.loop.extent
        lag = max(g for _, g in consumers)
        held = lag + self.in_flight  # iteration k releases the tiles of iteration k - held
        front, back = (int(x) for x in loop.annotations.get(PEEL, (0, 0)))
        first = loop.min + lag + front  # the steady loop's first iteration

        def at(k: tirx.PrimExpr, condition) -> tirx.Stmt | None:
            """``k`` (an iteration) for the statement, or None where it does not exist."""
            cond = self.analyzer.simplify(condition)
            if isinstance(cond, tirx.IntImm):
                return tirx.const(True) if int(cond) else None
            return cond

        def guarded(stmt, cond):
            if cond is None:
                return []
            return [stmt if isinstance(cond, tirx.IntImm) else tirx.IfThenElse(cond, stmt, None)]

        def iteration(k: tirx.PrimExpr, steady: bool, after_prologue: bool = False) -> list[tirx.Stmt]:
            def ran(i):  # iteration i exists and (an epilogue's) the prologue did not run k
                return tirx.all(i >= loop.min, i < loop.min + n, *([k >= first] if after_prologue else []))

            def exists(i):
                return tirx.const(True) if steady else at(i, ran(i))

            body = guarded(self.wait_full(k), exists(k))
            work, conds = [], []
            for stmt, g in consumers:
                i = k - g
                stmt = _settled(_versioned(substitute(stmt, {loop.loop_var: i}), self.versioned, self.slot(i)),
                                self.analyzer)
                cond = exists(i)
                if cond is not None:
                    work.append(stmt if steady else renamed(stmt))
                    conds.append(cond)
            if not steady and self.manual and self.wgmma and work:
                # the consumers' groups retire before the iteration's condition ends (a group in
                # flight across a branch makes ptxas serialize every wgmma of the kernel)
                work.append(wait_group(0))
                conds.append(conds[-1])
            if all(tvm_ffi.structural_equal(c, conds[0]) for c in conds[1:]) and conds:
                work = guarded(seq(work), conds[0])  # one condition around the iteration
            else:
                work = [x for w, c in zip(work, conds) for x in guarded(w, c)]
            if self.wgmma and not self.manual:
                work = [tirx.Evaluate(ptx.op("wgmma.fence.sync.aligned")())] + work
                work += [tirx.Evaluate(ptx.op("wgmma.commit_group.sync.aligned")()), wait_group(self.in_flight)]
            done = k - held
            body += work + guarded(self.release(done), at(done, ran(done)))
            return body

        stmts = []
        for p in range(lag + front):  # prologue
            stmts += iteration(loop.min + p, steady=False)
        extent = self.analyzer.simplify(n - lag - front - back)
        if not self.analyzer.can_prove(extent >= 0):
            extent = tirx.max(extent, 0)
        with self.analyzer.constraint_scope(tirx.all(loop.loop_var >= first,  # the steady loop's range
                                                     loop.loop_var < loop.min + n - back)):
            steady = seq(iteration(loop.loop_var, steady=True))
        stmts.append(tirx.For(loop.loop_var, first, extent, tirx.ForKind.SERIAL, steady, None, annotations))
        for e in range(lag + back):  # epilogue
            stmts += iteration(loop.min + n - back + e, steady=False, after_prologue=front + back > 0)
        if self.in_flight:
            stmts.append(wait_group(0))
            for behind in range(self.in_flight, 0, -1):  # the last iterations, oldest first
                i = loop.min + n - behind
                stmts += guarded(self.release(i), at(i, i >= loop.min))
        return seq(stmts)

    def wait_full(self, k: tirx.PrimExpr) -> tirx.Stmt:
        """Wait until the tiles of iteration ``k`` arrived (its full barrier's phase)."""
        slot = self.slot(k)
        stage = substitute(self.stage, {self.loop.loop_var: k})
        parity = self.analyzer.simplify(tirx.floormod(tirx.floordiv(stage, self.versions_count), 2))
        return wait_parity(T.address_of(tirx.BufferLoad(self.full, [slot])), parity)

    def release(self, k: tirx.PrimExpr) -> tirx.Stmt:
        """The consumers are done with the slot of iteration ``k``: every consumer thread
        arrives on its empty barrier (each thread's arrival orders its own reads and its wait
        on the full barrier before the producer's next copy into the slot)."""
        slot = self.slot(k)
        return tirx.Evaluate(ptx.op("mbarrier.arrive.shared.b64")(T.address_of(tirx.BufferLoad(self.empty, [slot]))))

    # -- the kernel ------------------------------------------------------------------------
    def kernel(self, loops: list, producer: tirx.Stmt, head: list, tail: list, threads: dict) -> tirx.Stmt:
        """The function body: the statements ``loops`` from its root down to the innermost
        thread loop (threadIdx.y one slice larger, or added) around the barrier setup, the
        role split and the consumers' tail::

            if tid == 0: <init rings>; fence.proxy.async; prefetch.tensormap
            __syncthreads()
            if threadIdx.y == P: <producer>; return        # (return only before a tail)
            else: <consumers' head>
            if threadIdx.y < P: <consumers' tail>
        """
        y = threads["loops"].get("threadIdx.y")
        ty = y.loop_var if y is not None else tirx.Var("threadIdx_y", "int32")
        cta = [a for a in self.threads if not a.var.same_as(ty)] + [ThreadAxis(ty, threads["slice"] + 1)]
        before, _ = barrier_setup([(self.full, 1), (self.empty, threads["consumers"])], cta, self.maps.take_used())
        x = threads["loops"].get("threadIdx.x")
        produce = [tirx.IfThenElse(x.loop_var == 0, producer, None) if x is not None else producer]
        consume = list(head)
        registers = self.registers(threads)
        if registers is not None:
            produce.insert(0, tirx.Evaluate(ptx.op("setmaxnreg.dec.sync.aligned.u32")(registers[0])))
            consume.insert(0, tirx.Evaluate(ptx.op("setmaxnreg.inc.sync.aligned.u32")(registers[1])))
        if tail:
            produce.append(tirx.Return(0))

        def role(name: str, body: list) -> tirx.Stmt:
            return tirx.AttrStmt(tvm.ir.StringImm(name), ROLE, tirx.const(threads[f"{name}s"], "int32"), seq(body))

        def invariant(cond):
            return tirx.call_intrin("bool", "tirx.tvm_thread_invariant", cond)

        body = [tirx.IfThenElse(invariant(ty == threads["slice"]), role("producer", produce),
                                role("consumer", consume))]
        if tail:  # after every consumer's last wgmma retired: the loop's buffers may be reused
            tail = [tirx.Evaluate(T.tvm_storage_sync("shared"))] + tail
            body.append(tirx.IfThenElse(invariant(ty < threads["slice"]), role("consumer", tail), None))
        body = seq(body)
        if registers is not None:
            body = tirx.AttrStmt(tirx.const(0, "int32"), LAUNCH_MIN_BLOCKS, tirx.const(1, "int32"), body)
        root = s_tir.SBlockRealize([], tirx.const(True), s_tir.SBlock([], [], [], "", seq(before + [body]), None,
                                                                       self.allocs + [self.full, self.empty]))
        result = self.thread_loop(ty, 2, root) if y is None else root  # a new slice: innermost
        for stmt, below in zip(reversed(loops), reversed(loops[1:] + [None])):
            if stmt is y:
                result = self.thread_loop(stmt.loop_var, threads["slice"] + 1, result)
            elif isinstance(stmt, tirx.SeqStmt):
                result = tirx.SeqStmt([result if s.same_as(below) else s for s in stmt.seq])
            elif isinstance(stmt, tirx.IfThenElse):
                then = stmt.then_case.same_as(below)
                result = tirx.IfThenElse(stmt.condition, result if then else stmt.then_case,
                                         stmt.else_case if then else result)
            else:
                result = _with_body(stmt, result)
        return result

    @staticmethod
    def thread_loop(var: tirx.Var, extent: int, body) -> tirx.For:
        zero, size = tirx.const(0, str(var.ty)), tirx.const(extent, str(var.ty))
        binding = tirx.IterVar(tvm.ir.Range.from_min_extent(zero, size), var, 1, "threadIdx.y")
        return tirx.For(var, zero, size, tirx.ForKind.THREAD_BINDING, body, binding)

    def registers(self, threads: dict) -> tuple[int, int] | None:
        """``setmaxnreg`` counts (producer, consumers) where the consumers issue wgmma and both
        roles are whole warpgroups: the producer down to 40, the consumers up to what the
        register file leaves them (a multiple of 8, at most 256)."""
        group = rules.limit("wgmma_warpgroup")
        if not self.wgmma or threads["producers"] != group or threads["consumers"] % group:
            return None
        left = rules.limit("register_file") - PRODUCER_REGISTERS * group
        return PRODUCER_REGISTERS, min(256, left // threads["consumers"] // 8 * 8)


def WarpSpecialize() -> tvm.transform.Pass:  # noqa: N802
    """Create the pass (see the module docstring)."""

    def transform(func: tirx.PrimFunc, mod: tvm.ir.IRModule, _ctx) -> tirx.PrimFunc:
        loops = _annotated(func.body)
        if not loops:
            return func
        name = function_name(func)
        check_arch(func, f"warp-specialized pipeline in {name}")
        kernels = [_kernel_of(func.body, loop) for loop in loops]
        if len({k.__chandle__() for k in kernels}) < len(loops):
            raise TMAError("pipeline_model", f"{name}: {len(loops)} warp-specialized loops: expected at most one "
                           "per kernel")
        maps = TensorMaps(func)
        body = func.body
        for loop in loops:  # (kernels apart: lowering one leaves the others' loops as they are)
            body = _RoleSplit(name, loop, maps).lower(body)
        return maps.apply(func, body)

    return tirx.transform.prim_func_pass(transform, opt_level=0, name="tvm_tma.WarpSpecialize")
