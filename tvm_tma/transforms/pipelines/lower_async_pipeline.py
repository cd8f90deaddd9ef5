"""LowerAsyncPipelineToMBarrier: async pipeline stages → mbarrier rings with cp.async.bulk.

Accepts the output of TVM's ``InjectSoftwarePipeline`` (s_tir, opaque blocks, buffers not yet
flattened) for loops annotated with ``software_pipeline_async_stages``. There, every async
stage is an ``async_commit_queue_scope`` holding ``async_scope`` copies into a ring of
``V`` shared buffer versions (written at version ``G % V`` for the stage's iteration ``G``),
and every consumer is an ``async_wait_queue_scope`` / ``async_wait_inflight_count = N``
pair, which upstream lowers to ``cp.async.commit_group`` / ``wait_group N``.

Emits, per pipeline and queue, a ring ``bar[V]`` of mbarriers (TVM issue 15956, P1–P5)::

    if tid == 0: for v in range(V): mbarrier.init.shared.b64 [bar+8v], count
                 fence.proxy.async.shared::cta          # init visible to the async proxy
    __syncthreads()
    ...
    # producer of iteration G (prologue and body alike):
    __syncthreads()                                     # every thread is done with G - V
    if tid == 0: mbarrier.arrive.expect_tx.shared.b64 _, [bar + 8*(G % V)], <bulk bytes of stage>
    cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes ...  # run r by thread r % T
    # or, for a strided or edge tile (tensor map encoded on the host, see ..copies.tensor_map):
    if tid == 0: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
                     [S + box], [A_tmap, {c0, r0}], [bar + 8*(G % V)]
    cp.async.ca/cg ... ; cp.async.mbarrier.arrive.noinc.shared.b64 [bar + 8*(G % V)]  # fallback
    ...
    # bulk stores (tvm_tma.schedule.bulk_store) of tiles computed into shared memory: one bulk
    # group each, 1-D runs or, strided or at the edge, one cp.async.bulk.tensor per box
    # (see ..copies.bulk_store), waited for (wait_group.read N) before their tile is written again
    ...
    # consumer of ``wait_group N`` after stage ``last`` was committed: every stage W in
    # (waited, last - N] that is not yet waited for (usually exactly one):
    mbarrier.try_wait.parity [bar + 8*(W % V)], (W / V) & 1          (loop)

``last`` and ``waited`` are tracked in program order through the prologue, the steady-state
loop (iteration k starts where k - 1 ended: a dry run of the body gives that state in closed
form) and the epilogue, so the parity of every wait follows from the iteration and ``V``.
Predicated-off stages still complete their phase (``expect_tx`` of 0 bytes), as empty groups
would; that arrival completes the phase at once, so it comes after the ``__syncthreads``, when
no thread still polls the slot's phase before (else one could find its parity again). Where
InjectSoftwarePipeline made no ring (each stage writes its own region), stages are counted
instead, and ``V`` is the number of stages in flight. Every thread waits, so no
``__syncthreads`` is needed between a copy and its readers; the one before each producer
protects the version being overwritten. ``count`` is 1 (the ``expect_tx`` arrival) plus the CTA
size when a stage has ``cp.async`` fallbacks (one ``.noinc`` arrival per thread).

A pipeline is what InjectSoftwarePipeline makes of one loop: a block holding the sequence
prologue, body, epilogue. Each gets its own rings (``tma_bar_q<q>``; ``tma_bar_p<k>_q<q>``
for the function's ``k``-th further pipeline), initialized before its prologue and
invalidated after its epilogue, behind a ``__syncthreads`` that follows every wait on them::

    __syncthreads()
    if tid == 0: for v in range(V): mbarrier.inval.shared.b64 [bar+8v]

So two pipelined loops in a row never share a barrier (StorageRewrite may later give the
second ring the first one's memory: it is re-initialized only after that inval), and a
pipeline inside a serial loop (a persistent loop over tiles) re-initializes its rings every
iteration, its parities starting from 0 again. Trip counts may be symbolic: the waits of a
dynamic epilogue become a loop over the stages not yet waited for. A pipelined loop in a
pipelined loop is one pipeline once InjectSoftwarePipeline flattened the inner one's stages
into the outer one's (the ``ldmatrix`` pipeline inside the async k loop of a tensor-core GEMM);
an async stage that holds another pipeline's async stage (nested async scopes) is refused
(rule ``pipeline_nesting``), as stock TVM refuses it.

A consumer stage that issues ``wgmma.mma_async`` (tensorized with :mod:`tvm_tma.tensor_intrin`)
reads its buffer version asynchronously, until a ``wgmma.wait_group`` retires its group; the
``__syncthreads`` before a producer knows nothing of that. Such a stage waits for the stage
whose version its descriptors point into (at least), and becomes, with ``N`` the pipelined
loop's ``tvm_tma.wgmma_in_flight`` annotation (default 1, set by
:func:`tvm_tma.schedule.tma_pipeline`)::

    mbarrier.try_wait.parity ...                 # the stage's copies landed
    wgmma.fence; <its wgmma.mma_async>; wgmma.commit_group
    wgmma.wait_group N                           # N groups left in flight

A producer overwriting version ``G % V`` first waits for the group of consumer ``G - V``, the
last to read it, when the consumers may have left it in flight (``wgmma.wait_group P``, ``P``
the groups committed since, ahead of its ``__syncthreads``: consumers ordered first and
``N <= 1`` need none); after the last stage, ``wgmma.wait_group 0`` and a ``__syncthreads``
come before anything else (the accumulators are read, the buffers' memory may be reused).
Queues of wgmma stages keep the ``__syncthreads`` guard under ``overwrite_guard=
"empty_barriers"``. :func:`..verifiers.verify_wgmma.VerifyWgmma` checks the result.

A pipeline in a launch of fewer than ``min_ctas`` CTAs (the ``blockIdx`` extents around it,
when constant) is left to stock TVM's cp.async groups where they can express it (rule
``small_launch_cost``: there the bulk copies' latency is not hidden by other CTAs), a stage
committed in several places then committed per place in the prologue too, as TVM 0.27's counts
assume (:func:`_commits_per_site`). Every pipeline left to stock's groups gets two more
repairs of its waits: a consumer ordered before a stage of several copies into shared memory
waits for every group (:func:`_wait_all_where_consumers_first`), and a wait in a predicated
consumer block runs whether or not the block does where a later statement needs it
(:func:`_waits_outside_predicates`).

Raises :class:`tvm_tma.TMAError` for a target below sm_90 (rule ``min_arch``) and for
async stages that are not copies. Every copy is reported (:func:`tvm_tma.copy_report`).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import tvm
import tvm_ffi
from tvm import s_tir, tirx
from tvm import sym as arith
from tvm.ir.expr import TensorLoad as BufferLoad
from tvm.script import tirx as T

from ... import report, rules
from ...errors import TMAError
from .. import ptx
from .._ir import attrs_with_key, cast_to, function_name, mutate, replace_node, select, seq, substitute, walk
from ..copies.bulk_store import (StoreGroups, emit_store_group, groups_in, has_marked, marked_root,
                                 shared_writes, store_sources, unmarked, version, wait_all, wait_read)
from ..copies.copy_plan import (ThreadAxis, arrival_count, barrier_setup, emit_stage, flat_thread_index,
                                is_shared, issuing_threads, mbarrier_buffer, peel_copy, plan_copy, report_plan,
                                stock_record, uses_bulk, uses_cp_async, wait_parity, writes_synchronously)
from ..copies.tensor_map import TensorMaps
from ..tensor_cores.wgmma import contains_mma, wait_group

COMMIT = "async_commit_queue_scope"
WAIT = "async_wait_queue_scope"
INFLIGHT = "async_wait_inflight_count"
ASYNC = "async_scope"
STAGES = "software_pipeline_stage"
ASYNC_STAGES = "software_pipeline_async_stages"
OVERWRITE_GUARDS = ("cta_barrier", "empty_barriers")
MIXED_STAGES = ("stock", "mbarrier")
REFUSED = ("min_arch", "pipeline_nesting")
"""Rules whose failure is the user's to fix (a target below sm_90, an async pipeline in an
async pipeline, which stock TVM refuses too): raised. Any other keeps stock TVM's lowering."""
WGMMA_IN_FLIGHT = "tvm_tma.wgmma_in_flight"


