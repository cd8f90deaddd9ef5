"""VerifyWgmma: wgmma operands described, the target right, and no operand overwritten in flight.

Accepts s_tir as :mod:`..pipelines.lower_async_pipeline` and
:mod:`..pipelines.lower_bulk_copy_blocks` leave it (the form :mod:`.verify_mbarrier_protocol`
checks). For each PrimFunc that issues ``wgmma.mma_async`` it raises :class:`tvm_tma.TMAError`
when

1. an operand descriptor was left unencoded (rule ``wgmma_operand_layout``): the tile it points
   into was not loaded by a swizzled tensor copy, so it is in no canonical layout (the copy
   report says what its copy became);
2. the target is not ``sm_90a`` (rule ``wgmma_arch``);
3. a ``wgmma`` instruction is executed by part of a warpgroup (rule ``wgmma_warpgroup``;
   a warpgroup is threads ``128 w .. 128 w + 127`` of the CTA);
4. a shared buffer version is written (a bulk or tensor copy, ``cp.async``, a store) while a
   ``wgmma`` group that reads it may still be in flight (rule ``wgmma_in_flight``).

For 3 and 4 (with ``simulate``: the ``"tma"`` pipeline's ``verify``, as for the barrier protocol)
each kernel is simulated in program order like the barrier protocol
(:mod:`.program_order`: serial loops with concrete values, the first and last block of each
``blockIdx``, sizes at ``sample_values``; the branches of a warp-role split run at once, a
wait on an mbarrier phase blocking until the arrivals complete it; one block stands for all
where nothing simulated depends on the block, and a loop in a steady state skips whole periods
of it: the rules below depend on group ids only through their differences and order, so a
state repeats up to a translation of them, see :meth:`_Simulator.state`), keeping per
warpgroup the reads of the ``wgmma`` issued since its last ``wgmma.commit_group`` and its
committed groups: ``wgmma.wait_group N`` retires all but the ``N`` most recent. A group reads
the version of each buffer its descriptors point into (the leading index of a buffer of 3 or
more dimensions, a pipeline's ring of tiles; else the whole buffer); a write of that version
is legal only after the group retired, by threads that know it: the warpgroup's own, others
after a ``__syncthreads`` (or their role's barrier) that follows the retirement, or after a
wait on an mbarrier phase that threads knowing it arrived on (the "empty" ring of a
warp-specialized pipeline). For example, a consumer that leaves its group in flight before the producer of
the next stage overwrites the version it read (the ``wgmma.wait_group`` that
:mod:`..pipelines.lower_async_pipeline` puts before the producer removed)::

    wgmma.fence; wgmma.mma_async(.., desc(A_shared[k % 4, ..]), ..); wgmma.commit_group
    wgmma.wait_group 1
    __syncthreads()
    cp.async.bulk.tensor [A_shared[(k + 4) % 4, ..]], ...
    # TMAError: wgmma_in_flight: main: A_shared version 0 written while a wgmma group of
    # warpgroup 0 that reads it may be in flight: ... (at blockIdx.x=0, k_0=0)

Returns the function unchanged.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import tvm
import tvm_ffi
from tvm import tirx
from tvm.ir.expr import TensorLoad

from ... import rules
from ...errors import TMAError
from .._ir import addressed_element, data_owner, function_name, op_name, op_names
from ..copies.tensor_map import G2S_TENSOR
from ..tensor_cores.wgmma import COMMIT, DESCRIPTOR_OP, FENCE, WAIT, contains_mma, is_mma
from .program_order import _children, _ProgramOrder, _thread_loops, _Unmodelled
from .verify_mbarrier_protocol import DEFAULT_SAMPLES

_SYNC = "tirx.tvm_storage_sync"
_COPIES = (G2S_TENSOR, "tirx.ptx.cp_async_bulk_g2s_cluster", "tirx.ptx.cp_async_ca", "tirx.ptx.cp_async_cg")
"""Copies into shared memory (prefixes of their ops: cp.async has ``_src_size`` forms); their
first operand is the destination."""
_ACCESS_PTR = "tirx.tvm_access_ptr"


def _is_wgmma(name: str) -> bool:
    return is_mma(name) or name in (FENCE, COMMIT, WAIT)


def _versioned(buf: tirx.Buffer) -> bool:
    """Whether ``buf``'s leading index is a version (a ring of tiles): 3 or more dimensions."""
    return len(buf.shape) >= 3


