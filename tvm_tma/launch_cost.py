"""Launch-cost model: whether one software pipeline runs faster on mbarrier rings than on stock
TVM's cp.async commit/wait groups (rules ``launch_cost`` and ``launch_cost_loads``).

:func:`decide` accepts a pipeline's :class:`LaunchShape`, what the mbarrier lowering made of
each of its copies (``{destination buffer: instruction}``, from the copy report's
:class:`~tvm_tma.report.CopyRecord` entries) and the target's :class:`ArchLimits`
(:func:`arch_limits`); it returns a :class:`Decision`: mbarriers or stock's groups, and why.
:func:`region_shape` reads a :class:`LaunchShape` off the IR right after
``InjectSoftwarePipeline`` (a pipeline's statements and the loops around them);
:func:`kernel_shapes` does so for every kernel of a PrimFunc.

The model, from a sweep on the H100 of the differential fuzzer's kernels at 20 to 8448 CTAs
and 0.5 to 200 MB, and of the compat suite's schedules that the decision changes
(``benchmarks/results/launch_cost_h100.md``):

1. A CTA that loads fewer than two stages (``launch_cost_loads``) overlaps nothing: stock's
   groups (the mbarrier lowering of such kernels ran 0.98-1.28x stock's time).
2. mbarriers where the lowering copies asynchronously (bulk or tensor copies) what stock TVM
   loads synchronously (a zero fill whose condition varies across a vector's lanes, a computed
   value, a vector of other than 4, 8 or 16 bytes: stock makes no cp.async of those), and
   leaves no copy of the pipeline synchronous: such pipelines ran 1.02-2.6x faster, at every
   launch size. Where a copy stays synchronous under both, the stage waits for it either way
   (a sweep kernel with one ran 0.75x stock's time at 20-60 CTAs but 1.09-1.36x from 128 up).
3. mbarriers where the launch has at least as many CTAs as the GPU has SMs (or a count known
   only at run time) and the stage is at least 128 bytes per thread (``launch_cost``: eight
   16-byte cp.async each thread would issue per stage, which bulk copies take off the
   threads): the nested mma GEMM ran 1.07-1.65x faster from 144 CTAs up (1.10x stock's time
   at 64).
4. Otherwise stock's groups: there the mbarrier lowering ran 1.23x stock's time in geometric
   mean below 132 CTAs (0.75-2.11x) and 1.11x from 132 up (0.97-1.92x).

Neither the waves (CTAs over what the SMs hold at once, by threads and shared memory) nor the
stage count nor the bytes per CTA separated gains from losses better than rules 1-4; they are
reported (:meth:`LaunchShape.waves`), not used. TVM 0.27's cuda target carries no SM count (its
options: ``arch``, ``max_shared_memory_per_block``, ``max_threads_per_block``,
``thread_warp_size``, ``registers_per_block``, ``l2_cache_size_bytes``, ``max_num_threads``;
the tag ``"nvidia/nvidia-h100"`` sets only those), so the SM count comes from a table per
architecture (:data:`ARCH_LIMITS`).
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence

import tvm
import tvm_ffi
from tvm import s_tir, tirx
from tvm import sym as arith
from tvm.ir.expr import TensorLoad

from . import rules
from .report import CopyRecord
from .transforms._ir import children

ASYNC = "async_scope"
SHARED = ("shared", "shared.dyn")
CP_ASYNC_BYTES = (4, 8, 16)
"""Bytes of a vector copy that stock TVM's ``InjectPTXAsyncCopy`` makes one cp.async."""
BULK = ("cp.async.bulk", "cp.async.bulk.tensor")
SYNCHRONOUS = "synchronous"


@dataclasses.dataclass(frozen=True)
class ArchLimits:
    """What one SM of an architecture holds (CUDA C++ Programming Guide, Technical
    Specifications per Compute Capability) and how many SMs its GPU has."""

    sms: int
    threads_per_sm: int = 2048
    shared_per_sm: int = 233472
    ctas_per_sm: int = 32
    shared_per_cta_reserved: int = 1024


ARCH_LIMITS = {90: ArchLimits(sms=132)}
"""Per sm version: sm_90 is the H100 SXM5 and the H200 (132 SMs; the H100 PCIe has 114)."""