def target_arch(func: tirx.PrimFunc) -> int | None:
    """The sm version of the function's CUDA target (``sm_90a`` → 90), ``None`` if not CUDA."""
    target = func.attrs.get("target") if func.attrs is not None else None
    if target is None or target.kind.name != "cuda":
        return None
    arch = str(target.attrs.get("arch", "sm_50"))
    return int("".join(ch for ch in arch.split("_")[-1] if ch.isdigit()))


def check_arch(func: tirx.PrimFunc, what: str) -> None:
    """Raise ``min_arch`` unless ``func`` targets sm_90 or newer."""
    arch = target_arch(func)
    need = rules.limit("min_arch")
    if arch is not None and arch < need:
        raise TMAError("min_arch", f"{what}: expected a target of sm_{need} or newer, got sm_{arch} "
                       "(use tir_pipeline='default' with tirx.use_async_copy for older GPUs)")


def _has_attr(stmt, keys) -> bool:
    return bool(attrs_with_key(stmt, keys))


def _bound_loops(loops: list[tirx.For], prefix: str) -> dict[str, tirx.For]:
    """The thread-bound loops among ``loops`` whose thread tag starts with ``prefix``, by tag."""
    return {loop.thread_binding.thread_tag: loop for loop in loops
            if loop.kind == tirx.ForKind.THREAD_BINDING and loop.thread_binding is not None
            and loop.thread_binding.thread_tag.startswith(prefix)}


def thread_axes(loops: list[tirx.For]) -> list[ThreadAxis]:
    """The ``threadIdx`` loops among ``loops``, threadIdx.x first."""
    axes = _bound_loops(loops, "threadIdx.")
    return [ThreadAxis(axes[t].loop_var, int(axes[t].extent)) for t in ("threadIdx.x", "threadIdx.y", "threadIdx.z")
            if t in axes]


def launch_ctas(loops: list[tirx.For]) -> int | None:
    """The CTAs of the launch around ``loops``: the product of their ``blockIdx`` extents
    (``None`` where one is symbolic)."""
    extents = [loop.extent for loop in _bound_loops(loops, "blockIdx.").values()]
    if not all(isinstance(e, tirx.IntImm) for e in extents):
        return None
    return math.prod(int(e) for e in extents)


def _copies(commit: tirx.AttrStmt) -> list[tirx.Stmt]:
    return [a.body for a in attrs_with_key(commit.body, (ASYNC,))]


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


def _written(copy: tirx.Stmt) -> tirx.Buffer | None:
    peeled = peel_copy(copy)
    return peeled[2].buffer if peeled else None


def _shared_targets(commit: tirx.AttrStmt) -> list[tirx.Buffer]:
    """The shared-memory buffers the copies of ``commit`` write (``cp.async``, which groups wait
    for: a stage of ``ldmatrix`` loads writes registers and runs synchronously)."""
    return [b for b in map(_written, _copies(commit)) if b is not None and is_shared(b)]


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
        written = frozenset(b for b in map(_written, _copies(commit)) if b is not None)
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


@dataclass
class _Queue:
    """The mbarrier ring of one async queue of one pipeline, and where program order is.

    ``last`` is the iteration of the most recent committed stage and ``waited`` that of
    the most recent stage waited for (both symbolic in the enclosing loop variables).
    ``empty``: the ring of "empty" barriers guarding overwrites (``overwrite_guard=
    "empty_barriers"``), ``None`` where ``__syncthreads`` does; ``cta_sync``: some stage of
    the queue needs ``__syncthreads`` (cp.async fallbacks, a wait for bulk stores).
    """

    barrier: tirx.Buffer
    versions: int
    last: tirx.PrimExpr | None = None
    waited: tirx.PrimExpr = field(default_factory=lambda: tirx.const(-1, "int32"))
    bulk: bool = False
    fallback: bool = False
    empty: tirx.Buffer | None = None
    cta_sync: bool = False
    per_thread: bool = False  # some copy is only per-thread cp.async (not a bulk copy's tail)


class _Analyzer:
    """An ``arith.Analyzer`` that remembers what it simplified (:meth:`simplify`, and what
    :meth:`remember` computes) until its facts change (:meth:`bind`, :meth:`constraint_scope`):
    the dry runs of a loop body simplify the same stage counts again and again. Other queries
    go to the analyzer."""

    def __init__(self) -> None:
        self.analyzer = arith.Analyzer()
        self.known: dict = {}

    def remember(self, kind: str, expr: tirx.PrimExpr, compute: Callable) -> tirx.PrimExpr:
        """``compute(expr)``, computed once per structurally equal ``expr`` under the same facts."""
        key = (kind, tvm_ffi.StructuralKey(expr))
        if key not in self.known:
            self.known[key] = compute(expr)
        return self.known[key]

    def simplify(self, expr: tirx.PrimExpr) -> tirx.PrimExpr:
        return self.remember("simplify", expr, self.analyzer.simplify)

    def bind(self, var: tirx.Var, rng: tvm.ir.Range) -> None:
        self.known.clear()
        self.analyzer.bind(var, rng)

    @contextlib.contextmanager
    def constraint_scope(self, constraint: tirx.PrimExpr) -> Iterator[None]:
        self.known.clear()
        try:
            with self.analyzer.constraint_scope(constraint):
                yield
        finally:
            self.known.clear()

    def __getattr__(self, name: str):
        return getattr(self.analyzer, name)


