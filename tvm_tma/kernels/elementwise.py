"""Streaming elementwise kernels: over 1-D arrays ``copy`` (``B = A``) and ``add`` (``C = A + B``);
over rows, ``binary`` (``C = op(A, B)`` with numpy broadcasting, tiles of whole rows).

Each CTA owns ``tiles_per_cta`` consecutive tiles of ``tile`` elements and walks them with a
software-pipelined loop: the inputs' tiles are staged global→shared (``cache_read``, one
16-byte vector per thread access) ``stages - 1`` tiles ahead of the tile being written out.
Sizes that are not multiples of the tile (or of the vector width) are predicated.

The output is written with 8-byte vectors, not 16: if every access to a shared buffer has one
vector width, TVM 0.27's StorageRewrite retypes the buffer as that vector type and
InjectPTXAsyncCopy then fails on it (lanes of the load and the store no longer match).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import tvm
from tvm import te

from ..schedule import tma_pipeline
from ._common import row_threads, stage_to_shared, thread_vectorize, vector_lanes


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


BINARY_OPS: dict[str, Callable] = {
    "add": lambda u, v: u + v,
    "subtract": lambda u, v: u - v,
    "multiply": lambda u, v: u * v,
    "divide": lambda u, v: u / v,
    "maximum": tvm.tirx.max,
    "minimum": tvm.tirx.min,
}


def binary(op: str, shape_a: tuple[int, ...], shape_b: tuple[int, ...], dtype: str = "float16", *,
           tile: int = 4096, tiles_per_cta: int = 16, stages: int = 4, max_threads: int = 256) -> tvm.IRModule:
    """``C = op(A, B)`` with numpy broadcasting, ``op`` a key of ``BINARY_OPS``, computed in fp32
    and rounded to ``dtype`` (PrimFunc parameters ``A, B, C``).

    The output is ``(rows, cols)`` (``cols`` a multiple of 8); each of ``shape_a``, ``shape_b``
    is that shape, or a broadcast row vector (``(cols,)``, ``(1, cols)``) or column vector
    (``(rows, 1)``). Schedule: a tile is ``max(1, tile // cols)`` whole rows (contiguous), CTA
    ``b`` walks ``tiles_per_cta`` tiles in a :func:`tvm_tma.schedule.tma_pipeline` of
    ``stages`` stages that stages the full-shape inputs' tiles into shared memory (one bulk
    copy each); broadcast vectors are read from global memory (cached). Threads: the largest
    divisor of the tile's 16-byte vector count up to ``max_threads``; the output is written in
    8-byte vectors (module docstring). A last partial tile of rows is predicated.
    """
    rows, cols = np.broadcast_shapes(tuple(shape_a), tuple(shape_b))
    lanes = vector_lanes(dtype)
    if len(shape_a) > 2 or len(shape_b) > 2 or cols % lanes:
        raise ValueError(f"binary: expected 1-D/2-D shapes with a last axis that is a multiple of {lanes}, "
                         f"got {shape_a} and {shape_b}")
    a, b = (te.placeholder(shape, dtype, name=name) for shape, name in ((shape_a, "A"), (shape_b, "B")))

    def load(t: te.Tensor, r: tvm.tirx.Var, c: tvm.tirx.Var) -> tvm.tirx.Expr:  # broadcast axes read index 0
        index = (r, c)[2 - len(t.shape):]
        return t[tuple(i if int(n) > 1 else 0 for i, n in zip(index, t.shape))].astype("float32")

    out = te.compute((rows, cols), lambda r, c: BINARY_OPS[op](load(a, r, c), load(b, r, c)).astype(dtype), name="C")
    sch = tvm.s_tir.Schedule(te.create_prim_func([a, b, out]))
    block = sch.get_sblock("C")
    tile_rows = max(1, tile // cols)
    threads = row_threads(tile_rows * cols // lanes, max_threads)
    r, c = sch.get_loops(block)
    bx, t, rt = sch.split(r, [None, tiles_per_cta, tile_rows])
    sch.bind(bx, "blockIdx.x")
    thread_vectorize(sch, sch.fuse(rt, c), threads, lanes // 2)
    staged = [k for k, shape in enumerate((shape_a, shape_b)) if tuple(shape) == (rows, cols)]
    if not staged:
        raise ValueError(f"binary: one input must have the output's shape {(rows, cols)}, got {shape_a} and {shape_b}")
    for k in staged:
        stage_to_shared(sch, block, k, t, threads, lanes)
    tma_pipeline(sch, t, stages=stages, num_copies=len(staged))
    return sch.mod
