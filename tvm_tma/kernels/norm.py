"""Row-wise RMS normalization: ``y = x * rsqrt(mean(x^2) + eps) * w`` over the last axis."""

from __future__ import annotations

import tvm
from tvm import te, tirx

from ..schedule import tma_pipeline
from ._common import stage_to_shared, thread_vectorize, vector_lanes


def rms_norm(rows: int, cols: int, dtype: str = "float16", *, eps: float = 1e-6, rows_per_cta: int = 1,
             stages: int = 4, threads: int = 128) -> tvm.IRModule:
    """``y[r, :] = x[r, :] * rsqrt(mean(x[r, :]^2) + eps) * w`` for ``x[rows, cols]``, ``w[cols]``.

    Squares are summed in fp32 and the product is formed in fp32 before rounding to ``dtype``.
    Each CTA handles ``rows_per_cta`` rows, one after the other. A row is staged whole into
    shared memory in chunks of ``threads`` 16-byte vectors; the chunk loop is a software
    pipeline whose copies run ``stages - 1`` chunks ahead of the per-thread partial sums of
    squares. The partial sums are then reduced across the CTA and the row is written out
    scaled, in 8-byte vectors (with 16-byte ones the fp32 intermediate is a float32x8 vector,
    and TVM 0.27's CUDA codegen emits an invalid ``make_ulonglong4`` of 8 floats for the
    broadcast scale). ``rows`` need not be a multiple of ``rows_per_cta``; ``cols``
    must be a multiple of the chunk (``threads`` 16-byte vectors).

    (A column tail is not supported: ``reverse_compute_at`` of the partial sums into a chunk
    that the row's end cuts short shrinks their thread loop instead of predicating it.)
    """
    lanes = vector_lanes(dtype)
    chunk = threads * lanes
    if cols % chunk:
        raise ValueError(f"rms_norm: cols ({cols}) must be a multiple of threads * lanes ({chunk})")
    x = te.placeholder((rows, cols), dtype, name="x")
    w = te.placeholder((cols,), dtype, name="w")
    kc = te.reduce_axis((0, cols // chunk), name="kc")
    kv = te.reduce_axis((0, lanes), name="kv")

    def square(r, t):
        v = x[r, kc * chunk + kv * threads + t].astype("float32")
        return v * v

    partial = te.compute((rows, threads), lambda r, t: te.sum(square(r, t), axis=[kc, kv]), name="partial")
    kt = te.reduce_axis((0, threads), name="kt")
    sq = te.compute((rows,), lambda r: te.sum(partial[r, kt], axis=kt), name="sq")

    def scale(r):
        return tirx.rsqrt(sq[r] / tirx.const(cols, "float32") + tirx.const(eps, "float32"))

    y = te.compute((rows, cols),
                   lambda r, c: (x[r, c].astype("float32") * scale(r) * w[c].astype("float32")).astype(dtype),
                   name="y")

    sch = tvm.s_tir.Schedule(te.create_prim_func([x, w, y]))
    y_block, sq_block, partial_block = (sch.get_sblock(name) for name in ("y", "sq", "partial"))
    r, c = sch.get_loops(y_block)
    bx, rt = sch.split(r, [None, rows_per_cta])
    sch.bind(bx, "blockIdx.x")
    thread_vectorize(sch, c, threads, lanes // 2)
    for block in (sq_block, partial_block):
        sch.compute_at(block, rt)
        sch.set_scope(block, 0, "local")
    sch.bind(sch.get_loops(sq_block)[-1], "threadIdx.x")
    copy = stage_to_shared(sch, partial_block, 0, rt, threads, lanes, consumers=[partial_block, y_block])
    chunk_loop = sch.get_loops(copy)[-3]
    sch.reverse_compute_at(partial_block, chunk_loop)
    t, v = sch.get_loops(partial_block)[-2:]
    sch.reorder(v, t)
    sch.bind(t, "threadIdx.x")
    tma_pipeline(sch, chunk_loop, stages=stages, num_copies=1)
    return sch.mod