@dataclass
class _Region:
    """One pipeline (InjectSoftwarePipeline's prologue, body and epilogue of one loop) being
    lowered in program order; its barrier rings are named ``<barrier_name>_q<queue>``."""

    func_name: str
    threads: list[ThreadAxis]
    barrier_name: str = "tma_bar"
    analyzer: _Analyzer = field(default_factory=_Analyzer)
    queues: dict[int, _Queue] = field(default_factory=dict)
    dry_run: bool = False
    min_run_bytes: int = rules.limit("bulk_min_run")
    permuted_tiles: bool = False
    in_flight: dict[int, int] = field(default_factory=dict)
    stores: StoreGroups = field(default_factory=StoreGroups)
    # Shared buffers written by ordinary stores or cp.async: a bulk store of them needs a
    # proxy fence; buffers whose pending stores were already waited for; bulk groups per
    # iteration of the innermost loop being lowered; the wait for a producer to put before
    # its __syncthreads.
    generic_writes: set = field(default_factory=set)
    guarded: set = field(default_factory=set)
    step: int = 0
    before_sync: tirx.Stmt | None = None
    # Queues whose barriers count one .noinc arrival per thread (some stage falls back to
    # cp.async): every stage of them arrives so, also a stage whose copies are all bulk.
    noinc: set = field(default_factory=set)
    maps: TensorMaps | None = None
    # Queues whose overwrites are guarded by a ring of "empty" barriers.
    empty_queues: set = field(default_factory=set)
    # Queues whose barriers count an expect_tx arrival (some stage has bulk copies, or none
    # has cp.async): every stage of them arrives so, also a stage without bulk copies of its own.
    expect_queues: set = field(default_factory=set)
    # (rule, reason) of every copy planned other than bulk, in program order.
    not_bulk: list = field(default_factory=list)
    # Per queue its commit sites (:func:`commit_sites`): a ring each, keyed ``(queue, site)``;
    # for queues of several sites, the position ``G * m + site`` of the last commit.
    sites: dict = field(default_factory=dict)
    positions: dict = field(default_factory=dict)
    # Plans by copy statement, shared by the dry runs and the lowering of one pipeline (a
    # statement is the same object in each, under the same loop bounds).
    plans: dict = field(default_factory=dict)
    # Queues whose consumer stages issue wgmma.mma_async (one group per stage), and the groups
    # each stage leaves in flight (wgmma.wait_group N after its commit).
    wgmma_queues: set = field(default_factory=set)
    wgmma_in_flight: int = 1
    wgmma_pending: bool = False  # a wgmma group may be in flight here
    # Lowering a loop, or a pipeline body of one iteration, that waits before a stage of
    # several copy blocks (see at_least_read).
    consumers_first: bool = False

    def slot(self, queue: _Queue, group: tirx.PrimExpr, ring: tirx.Buffer | None = None) -> tirx.PrimExpr:
        index = self.analyzer.simplify(tirx.floormod(group, queue.versions))
        return T.address_of(tirx.BufferLoad(ring if ring is not None else queue.barrier, [index]))

    def queue(self, key: tuple[int, int], versions: int) -> _Queue:
        """The barrier ring of site ``key = (queue, site)``: a slot per buffer version, and at
        least one per stage that can be in flight (the stages committed before the first wait)."""
        q, site = key
        slots = max(versions, self.in_flight.get(q, 1))
        if key not in self.queues:
            name = f"q{q}" if len(self.sites.get(q, ())) <= 1 else f"q{q}_{site}"
            empty = None
            if key in self.empty_queues:
                empty = mbarrier_buffer(f"{self.barrier_name.replace('tma_bar', 'tma_empty')}_{name}", slots)
            self.queues[key] = _Queue(mbarrier_buffer(f"{self.barrier_name}_{name}", slots), slots, empty=empty)
        queue = self.queues[key]
        if queue.versions != slots:
            raise TMAError("pipeline_model", f"async queue {q} uses rings of {queue.versions} and "
                           f"{slots} versions in one pipeline")
        return queue

    def split(self, commit: tirx.AttrStmt) -> list[tuple[tuple[int, int], list[tirx.Stmt]]]:
        """The copies of ``commit`` by site, as ``((queue, site), copies)`` in site order (a
        statement that writes no buffer goes with the first site of the commit)."""
        q = int(commit.value)
        sites = self.sites.get(q) or [frozenset()]
        parts: dict[int, list[tirx.Stmt]] = {}
        loose = []
        for copy in _copies(commit):
            buf = _written(copy)
            site = next((j for j, bufs in enumerate(sites) if buf is not None and buf in bufs), None)
            (loose if site is None else parts.setdefault(site, [])).append(copy)
        if not parts:
            return [((q, 0), loose)]
        first = min(parts)
        parts[first] = loose + parts[first]
        return [((q, j), parts[j]) for j in sorted(parts)]

    def plan(self, copy: tirx.Stmt):
        """:func:`plan_copy` of ``copy``, planned once for the dry runs and the lowering."""
        if copy not in self.plans:
            self.plans[copy] = plan_copy(copy, self.threads, self.analyzer, min_run_bytes=self.min_run_bytes,
                                         maps=self.maps, permuted_tiles=self.permuted_tiles)
        return self.plans[copy]

    # -- producers -------------------------------------------------------------------------
    def lower_commit(self, commit: tirx.AttrStmt, predicate: tirx.PrimExpr) -> tirx.Stmt:
        """A stage of iteration G: for each of its sites, one barrier phase. Predicated off, it
        still completes its phases (``expect_tx`` of 0 bytes), as an empty cp.async group would."""
        stmts, guarded = [], False
        for key, copies in self.split(commit):
            stmts += self.lower_site(key, copies, predicate, guarded)
            guarded = True
        return seq(stmts)

    def survey(self, pipeline: tirx.Stmt) -> None:
        """Record, per site, what the copies of every stage of ``pipeline`` need of its
        barriers (:meth:`note_plans`), without following program order."""
        for commit in attrs_with_key(pipeline, (COMMIT,)):
            for key, copies in self.split(commit):
                self.note_plans(self.queue(key, group_index(copies)[1]), [self.plan(c) for c in copies])

    def note_plans(self, queue: _Queue, plans: list) -> list:
        """Record what ``plans`` (one stage of ``queue``) need of its barriers; return the plans
        that write shared memory with ordinary stores or cp.async."""
        self.not_bulk += [(p.rule, p.reason) for p in plans if not uses_bulk(p)]
        queue.bulk |= any(uses_bulk(p) for p in plans)
        queue.fallback |= any(uses_cp_async(p) for p in plans)
        queue.per_thread |= any(uses_cp_async(p) and not uses_bulk(p) for p in plans)
        generic = [p for p in plans if uses_cp_async(p) or writes_synchronously(p)]
        self.generic_writes |= {p.dst for p in generic}
        queue.cta_sync |= bool(generic)
        return generic

    def lower_site(self, key: tuple[int, int], copies: list[tirx.Stmt], predicate: tirx.PrimExpr,
                   guarded: bool) -> list[tirx.Stmt]:
        """The copies of one site of a stage on their ring's phase; ``guarded``: an earlier
        site of the same commit already synchronized the CTA before overwriting."""
        q, site = key
        group, versions = group_index(copies)
        queue = self.queue(key, versions)
        if group is None:  # no ring (each stage writes its own region): count the stages
            group = tirx.const(0, "int32") if queue.last is None else self.analyzer.simplify(queue.last + 1)
        queue.last = group
        sites = len(self.sites.get(q, ()))
        if sites > 1:
            self.positions[q] = self.analyzer.simplify(group * sites + site)
        plans = [self.plan(copy) for copy in copies]
        if not self.dry_run:
            for plan in plans:
                report_plan(self.func_name, plan, group)
        generic = self.note_plans(queue, plans)
        before_sync, self.before_sync = self.before_sync, None
        cta_sync = before_sync is not None or bool(generic)
        queue.cta_sync |= cta_sync
        guard = [] if guarded and queue.empty is None else None
        if queue.empty is not None:
            if cta_sync:
                raise TMAError("pipeline_model", f"async queue {q}: a stage needs __syncthreads, yet the "
                               "queue was given empty barriers")
            guard = self.empty_guard(queue, group, plans)
        if self.dry_run:  # only the state matters
            return [tirx.Evaluate(0)]
        stage = emit_stage(plans, self.slot(queue, group), self.threads, self.analyzer.simplify(predicate),
                           before_sync, arrive_noinc=key in self.noinc, maps=self.maps, overwrite_guard=guard,
                           expect_arrival=key in self.expect_queues)
        return self.wgmma_guard(key, group) + stage

    def wgmma_guard(self, key: tuple[int, int], group: tirx.PrimExpr) -> list[tirx.Stmt]:
        """Before stage ``G`` overwrites version ``G % V`` (ahead of its overwrite guard, so
        that the guard orders every warpgroup's wait before the copy): the wait for the wgmma
        group of consumer ``G - V``, the last to read that version, where the consumers' own
        ``wgmma.wait_group N`` may have left it in flight::

            wgmma.wait_group P     # P = groups committed since: (last consumer) - (G - V)

        Nothing when no consumer of the queue issues wgmma, when ``G - V`` is before the first
        iteration, or when ``P >= N``; ``P`` 0 when it is not a constant."""
        if key[0] not in self.wgmma_queues:
            return []
        queue = self.queues[key]
        reader = self.analyzer.simplify(group - queue.versions)
        if self.analyzer.can_prove(reader < 0):
            return []
        pending = self.simplify_cases(queue.waited - reader)
        pending = int(pending) if isinstance(pending, tirx.IntImm) else 0
        if pending >= self.wgmma_in_flight:
            return []
        return [wait_group(max(pending, 0))]

    def wgmma_stage(self, body: tirx.Stmt) -> tuple[tirx.Stmt, list[tirx.Stmt]]:
        """A consumer stage that issues wgmma: ``body`` behind a fence (the accumulators were
        written by other instructions, the fill, before the first group), and what follows it,
        also where the stage is predicated off (an empty group keeps the count uniform)::

            wgmma.fence; <body>
            wgmma.commit_group
            wgmma.wait_group N     # N groups stay in flight (the pipeline's wgmma_in_flight)
        """
        fence = tirx.Evaluate(ptx.op("wgmma.fence.sync.aligned")())
        after = [tirx.Evaluate(ptx.op("wgmma.commit_group.sync.aligned")()), wait_group(self.wgmma_in_flight)]
        self.wgmma_pending = True
        return tirx.SeqStmt([fence, body]), after

    def wgmma_retire(self) -> list[tirx.Stmt]:
        """After the last wgmma stage, before anything else: every group complete, in every
        warpgroup, before the accumulators are read or the shared memory its stages read is
        used again (MergeSharedMemoryAllocations may give it to a later buffer)::

            wgmma.wait_group 0
            __syncthreads()
        """
        self.wgmma_pending = False
        return [wait_group(0), tirx.Evaluate(T.tvm_storage_sync("shared"))]

    def empty_guard(self, queue: _Queue, group: tirx.PrimExpr, plans) -> list[tirx.Stmt]:
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
        tid, nthreads = flat_thread_index(self.threads)
        reused = self.analyzer.simplify(group >= queue.versions)
        if isinstance(reused, tirx.IntImm) and not int(reused):
            return []
        slot = self.slot(queue, group, queue.empty)
        arrive = tirx.Evaluate(ptx.op("mbarrier.arrive.shared.b64")(slot))
        issuers = max(issuing_threads(p, nthreads) for p in plans)
        parity = self.analyzer.simplify(tirx.floormod(tirx.floordiv(group, queue.versions) - 1, 2))
        wait = tirx.IfThenElse(tid == 0 if issuers == 1 else tid < issuers,
                               wait_parity(slot, parity), None)
        guard = seq([arrive, wait])
        return [guard] if isinstance(reused, tirx.IntImm) else [tirx.IfThenElse(reused, guard, None)]

    # -- bulk stores -------------------------------------------------------------------------
    def lower_store(self, nest: tirx.Stmt) -> tirx.Stmt:
        """A marked shared→global copy: one bulk group (see :mod:`..copies.bulk_store`)."""
        plan = self.plan(nest)
        load = peel_copy(nest)[2].value
        read = version(load.source, load.indices)
        self.stores.record(load.source, read, self.step)
        self.guarded.discard(load.source)
        if self.dry_run:  # only the state matters
            return tirx.Evaluate(0)
        report_plan(self.func_name, plan, read if read is not None else "")
        return seq(emit_store_group([plan], self.threads, tirx.const(True),
                                    fence=load.source in self.generic_writes, maps=self.maps))

    def guard_writes(self, stmt: tirx.Stmt) -> tirx.Stmt | None:
        """The wait before ``stmt`` overwrites shared memory that a bulk store may still read:
        ``wait_group.read N`` with ``N`` the groups committed since that store (0 when ``N``
        is not a compile-time constant)."""
        pending, bufs = [], set()
        for write in shared_writes(stmt):
            if write.buffer in self.guarded:
                continue
            count = self.stores.pending(write.buffer, version(write.buffer, write.indices))
            if count is not None:
                pending.append(self.simplify_cases(count))
                bufs.add(write.buffer)
        if not pending:
            return None
        self.guarded |= bufs
        known = [int(n) for n in pending if isinstance(n, tirx.IntImm)]
        return wait_read(min(known) if len(known) == len(pending) else 0, self.threads)

    # -- consumers -------------------------------------------------------------------------
    def lower_wait(self, wait: tirx.AttrStmt) -> tirx.Stmt:
        """``wait_group N`` after stage ``last``: wait for every stage in (waited, last - N]."""
        waits, inner = self.waits(wait)
        body, after = self.lower(inner), []
        if int(wait.value) in self.wgmma_queues:
            body, after = self.wgmma_stage(body)
        return seq(waits + [body] + after)

    def waits(self, wait: tirx.AttrStmt) -> tuple[list[tirx.Stmt], tirx.Stmt]:
        """The barrier waits of ``wait`` and the (not yet lowered) statement they guard."""
        q = int(wait.value)
        inner = wait.body
        if not (isinstance(inner, tirx.AttrStmt) and inner.attr_key == INFLIGHT):
            raise TMAError("pipeline_model", f"{WAIT} without {INFLIGHT}: not InjectSoftwarePipeline output")
        # InjectSoftwarePipeline gives predicated-off epilogue stages negative counts.
        pending = tirx.Max(inner.value, tirx.const(0, str(inner.value.ty)))
        sites = self.sites.get(q) or [frozenset()]
        if len(sites) <= 1:
            queue = self.queues.get((q, 0))
            if queue is None or queue.last is None:
                # Nothing committed yet (a consumer ordered before the first producer, predicated
                # off there): like cp.async.wait_group with no groups, there is nothing to wait for.
                return [], inner.body
            target = self.analyzer.simplify(queue.last - pending)
            if self.consumers_first or q in self.wgmma_queues:
                target = self.at_least_read(queue, target, inner.body, sites[0])
            return self.wait_until(queue, target), inner.body
        if self.positions.get(q) is None:
            return [], inner.body
        # All but the last ``pending`` commits of the queue, at ``m`` per iteration: site ``j``
        # up to the iteration of position ``last - pending``, ``(G * m + j <= last - pending)``.
        position = self.positions[q] - pending
        waits = []
        for site, buffers in enumerate(sites):
            queue = self.queues.get((q, site))
            if queue is not None and queue.last is not None:
                target = self.analyzer.simplify(tirx.floordiv(position - site, len(sites)))
                if self.consumers_first or q in self.wgmma_queues:
                    target = self.at_least_read(queue, target, inner.body, buffers)
                waits += self.wait_until(queue, target)
        return waits, inner.body

    def at_least_read(self, queue: _Queue, target: tirx.PrimExpr, consumer: tirx.Stmt, buffers) -> tirx.PrimExpr:
        """``target``, raised to the stage ``E`` whose version ``E % V`` of ``buffers`` the
        ``consumer`` reads (element loads, wgmma descriptors) where ``E`` is provably later and
        committed: where InjectSoftwarePipeline's count of groups in flight is too large
        (consumers ordered before a stage of two copy blocks: it counts a group per copy, and
        commits one), the data a consumer reads still decides what it waits for."""
        for read in _read_versions(consumer, buffers):
            read = cast_to(str(target.ty), read)
            short = self.simplify_cases(read - target)
            if self.analyzer.can_prove(short > 0) and self.analyzer.can_prove(self.simplify_cases(queue.last - read) >= 0):
                target = self.simplify_cases(read)
        return target

    def wait_until(self, queue: _Queue, target: tirx.PrimExpr) -> list[tirx.Stmt]:
        """Waits for every stage of ``queue`` in ``(waited, target]``."""
        first = queue.waited + 1
        count = self.simplify_cases(target - queue.waited)
        queue.waited = self.simplify_cases(tirx.Max(cast_to(str(target.ty), queue.waited), target))  # never backwards
        if self.dry_run:  # only the state matters
            return []

        def wait_for(group):
            parity = self.analyzer.simplify(tirx.floormod(tirx.floordiv(group, queue.versions), 2))
            return wait_parity(self.slot(queue, group), parity)

        if isinstance(count, tirx.IntImm) and int(count) <= queue.versions:
            return [wait_for(self.simplify_cases(first + i)) for i in range(int(count))]
        # (a loop from 0: InjectVirtualThread takes no other start)
        dtype = "int64" if "int64" in (str(first.ty), str(count.ty)) else "int32"
        g = tirx.Var("stage", dtype)
        return [tirx.For(g, tirx.const(0, dtype), tirx.Max(cast_to(dtype, count), tirx.const(0, dtype)),
                         tirx.ForKind.SERIAL, wait_for(cast_to(dtype, first) + g))]

    def simplify_cases(self, expr: tirx.PrimExpr) -> tirx.PrimExpr:
        """Simplify ``expr``, splitting a ``Select(k == c, a, b)`` in it into its two cases.

        The loop-carried state of :meth:`lower_loop` is such a select (the first iteration
        against the others); the wait count and the stage waited for usually take one form in both cases.
        """
        return self.analyzer.remember("cases", expr, self._simplify_cases)

    def _simplify_cases(self, expr: tirx.PrimExpr) -> tirx.PrimExpr:
        selects = []
        walk(expr, tirx.Select, selects.append)
        sel = next((x for x in selects if isinstance(x.condition, tirx.EQ)
                    and isinstance(x.condition.a, tirx.Var)), None)
        if sel is None:
            return self.analyzer.simplify(expr)
        var, value = sel.condition.a, sel.condition.b
        first = self.simplify_cases(substitute(replace_node(expr, sel, sel.true_value), {var: value}))
        rest = self.simplify_cases(replace_node(expr, sel, sel.false_value))
        at_first = self.analyzer.simplify(substitute(rest, {var: value}))
        return rest if tvm_ffi.structural_equal(first, at_first) else self.analyzer.simplify(expr)

    # -- program order -----------------------------------------------------------------------
    def lower(self, stmt: tirx.Stmt) -> tirx.Stmt:
        if isinstance(stmt, tirx.AttrStmt):
            if stmt.attr_key == COMMIT:
                return self.lower_commit(stmt, tirx.const(True))
            if stmt.attr_key == WAIT:
                return self.lower_wait(stmt)
            return tirx.AttrStmt(stmt.node, stmt.attr_key, stmt.value, self.lower(stmt.body))
        if isinstance(stmt, tirx.SeqStmt):
            lowered = []
            for child in stmt.seq:
                if self.wgmma_pending and not _has_attr(child, (COMMIT, WAIT)):
                    lowered += self.wgmma_retire()  # leaving the pipeline's stages
                wait = self.guard_writes(child)
                if wait is not None and _is_commit(child):
                    self.before_sync = wait
                elif wait is not None:
                    lowered += [wait, tirx.Evaluate(T.tvm_storage_sync("shared"))]
                lowered.append(self.lower(child))
            return tirx.SeqStmt(lowered)
        if marked_root(stmt):
            return self.lower_store(stmt)
        if isinstance(stmt, s_tir.SBlockRealize):
            block, predicate = stmt.block, stmt.predicate
            waits, wgmma_after = [], []
            if isinstance(block.body, tirx.AttrStmt) and block.body.attr_key == COMMIT:
                body, predicate = self.lower_commit(block.body, predicate), tirx.const(True)
            elif isinstance(block.body, tirx.AttrStmt) and block.body.attr_key == WAIT:
                # A consumer stage waits whether or not it is predicated off (dynamic trip
                # counts): every committed stage completes its phase, so the wait returns, and
                # the waited stages stay the same at run time as in this program-order count.
                waits, inner = self.waits(block.body)
                body = self.lower(inner)
                if int(block.body.value) in self.wgmma_queues:
                    body, wgmma_after = self.wgmma_stage(body)
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
                tid, _ = flat_thread_index(self.threads)
                empty = tirx.Evaluate(ptx.op("cp.async.bulk.commit_group")())
                return seq(waits + [tirx.IfThenElse(
                    predicate, s_tir.SBlockRealize(stmt.iter_values, tirx.const(True), new_block),
                    tirx.IfThenElse(tid == 0, seq([empty] * groups), None))])
            return seq(waits + [s_tir.SBlockRealize(stmt.iter_values, predicate, new_block)] + wgmma_after)
        if isinstance(stmt, tirx.For):
            return self.lower_loop(stmt)
        if _has_attr(stmt, (COMMIT, WAIT)) or has_marked(stmt):
            raise TMAError("pipeline_model", f"async queue inside {type(stmt).__name__}: only loops, "
                           "blocks and sequences around pipeline stages are supported")
        return stmt

    def _state(self) -> dict:
        """The program-order state a loop carries from one iteration to the next: per queue
        its last committed and last waited stage; per shared buffer read by bulk stores the
        version the last one read and the group count after it."""
        state = {}
        for key, queue in self.queues.items():
            state[key, "last"], state[key, "waited"] = queue.last, queue.waited
        for q, position in self.positions.items():
            state[q, "position"] = position
        for buf, (read, at, _) in self.stores.reads.items():
            state[buf, "read"], state[buf, "at"] = read, at
        return state

    def _set(self, key, value, like: "_Region") -> None:
        owner, name = key
        if name in ("last", "waited"):
            setattr(self.queue(owner, like.queues[owner].versions), name, value)
            return
        if name == "position":
            self.positions[owner] = value
            return
        read, at, step = self.stores.reads.get(owner, like.stores.reads[owner])
        self.stores.reads[owner] = (value, at, step) if name == "read" else (read, value, step)

    def lower_loop(self, loop: tirx.For) -> tirx.Stmt:
        """Iteration k starts where iteration k - 1 ended, the first where the loop starts."""
        if not (_has_attr(loop.body, (COMMIT, WAIT)) or has_marked(loop.body)):
            return loop
        var, first_iter = loop.loop_var, loop.min
        self.analyzer.bind(var, tvm.ir.Range.from_min_extent(loop.min, loop.extent))
        before = self._state()
        # Counters in closed form: queues without a ring count their stages, and iteration k
        # starts after (k - min) * <per iteration> more of them; likewise the bulk groups.
        unversioned = self.unversioned_commits(loop.body)
        for key, per_iter in unversioned.items():
            queue = self.queue(key, 1)
            start = before.get((key, "last"))
            start = tirx.const(-1, "int32") if start is None else start
            queue.last = self.analyzer.simplify(start + (var - first_iter) * per_iter)
        entry_last = {key: x.last for key, x in self.queues.items()}
        outer_step, self.step = self.step, groups_in(loop.body)
        outer_order, self.consumers_first = self.consumers_first, _consumers_first(loop.body)
        entry_count = self.stores.count
        self.stores.count = self.analyzer.simplify(entry_count + (var - first_iter) * self.step)
        self.guarded -= store_sources(loop.body)
        # Inside the loop, it runs at least once (a dynamic trip count is then above the
        # stage count: the prologue's conditional in-flight counts become constants).
        with self.analyzer.constraint_scope(loop.extent > 0):
            # Dry runs of one iteration: the state it ends in, as a function of ``var``. The first
            # starts from the loop's entry state; each next one from the state the previous one
            # carries into iteration ``var`` (where a consumer runs before the producer of its
            # iteration, the first dry run sees the entry state where iteration ``var - 1``'s
            # state belongs), until the end state no longer changes.
            defaults = {"waited": tirx.const(-1, "int32")}
            ends = None
            for _ in range(4):
                dry = _Region(self.func_name, self.threads, self.barrier_name, self.analyzer, dry_run=True,
                              min_run_bytes=self.min_run_bytes, permuted_tiles=self.permuted_tiles,
                              in_flight=self.in_flight, stores=self.stores.copy(), generic_writes=set(self.generic_writes),
                              guarded=set(self.guarded), step=self.step, noinc=self.noinc, maps=self.maps,
                              empty_queues=self.empty_queues, expect_queues=self.expect_queues,
                              sites=self.sites, positions=dict(self.positions), plans=self.plans,
                              wgmma_queues=self.wgmma_queues, wgmma_in_flight=self.wgmma_in_flight,
                              consumers_first=self.consumers_first)
                dry.queues = {key: _Queue(x.barrier, x.versions, x.last, x.waited, empty=x.empty)
                              for key, x in self.queues.items()}
                dry.lower(loop.body)
                previous, ends = ends, {k: self.simplify_cases(v) if v is not None else None
                                        for k, v in dry._state().items()}
                for key, end in ends.items():
                    start = before.get(key, defaults.get(key[1]))
                    carried = substitute(end, {var: var - 1}) if end is not None else None
                    if carried is not None and start is not None:
                        carried = self.analyzer.simplify(select(var == first_iter, start, carried))
                    self._set(key, carried if carried is not None else start, dry)
                for key in unversioned:
                    self.queues[key].last = entry_last[key]
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
                if start is not None and not self.analyzer.can_prove(loop.extent > 0):
                    end = select(loop.extent > 0, end, start)
                end = self.analyzer.simplify(end)
            self._set(key, end, dry)
        self.stores.count = self.analyzer.simplify(entry_count + loop.extent * self.step)
        self.step, self.consumers_first = outer_step, outer_order
        return tirx.For(loop.loop_var, loop.min, loop.extent, loop.kind, body, loop.thread_binding,
                        loop.annotations)

    def unversioned_commits(self, body) -> dict[tuple[int, int], int]:
        """Per site, the stages committed by one execution of ``body`` when they write no ring."""
        counts: dict[tuple[int, int], int] = {}
        for commit in attrs_with_key(body, (COMMIT,)):
            for key, copies in self.split(commit):
                if group_index(copies)[0] is None:
                    counts[key] = counts.get(key, 0) + 1
        return counts

    def setup(self, maps: list[tirx.Var]) -> tuple[list[tirx.Stmt], list[tirx.Stmt]]:
        """Statements before the pipeline (init, prefetch of the tensor ``maps`` it uses) and
        after it (every bulk store complete, invalidate)."""
        _, nthreads = flat_thread_index(self.threads)
        rings = []
        for key, q in self.queues.items():
            rings.append((q.barrier, arrival_count(key in self.expect_queues, q.fallback, self.threads)))
            if q.empty is not None:  # an arrival per thread (empty_guard)
                rings.append((q.empty, nthreads))
        before, after = barrier_setup(rings, self.threads, maps)
        if self.stores.reads:
            after = [wait_all(self.threads)] + after
        if self.wgmma_pending:  # (the teardown's __syncthreads follows)
            after = [wait_group(0)] + after
        return before, after


