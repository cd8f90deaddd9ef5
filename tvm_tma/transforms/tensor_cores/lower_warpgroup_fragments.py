"""LowerWarpgroupFragments: a wgmma accumulator fragment becomes the registers of its own thread.

The wgmma tensor intrinsics (:mod:`tvm_tma.tensor_intrin`) keep a warpgroup's ``64 x N``
accumulator in a ``local`` buffer in the fragment layout of PTX ISA 9.7.15.5.1.1 (Matrix
Fragments for wgmma.mma_async): ``(..., 128, N / 2)``, row ``t`` the registers of thread ``t``
of the warpgroup, and every access (fill, ``wgmma.mma_async``, store) indexes that row with
``threadIdx.x``. TVM's buffer compaction keeps the 128 rows (the tensorized blocks declare the
whole fragment), so each thread would allocate all 128 threads' registers.

Accepts s_tir after ``CompactBufferAllocation`` and ``UnifyThreadBinding`` (one
``threadIdx.x`` variable per kernel; a function may launch several), before ``FlattenBuffer``.
Emits, for each local buffer that a ``wgmma.mma_async`` accumulates into, the buffer without its
thread dimension::

    C_local = T.sblock_alloc_buffer((1, 1, 128, 128), scope="local")     # before
    T.ptx.wgmma(C_local[0, 0, threadIdx_x, 0], ..., C_local[0, 0, threadIdx_x, 127], ...)
    C_local = T.sblock_alloc_buffer((1, 1, 128), scope="local")          # after
    T.ptx.wgmma(C_local[0, 0, 0], ..., C_local[0, 0, 127], ...)

Raises :class:`tvm_tma.TMAError` (rule ``wgmma_warpgroup``) when an access of such a buffer
indexes that dimension with anything but its kernel's ``threadIdx.x``, or when ``threadIdx.x`` does
not have exactly the 128 threads of a warpgroup (warpgroups are then the ``threadIdx.y`` values:
4 consecutive warps starting at a multiple of 4).
"""

from __future__ import annotations

import tvm
import tvm_ffi
from tvm import s_tir, tirx
from tvm.ir.expr import TensorLoad as BufferLoad

from ... import rules
from ...errors import TMAError
from .._ir import function_name, op_names
from .wgmma import contains_mma, is_mma

THREAD_DIM = -2
"""The fragment dimension indexed by the thread of the warpgroup."""


def _fragments(func: tirx.PrimFunc) -> dict[int, tirx.Buffer]:
    """The local buffers that ``wgmma.mma_async`` calls accumulate into, by handle."""
    found = {}

    def on_call(call):
        if isinstance(call.op, tvm.ir.Op) and is_mma(call.op.name):
            for arg in call.args:
                if isinstance(arg, BufferLoad) and arg.source.scope() == "local":
                    found[arg.source.__chandle__()] = arg.source

    tvm_ffi.structural_walk(func.body, (tvm.ir.Call, on_call))
    return found


def _thread_xs(func: tirx.PrimFunc) -> set[int]:
    """The ``threadIdx.x`` variables (by handle) of the kernels that issue wgmma, each a warpgroup."""
    loops = []
    tvm_ffi.structural_walk(func.body, (tirx.For, lambda f: loops.append(f) if f.thread_binding is not None
                                        and f.thread_binding.thread_tag == "threadIdx.x" and contains_mma(f.body)
                                        else None))
    name, warpgroup = function_name(func), rules.limit("wgmma_warpgroup")
    extents = {int(f.extent) for f in loops}
    if extents != {warpgroup}:
        raise TMAError("wgmma_warpgroup", f"{name}: expected one threadIdx.x of {warpgroup} threads per kernel "
                       f"(a warpgroup; warpgroups along threadIdx.y) around wgmma, got extents {sorted(extents)}")
    return {f.loop_var.__chandle__() for f in loops}


def lower_fragments(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """``func`` with its wgmma accumulator fragments reduced to their thread's row."""
    if not any(map(is_mma, op_names(func.body))):
        return func
    fragments = _fragments(func)
    if not fragments:
        return func
    tx = _thread_xs(func)
    new = {}
    for key, buf in fragments.items():
        shape = list(buf.shape)
        if len(shape) >= 2 and isinstance(shape[THREAD_DIM], tirx.IntImm) and int(shape[THREAD_DIM]) == 1:
            continue  # compacted to the accessing thread's row already (accessed by threadIdx.x alone)
        if int(shape[THREAD_DIM]) != rules.limit("wgmma_warpgroup"):
            raise TMAError("wgmma_warpgroup", f"{function_name(func)}: {buf.name}: expected a fragment of "
                           f"{rules.limit('wgmma_warpgroup')} rows (one per thread), got shape {shape}")
        del shape[THREAD_DIM]
        new[key] = tirx.decl_buffer(shape, buf.dtype, buf.name, scope="local")

    def indices(buf, idx) -> list:
        idx = list(idx)
        if not (isinstance(idx[THREAD_DIM], tirx.Var) and idx[THREAD_DIM].__chandle__() in tx):
            raise TMAError("wgmma_warpgroup", f"{function_name(func)}: {buf.name}{idx}: expected the "
                           "fragment's thread dimension indexed by threadIdx.x (each thread accesses "
                           "its own registers)")
        del idx[THREAD_DIM]
        return idx

    def on_load(load, mutator):
        load = mutator.default_mutate(load)
        key = load.source.__chandle__()
        return tirx.BufferLoad(new[key], indices(load.source, load.indices)) if key in new else load

    def on_store(store, mutator):
        store = mutator.default_mutate(store)
        key = store.buffer.__chandle__()
        if key not in new:
            return store
        return tirx.BufferStore(new[key], store.value, indices(store.buffer, store.indices))

    def region(reg):
        key = reg.source.__chandle__()
        if key not in new:
            return reg
        ranges = list(reg.region)
        del ranges[THREAD_DIM]
        return tirx.BufferRegion(new[key], ranges)

    def on_block(block, mutator):
        block = mutator.default_mutate(block)
        allocs = [new.get(b.__chandle__(), b) for b in block.alloc_buffers]
        return s_tir.SBlock(block.iter_vars, [region(r) for r in block.reads], [region(r) for r in block.writes],
                            block.name_hint, block.body, block.init, allocs, block.match_buffers,
                            block.annotations)

    body = tvm_ffi.structural_mutate(func.body, [(BufferLoad, on_load), (tirx.BufferStore, on_store),
                                                 (s_tir.SBlock, on_block)])
    return func.with_body(body)


def LowerWarpgroupFragments() -> tvm.transform.Pass:  # noqa: N802
    """The pass form of :func:`lower_fragments` (see the module docstring)."""
    return tirx.transform.prim_func_pass(lambda f, _m, _c: lower_fragments(f), opt_level=0,
                                         name="tvm_tma.LowerWarpgroupFragments")
