"""AlignDynamicSharedMemory: give merged dynamic shared memory the alignment its tiles need.

Accepts a PrimFunc after TVM 0.27's ``MergeSharedMemoryAllocations``, which puts every
``shared.dyn`` buffer of a kernel into one ``uint8`` allocation and re-declares each as a
``DeclBuffer`` on its data, at an offset that is a multiple of that buffer's own
``data_alignment`` (raised to 128 or to a swizzle period by :mod:`.tensor_map`). The merged
allocation itself keeps the default alignment (64 bytes, ``extern __shared__ __align__(64)``),
so the offsets alone do not align the tiles. Emits the same PrimFunc with the merged
allocation declared with the largest alignment of the buffers declared on it.
"""

from __future__ import annotations

import tvm
import tvm_ffi
from tvm import tirx

from ._ir import data_owner, realign


def align_merged(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """``func`` with each ``shared.dyn`` allocation aligned like its most aligned view."""
    needed: dict[int, int] = {}

    def on_decl(decl):
        owner = data_owner(decl.data)
        if owner is not None and decl.buffer.scope() == "shared.dyn":
            key = owner.__chandle__()
            needed[key] = max(needed.get(key, 0), decl.buffer.data_alignment)

    allocs = []
    tvm_ffi.structural_walk(func.body, [(tirx.DeclBuffer, on_decl),
                                        (tirx.AllocBuffer, lambda a: allocs.append(a.buffer))])
    raise_to = [(buf, needed[buf.__chandle__()]) for buf in allocs
                if buf.__chandle__() in needed and buf.data_alignment < needed[buf.__chandle__()]]
    return func.with_body(realign(func.body, raise_to)) if raise_to else func


def AlignDynamicSharedMemory() -> tvm.transform.Pass:  # noqa: N802
    """The pass form of :func:`align_merged`."""
    return tvm.tirx.transform.prim_func_pass(lambda f, _m, _c: align_merged(f), opt_level=0,
                                             name="tvm_tma.AlignDynamicSharedMemory")