def _is_commit(stmt) -> bool:
    """A producer stage: a commit scope, bare or as the body of a (predicated) block."""
    if isinstance(stmt, s_tir.SBlockRealize):
        stmt = stmt.block.body
    return isinstance(stmt, tirx.AttrStmt) and stmt.attr_key == COMMIT


def _in_flight_before_first_wait(stmt, counts: dict[int, int], waited: set[int], scale: int = 1) -> None:
    """Count, per queue, the stages committed before its first wait."""
    if isinstance(stmt, tirx.AttrStmt) and stmt.attr_key in (COMMIT, WAIT):
        q = int(stmt.value)
        if stmt.attr_key == WAIT:
            waited.add(q)
        elif q not in waited:
            counts[q] = counts.get(q, 0) + scale
        if stmt.attr_key == WAIT:
            _in_flight_before_first_wait(stmt.body, counts, waited, scale)
        return
    if isinstance(stmt, tirx.For):
        # A loop that also waits reaches its first wait in its first iteration.
        extent = int(stmt.extent) if isinstance(stmt.extent, tirx.IntImm) else 1
        repeat = 1 if _has_attr(stmt.body, (WAIT,)) else extent
        _in_flight_before_first_wait(stmt.body, counts, waited, scale * repeat)
    elif isinstance(stmt, tirx.SeqStmt):
        for child in stmt.seq:
            _in_flight_before_first_wait(child, counts, waited, scale)
    elif isinstance(stmt, s_tir.SBlockRealize):
        _in_flight_before_first_wait(stmt.block.body, counts, waited, scale)
    elif isinstance(stmt, tirx.AttrStmt):
        _in_flight_before_first_wait(stmt.body, counts, waited, scale)