@dataclass
class _Warpgroup:
    """The wgmma state of one warpgroup: the reads of the ``wgmma`` since the last commit, for
    each ``(buffer, version)`` the id of the last committed group that read it (an older one
    retires first), the groups committed and the id of the last retired one."""

    open: set = field(default_factory=set)
    readers: dict = field(default_factory=dict)
    committed: int = 0
    retired: int = 0


@dataclass
class _Barrier:
    """One mbarrier slot as far as ordering goes: its init count, the arrivals of the phase
    being filled and what the arriving threads knew (retired group ids per warpgroup), the
    parity of the phases completed and what the last one published to its waiters."""

    count: int
    arrivals: int = 0
    parity: int = 0
    pending: dict = field(default_factory=dict)
    published: dict = field(default_factory=dict)


_BARRIER_OPS = {"tirx.ptx.mbarrier_init": "init", "tirx.ptx.mbarrier_arrive_expect_tx": "arrive",
                "tirx.ptx.mbarrier_arrive_nocount": "arrive", "tirx.cuda.mbarrier_wait": "wait"}
class _Simulator(_ProgramOrder):
    def __init__(self, func: tirx.PrimFunc, samples):
        super().__init__(func, samples)
        self.name = function_name(func)
        self.read_buffers: set[int] = set()
        tvm_ffi.structural_walk(func.body, (tvm.ir.Call, self._collect_reads))
        self.warpgroups: dict[int, _Warpgroup] = {}
        self.know: dict[int, np.ndarray] = {}  # per warpgroup: the last retired group id each thread knows
        self.own: dict[int, np.ndarray] = {}  # per warpgroup: its threads
        self.barriers: dict[tuple, _Barrier] = {}
        self.operands: dict[int, list] = {}  # per wgmma call: (buffer, offset, tile, versioned) of each operand
        self.whole: dict[bytes, list[int]] = {}  # per thread mask: the warpgroups it holds whole

    def _collect_reads(self, call) -> None:
        if is_mma(op_name(call)):
            for ptr in _access_ptrs(call):
                self.read_buffers.add(data_owner(ptr.args[1]).__chandle__())

    def fail(self, rule: str, what: str):
        raise TMAError(rule, f"{self.name}: {what}{self.where()}")

    # -- which statements matter: wgmma ops, __syncthreads, barriers, writes of buffers wgmma reads
    def follows(self, stmt) -> bool:
        if isinstance(stmt, tirx.BufferStore):
            return stmt.buffer.__chandle__() in self.read_buffers
        found = []
        tvm_ffi.structural_walk(stmt, (tvm.ir.Call, lambda c: found.append(self._tracked(c))))
        return any(found)

    def _tracked(self, call) -> bool:
        name = op_name(call)
        return (_is_wgmma(name) or name == _SYNC or name in _BARRIER_OPS
                or name.startswith(_COPIES) and self._destination(call) is not None)

    def _destination(self, call) -> TensorLoad | None:
        """The shared element a copy writes first, when wgmma reads its buffer."""
        load = addressed_element(call.args[0])
        if load is not None and load.source.__chandle__() in self.read_buffers:
            return load
        return None

    # -- driver ----------------------------------------------------------------------------
    def unmodelled(self, what: str):
        self.fail("wgmma_in_flight", what)

    def kernels(self, stmt) -> list:
        if isinstance(stmt, tirx.For) and stmt.kind == tirx.ForKind.THREAD_BINDING:
            return [stmt] if contains_mma(stmt) else []
        return [k for c in _children(stmt) for k in self.kernels(c)]

    def run_kernel(self, root: tirx.For) -> None:
        extents = {}
        for loop in _thread_loops(root):
            extents[loop.thread_binding.thread_tag] = int(self.eval(loop.extent, {}))
        for mask in self.launches(root, extents):
            self.warpgroups, self.know, self.own, self.barriers = {}, {}, {}, {}
            for what in self.visit(root, mask):
                self.fail("wgmma_in_flight", f"{what}: a wait that would not return (see the barrier protocol)")

    # -- the leaves ----------------------------------------------------------------------------
    def statement(self, stmt, mask: np.ndarray):
        if isinstance(stmt, tirx.BufferStore):
            self.write(stmt.buffer, stmt.indices, mask)
        elif isinstance(stmt, tirx.Evaluate):
            yield from self.call(stmt.value, mask)
        else:
            raise _Unmodelled(f"a wgmma operation or a write of its operands inside {type(stmt).__name__}")

    def evaluated(self, stmt) -> list | None:
        """The version index a write, the slot and count or parity a barrier operation, the
        operand offsets a ``wgmma`` and the count a ``wgmma.wait_group`` evaluates."""
        if isinstance(stmt, tirx.BufferStore):
            return [stmt.indices[0]] if _versioned(stmt.buffer) else []
        if not isinstance(stmt, tirx.Evaluate):
            return None
        call, name = stmt.value, op_name(stmt.value)
        if name in _BARRIER_OPS:
            load = addressed_element(call.args[0])
            if load is None:
                return None
            return [load.indices[0]] + ([call.args[1]] if _BARRIER_OPS[name] != "arrive" else [])
        if name.startswith(_COPIES):
            load = self._destination(call)
            return [load.indices[0]] if load is not None and _versioned(load.source) else []
        if is_mma(name):
            return [ptr.args[2] for ptr in _access_ptrs(call)]
        return [call.args[0]] if name == WAIT else []

    def state(self) -> tuple[tuple, dict[int, int]]:
        """The wgmma and barrier state up to a translation of each warpgroup's group ids: the
        rules compare a group id only with the last retired one (in flight or not) and with
        what threads know (``know < id``), take maxima of them, and count down from the last
        committed one. So the key keeps a group id still in flight as its distance from the last
        committed one, and any other id, known id or published id ``x`` as its rank among the
        group ids that read some version (how many of them are at most ``x``)."""
        key: list = []
        ids = {}
        for w in sorted(self.warpgroups):
            group = self.warpgroups[w]
            ids[w] = sorted(set(group.readers.values()))
            readers = frozenset((version, group.committed - gid if gid > group.retired
                                 else -1 - bisect_right(ids[w], gid)) for version, gid in group.readers.items())
            key.append((w, frozenset(group.open), readers, group.committed - group.retired,
                        np.searchsorted(ids[w], self.know[w], "right").tobytes()))
        for slot in sorted(self.barriers):
            bar = self.barriers[slot]
            known = [(bisect_right(ids[w], bar.pending.get(w, 0)), bisect_right(ids[w], bar.published.get(w, 0)))
                     for w in ids]
            key.append((slot, bar.count, bar.arrivals, bar.parity, tuple(known)))
        return tuple(key), {w: group.committed for w, group in self.warpgroups.items()}

    def translate(self, shift: dict[int, int]) -> None:
        for w, d in shift.items():
            group = self.warpgroups[w]
            group.committed, group.retired = group.committed + d, group.retired + d
            group.readers = {version: gid + d for version, gid in group.readers.items()}
            self.know[w] += d
        for bar in self.barriers.values():
            bar.pending = {w: gid + shift[w] for w, gid in bar.pending.items()}
            bar.published = {w: gid + shift[w] for w, gid in bar.published.items()}

    def call(self, call, mask: np.ndarray):
        name = op_name(call)
        self.tick()
        if name == _SYNC:
            self.synchronize(mask if self.role_depth else np.ones_like(mask))
        elif name in _BARRIER_OPS:
            yield from self.barrier(_BARRIER_OPS[name], call, mask)
        elif name.startswith(_COPIES):
            load = self._destination(call)
            if load is not None:
                self.write(load.source, load.indices, mask)
        elif _is_wgmma(name):
            for w, group in self.members(name, mask):
                self.wgmma(name, call, group, w)

    def synchronize(self, threads: np.ndarray) -> None:
        """A barrier of ``threads`` (the CTA's ``__syncthreads``, or their role's): each
        learns what any of them knew."""
        for know in self.know.values():
            know[threads] = know[threads].max()

    def barrier(self, kind: str, call, mask: np.ndarray):
        """An mbarrier operation: its phases order what the arriving threads knew before
        the threads that wait for them."""
        load = addressed_element(call.args[0])
        if load is None:
            raise _Unmodelled(f"{op_name(call)}: barrier address {call.args[0]}: expected "
                              "T.address_of(<barrier buffer>[slot])")
        slot = self.eval(load.indices[0], self.env)
        slots = None if np.ndim(slot) == 0 else np.broadcast_to(slot, mask.shape)
        for index in ([slot] if slots is None else np.unique(slots[mask])):
            threads = mask if slots is None else mask & (slots == index)
            key = (load.source.__chandle__(), int(index))
            if kind == "init":
                self.barriers[key] = _Barrier(int(self.eval(call.args[1], self.env)))
                continue
            bar = self.barriers.get(key)
            if bar is None:
                raise _Unmodelled(f"{load.source.name}[{index}] used before mbarrier.init")
            if kind == "arrive":
                bar.arrivals += int(threads.sum())
                for w, know in self.know.items():
                    bar.pending[w] = max(bar.pending.get(w, 0), int(know[threads].max()))
                if bar.arrivals >= bar.count:
                    bar.arrivals, bar.parity, bar.published, bar.pending = 0, 1 - bar.parity, bar.pending, {}
                continue
            parities = np.unique(np.broadcast_to(self.eval(call.args[1], self.env), mask.shape)[threads])
            name = f"{load.source.name}[{index}]"
            while bar.parity in parities:  # that phase is not complete yet
                yield name
                if self.barriers[key] is not bar:
                    self.fail("wgmma_in_flight", f"{name} initialized again while a role waits on it: "
                              "a wait that would not return (see the barrier protocol)")
            for w, retired in bar.published.items():
                know = self.know[w]
                know[threads] = np.maximum(know[threads], retired)

    def members(self, name: str, mask: np.ndarray) -> list[tuple[int, _Warpgroup]]:
        """The warpgroups executing a wgmma op under ``mask``: each whole (rule 3)."""
        size = rules.limit("wgmma_warpgroup")
        found = []
        key = mask.tobytes()
        if key not in self.whole:  # (each mask checked once)
            for w in np.unique(self.tid[mask] // size):
                if not mask[self.tid // size == w].all():
                    self.fail("wgmma_warpgroup", f"{name.removeprefix('tirx.ptx.')} executed by "
                              f"{int(mask[self.tid // size == w].sum())} threads of warpgroup {w}: expected "
                              f"all {size} (threads {size * w} to {size * w + size - 1}) alike")
            self.whole[key] = [int(w) for w in np.unique(self.tid[mask] // size)]
        for w in self.whole[key]:
            if int(w) not in self.warpgroups:
                self.warpgroups[int(w)] = _Warpgroup()
                self.know[int(w)] = np.zeros(len(self.tid), int)
                self.own[int(w)] = self.tid // size == w
            found.append((int(w), self.warpgroups[int(w)]))
        return found

    def wgmma(self, name: str, call, group: _Warpgroup, w: int) -> None:
        """Apply wgmma op ``name`` to the state of warpgroup ``w``."""
        own = self.own[w]
        if is_mma(name):
            for buf, offset, tile, versioned in self._operands(call):
                value = self.eval(offset, self.env)
                if not versioned:
                    versions = [None]
                elif np.ndim(value) == 0:
                    versions = [int(value) // tile]
                else:
                    versions = np.unique(np.broadcast_to(value, own.shape)[own] // tile).tolist()
                group.open.update((buf.__chandle__(), v) for v in versions)
        elif name == COMMIT:
            group.committed += 1
            group.readers.update((key, group.committed) for key in group.open)
            group.open = set()
        elif name == WAIT:
            group.retired = max(group.retired, group.committed - int(call.args[0]))
            self.know[w][own] = np.maximum(self.know[w][own], group.retired)

    def _operands(self, call) -> list:
        """``(buffer, offset, elements per version, versioned)`` of each shared operand of a wgmma
        ``call``, found once per call (the simulation meets each call once per iteration)."""
        key = call.__chandle__()
        if key not in self.operands:
            self.operands[key] = [(buf, ptr.args[2], math.prod(int(e) for e in buf.shape[1:]), _versioned(buf))
                                  for ptr in _access_ptrs(call) for buf in (data_owner(ptr.args[1]),)]
        return self.operands[key]

    def write(self, buf: tirx.Buffer, indices, mask: np.ndarray) -> None:
        if buf.__chandle__() not in self.read_buffers:
            return
        versions = np.broadcast_to(self.eval(indices[0], self.env), mask.shape) if _versioned(buf) else None
        for w, group in self.warpgroups.items():
            reads = {(key, v): None for key, v in group.open} | group.readers  # None: not even committed
            for (key, version), gid in reads.items():
                if key != buf.__chandle__():
                    continue
                writers = mask if version is None else mask & (versions == version)
                if not writers.any():
                    continue
                what = f"{buf.name}" + (f" version {version}" if version is not None else "")
                if gid is None or gid > group.retired:
                    self.fail("wgmma_in_flight", f"{what} written while a wgmma group of warpgroup {w} "
                              "that reads it may be in flight: expected a wgmma.wait_group that retires "
                              "it (and a __syncthreads) before the write")
                if (self.know[w][writers] < gid).any():
                    self.fail("wgmma_in_flight", f"{what} written by other threads after warpgroup {w}'s "
                              "wgmma.wait_group retired the group reading it, with no __syncthreads "
                              "(or mbarrier release and wait) between: expected the retirement ordered "
                              "before the write")


def _access_ptrs(call) -> list:
    """The ``tvm_access_ptr`` operands of a wgmma's encoded descriptors."""
    found = []
    tvm_ffi.structural_walk(call, (tvm.ir.Call, lambda c: found.append(c) if op_name(c) == _ACCESS_PTR else None))
    return found


def verify(func: tirx.PrimFunc, samples: Sequence[int | Mapping[str, int]] = DEFAULT_SAMPLES, *,
           simulate: bool = True) -> None:
    """Check ``func`` (see the module docstring; rules 3 and 4 only with ``simulate``); raises
    :class:`tvm_tma.TMAError`."""
    names = op_names(func.body)
    if DESCRIPTOR_OP in names:
        requests = []
        tvm_ffi.structural_walk(func.body, (tvm.ir.Call, lambda c: requests.append(c.args[0].args[0].source.name)
                                            if op_name(c) == DESCRIPTOR_OP else None))
        raise TMAError("wgmma_operand_layout", f"{function_name(func)}: wgmma operand {requests[0]}: expected a "
                       "tile loaded by a swizzled tensor copy (tvm_tma.schedule.swizzle on its copy block, under "
                       "tir_pipeline='tma'), got none: see tvm_tma.copy_report() for what its copy became")
    if not any(is_mma(n) for n in names):
        return
    target = func.attrs.get("target") if func.attrs is not None else None
    arch = str(target.attrs.get("arch", "")) if target is not None else ""
    if target is not None and arch != "sm_90a":
        raise TMAError("wgmma_arch", f"{function_name(func)}: wgmma.mma_async: expected the target arch "
                       f"sm_90a (wgmma is architecture-specific), got {arch or 'none'}")
    if simulate:
        _Simulator(func, samples).run()


def VerifyWgmma(*, sample_values: Sequence[int | Mapping[str, int]] = DEFAULT_SAMPLES,  # noqa: N802
                simulate: bool = True) -> tvm.transform.Pass:
    """Create the pass (see the module docstring); ``sample_values`` as for
    :func:`.verify_mbarrier_protocol.VerifyMBarrierProtocol`; ``simulate=False`` checks rules 1
    and 2 only (the ``"tma"`` pipeline simulates where it verifies the barrier protocol too:
    the simulation of a model's GEMMs costs about a fifth of their lowering)."""
    samples = [s if isinstance(s, int) else dict(s) for s in sample_values]

    def transform(func: tirx.PrimFunc, mod: tvm.ir.IRModule, _ctx) -> tirx.PrimFunc:
        verify(func, samples, simulate=simulate)
        return func

    return tirx.transform.prim_func_pass(transform, opt_level=0, name="tvm_tma.VerifyWgmma")
