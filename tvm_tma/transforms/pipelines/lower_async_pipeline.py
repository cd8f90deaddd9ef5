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

A pipeline without wgmma consumers that the launch-cost model
(:func:`tvm_tma.launch_cost.decide`: rules ``launch_cost`` and ``launch_cost_loads``, from the
pipeline's launch shape and what its lowering made of each copy) expects no faster on
mbarriers is left to stock TVM's cp.async groups where they can express it, a stage committed
in several places then committed per place in the prologue too, as TVM 0.27's counts assume.
Every pipeline left to stock's groups gets two more repairs of its waits: a consumer ordered
before a stage of several copies into shared memory waits for every group, and a wait in a
predicated consumer block runs whether or not the block does where a later statement needs it
(:mod:`.stock_groups`).

Raises :class:`tvm_tma.TMAError` for a target below sm_90 (rule ``min_arch``) and for
async stages that are not copies. Every copy is reported (:func:`tvm_tma.copy_report`).

This module finds the pipelines and decides how each is lowered; the lowering onto mbarriers
follows program order in :mod:`.region`, with a piece per job: the rings (:mod:`.rings`), the
producer stages (:mod:`.producers`) and what guards their overwrites (:mod:`.overwrite_guards`),
the consumers' waits (:mod:`.consumers`), the bulk stores (:mod:`.stores`); :mod:`.stages`
reads InjectSoftwarePipeline's stages, :mod:`.analysis` holds what is known of a pipeline
before its program order is followed.
"""

from __future__ import annotations

import dataclasses

import tvm
import tvm_ffi
from tvm import s_tir, tirx

from ... import launch_cost as lc
from ... import report, rules
from ...errors import TMAError
from .._ir import attrs_with_key, function_name, walk
from ..copies.bulk_store import has_marked, shared_writes, unmarked
from ..copies.copy_plan import ThreadAxis, peel_copy
from ..copies.tensor_map import TensorMaps
from .analysis import Analyzer, Pipeline
from .region import Region
from .rings import Rings
from .stages import ASYNC, COMMIT, WAIT, commit_sites, has_attr, is_consumers_first, queues_with_wgmma
from .stock_groups import commits_per_site, keep_stock_groups, report_loose_copies, stock_groups_wrong
from .stores import Stores

STAGES = "software_pipeline_stage"
OVERWRITE_GUARDS = ("cta_barrier", "empty_barriers")
MIXED_STAGES = ("stock", "mbarrier")
LAUNCH_COSTS = ("model", "mbarriers", "stock_groups")
PER_SITE = ("; a stage committed in several places is committed per place in the prologue too, as TVM's wait "
            "counts assume")
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
        raise TMAError("min_arch", f"{what}: expected a target of sm_{need} or newer, got sm_{arch}: for Hopper "
                       "give the target its arch, e.g. tvm.target.Target({'kind': 'cuda', 'arch': 'sm_90a'}) "
                       "(a CUDA target without one gets sm_50 where no GPU is detected); for older GPUs "
                       "use tir_pipeline='default' with tirx.use_async_copy")


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
        repeat = 1 if has_attr(stmt.body, (WAIT,)) else extent
        _in_flight_before_first_wait(stmt.body, counts, waited, scale * repeat)
    elif isinstance(stmt, tirx.SeqStmt):
        for child in stmt.seq:
            _in_flight_before_first_wait(child, counts, waited, scale)
    elif isinstance(stmt, s_tir.SBlockRealize):
        _in_flight_before_first_wait(stmt.block.body, counts, waited, scale)
    elif isinstance(stmt, tirx.AttrStmt):
        _in_flight_before_first_wait(stmt.body, counts, waited, scale)


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
    return [has_attr(s, (COMMIT, WAIT)) or has_marked(s) for s in seq.seq]


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
            and has_attr(parts.seq[0], (COMMIT,)) and not has_attr(parts.seq[2], (COMMIT,))
            and has_attr(parts, (WAIT,)))


class _Lowering:
    def __init__(self, func_name: str, min_run_bytes: int, permuted_tiles: bool, maps: TensorMaps | None,
                 overwrite_guard: str, mixed_stages: str, launch_cost: str, limits: lc.ArchLimits):
        self.func_name = func_name
        self.launch_cost = launch_cost
        self.limits = limits
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
        if has_attr(stmt, (COMMIT, WAIT)):
            raise TMAError("pipeline_model", f"async queue inside {type(stmt).__name__}: not supported")
        return stmt, []

    def lower_region(self, seq: tirx.SeqStmt, loops) -> tuple[tirx.Stmt, list[tirx.Buffer]]:
        """One pipeline on mbarrier rings; left to stock TVM's cp.async groups (reported) where
        the launch-cost model expects no gain (rules ``launch_cost``, ``launch_cost_loads``) and
        when the lowering cannot model it or none of its copies is bulk (``pipeline_model``)."""
        threads = thread_axes(loops)
        if not threads:
            on_host = not any(loop.kind == tirx.ForKind.THREAD_BINDING for loop in loops)
            reason = ("the function has no thread bindings: TVM compiles it for the host" if on_host
                      else "the pipeline is outside any threadIdx loop")
            return keep_stock_groups(seq, threads, self.func_name, "pipeline_model", reason, on_host=on_host)
        checkpoint = self.maps.checkpoint() if self.maps is not None else None
        wgmma = bool(queues_with_wgmma(seq))  # (stock's groups cannot wait for wgmma groups)
        # Where stock's groups would be wrong, bulk and per-thread copies share the rings rather
        # than going to them (mixed_stage_cost yields) and the launch-cost model is not asked.
        stock_wrong = None if wgmma else stock_groups_wrong(seq, loops)
        try:
            with report.held() as entries:
                lowered = self.lower_tma(seq, threads, mixed_stages="mbarrier" if stock_wrong else self.mixed_stages)
        except TMAError as err:
            if err.rule in REFUSED:
                raise
            if checkpoint is not None:
                self.maps.restore(checkpoint)
            reason = str(err).partition(": ")[2]
            grouped = None if wgmma else commits_per_site(seq)
            if grouped is not None and not grouped.same_as(seq):  # TVM 0.27's prologue counts repaired
                seq = grouped
                reason += PER_SITE
            return keep_stock_groups(seq, threads, self.func_name, err.rule, reason)
        # Stock's groups where the launch-cost model expects no gain and they can express the
        # pipeline (no wgmma consumers; a stage of several commit sites committed per site
        # everywhere; bulk stores become ordinary stores).
        if self.launch_cost != "mbarriers" and not wgmma and not stock_wrong:
            decision = (lc.decide(lc.region_shape(seq, loops), lc.lowered_copies(entries), self.limits)
                        if self.launch_cost == "model" else
                        lc.Decision(False, "launch_cost", "stock's groups at any launch size"))
            grouped = None if decision.mbarrier else commits_per_site(seq)
            if grouped is not None:
                if checkpoint is not None:
                    self.maps.restore(checkpoint)
                self.regions -= 1  # (the lowering thrown away named its barriers)
                reason = decision.reason + ("" if grouped.same_as(seq) else PER_SITE)
                return keep_stock_groups(unmarked(grouped), threads, self.func_name, decision.rule, reason)
        for entry in entries:
            report.record(entry)
        return lowered

    def lower_tma(self, seq: tirx.SeqStmt, threads, mixed_stages: str) -> tuple[tirx.Stmt, list[tirx.Buffer]]:
        """The pipeline on mbarrier rings; raises ``pipeline_model`` when none of its copies
        can be bulk (per-thread cp.async costs the same there, and mbarriers cost more), and
        ``mixed_stage_cost`` for bulk and per-thread copies in one queue under ``mixed_stages=
        "stock"``."""
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
        pipeline = Pipeline(self.func_name, threads, name, sites, in_flight, self.maps, self.min_run_bytes,
                            self.permuted_tiles, wgmma_queues=queues_with_wgmma(seq),
                            wgmma_in_flight=_wgmma_in_flight(seq), dry_run=True)
        probe = Region(pipeline, Rings(pipeline), Stores(pipeline, set(generic)))
        if has_marked(seq):
            probe.lower(seq)
        else:
            probe.producers.survey(seq)
        queues, not_bulk = probe.rings.queues, probe.producers.not_bulk
        # A queue's phases complete by an expect_tx arrival where it has bulk copies or no
        # cp.async either (its copies all write synchronously, a stage kept for a bulk store).
        expect = {q for q, x in queues.items() if x.bulk or not x.fallback}
        # Stock's commit/wait groups cost less than mbarriers for copies that are all per-thread,
        # but count one group per stage: where a stage commits in several places (sites),
        # their counts do not say which stage is complete (TVM 0.27's interleaved producers
        # wait too little in the first iterations), and the rings stay, with cp.async on them.
        if not probe.stores.groups.reads and all(len(x) <= 1 for x in sites.values()):
            first = "{}: {}".format(*not_bulk[0]) if not_bulk else "no copies"
            if not any(x.bulk for x in queues.values()):
                raise TMAError("pipeline_model", f"no copy of the pipeline can be bulk (the first: {first})")
            # Bulk copies and per-thread cp.async on one mbarrier ran up to 1.4x slower than
            # stock's groups on MetaSchedule's tensor-core samples (rule mixed_stage_cost).
            mixed = [q for q, x in queues.items() if x.bulk and x.per_thread]
            if mixed and mixed_stages == "stock":
                raise TMAError("mixed_stage_cost", f"async queue {mixed[0][0]} mixes bulk copies with per-thread "
                               f"cp.async on one mbarrier (the first cp.async: {first})")
        noinc = {q for q, x in queues.items() if x.fallback}
        empty = set()
        if self.overwrite_guard == "empty_barriers":
            # (fallbacks: cta_sync; wgmma stages keep the __syncthreads that orders every
            # warpgroup's wgmma.wait_group before the copies, as VerifyWgmma models it)
            empty = {k for k, x in queues.items() if not x.cta_sync and k[0] not in pipeline.wgmma_queues}
        # (a pipelined loop of as many trips as stages has a body of one iteration, no loop)
        consumers_first = any(map(is_consumers_first, seq.seq if isinstance(seq, tirx.SeqStmt) else [seq]))
        # The lowering: the probe's plans, a fresh analyzer.
        pipeline = dataclasses.replace(pipeline, analyzer=Analyzer(), noinc=noinc, expect_queues=expect,
                                       empty_queues=empty, dry_run=False)
        region = Region(pipeline, Rings(pipeline), Stores(pipeline, generic), consumers_first)
        body = region.lower(seq)
        before, after = region.setup(self.maps.take_used() if self.maps is not None else [])
        self.regions += 1
        return tirx.SeqStmt(before + [body] + after), region.rings.buffers()


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




def LowerAsyncPipelineToMBarrier(*, min_run_bytes: int = rules.limit("bulk_min_run"), tensor_maps: bool = True,
                                 overwrite_guard: str = "cta_barrier", mixed_stages: str = "stock",
                                 permuted_tiles: bool = False,
                                 launch_cost: str = "model") -> tvm.transform.Pass:  # noqa: N802
    """Create the pass (see the module docstring).

    ``min_run_bytes``: a tile of several contiguous runs shorter than this goes to cp.async
    (rule ``bulk_min_run``).
    ``tensor_maps``: copy strided and edge tiles with ``cp.async.bulk.tensor``, loads and bulk
    stores alike (see :mod:`..copies.copy_plan`); off, they are 1-D runs (and cp.async, or ordinary
    stores, for partial tiles).
    ``overwrite_guard``: what keeps a producer from overwriting a buffer version still read:
    ``"cta_barrier"``, a ``__syncthreads`` before each producer stage; or ``"empty_barriers"``,
    a ring of "empty" mbarriers per queue that every thread arrives on and only the issuing
    threads wait on (:func:`.overwrite_guards.empty_guard`), for queues whose stages need no
    ``__syncthreads`` anyway (no cp.async fallback, no wait for bulk stores before them).
    ``mixed_stages``: a pipeline whose async queue has both bulk copies and copies that can only
    be per-thread cp.async: ``"stock"``, stock TVM's cp.async groups for all its copies (rule
    ``mixed_stage_cost``); ``"mbarrier"``, both kinds on one mbarrier per stage.
    ``permuted_tiles``: copy tiles stored in the schedule's permuted layout
    (``InjectPermutedLayout``) with swizzled tensor copies where the permutation is the swizzle;
    off, they stay per-thread cp.async (rule ``permuted_tile_cost``).
    ``launch_cost``: which pipelines without wgmma consumers keep stock TVM's cp.async groups
    where they can express them: ``"model"``, those the launch-cost model expects no faster on
    mbarriers (:func:`tvm_tma.launch_cost.decide`, the SM count of the function's target);
    ``"mbarriers"``, none; ``"stock_groups"``, all.
    """
    if launch_cost not in LAUNCH_COSTS:
        raise ValueError(f"launch_cost: expected one of {LAUNCH_COSTS}, got {launch_cost!r}")
    if overwrite_guard not in OVERWRITE_GUARDS:
        raise ValueError(f"overwrite_guard: expected one of {OVERWRITE_GUARDS}, got {overwrite_guard!r}")
    if mixed_stages not in MIXED_STAGES:
        raise ValueError(f"mixed_stages: expected one of {MIXED_STAGES}, got {mixed_stages!r}")

    def transform(func: tirx.PrimFunc, mod: tvm.ir.IRModule, _ctx) -> tirx.PrimFunc:
        name = function_name(func)
        _refuse_nested_async_scopes(func, name)
        report_loose_copies(func, name)
        if not has_attr(func.body, (COMMIT, WAIT)):
            return func
        check_arch(func, f"async pipeline in {name}")
        maps = TensorMaps(func) if tensor_maps else None
        limits = lc.arch_limits(func.attrs.get("target") if func.attrs is not None else None)
        body, bufs = _Lowering(name, min_run_bytes, permuted_tiles, maps, overwrite_guard, mixed_stages,
                               launch_cost, limits).visit(func.body, [])
        if bufs:
            raise TMAError("pipeline_model", "async pipeline outside any block: nowhere to allocate its mbarriers")
        return maps.apply(func, body) if maps is not None else func.with_body(body)

    return tirx.transform.prim_func_pass(transform, opt_level=0,
                                         name="tvm_tma.LowerAsyncPipelineToMBarrier")