def _commits_per_site(pipeline: tirx.Stmt) -> tirx.Stmt | None:
    """``pipeline`` with every commit of several sites of a stage (:func:`commit_sites`) split into
    one commit per site, in the steady state's order; ``None`` where a commit cannot be split
    (a statement in it that is no copy of one site).

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
            written = {_written(a.body) for a in scopes}
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


def _wgmma_queues(seq: tirx.Stmt) -> set[int]:
    """The queues whose consumer stages issue ``wgmma.mma_async``."""
    return {int(wait.value) for wait in attrs_with_key(seq, (WAIT,)) if contains_mma(wait.body)}


def _consumers_first(body: tirx.Stmt, into_shared: bool = False) -> bool:
    """Whether a loop body waits before it commits a stage of several copy blocks (the
    ``software_pipeline_order`` that puts the consumers first); with ``into_shared``, only
    stages that copy into shared memory count (:func:`_shared_targets`: the groups of others
    are empty)."""
    parts = body.block.body if isinstance(body, s_tir.SBlockRealize) else body
    if not isinstance(parts, tirx.SeqStmt):
        return False

    def several(commit):
        return len(_copies(commit)) > 1 and (not into_shared or bool(_shared_targets(commit)))

    waited = False
    for child in parts.seq:
        if waited and any(map(several, attrs_with_key(child, (COMMIT,)))):
            return True
        waited |= _has_attr(child, (WAIT,))
    return False


def _wait_all_where_consumers_first(stmt: tirx.Stmt) -> tuple[tirx.Stmt, bool]:
    """``stmt`` with every ``async_wait_inflight_count`` in a loop (or a pipeline body of one
    iteration, a block) that waits before it commits a stage of several blocks of copies into
    shared memory (:func:`_consumers_first`) set to 0, and whether there was one.
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
        if not _consumers_first(node.body if isinstance(node, tirx.For) else node, into_shared=True):
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
    written = {b for c in attrs_with_key(stmt, (COMMIT,)) for b in _shared_targets(c)}

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


