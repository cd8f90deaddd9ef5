"""VerifyMBarrierProtocol: run each kernel's mbarrier protocol concretely and fail on any mismatch.

Accepts s_tir as :mod:`..pipelines.lower_async_pipeline` and
:mod:`..pipelines.lower_bulk_copy_blocks` leave it (before ``LowerOpaqueBlock``): kernels are
``T.thread_binding`` loops, guards are ``if`` and block predicates, and a barrier is
``T.address_of(bar[slot])`` (maybe under ``cvta_generic_to_shared``) in these operations::

    mbarrier.init.shared.b64 [bar], count                  (T.ptx.mbarrier_init)
    mbarrier.inval.shared.b64 [bar]
    mbarrier.arrive.expect_tx.shared.b64 _, [bar], tx       one arrival per thread, tx bytes expected
    mbarrier.arrive.shared.b64 _, [bar]                     one arrival per thread
    cp.async.mbarrier.arrive.noinc.shared.b64 [bar]        one arrival per thread
    cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [dst], [src], n, [bar]
    cp.async.bulk.tensor.Nd.shared::cluster.global.tile.mbarrier::complete_tx::bytes
        [dst], [map, {coords}], [bar]        completes the map's whole box (tensormap_encode_tiled
                                             in the host part: box dims x element size), also
                                             when the box is partly out of bounds (zero-filled)
    mbarrier.try_wait.parity [bar], parity                 (T.cuda.mbarrier_wait(bar, parity))

and the two that order them, ``__syncthreads`` (``T.tvm_storage_sync("shared")`` or ``"shared.dyn"``) and
``fence.proxy.async`` (``T.ptx.fence.proxy.async_``). Other calls (``cp.async`` itself, bulk
stores and their groups) are ignored; any other mbarrier operation raises rather than being
skipped.

Each kernel is simulated in program order (:mod:`.program_order`): serial loops run with
concrete values, and a statement under thread-dependent guards counts the threads (every
``threadIdx`` combination) that execute it. Checked, per barrier slot and phase (rule ``mbarrier_protocol``, PTX ISA
"mbarrier"):

1. every slot used (arrive, copy, wait) was initialized and not invalidated since, by one
   thread, with a count of at least 1; init and inval find no phase outstanding (arrivals or
   copies not yet waited on; inval accepts a complete phase of arrivals alone, which has
   nothing in flight); init finds the slot invalidated (or never initialized:
   re-initialization needs an inval first); other threads use it only after a
   ``__syncthreads`` that follows the init, bulk copies complete on it only after a
   ``fence.proxy.async`` of the initializing thread, and inval comes after a
   ``__syncthreads`` that follows every other thread's last use;
2. a phase has exactly the init count of arrivals, and its ``expect_tx`` bytes equal the bytes
   of the bulk copies that complete on it, summed over threads and iterations;
3. each wait targets the next phase of its slot not yet waited on, with parity ``phase % 2``,
   after all of that phase's arrivals and copies were issued (else it can deadlock), and no
   arrival of a later phase precedes it (else the parity is ambiguous: ABA);
4. the next phase's arrivals and copies come after every thread's wait on the last one: the
   waiting threads and the arriving ones met at a ``__syncthreads`` since, or the arriving
   threads waited on another barrier's phase that those waiting threads arrived on after
   their wait (an "empty" barrier). Else a thread still polling could see the next phase
   complete first (an ``expect_tx`` of 0 bytes completes it at once) and find its parity again:
   it waits forever.

Warp roles (:mod:`..pipelines.warp_specialize`: an ``if``/``else`` whose branches are
``tvm_tma.warp_role`` attributes) run at once, each with its own variables: a wait whose phase
is not complete yet lets the other role run until it is; when every role waits, the kernel
deadlocks (reported with each role's wait: e.g. a consumer that never arrives on the empty
ring). A ``__syncthreads`` inside a role is the role's named barrier and orders nothing
across roles; the roles order each other through their rings (rule 4's empty-barrier case).
Within a role it orders the role's threads: a barrier whose waiters are all the role's
threads met at it counts for rule 4 (the Q tile a persistent kernel's consumers load again
for each item of work).

This is the strict protocol our pipelines emit: every phase of every slot is waited on,
in order, before the slot is reused; only a complete phase of arrivals alone (no bytes, the
last releases of an empty ring) may remain unwaited when the kernel ends. Each kernel runs
for the first and the last block of every ``blockIdx`` extent (tails depend on them), or for
the first alone when nothing the simulation evaluates depends on the block
(:mod:`.program_order`). Sizes
that are function parameters are bound to each of ``sample_values`` (an int sets every size,
a mapping sets them by name), so dynamic trip counts are verified at those samples only; at
most ``max_steps`` loop iterations and barrier operations are simulated, beyond that it
raises. Returns the function unchanged.
For example, a stage whose bulk copy moves half the bytes its expect_tx announced::

    if tx == 0: T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bar[k % 2]), T.uint32(8192))
    if tx == 0: T.ptx[BULK_G2S](dst, src, T.uint32(4096), T.address_of(bar[k % 2]))
    T.cuda.mbarrier_wait(T.address_of(bar[k % 2]), k // 2 % 2)
    # TMAError: mbarrier_protocol: main: bar[1] phase 3: expect_tx of 8192 bytes, copies
    # complete 4096 bytes: expected equal counts when the phase is waited on (at k=7)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import tvm
from tvm import s_tir, tirx

from ...errors import TMAError
from .._ir import addressed_element, function_name, is_cta_sync, op_name, walk
from ..copies.tensor_map import G2S_TENSOR, encoded_maps, map_var
from .program_order import _children, _ProgramOrder, _thread_loops, _Unmodelled

RULE = "mbarrier_protocol"
DEFAULT_SAMPLES = (1, 17, 1000)
DEFAULT_MAX_STEPS = 1_000_000

_NOINC = "tirx.ptx.cp_async_mbarrier_arrive"
_SYNC = "tirx.tvm_storage_sync"
_FENCE = "tirx.ptx.fence_proxy"
_OPERANDS = {  # op: (kind, operand of the barrier, operand of the count / bytes / parity)
    "tirx.ptx.mbarrier_init": ("init", 0, 1),
    "tirx.ptx.mbarrier_inval": ("inval", 0, None),
    "tirx.ptx.mbarrier_arrive_expect_tx": ("arrive", 0, 1),
    "tirx.ptx.mbarrier_arrive_nocount": ("arrive", 0, None),
    _NOINC: ("arrive", 0, None),  # with the "noinc" modifier only
    "tirx.ptx.cp_async_bulk_g2s_cluster": ("copy", 3, 2),
    G2S_TENSOR: ("copy", None, None),  # barrier after the coordinates; bytes from the map
    "tirx.cuda.mbarrier_wait": ("wait", 0, 1),
}

def _is_barrier_op(name: str) -> bool:
    return ("mbarrier" in name and "fence" not in name) or "g2s" in name or "s2c" in name


def _is_tracked(name: str) -> bool:
    """A barrier operation, or a call that orders them (``__syncthreads``, proxy fence)."""
    return _is_barrier_op(name) or name in (_SYNC, _FENCE)


@dataclass(frozen=True)
class _Op:
    """One barrier operation: ``kind`` on ``buffer[slot]`` with its count, bytes or parity."""

    kind: str  # "init", "inval", "arrive", "copy", "wait"
    buffer: tirx.Buffer
    slot: tirx.PrimExpr
    value: tirx.PrimExpr | None


def _parse(call: tvm.ir.Call, box_bytes: dict[int, tirx.IntImm]) -> _Op:
    """The operation ``call``; ``box_bytes``: bytes per tensor copy, by map variable."""
    name = op_name(call)
    strings = [a.value for a in call.args if isinstance(a, tvm.ir.StringImm)]
    if name not in _OPERANDS or name == _NOINC and "noinc" not in strings:
        raise _Unmodelled(f"{name}: expected one of the barrier operations the verifier models "
                          "(init, inval, arrive, arrive.expect_tx, cp.async arrive.noinc, "
                          "cp.async.bulk complete_tx, try_wait.parity), got an unsupported one")
    kind, bar, value = _OPERANDS[name]
    if name == G2S_TENSOR:
        rank = int(next(x for x in strings if x.endswith("d") and x[:-1].isdigit())[:-1])
        bar, var = 2 + rank, map_var(call.args[1])
        if var.__chandle__() not in box_bytes:
            raise _Unmodelled(f"{name}: tensor map {var.name}: expected it encoded by "
                              "tensormap_encode_tiled in the host part, got none")
        value = box_bytes[var.__chandle__()]
    elif isinstance(value, int):
        value = call.args[value]
    load = addressed_element(call.args[bar])
    if load is None or len(load.indices) != 1:
        raise _Unmodelled(f"{name}: barrier address {call.args[bar]}: expected "
                          "T.address_of(<barrier buffer>[slot]), got another form")
    return _Op(kind, load.source, load.indices[0], value)


@dataclass
class _Slot:
    """One barrier: its init count (``None`` when not initialized) and the phase being filled;
    the ``__syncthreads`` epoch and threads of its init, whether a proxy fence followed it, and
    the threads that used it in the epoch ``users_epoch``."""

    name: str
    count: int | None = None
    phase: int = 0
    arrivals: int = 0
    expected: int = 0
    copied: int = 0
    init_epoch: int = -1
    init_threads: np.ndarray | None = None
    fenced: bool = False
    users_epoch: int = -1
    users: np.ndarray | None = None
    waiters: np.ndarray | None = None  # threads that waited on the last phase (rule 4)
    waiters_epoch: int = -1
    informed: np.ndarray | None = None  # threads ordered after all of them through another barrier
    # arrivals on this phase: slot key -> (its phase, threads past their wait)
    carried: dict = field(default_factory=dict)

    def outstanding(self) -> str:
        if not (self.arrivals or self.expected or self.copied):
            return ""
        return (f"{self.arrivals} arrivals, {self.expected} bytes expected, {self.copied} bytes "
                "copied")

    def released(self) -> bool:
        """A complete phase of arrivals alone (no bytes): a release nobody needs to wait for,
        e.g. the last phases of an empty ring (nothing is copied into the slot after them)."""
        return self.count is not None and self.arrivals == self.count and not (self.expected or self.copied)

    def advance(self) -> None:
        self.phase, self.arrivals, self.expected, self.copied = self.phase + 1, 0, 0, 0
        self.carried = {}


class _Verifier(_ProgramOrder):
    def __init__(self, func: tirx.PrimFunc, samples, max_steps: int):
        super().__init__(func, samples)
        self.func_name = function_name(func)
        self.max_steps = max_steps
        # Created before anything is evaluated, alive throughout: the evaluator caches by handle.
        self.box_bytes = {var.__chandle__(): tirx.const(nbytes, "int64")
                          for var, _, nbytes in encoded_maps(func.body)}
        self.ops: dict[int, _Op] = {}
        # Per kernel launch: barrier slots, __syncthreads executed so far.
        self.slots: dict[tuple[int, int], _Slot] = {}
        self.epoch = 0

    # -- the statements that hold barrier operations (or __syncthreads, proxy fences) ---------
    def follows(self, stmt) -> bool:
        found = []
        walk(stmt, tvm.ir.Call, lambda c: found.append(_is_tracked(op_name(c))))
        return any(found)

    def kernels(self, stmt) -> list[tirx.For]:
        """The kernels in ``stmt`` that use barriers (others are not simulated)."""
        if not self.relevant(stmt):
            return []
        if isinstance(stmt, tirx.For) and stmt.kind == tirx.ForKind.THREAD_BINDING:
            found = []
            walk(stmt, tvm.ir.Call, lambda c: found.append(_is_barrier_op(op_name(c))))
            return [stmt] if any(found) else []
        if not _children(stmt):
            self.fail(None, "barrier operation outside any thread_binding loop: expected it in a kernel")
        return [k for c in _children(stmt) for k in self.kernels(c)]

    # -- driver --------------------------------------------------------------------------
    def run_kernel(self, root: tirx.For) -> None:
        extents: dict[str, int] = {}
        for loop in _thread_loops(root):
            tag, extent = loop.thread_binding.thread_tag, int(self.eval(loop.extent, {}))
            if extents.setdefault(tag, extent) != extent:
                self.fail(None, f"{tag}: expected one extent per kernel, got {extents[tag]} and {extent}")
        if any(e <= 0 for e in extents.values()):
            return  # an empty launch runs nothing
        for mask in self.launches(root, extents):
            self.slots, self.epoch = {}, 0
            for slot, what in self.visit(root, mask):
                self.fail(slot, what)  # blocked with nothing else to run: it would not return
            for slot in self.slots.values():
                if slot.outstanding() and not slot.released():
                    self.fail(slot, "never waited on: expected every phase waited on before the "
                              f"kernel ends, got {slot.outstanding()}")

    def tick(self) -> None:
        super().tick()
        if self.steps > self.max_steps:
            self.fail(None, f"simulating the barrier protocol: expected at most max_steps="
                      f"{self.max_steps} loop iterations and barrier operations, got more "
                      "(pass fewer sample_values or a larger max_steps)")

    def fail(self, slot: _Slot | None, what: str):
        where = f"{slot.name} phase {slot.phase}: " if slot is not None else ""
        raise TMAError(RULE, f"{self.func_name}: {where}{what}{self.where()}")

    # -- the leaves ----------------------------------------------------------------------------
    def unmodelled(self, what: str):
        self.fail(None, what)

    def waiting(self, item) -> str:
        slot, what = item
        return f"{slot.name} phase {slot.phase}: {what}"

    def deadlock(self, what: str):
        return None, what

    def block(self, block: s_tir.SBlock) -> None:
        if block.init is not None and self.relevant(block.init):
            self.fail(None, f"barrier operation in the init of block {block.name_hint}: "
                      "expected them in block bodies only")

    def statement(self, stmt, mask: np.ndarray):
        """A barrier operation (yields ``(slot, message)`` where a wait finds its phase
        incomplete), a ``__syncthreads`` or a proxy fence."""
        if isinstance(stmt, tirx.Evaluate) and _is_barrier_op(op_name(stmt.value)):
            yield from self.operation(stmt, mask)
        elif isinstance(stmt, tirx.Evaluate) and op_name(stmt.value) in (_SYNC, _FENCE):
            self.ordering(stmt, mask)
        else:
            self.fail(None, f"barrier operation inside {type(stmt).__name__}: expected it as a "
                      "statement under loops, blocks and ifs")

    # -- barrier operations ------------------------------------------------------------------
    def evaluated(self, stmt) -> list | None:
        """A barrier operation's slot and count, bytes or parity; nothing for the others."""
        if isinstance(stmt, tirx.Evaluate) and op_name(stmt.value) in (_SYNC, _FENCE):
            return []
        if not (isinstance(stmt, tirx.Evaluate) and _is_barrier_op(op_name(stmt.value))):
            return None
        try:
            op = self.parsed(stmt)
        except _Unmodelled:
            return None
        return [op.slot] + ([op.value] if op.value is not None else [])

    def parsed(self, stmt: tirx.Evaluate) -> _Op:
        op = self.ops.get(stmt.__chandle__())
        if op is None:
            op = self.ops[stmt.__chandle__()] = _parse(stmt.value, self.box_bytes)
        return op

    def operation(self, stmt: tirx.Evaluate, mask: np.ndarray):
        self.tick()
        op = self.parsed(stmt)
        slot_index = np.broadcast_to(self.eval(op.slot, self.env), mask.shape)
        values = None if op.value is None else np.broadcast_to(self.eval(op.value, self.env), mask.shape)
        for index in np.unique(slot_index[mask]):
            threads = mask & (slot_index == index)
            name = f"{op.buffer.name}[{index}]"
            slot = self.slots.setdefault((op.buffer.__chandle__(), int(index)), _Slot(name))
            per_thread = None if values is None else values[threads].astype(np.int64)
            if op.kind not in ("init", "inval"):
                self.use(slot, op.kind, threads)
            if op.kind == "wait":
                yield from self.wait(slot, threads, per_thread)
            else:
                getattr(self, op.kind)(slot, threads, per_thread)

    def ordering(self, stmt: tirx.Evaluate, mask: np.ndarray) -> None:
        """``__syncthreads`` (of ``"shared"`` or ``"shared.dyn"``) starts a new epoch; a proxy
        fence makes the inits of its threads visible to the async proxy."""
        self.tick()
        call = stmt.value
        strings = [a.value for a in call.args if isinstance(a, tvm.ir.StringImm)]
        if is_cta_sync(stmt) and not self.role_depth:
            self.epoch += 1  # (inside a role it is the role's named barrier: no CTA epoch)
        elif is_cta_sync(stmt):  # the role's barrier orders its threads after their own waits
            for slot in self.slots.values():
                if slot.waiters is not None and slot.waiters_epoch == self.epoch and not (slot.waiters & ~mask).any():
                    slot.informed = slot.informed | mask
        elif op_name(call) == _FENCE and "async" in strings:
            for slot in self.slots.values():
                if slot.count is not None and (slot.init_threads & mask).any():
                    slot.fenced = True

    def use(self, slot: _Slot, kind: str, threads: np.ndarray) -> None:
        """An arrive, copy or wait by ``threads``: after the init is visible to them."""
        what = {"copy": "cp.async.bulk", "wait": "mbarrier.try_wait.parity"}.get(kind, kind)
        self.initialized(slot, what)
        if slot.init_epoch == self.epoch and (threads & ~slot.init_threads).any():
            self.fail(slot, f"{what} by threads that did not initialize it, with no __syncthreads since "
                      "mbarrier.init: expected the init made visible to the CTA first")
        if kind == "copy" and not slot.fenced:
            self.fail(slot, "cp.async.bulk completing on it with no fence.proxy.async since mbarrier.init: "
                      "expected the init made visible to the async proxy first")
        if slot.users_epoch != self.epoch:
            slot.users_epoch, slot.users = self.epoch, np.zeros_like(threads)
        slot.users |= threads

    def after_last_waits(self, slot: _Slot, what: str, threads: np.ndarray) -> None:
        """Rule 4: the arrive or copy by ``threads`` that completes ``slot``'s phase is ordered
        after every thread's wait on the phase before."""
        if slot.arrivals < slot.count or slot.expected != slot.copied:
            return  # the phase is not complete yet
        if slot.waiters is None or slot.waiters_epoch != self.epoch:
            return  # never waited on, or a __syncthreads since
        if (slot.waiters & ~threads).any() and (threads & ~slot.informed).any():
            self.fail(slot, f"{what} completes it before other threads are known to be done waiting "
                      "on the phase before: expected a __syncthreads (or an empty-barrier wait) "
                      "between (else they can find that parity again and wait forever)")

    def carry(self, slot: _Slot, threads: np.ndarray) -> None:
        """Arrivals by ``threads`` on ``slot`` order their earlier waits (rule 4) before
        whoever waits on this phase."""
        for key, other in self.slots.items():
            if other is not slot and other.waiters is not None and other.waiters_epoch == self.epoch:
                phase, done = slot.carried.get(key, (other.phase, np.zeros_like(threads)))
                if phase == other.phase:
                    slot.carried[key] = (phase, done | (threads & other.waiters))

    def informs(self, slot: _Slot, threads: np.ndarray) -> None:
        """A wait by ``threads`` on ``slot``'s phase orders them after the waits it carried."""
        for key, (phase, done) in slot.carried.items():
            other = self.slots[key]
            if phase == other.phase and other.waiters_epoch == self.epoch and not (other.waiters & ~done).any():
                other.informed = other.informed | threads

    def initialized(self, slot: _Slot, what: str) -> None:
        if slot.count is None:
            self.fail(None, f"{slot.name}: {what} before mbarrier.init: expected the barrier "
                      "initialized (and not invalidated) first")

    def check_reset(self, slot: _Slot, what: str, threads: np.ndarray) -> None:
        """init and inval: by one thread, with no phase outstanding."""
        if threads.sum() != 1:
            self.fail(slot, f"{what} by {threads.sum()} threads: expected 1")
        if slot.outstanding() and not (what == "mbarrier.inval" and slot.released()):
            self.fail(slot, f"{what} with the phase outstanding: expected it waited on first, "
                      f"got {slot.outstanding()}")

    def init(self, slot: _Slot, threads: np.ndarray, counts: np.ndarray) -> None:
        self.check_reset(slot, "mbarrier.init", threads)
        if slot.count is not None:
            self.fail(slot, "mbarrier.init of a barrier still initialized: expected mbarrier.inval "
                      "before it is initialized again")
        if int(counts[0]) < 1:
            self.fail(slot, f"mbarrier.init with count {int(counts[0])}: expected 1 to 2^20 - 1 (PTX ISA, "
                      "mbarrier.init); no arrival completes a phase of it, its waits never return")
        slot.count, slot.phase, slot.fenced = int(counts[0]), 0, False
        slot.init_epoch, slot.init_threads = self.epoch, threads

    def inval(self, slot: _Slot, threads: np.ndarray, _values) -> None:
        self.initialized(slot, "mbarrier.inval")
        self.check_reset(slot, "mbarrier.inval", threads)
        if slot.users_epoch == self.epoch and (slot.users & ~threads).any():
            self.fail(slot, "mbarrier.inval with no __syncthreads since other threads used it: "
                      "expected every thread done with it first")
        slot.count, slot.arrivals = None, 0

    def arrive(self, slot: _Slot, threads: np.ndarray, tx_bytes: np.ndarray | None) -> None:
        arrivals = slot.arrivals + int(threads.sum())
        if arrivals > slot.count:
            self.fail(slot, f"{arrivals} arrivals before its wait: expected at most "
                      f"{slot.count} (the init count; a later phase issued before this wait "
                      "makes its parity ambiguous)")
        slot.arrivals = arrivals
        slot.expected += 0 if tx_bytes is None else int(tx_bytes.sum())
        self.after_last_waits(slot, "an arrival", threads)
        self.carry(slot, threads)

    def copy(self, slot: _Slot, threads: np.ndarray, sizes: np.ndarray) -> None:
        slot.copied += int(sizes.sum())
        self.after_last_waits(slot, "a copy", threads)

    def wait(self, slot: _Slot, threads: np.ndarray, parities: np.ndarray):
        for parity in np.unique(parities):
            if parity != slot.phase % 2:
                self.fail(slot, f"wait for parity {parity}: expected {slot.phase % 2} (phase "
                          f"{slot.phase} is the next one not waited on), got {parity}")
        while slot.arrivals < slot.count:  # another role may still arrive
            yield slot, (f"waited on after {slot.arrivals} arrivals: expected all {slot.count} "
                         f"issued before the wait, got {slot.arrivals} (the wait would not return)")
        if slot.expected != slot.copied:
            self.fail(slot, f"expect_tx of {slot.expected} bytes, copies complete {slot.copied} "
                      "bytes: expected equal counts when the phase is waited on")
        self.informs(slot, threads)
        slot.advance()
        slot.waiters, slot.waiters_epoch, slot.informed = threads, self.epoch, np.zeros_like(threads)


def VerifyMBarrierProtocol(  # noqa: N802 (TVM pass naming)
    *, sample_values: Sequence[int | Mapping[str, int]] = DEFAULT_SAMPLES,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> tvm.transform.Pass:
    """Create the pass (see the module docstring).

    ``sample_values``: the sizes (function parameters) to verify dynamic kernels at; an int
    binds every size, a mapping binds sizes by name. ``max_steps``: the most loop iterations
    and barrier operations to simulate per function before raising.
    """
    samples = [s if isinstance(s, int) else dict(s) for s in sample_values]

    def transform(func: tirx.PrimFunc, mod: tvm.ir.IRModule, _ctx) -> tirx.PrimFunc:
        _Verifier(func, samples, max_steps).run()
        return func

    return tirx.transform.prim_func_pass(transform, opt_level=0, name="tvm_tma.VerifyMBarrierProtocol")