def arch_limits(target: tvm.target.Target | None) -> ArchLimits:
    """The limits of ``target``'s architecture (``arch`` ``"sm_90a"``: 90): the entry of
    :data:`ARCH_LIMITS` for the newest sm version not newer than it (the oldest entry for no
    target, another kind or an older architecture)."""
    arch = None
    if target is not None and target.kind.name == "cuda":
        digits = "".join(ch for ch in str(target.attrs.get("arch", "")).split("_")[-1] if ch.isdigit())
        arch = int(digits) if digits else None
    fitting = [a for a in sorted(ARCH_LIMITS) if arch is not None and a <= arch]
    return ARCH_LIMITS[fitting[-1] if fitting else min(ARCH_LIMITS)]


@dataclasses.dataclass(frozen=True)
class LaunchShape:
    """The features of one pipeline in its launch.

    ``ctas``: CTAs of the launch (``None``: known at run time only); ``threads``: threads per
    CTA; ``shared_bytes``: shared memory the pipeline's buffers take per CTA; ``stage_bytes``:
    bytes its async copies move into shared memory per stage and CTA; ``stages``: versions of
    its ring; ``loads``: stages one CTA loads (the pipelined loop's trips, times the serial
    loops around it; ``None``: known at run time only); ``copied``: the shared buffers its
    async copies write; ``stock_sync``: those whose copies stock TVM runs as ordinary loads and
    stores (no cp.async).
    """

    ctas: int | None
    threads: int
    shared_bytes: int
    stage_bytes: int
    stages: int
    loads: int | None
    copied: frozenset[str] = frozenset()
    stock_sync: frozenset[str] = frozenset()

    def resident(self, limits: ArchLimits) -> int:
        """CTAs of this launch that one SM holds at once (threads, shared memory, CTA slots)."""
        by_shared = limits.shared_per_sm // (self.shared_bytes + limits.shared_per_cta_reserved)
        return max(1, min(limits.ctas_per_sm, limits.threads_per_sm // max(self.threads, 1), by_shared))

    def waves(self, limits: ArchLimits) -> float | None:
        """The launch's CTAs over what the GPU holds at once (``None``: known at run time only)."""
        return None if self.ctas is None else self.ctas / (limits.sms * self.resident(limits))


@dataclasses.dataclass(frozen=True)
class Decision:
    """Whether the pipeline goes on mbarrier rings, the rule that decided and why."""

    mbarrier: bool
    rule: str
    reason: str


def lowered_copies(records: Iterable[CopyRecord]) -> dict[str, str]:
    """What the mbarrier lowering made of each destination buffer's copies, from its copy
    report entries: their ``instruction``, ``"synchronous"`` where any of them is."""
    lowered: dict[str, str] = {}
    for record in records:
        if lowered.get(record.dst) != SYNCHRONOUS:
            lowered[record.dst] = record.instruction
    return lowered


def decide(shape: LaunchShape, lowered: Mapping[str, str], limits: ArchLimits, *, per_thread: int | None = None,
           min_loads: int | None = None) -> Decision:
    """Rules 1-4 of the module docstring. ``lowered``: what the mbarrier lowering made of the
    pipeline's copies, by destination buffer (:func:`lowered_copies`). ``per_thread`` and
    ``min_loads`` replace the limits of the rules ``launch_cost`` and ``launch_cost_loads``
    (the sweep's report scans them)."""
    per_thread = rules.limit("launch_cost") if per_thread is None else per_thread
    min_loads = rules.limit("launch_cost_loads") if min_loads is None else min_loads
    if shape.loads is not None and shape.loads < min_loads:
        return Decision(False, "launch_cost_loads",
                        f"a CTA loads {shape.loads} stage(s), fewer than {min_loads}: nothing to overlap")
    synchronous = sorted(b for b in shape.copied if lowered.get(b) == SYNCHRONOUS)
    made_async = sorted(b for b in shape.stock_sync if lowered.get(b, "").startswith(BULK))
    if made_async and not synchronous:
        return Decision(True, "launch_cost", f"bulk copies of {', '.join(made_async)}, which stock TVM loads "
                                             "synchronously")
    fills = shape.ctas is None or shape.ctas >= limits.sms
    bytes_per_thread = shape.stage_bytes // max(shape.threads, 1)
    ctas = "a run-time count of" if shape.ctas is None else shape.ctas
    if fills and bytes_per_thread >= per_thread:
        return Decision(True, "launch_cost", f"{bytes_per_thread} bytes per thread per stage in a launch of {ctas} "
                                             f"CTAs ({limits.sms} SMs)")
    copies = (f"{', '.join(synchronous)} stay synchronous" if made_async
              else "no copy that stock TVM loads synchronously becomes asynchronous")
    launch = (f"{bytes_per_thread} bytes per thread per stage, fewer than {per_thread}" if fills
              else f"{ctas} CTAs, fewer than the {limits.sms} SMs")
    return Decision(False, "launch_cost", f"{copies}; {launch}")


def _visit(stmt: tirx.Stmt, loops: list[tirx.For], conds: list[tirx.PrimExpr],
           on: Callable[[tirx.Stmt, list[tirx.For], list[tirx.PrimExpr]], None]) -> None:
    """``on(s, loops, conds)`` for ``stmt`` and every statement inside it: ``loops`` the For
    loops around ``s``, ``conds`` the block predicates around it."""
    on(stmt, loops, conds)
    if isinstance(stmt, tirx.For):
        loops = loops + [stmt]
    elif isinstance(stmt, s_tir.SBlockRealize) and not (isinstance(stmt.predicate, tirx.IntImm)
                                                          and int(stmt.predicate)):
        conds = conds + [stmt.predicate]
    for child in children(stmt):
        _visit(child, loops, conds, on)


def _extent(loop: tirx.For) -> int | None:
    return int(loop.extent) if isinstance(loop.extent, tirx.IntImm) else None


def _bytes(buf: tirx.Buffer) -> int:
    return math.prod(int(d) for d in buf.shape) * buf.dtype.bits * buf.dtype.lanes // 8


def _versions(store: tirx.BufferStore) -> int:
    """The ring size of a store into a versioned buffer (first index ``G % V``), else 1."""
    first = store.indices[0] if len(store.indices) else None
    if isinstance(first, tirx.FloorMod) and isinstance(first.b, tirx.IntImm) \
            and int(first.b) == int(store.buffer.shape[0]):
        return int(first.b)
    return 1


def _uses(expr: tirx.PrimExpr, var: tirx.Var) -> bool:
    found: list[bool] = []
    tvm_ffi.structural_walk(expr, (tirx.Var, lambda v: found.append(v.same_as(var))))
    return any(found)


def _stock_async(store: tirx.BufferStore, loops: list[tirx.For]) -> bool:
    """Whether stock TVM's ``InjectPTXAsyncCopy`` makes this async-scope store one cp.async: a
    load from global memory, or ``if_then_else(c, load, 0)`` with ``c`` the same for every lane,
    of 4, 8 or 16 bytes (``loops``: those around it inside its async scope)."""
    vector = [loop for loop in loops if loop.kind == tirx.ForKind.VECTORIZED]
    lanes = (_extent(vector[-1]) or 0) if vector else 1
    if lanes * store.buffer.dtype.bits // 8 not in CP_ASYNC_BYTES:
        return False
    value = store.value
    if isinstance(value, TensorLoad):
        return value.source.scope() == "global"
    if isinstance(value, tvm.ir.Call) and value.op.name.endswith("if_then_else") \
            and isinstance(value.args[1], TensorLoad):
        return value.args[1].source.scope() == "global" and not (vector and _uses(value.args[0], vector[-1].loop_var))
    return False


SERIAL = (tirx.ForKind.SERIAL, tirx.ForKind.UNROLLED)
ENUMERATED = 64
"""Loops of at most this many iterations are counted one iteration at a time, under the
predicates around the copy (an unrolled prologue of ``stages - 1`` loads, the later ones
predicated off where the loop has fewer trips); longer ones count all their iterations."""


def _executions(loops: list[tirx.For], conds: list[tirx.PrimExpr]) -> int | None:
    """How many times a statement inside ``loops`` (serial ones; others ignored) runs, each
    short loop's iterations counted where ``conds`` may hold with only its variable bound."""
    count = 1
    for loop in loops:
        if loop.kind not in SERIAL:
            continue
        extent = _extent(loop)
        if extent is None:
            return None
        if extent <= ENUMERATED and conds:
            cond = functools.reduce(tirx.And, conds)
            held = 0
            for value in range(extent):
                analyzer = arith.Analyzer()
                analyzer.bind(loop.loop_var, tirx.const(value, loop.loop_var.ty))
                result = analyzer.simplify(cond)
                held += not (isinstance(result, tirx.IntImm) and not int(result))
            extent = held
        count *= extent
    return count


def region_shape(region: tirx.Stmt, loops: Sequence[tirx.For] = ()) -> LaunchShape:
    """The :class:`LaunchShape` of the pipeline in ``region`` (after ``InjectSoftwarePipeline``:
    copies under ``async_scope`` attributes into versioned shared buffers), ``loops`` the For
    loops around it in its PrimFunc, outermost first (the thread-bound ``blockIdx`` and
    ``threadIdx`` loops among them). ``region`` may also be a whole launch (its thread-bound
    loops inside it, ``loops`` empty): the features are then those of all its pipelines
    together."""
    loops = list(loops)
    bound: dict[str, tirx.For] = {}
    shared: dict[tirx.Buffer, int] = {}
    versions: dict[tirx.Buffer, int] = {}
    runs: dict[tirx.Buffer, list[int | None]] = {}
    stock_sync: set[str] = set()

    def on(stmt: tirx.Stmt, around: list[tirx.For], conds: list[tirx.PrimExpr]) -> None:
        if isinstance(stmt, tirx.For) and stmt.kind == tirx.ForKind.THREAD_BINDING and stmt.thread_binding is not None:
            bound.setdefault(stmt.thread_binding.thread_tag, stmt)
        elif isinstance(stmt, tirx.BufferStore) and stmt.buffer.scope() in SHARED:
            shared[stmt.buffer] = _bytes(stmt.buffer)
        elif isinstance(stmt, tirx.AttrStmt) and stmt.attr_key == ASYNC:
            count = _executions(around, conds)

            def copy(inner: tirx.Stmt, inside: list[tirx.For], _conds: list[tirx.PrimExpr]) -> None:
                if isinstance(inner, tirx.BufferStore) and inner.buffer.scope() in SHARED:
                    versions[inner.buffer] = max(versions.get(inner.buffer, 1), _versions(inner))
                    runs.setdefault(inner.buffer, []).append(count)
                    if not _stock_async(inner, inside):
                        stock_sync.add(inner.buffer.name)

            _visit(stmt.body, [], [], copy)

    for loop in loops:
        on(loop, [], [])
    _visit(region, loops, [], on)
    ctas = [_extent(loop) for tag, loop in bound.items() if tag.startswith("blockIdx.")]
    threads = math.prod(_extent(loop) or 1 for tag, loop in bound.items() if tag.startswith("threadIdx."))
    per_buffer = [None if None in counts else sum(counts) for counts in runs.values()]
    return LaunchShape(ctas=None if None in ctas else math.prod(ctas), threads=threads,
                       shared_bytes=sum(shared.values()),
                       stage_bytes=sum(_bytes(b) // v for b, v in versions.items()),
                       stages=max(versions.values(), default=1),
                       loads=None if None in per_buffer else max(per_buffer, default=0),
                       copied=frozenset(b.name for b in versions), stock_sync=frozenset(stock_sync))


def kernel_shapes(func: tirx.PrimFunc) -> list[LaunchShape]:
    """One :class:`LaunchShape` per kernel launch of ``func`` (after ``InjectSoftwarePipeline``)
    that holds async copies: the features of its pipelines taken together (:func:`region_shape`).
    A launch is an outermost ``blockIdx`` or ``threadIdx`` loop (a kernel of one CTA has none of
    the first)."""
    launches: list[tirx.For] = []

    def on(stmt: tirx.Stmt, around: list[tirx.For], _conds: list[tirx.PrimExpr]) -> None:
        if isinstance(stmt, tirx.For) and stmt.kind == tirx.ForKind.THREAD_BINDING and stmt.thread_binding is not None \
                and stmt.thread_binding.thread_tag.startswith(("blockIdx.", "threadIdx.")) \
                and not any(loop.kind == tirx.ForKind.THREAD_BINDING for loop in around):
            launches.append(stmt)

    _visit(func.body, [], [], on)
    return [shape for shape in map(region_shape, launches) if shape.stage_bytes]