def _read_versions(stage: tirx.Stmt, buffers) -> list[tirx.PrimExpr]:
    """The iterations ``E`` whose ring versions ``E % V`` of ``buffers`` a consumer stage reads:
    in element loads and in the ``address_of`` operands of wgmma descriptors."""
    found = []
    walk(stage, BufferLoad, lambda load: found.append(version(load.source, load.indices))
         if load.source in buffers else None)
    unique = []
    for read in found:
        if read is not None and not any(tvm_ffi.structural_equal(read, u) for u in unique):
            unique.append(read)
    return unique


def _wgmma_in_flight(seq: tirx.Stmt) -> int:
    """The wgmma groups a consumer stage leaves in flight: the pipelined loop's annotation
    ``WGMMA_IN_FLIGHT`` (set by :func:`tvm_tma.schedule.tma_pipeline`), 1 without one."""
    found = []
    tvm_ffi.structural_walk(seq, (tirx.For, lambda f: found.append(int(f.annotations[WGMMA_IN_FLIGHT]))
                                  if WGMMA_IN_FLIGHT in f.annotations else None))
    return found[0] if found else 1


def _has_thread_loop(stmt) -> bool:
    found = []
    walk(stmt, tirx.For, lambda f: found.append(f.kind == tirx.ForKind.THREAD_BINDING))
    return any(found)


def _queue_children(seq: tirx.SeqStmt) -> list[bool]:
    """Which children belong to a pipeline: they hold its queues or its bulk stores (an
    epilogue may hold only the store of the last stage)."""
    return [_has_attr(s, (COMMIT, WAIT)) or has_marked(s) for s in seq.seq]


def _is_pipeline(stmt: tirx.Stmt) -> bool:
    """Whether ``stmt`` is a whole pipeline as InjectSoftwarePipeline makes it of one loop: a
    block of the sequence prologue (it commits stages), body, epilogue (it never commits),
    each a block, that waits somewhere (with one trip and stages that wait only in the
    prologue, the body is empty and the epilogue does not wait)."""
    if not isinstance(stmt, s_tir.SBlockRealize):
        return False
    parts = stmt.block.body
    return (isinstance(parts, tirx.SeqStmt) and len(parts.seq) == 3
            and all(isinstance(s, s_tir.SBlockRealize) for s in parts.seq)
            and _has_attr(parts.seq[0], (COMMIT,)) and not _has_attr(parts.seq[2], (COMMIT,))
            and _has_attr(parts, (WAIT,)))


