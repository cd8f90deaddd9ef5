"""AlignSharedMemory: give merged shared memory the alignment its tiles need.

Accepts a PrimFunc after TVM 0.27's ``StorageRewrite`` and ``MergeSharedMemoryAllocations``.
Both re-declare buffers as ``DeclBuffer`` views on a new allocation: ``MergeSharedMemoryAllocations``
puts every ``shared.dyn`` buffer of a kernel into one ``uint8`` allocation, each at an offset
that is a multiple of that buffer's own ``data_alignment`` (raised to 128 or to a swizzle
period by :mod:`.tensor_map`); ``StorageRewrite`` gives ``shared`` buffers whose lifetimes do
not overlap (two pipelines in a row) one allocation. The new allocation keeps the default
alignment (64 bytes, ``__shared__ alignas(64)``, ``extern __shared__ __align__(64)``), so the
views' alignment is lost. Emits the same PrimFunc with each such allocation declared with the
largest alignment of the buffers declared on it, and at least ``bulk_shared_fast_align`` (128)
bytes where a bulk copy (``cp.async.bulk*``) reads or writes it.

Then one alignment for the module's ``shared.dyn``: the CUDA codegen declares every kernel's
dynamic shared memory as the same ``extern __shared__ buf_dyn_shmem[]`` of one translation
unit, and nvcc keeps the alignment of its first declaration (measured on the H100: a kernel
declaring 1024 after one declaring 512 got a 512-aligned base and its 128B-swizzled tiles
loaded wrong; after one declaring 64, a tensor copy faulted on a misaligned address). Every
``shared.dyn`` allocation of the module is declared with the largest alignment among them.
"""

from __future__ import annotations

import tvm
import tvm_ffi
from tvm import tirx
from tvm.ir.expr import TensorLoad

from ... import rules
from .._ir import data_owner, realign, walk

SCOPES = ("shared", "shared.dyn")
BULK_COPIES = "tirx.ptx.cp_async_bulk"
"""Prefix of the TVM ops of bulk copies (``cp.async.bulk``, ``cp.async.bulk.tensor``)."""
MBARRIERS = "tirx.ptx.mbarrier"
"""Prefix of the TVM ops on mbarriers (a bulk load names its barrier: not a tile to align)."""


def align_merged(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """``func`` with each ``shared`` and ``shared.dyn`` allocation aligned like its most aligned
    view, and to ``bulk_shared_fast_align`` bytes if a bulk copy reads or writes it."""
    needed: dict[int, int] = {}
    owners: dict[int, int] = {}  # view -> the allocation it is declared on
    bulk: list[tirx.Buffer] = []
    barriers: set[int] = set()

    def on_decl(decl):
        owner = data_owner(decl.data)
        if owner is not None and decl.buffer.scope() in SCOPES:
            key = owners[decl.buffer.__chandle__()] = owner.__chandle__()
            needed[key] = max(needed.get(key, 0), decl.buffer.data_alignment)

    def on_call(call):
        name = call.op.name if isinstance(call.op, tvm.ir.Op) else ""
        if name.startswith(BULK_COPIES):
            walk(call, TensorLoad, lambda load: bulk.append(load.source))
        elif name.startswith(MBARRIERS):
            walk(call, TensorLoad, lambda load: barriers.add(load.source.__chandle__()))

    allocs = []
    tvm_ffi.structural_walk(func.body, [(tirx.DeclBuffer, on_decl), (tvm.ir.Call, on_call),
                                        (tirx.AllocBuffer, lambda a: allocs.append(a.buffer))])
    for buf in bulk:
        if buf.scope() in SCOPES and buf.__chandle__() not in barriers:
            key = owners.get(buf.__chandle__(), buf.__chandle__())
            needed[key] = max(needed.get(key, 0), rules.limit("bulk_shared_fast_align"))
    raise_to = [(buf, needed[buf.__chandle__()]) for buf in allocs
                if buf.__chandle__() in needed and buf.data_alignment < needed[buf.__chandle__()]]
    return func.with_body(realign(func.body, raise_to)) if raise_to else func


def _dynamic_allocations(func: tirx.PrimFunc) -> list[tirx.Buffer]:
    found: list[tirx.Buffer] = []
    walk(func.body, tirx.AllocBuffer, lambda a: found.append(a.buffer) if a.buffer.scope() == "shared.dyn" else None)
    return found


def AlignSharedMemory() -> tvm.transform.Pass:  # noqa: N802
    """:func:`align_merged` on every PrimFunc, then every ``shared.dyn`` allocation of the
    module at the largest alignment among them."""

    @tvm.transform.module_pass(opt_level=0, name="tvm_tma.AlignSharedMemory")
    def apply(mod: tvm.ir.IRModule, _ctx: tvm.transform.PassContext) -> tvm.ir.IRModule:
        funcs = {gv: align_merged(f) if isinstance(f, tirx.PrimFunc) else f for gv, f in mod.functions.items()}
        dynamic = {gv: _dynamic_allocations(f) for gv, f in funcs.items() if isinstance(f, tirx.PrimFunc)}
        top = max((buf.data_alignment for bufs in dynamic.values() for buf in bufs), default=0)
        for gv, bufs in dynamic.items():
            raise_to = [(buf, top) for buf in bufs if buf.data_alignment < top]
            if raise_to:
                funcs[gv] = funcs[gv].with_body(realign(funcs[gv].body, raise_to))
        return tvm.IRModule(funcs, mod.attrs, mod.global_infos)

    return apply
