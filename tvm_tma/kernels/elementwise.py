"""Streaming elementwise kernels over 1-D arrays: ``copy`` (``B = A``) and ``add`` (``C = A + B``).

Each CTA owns ``tiles_per_cta`` consecutive tiles of ``tile`` elements and walks them with a
software-pipelined loop: the inputs' tiles are staged global→shared (``cache_read``, one
16-byte vector per thread access) ``stages - 1`` tiles ahead of the tile being written out.
Sizes that are not multiples of the tile (or of the vector width) are predicated.

The output is written with 8-byte vectors, not 16: if every access to a shared buffer has one
vector width, TVM 0.27's StorageRewrite retypes the buffer as that vector type and
InjectPTXAsyncCopy then fails on it (lanes of the load and the store no longer match).
"""

from __future__ import annotations

from typing import Callable

import tvm
from tvm import te

from ..schedule import tma_pipeline
from ._common import stage_to_shared, thread_vectorize, vector_lanes


def _streaming(inputs: list[te.Tensor], fcompute: Callable, out_name: str, *, tile: int,
               tiles_per_cta: int, stages: int, threads: int) -> tvm.IRModule:
    (n_elems,), dtype = inputs[0].shape, inputs[0].dtype
    out = te.compute((n_elems,), lambda i: fcompute(*(x[i] for x in inputs)), name=out_name)
    sch = tvm.s_tir.Schedule(te.create_prim_func([*inputs, out]))
    block = sch.get_sblock(out_name)
    lanes = vector_lanes(dtype)
    if tile % (threads * lanes):
        raise ValueError(f"tile ({tile}) must be a multiple of threads * lanes ({threads * lanes})")
    bx, t, e = sch.split(sch.get_loops(block)[0], [None, tiles_per_cta, tile])
    sch.bind(bx, "blockIdx.x")
    thread_vectorize(sch, e, threads, lanes // 2)
    for k in range(len(inputs)):
        stage_to_shared(sch, block, k, t, threads, lanes)
    tma_pipeline(sch, t, stages=stages, num_copies=len(inputs))
    return sch.mod


def copy(n_elems: int, dtype: str = "float32", *, tile: int = 4096, tiles_per_cta: int = 16,
         stages: int = 4, threads: int = 256) -> tvm.IRModule:
    """``B[i] = A[i]`` over ``n_elems`` elements of ``dtype`` (schedule: module docstring)."""
    a = te.placeholder((n_elems,), dtype, name="A")
    return _streaming([a], lambda v: v, "B", tile=tile, tiles_per_cta=tiles_per_cta, stages=stages,
                      threads=threads)


def add(n_elems: int, dtype: str = "float32", *, tile: int = 2048, tiles_per_cta: int = 16,
        stages: int = 4, threads: int = 256) -> tvm.IRModule:
    """``C[i] = A[i] + B[i]`` over ``n_elems`` elements of ``dtype``, both inputs staged."""
    a = te.placeholder((n_elems,), dtype, name="A")
    b = te.placeholder((n_elems,), dtype, name="B")
    return _streaming([a, b], lambda u, v: u + v, "C", tile=tile, tiles_per_cta=tiles_per_cta,
                      stages=stages, threads=threads)