class _Lowering:
    def __init__(self, func_name: str, min_run_bytes: int, permuted_tiles: bool, maps: TensorMaps | None,
                 overwrite_guard: str, mixed_stages: str, min_ctas: int):
        self.func_name = func_name
        self.min_ctas = min_ctas
        self.min_run_bytes = min_run_bytes
        self.permuted_tiles = permuted_tiles
        self.maps = maps
        self.overwrite_guard = overwrite_guard
        self.mixed_stages = mixed_stages
        self.regions = 0

    def visit(self, stmt: tirx.Stmt, loops: list[tirx.For]) -> tuple[tirx.Stmt, list[tirx.Buffer]]:
        """Find pipeline regions; returns the new stmt and barrier buffers to allocate above."""
        if isinstance(stmt, tirx.SeqStmt):
            marks = _queue_children(stmt)
            # Prologue, body and epilogue of one pipeline are siblings under the thread loops;
            # siblings that hold thread loops themselves are separate kernels' worth of code,
            # siblings that are whole pipelines (loops in a row) separate regions.
            pipelines = all(_is_pipeline(s) for s, marked in zip(stmt.seq, marks) if marked)
            if sum(marks) >= 2 and not pipelines and not any(_has_thread_loop(s) for s in stmt.seq):
                return self.lower_region(stmt, loops)
            new, bufs = [], []
            for child, marked in zip(stmt.seq, marks):
                if marked:
                    child, more = self.visit(child, loops)
                    bufs += more
                new.append(child)
            return tirx.SeqStmt(new), bufs
        if isinstance(stmt, tirx.For):
            body, bufs = self.visit(stmt.body, loops + [stmt])
            return tirx.For(stmt.loop_var, stmt.min, stmt.extent, stmt.kind, body,
                            stmt.thread_binding, stmt.annotations), bufs
        if isinstance(stmt, s_tir.SBlockRealize):
            block = stmt.block
            body, bufs = self.lower_region(block.body, loops) if _is_pipeline(stmt) else self.visit(block.body, loops)
            new_block = s_tir.SBlock(block.iter_vars, block.reads, block.writes, block.name_hint,
                                     body, block.init, list(block.alloc_buffers) + bufs,
                                     block.match_buffers, block.annotations)
            return s_tir.SBlockRealize(stmt.iter_values, stmt.predicate, new_block), []
        if isinstance(stmt, tirx.AttrStmt):
            if stmt.attr_key in (COMMIT, WAIT):
                return self.lower_region(tirx.SeqStmt([stmt]), loops)
            body, bufs = self.visit(stmt.body, loops)
            return tirx.AttrStmt(stmt.node, stmt.attr_key, stmt.value, body), bufs
        if _has_attr(stmt, (COMMIT, WAIT)):
            raise TMAError("pipeline_model", f"async queue inside {type(stmt).__name__}: not supported")
        return stmt, []

    def lower_region(self, seq: tirx.SeqStmt, loops) -> tuple[tirx.Stmt, list[tirx.Buffer]]:
        """One pipeline on mbarrier rings; left to stock TVM's cp.async groups (reported) in a
        small launch (rule ``small_launch_cost``) and when the lowering cannot model it or none
        of its copies is bulk (``pipeline_model``)."""
        threads = thread_axes(loops)
        if not threads:
            return self.stock(seq, threads, "pipeline_model", "the pipeline is outside any threadIdx loop")
        ctas = launch_ctas(loops)
        # Stock's groups, where they can express the pipeline (no wgmma consumers; a stage of
        # several commit sites committed per site everywhere; bulk stores become ordinary
        # stores), in a launch too small to hide the bulk copies' latency.
        grouped = None
        if ctas is not None and ctas < self.min_ctas and not _wgmma_queues(seq):
            grouped = _commits_per_site(seq)
        if grouped is not None:
            reason = f"the kernel launches {ctas} CTAs, fewer than {self.min_ctas}"
            if not grouped.same_as(seq):
                reason += ("; a stage committed in several places is committed per place in the prologue "
                           "too, as TVM's wait counts assume")
            return self.stock(unmarked(grouped), threads, "small_launch_cost", reason)
        checkpoint = self.maps.checkpoint() if self.maps is not None else None
        try:
            with report.held() as entries:
                lowered = self.lower_tma(seq, threads)
        except TMAError as err:
            if err.rule in REFUSED:
                raise
            if checkpoint is not None:
                self.maps.restore(checkpoint)
            return self.stock(seq, threads, err.rule, str(err).partition(": ")[2])
        for entry in entries:
            report.record(entry)
        return lowered

    def lower_tma(self, seq: tirx.SeqStmt, threads) -> tuple[tirx.Stmt, list[tirx.Buffer]]:
        """The pipeline on mbarrier rings; raises ``pipeline_model`` when none of its copies
        can be bulk (per-thread cp.async costs the same there, and mbarriers cost more)."""
        in_commits = [a for c in attrs_with_key(seq, (COMMIT,)) for a in attrs_with_key(c.body, (ASYNC,))]
        for scope in attrs_with_key(seq, (ASYNC,)):
            if not any(scope.same_as(a) for a in in_commits):
                copy = peel_copy(scope.body)
                what = f" (the copy into {copy[2].buffer.name})" if copy is not None else ""
                raise TMAError("pipeline_model", f"an async copy outside any commit of its stage{what}: "
                               "InjectSoftwarePipeline left it to the next commit")
        in_flight: dict[int, int] = {}
        _in_flight_before_first_wait(seq, in_flight, set())
        copies = {w for a in attrs_with_key(seq, (ASYNC,)) for w in shared_writes(a.body)}
        generic = {w.buffer for w in shared_writes(seq) if w not in copies}
        if self.maps is not None:
            self.maps.take_used()
        name = "tma_bar" if not self.regions else f"tma_bar_p{self.regions}"
        sites = commit_sites(seq)
        # What each site's copies need of its barriers (an expect_tx arrival for bulk copies, a
        # .noinc arrival per thread for cp.async, __syncthreads for ordinary writes), in every
        # phase: from the plans of its copies, or, where bulk stores wait before stages (the
        # waits depend on program order), from a first, dry lowering.
        wgmma = {"wgmma_queues": _wgmma_queues(seq), "wgmma_in_flight": _wgmma_in_flight(seq)}
        probe = _Region(self.func_name, threads, name, dry_run=True, min_run_bytes=self.min_run_bytes,
                        permuted_tiles=self.permuted_tiles, in_flight=in_flight, generic_writes=set(generic), maps=self.maps, sites=sites,
                        plans={}, **wgmma)
        if has_marked(seq):
            probe.lower(seq)
        else:
            probe.survey(seq)
        # A queue's phases complete by an expect_tx arrival where it has bulk copies or no
        # cp.async either (its copies all write synchronously, a stage kept for a bulk store).
        expect = {q for q, x in probe.queues.items() if x.bulk or not x.fallback}
        # Stock's commit/wait groups cost less than mbarriers for copies that are all per-thread,
        # but count one group per stage: where a stage commits in several places (sites),
        # their counts do not say which stage is complete (TVM 0.27's interleaved producers
        # wait too little in the first iterations), and the rings stay, with cp.async on them.
        if not probe.stores.reads and all(len(x) <= 1 for x in sites.values()):
            first = "{}: {}".format(*probe.not_bulk[0]) if probe.not_bulk else "no copies"
            if not any(x.bulk for x in probe.queues.values()):
                raise TMAError("pipeline_model", f"no copy of the pipeline can be bulk (the first: {first})")
            # Bulk copies and per-thread cp.async on one mbarrier ran up to 1.4x slower than
            # stock's groups on MetaSchedule's tensor-core samples (rule mixed_stage_cost).
            mixed = [q for q, x in probe.queues.items() if x.bulk and x.per_thread]
            if mixed and self.mixed_stages == "stock":
                raise TMAError("mixed_stage_cost", f"async queue {mixed[0][0]} mixes bulk copies with per-thread "
                               f"cp.async on one mbarrier (the first cp.async: {first})")
        noinc = {q for q, x in probe.queues.items() if x.fallback}
        empty = set()
        if self.overwrite_guard == "empty_barriers":
            # (fallbacks: cta_sync; wgmma stages keep the __syncthreads that orders every
            # warpgroup's wgmma.wait_group before the copies, as VerifyWgmma models it)
            empty = {k for k, x in probe.queues.items() if not x.cta_sync and k[0] not in wgmma["wgmma_queues"]}
        # (a pipelined loop of as many trips as stages has a body of one iteration, no loop)
        consumers_first = any(map(_consumers_first, seq.seq if isinstance(seq, tirx.SeqStmt) else [seq]))
        region = _Region(self.func_name, threads, name, min_run_bytes=self.min_run_bytes,
                         permuted_tiles=self.permuted_tiles, in_flight=in_flight,
                         generic_writes=generic, noinc=noinc, maps=self.maps, empty_queues=empty,
                         expect_queues=expect, sites=sites, plans=probe.plans, consumers_first=consumers_first,
                         **wgmma)
        body = region.lower(seq)
        before, after = region.setup(self.maps.take_used() if self.maps is not None else [])
        rings = [r for q in region.queues.values() for r in (q.barrier, q.empty) if r is not None]
        self.regions += 1
        return tirx.SeqStmt(before + [body] + after), rings

    def stock(self, seq: tirx.Stmt, threads, rule: str, reason: str) -> tuple[tirx.Stmt, list[tirx.Buffer]]:
        """The pipeline as stock TVM lowers it (``InjectPTXAsyncCopy`` later makes its copies
        ``cp.async``, the CUDA codegen its queues commit/wait groups), its waits repaired where
        TVM 0.27 counts them wrong, each copy reported."""
        _, nthreads = flat_thread_index(threads)
        seq, waits_all = _wait_all_where_consumers_first(seq)
        seq = _waits_outside_predicates(seq)
        if waits_all:
            reason += ("; the pipelined loop waits before a stage of several copy blocks, where TVM 0.27 "
                       "counts a commit group per block and waits too little: its waits wait for every group")
        for commit in attrs_with_key(seq, (COMMIT,)):
            try:
                site = group_index(_copies(commit))[0]
            except TMAError:
                site = None
            for copy in _copies(commit):
                report.record(stock_record(self.func_name, copy, nthreads, rule, reason,
                                           "" if site is None else str(site)))
        return seq, []


