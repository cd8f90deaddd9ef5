"""CheckSharedMemory: a kernel's shared memory fits the SM, checked when compiling, not at load.

Accepts a PrimFunc after ``MergeSharedMemoryAllocations`` and :mod:`..copies.align_shared` (its
``shared.dyn`` buffers one allocation per kernel, aligned as the hardware will place them).
For each kernel (the outermost ``blockIdx`` launch scope) it adds up the static sizes of the
``shared`` and ``shared.dyn`` allocations inside it (tiles, rings, mbarriers, the alignment
padding the merged allocation includes) and raises :class:`tvm_tma.TMAError`
(``shared_memory_capacity``) when they exceed the target's limit, naming the buffers declared
on each allocation with their sizes, largest first::

    shared_memory_capacity: main: kernel of blockIdx.x: expected at most 232448 bytes of shared
    memory, got 393216 (buf_dyn_shmem 393216: A_shared.dyn 196608, B_shared.dyn 196608);
    fewer pipeline stages or smaller tiles

Without such a check ptxas rejects the kernel only when the module is loaded on the GPU
("uses too much shared data"). The limit is the rule's (227 KiB, sm_90), or the target's
``max_shared_memory_per_block`` where it states a smaller one. Emits the PrimFunc unchanged.
"""

from __future__ import annotations

import math

import tvm
from tvm import tirx

from ... import rules
from ...errors import TMAError
from .._ir import children, data_owner, function_name, walk

SCOPES = ("shared", "shared.dyn")


def _kernels(body: tirx.Stmt) -> list[tirx.AttrStmt]:
    """The outermost ``blockIdx`` launch scopes of ``body``."""
    found: list[tirx.AttrStmt] = []

    def visit(stmt) -> None:
        if isinstance(stmt, tirx.AttrStmt) and stmt.attr_key == "thread_extent" \
                and stmt.node.thread_tag.startswith("blockIdx"):
            found.append(stmt)
            return
        for child in children(stmt):
            visit(child)

    visit(body)
    return found


def _bytes(buf: tirx.Buffer) -> int | None:
    """The bytes of a static allocation, None where its size is symbolic."""
    if not all(isinstance(x, tirx.IntImm) for x in buf.shape):
        return None
    return math.prod(int(x) for x in buf.shape) * tvm.DataType(str(buf.dtype)).bits // 8


def limit(target: tvm.target.Target | None) -> int:
    """The shared memory one block may use on ``target``."""
    capacity = rules.limit("shared_memory_capacity")
    stated = target.attrs.get("max_shared_memory_per_block") if target is not None else None
    return min(capacity, int(stated)) if stated else capacity


def check(func: tirx.PrimFunc, capacity: int) -> None:
    """Raise ``shared_memory_capacity`` for a kernel of ``func`` past ``capacity`` bytes."""
    name = function_name(func)
    for kernel in _kernels(func.body):
        allocations: dict[int, tuple[tirx.Buffer, int]] = {}
        views: dict[int, list[tuple[str, int]]] = {}

        def on_alloc(alloc) -> None:
            if alloc.buffer.scope() in SCOPES:
                allocations[alloc.buffer.__chandle__()] = (alloc.buffer, _bytes(alloc.buffer) or 0)

        def on_decl(decl) -> None:
            owner = data_owner(decl.data)
            if owner is not None and owner.__chandle__() in allocations and decl.buffer.scope() in SCOPES:
                views.setdefault(owner.__chandle__(), []).append((decl.buffer.name, _bytes(decl.buffer) or 0))

        walk(kernel, tirx.AllocBuffer, on_alloc)
        walk(kernel, tirx.DeclBuffer, on_decl)
        total = sum(size for _, size in allocations.values())
        if total <= capacity:
            continue
        parts = []
        for key, (buf, size) in sorted(allocations.items(), key=lambda item: -item[1][1]):
            inner = sorted(views.get(key, []), key=lambda v: -v[1])
            detail = f": {', '.join(f'{n} {s}' for n, s in inner)}" if inner else ""
            parts.append(f"{buf.name} {size}{detail}")
        raise TMAError("shared_memory_capacity", f"{name}: kernel of {kernel.node.thread_tag}: expected at most "
                       f"{capacity} bytes of shared memory, got {total} ({'; '.join(parts)}); fewer pipeline "
                       "stages or smaller tiles")


def CheckSharedMemory() -> tvm.transform.Pass:  # noqa: N802 (TVM pass naming)
    """Create the pass (see the module docstring)."""

    def transform(func: tirx.PrimFunc, _mod, _ctx) -> tirx.PrimFunc:
        check(func, limit(func.attrs.get("target") or tvm.target.Target.current(allow_none=True)))
        return func

    return tirx.transform.prim_func_pass(transform, opt_level=0, name="tvm_tma.CheckSharedMemory")
