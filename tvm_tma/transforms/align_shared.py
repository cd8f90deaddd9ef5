"""AlignSharedMemory: give merged shared memory the alignment its tiles need.

Accepts a PrimFunc after TVM 0.27's ``StorageRewrite`` and ``MergeSharedMemoryAllocations``.
Both re-declare buffers as ``DeclBuffer`` views on a new allocation: ``MergeSharedMemoryAllocations``
puts every ``shared.dyn`` buffer of a kernel into one ``uint8`` allocation, each at an offset
that is a multiple of that buffer's own ``data_alignment`` (raised to 128 or to a swizzle
period by :mod:`.tensor_map`); ``StorageRewrite`` gives ``shared`` buffers whose lifetimes do
not overlap (two pipelines in a row) one allocation. The new allocation keeps the default
alignment (64 bytes, ``__shared__ alignas(64)``, ``extern __shared__ __align__(64)``), so the
views' alignment is lost. Emits the same PrimFunc with each such allocation declared with the
largest alignment of the buffers declared on it.
"""

from __future__ import annotations

import tvm
import tvm_ffi
from tvm import tirx

from ._ir import data_owner, realign

SCOPES = ("shared", "shared.dyn")


def align_merged(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """``func`` with each ``shared`` and ``shared.dyn`` allocation aligned like its most aligned view."""
    needed: dict[int, int] = {}

    def on_decl(decl):
        owner = data_owner(decl.data)
        if owner is not None and decl.buffer.scope() in SCOPES:
            key = owner.__chandle__()
            needed[key] = max(needed.get(key, 0), decl.buffer.data_alignment)

    allocs = []
    tvm_ffi.structural_walk(func.body, [(tirx.DeclBuffer, on_decl),
                                        (tirx.AllocBuffer, lambda a: allocs.append(a.buffer))])
    raise_to = [(buf, needed[buf.__chandle__()]) for buf in allocs
                if buf.__chandle__() in needed and buf.data_alignment < needed[buf.__chandle__()]]
    return func.with_body(realign(func.body, raise_to)) if raise_to else func


def AlignSharedMemory() -> tvm.transform.Pass:  # noqa: N802
    """The pass form of :func:`align_merged`."""
    return tvm.tirx.transform.prim_func_pass(lambda f, _m, _c: align_merged(f), opt_level=0,
                                             name="tvm_tma.AlignSharedMemory")