def _refuse_nested_async_scopes(func: tirx.PrimFunc, name: str) -> None:
    """Raise ``pipeline_nesting`` for an ``async_scope`` inside another one: the async stage of
    a pipelined loop that holds an async pipelined loop of its own, flattened into it by
    InjectSoftwarePipeline (stock TVM refuses it too, later: "Nested async scopes not
    supported"). Pipelined loops nested otherwise (the inner one's stages flattened into the
    outer one's, not into one of its async stages) are lowered like any pipeline."""
    for scope in attrs_with_key(func.body, (ASYNC,)):
        inner = attrs_with_key(scope.body, (ASYNC,))
        if inner:
            copy = peel_copy(inner[0].body)
            what = f" (the copy into {copy[2].buffer.name})" if copy is not None else ""
            raise TMAError("pipeline_nesting", f"{name}: an async stage holds the async stage of another "
                           f"pipelined loop{what}: expected at most one of two nested software-pipelined "
                           "loops to have its stage async (stock TVM refuses them too: nested async scopes)")


def _report_loose_copies(func: tirx.PrimFunc, name: str) -> None:
    """Report the copies under an ``async_scope`` outside any pipeline (written by hand, with
    explicit ``cp.async`` commit/wait groups): stock TVM's ``InjectPTXAsyncCopy`` lowers them."""
    in_queues = [a for c in attrs_with_key(func.body, (COMMIT,)) for a in attrs_with_key(c.body, (ASYNC,))]
    loose = [a for a in attrs_with_key(func.body, (ASYNC,)) if not any(a.same_as(b) for b in in_queues)]
    if not loose:
        return
    extents = []
    walk(func.body, tirx.For, lambda f: extents.append(int(f.extent)) if (         f.kind == tirx.ForKind.THREAD_BINDING and f.thread_binding.thread_tag.startswith("threadIdx")) else None)
    walk(func.body, tirx.AttrStmt, lambda a: extents.append(int(a.value)) if (         a.attr_key == "thread_extent" and a.node.thread_tag.startswith("threadIdx")) else None)
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


def LowerAsyncPipelineToMBarrier(*, min_run_bytes: int = rules.limit("bulk_min_run"), tensor_maps: bool = True,
                                 overwrite_guard: str = "cta_barrier", mixed_stages: str = "stock",
                                 permuted_tiles: bool = False,
                                 min_ctas: int = rules.limit("small_launch_cost")) -> tvm.transform.Pass:  # noqa: N802
    """Create the pass (see the module docstring).

    ``min_run_bytes``: a tile of several contiguous runs shorter than this goes to cp.async
    (rule ``bulk_min_run``).
    ``tensor_maps``: copy strided and edge tiles with ``cp.async.bulk.tensor``, loads and bulk
    stores alike (see :mod:`..copies.copy_plan`); off, they are 1-D runs (and cp.async, or ordinary
    stores, for partial tiles).
    ``overwrite_guard``: what keeps a producer from overwriting a buffer version still read:
    ``"cta_barrier"``, a ``__syncthreads`` before each producer stage; or ``"empty_barriers"``,
    a ring of "empty" mbarriers per queue that every thread arrives on and only the issuing
    threads wait on (:meth:`_Region.empty_guard`), for queues whose stages need no
    ``__syncthreads`` anyway (no cp.async fallback, no wait for bulk stores before them).
    ``mixed_stages``: a pipeline whose async queue has both bulk copies and copies that can only
    be per-thread cp.async: ``"stock"``, stock TVM's cp.async groups for all its copies (rule
    ``mixed_stage_cost``); ``"mbarrier"``, both kinds on one mbarrier per stage.
    ``permuted_tiles``: copy tiles stored in the schedule's permuted layout
    (``InjectPermutedLayout``) with swizzled tensor copies where the permutation is the swizzle;
    off, they stay per-thread cp.async (rule ``permuted_tile_cost``).
    ``min_ctas``: a pipeline in a launch of fewer CTAs (known at compile time) keeps stock TVM's
    cp.async groups where they can express it (rule ``small_launch_cost``; 0: never).
    """
    if overwrite_guard not in OVERWRITE_GUARDS:
        raise ValueError(f"overwrite_guard: expected one of {OVERWRITE_GUARDS}, got {overwrite_guard!r}")
    if mixed_stages not in MIXED_STAGES:
        raise ValueError(f"mixed_stages: expected one of {MIXED_STAGES}, got {mixed_stages!r}")

    def transform(func: tirx.PrimFunc, mod: tvm.ir.IRModule, _ctx) -> tirx.PrimFunc:
        name = function_name(func)
        _refuse_nested_async_scopes(func, name)
        _report_loose_copies(func, name)
        if not _has_attr(func.body, (COMMIT, WAIT)):
            return func
        check_arch(func, f"async pipeline in {name}")
        maps = TensorMaps(func) if tensor_maps else None
        body, bufs = _Lowering(name, min_run_bytes, permuted_tiles, maps, overwrite_guard, mixed_stages,
                               min_ctas).visit(func.body, [])
        if bufs:
            raise TMAError("pipeline_model", "async pipeline outside any block: nowhere to allocate its mbarriers")
        return maps.apply(func, body) if maps is not None else func.with_body(body)

    return tirx.transform.prim_func_pass(transform, opt_level=0,
                                         name="tvm_tma.LowerAsyncPipelineToMBarrier")
