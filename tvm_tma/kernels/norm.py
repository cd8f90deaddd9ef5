"""Row-wise kernels over the last axis of ``x[rows, cols]``: RMSNorm, LayerNorm and softmax.

Each is one or two row reductions followed by an elementwise output, all in fp32 (inputs are
cast up, the output is rounded to ``dtype`` once). The schedule, shared by the three:

- CTA ``b`` handles rows ``[b * rows_per_cta, (b + 1) * rows_per_cta)`` one after the other
  (the last CTA's extra rows are predicated off).
- A row is staged whole into shared memory, in chunks of ``threads`` 16-byte vectors; the
  chunk loop is a :func:`tvm_tma.schedule.tma_pipeline` of ``stages`` stages whose copies run
  ``stages - 1`` chunks ahead of the first reduction's per-thread partials.
- Each reduction ends with a cross-thread reduction over the CTA (TVM's allreduce) into a
  shared scalar, which every thread then finishes (mean, rsqrt, reciprocal) into a register
  once per row; a second reduction (LayerNorm's variance, softmax's sum of exponentials) reads
  the staged row again. (With the reduction's result in a local buffer instead, StorageRewrite
  finishes it in place, and LowerThreadAllreduce then turns that buffer into its shared result
  word: every thread would update one shared word, a race. TVM 0.27.)
- The output is computed from the staged row and written in 8-byte vectors (with 16-byte ones
  the fp32 intermediate is a float32x8 vector, and TVM 0.27's CUDA codegen emits an invalid
  ``make_ulonglong4`` of 8 floats for the broadcast row statistic).

``threads`` is the largest divisor of the row's 16-byte vector count up to ``max_threads``
and, where that leaves at least 32 threads, up to a ``stages``-th of the vector count (a short
row is then ``stages`` chunks and the ring keeps copies in flight: at 262144 x 1024 fp16 on the
H100, 32 threads instead of 128 took softmax from 0.85 to 1.00 of cudaMemcpy), so a chunk always
divides the row: no column tail (``reverse_compute_at`` of the partials into
a chunk that the row's end cuts short shrinks their thread loop instead of predicating it).
With ``producer="warp"`` (:func:`tvm_tma.schedule.tma_pipeline`) a producer warp slice
(``threadIdx.y == 1``) issues the row's chunks while the ``threads`` compute; it takes one row
per CTA (``rows_per_cta=1``: the staged row is read until the CTA's end) and a multiple of 32
``threads``. Any ``cols`` that is a multiple of 8 works; a row of 16-byte vectors whose count has no
divisor near ``max_threads`` (e.g. ``cols = 8 * 1031``) gets few threads and runs slowly.
"""

from __future__ import annotations

from collections.abc import Callable

import tvm
from tvm import te, tirx

from ..schedule import tma_pipeline
from ._common import row_threads, stage_to_shared, thread_vectorize, vector_lanes

F32 = "float32"
# (reducer, term, finish): the row statistic is finish(reducer over c of term(x[r, c] in fp32,
# earlier statistics)); finish (None: the reduction itself) runs once per row and thread, so
# that the output does no per-element division or rsqrt.
Reduction = tuple[Callable, Callable[..., tirx.Expr], Callable[[tirx.Expr], tirx.Expr] | None]


def _row_kernel(x: te.Tensor, params: list[te.Tensor], reductions: list[Reduction], output: Callable,
                *, rows_per_cta: int, stages: int, max_threads: int, scheduled: bool,
                producer: str = "cta") -> tvm.IRModule:
    """``y[r, c] = output(x[r, c], c, statistics of row r)`` (module docstring for the schedule);
    unless ``scheduled``, the PrimFunc as defined (runs on any target, e.g. on the CPU)."""
    (rows, cols), dtype = (int(n) for n in x.shape), x.dtype
    lanes = vector_lanes(dtype)
    if cols % lanes:
        raise ValueError(f"cols ({cols}) must be a multiple of {lanes} (16 bytes of {dtype})")
    if cols == lanes:  # a one-vector row: two threads of half vectors (a schedule needs threads > 1)
        lanes //= 2
    # at least `stages` chunks per row where 32 threads allow it, so that the ring has copies in flight
    threads = row_threads(cols // lanes, min(max_threads, max(32, cols // lanes // stages)))
    chunk = threads * lanes
    stats: list[te.Tensor] = []
    for k, (reducer, term, finish) in enumerate(reductions):
        kc = te.reduce_axis((0, cols // chunk), name="kc")
        kv = te.reduce_axis((0, lanes), name="kv")
        partial = te.compute(
            (rows, threads),
            lambda r, t: reducer(term(x[r, kc * chunk + kv * threads + t].astype(F32), *(s[r] for s in stats)),
                                 axis=[kc, kv]),
            name=f"partial{k}")
        kt = te.reduce_axis((0, threads), name="kt")
        stat = te.compute((rows,), lambda r: reducer(partial[r, kt], axis=kt), name=f"stat{k}")
        stats.append(stat if finish is None else te.compute((rows,), lambda r: finish(stat[r]), name=f"row{k}"))
    y = te.compute((rows, cols), lambda r, c: output(x[r, c].astype(F32), c, *(s[r] for s in stats)).astype(dtype),
                   name="y")

    func = te.create_prim_func([x, *params, y])
    if not scheduled:
        return tvm.IRModule({"main": func})
    sch = tvm.s_tir.Schedule(func)
    y_block = sch.get_sblock("y")
    r, c = sch.get_loops(y_block)
    bx, rt = sch.split(r, [None, rows_per_cta])
    sch.bind(bx, "blockIdx.x")
    thread_vectorize(sch, c, threads, lanes // 2)
    partials = [sch.get_sblock(f"partial{k}") for k in range(len(reductions))]
    for k in reversed(range(len(reductions))):  # producers after their consumers
        finished = [sch.get_sblock(f"row{k}")] if reductions[k][2] else []
        for block in (*finished, sch.get_sblock(f"stat{k}"), partials[k]):
            sch.compute_at(block, rt, preserve_unit_loops=True)
            sch.set_scope(block, 0, "local")
        sch.set_scope(sch.get_sblock(f"stat{k}"), 0, "shared")
        sch.bind(sch.get_loops(sch.get_sblock(f"stat{k}"))[-1], "threadIdx.x")
    for block in partials[1:]:  # later passes read the staged row: thread t, then its elements
        sch.bind(sch.get_loops(block)[-3], "threadIdx.x")
    copy = stage_to_shared(sch, partials[0], 0, rt, threads, lanes, consumers=[*partials, y_block])
    chunk_loop = sch.get_loops(copy)[-3]
    sch.reverse_compute_at(partials[0], chunk_loop)
    t, v = sch.get_loops(partials[0])[-2:]
    sch.reorder(v, t)
    sch.bind(t, "threadIdx.x")
    tma_pipeline(sch, chunk_loop, stages=stages, num_copies=1, producer=producer)
    return sch.mod


def _f32(value: float) -> tirx.Expr:
    return tirx.const(value, F32)


def rms_norm(rows: int, cols: int, dtype: str = "float16", *, eps: float = 1e-6, rows_per_cta: int = 1,
             stages: int = 4, max_threads: int = 128, scheduled: bool = True, producer: str = "cta") -> tvm.IRModule:
    """``y[r, :] = x[r, :] * rsqrt(mean(x[r, :]^2) + eps) * w`` for ``x[rows, cols]``, ``w[cols]``
    (PrimFunc parameters ``x, w, y``). One reduction: the sum of squares."""
    x = te.placeholder((rows, cols), dtype, name="x")
    w = te.placeholder((cols,), dtype, name="w")
    return _row_kernel(
        x, [w], [(te.sum, lambda v: v * v, lambda sq: tirx.rsqrt(sq / _f32(cols) + _f32(eps)))],
        lambda v, c, rstd: v * rstd * w[c].astype(F32),
        rows_per_cta=rows_per_cta, stages=stages, max_threads=max_threads, scheduled=scheduled, producer=producer)


def layer_norm(rows: int, cols: int, dtype: str = "float16", *, eps: float = 1e-5, rows_per_cta: int = 1,
               stages: int = 4, max_threads: int = 128, scheduled: bool = True,
               producer: str = "cta") -> tvm.IRModule:
    """``y[r, :] = (x[r, :] - mean) * rsqrt(var + eps) * w + b``, ``mean`` and ``var`` (biased)
    of row ``r`` of ``x[rows, cols]``, ``w[cols]``, ``b[cols]`` (PrimFunc parameters
    ``x, w, b, y``). Two reductions: the sum, then the sum of squared deviations from the
    mean (two passes over the staged row, not ``E[x^2] - E[x]^2``)."""
    x = te.placeholder((rows, cols), dtype, name="x")
    w = te.placeholder((cols,), dtype, name="w")
    b = te.placeholder((cols,), dtype, name="b")
    n = _f32(cols)
    return _row_kernel(
        x, [w, b], [(te.sum, lambda v: v, lambda total: total / n),
                    (te.sum, lambda v, mean: (v - mean) * (v - mean), lambda dev2: tirx.rsqrt(dev2 / n + _f32(eps)))],
        lambda v, c, mean, rstd: (v - mean) * rstd * w[c].astype(F32) + b[c].astype(F32),
        rows_per_cta=rows_per_cta, stages=stages, max_threads=max_threads, scheduled=scheduled, producer=producer)


def softmax(rows: int, cols: int, dtype: str = "float16", *, rows_per_cta: int = 1, stages: int = 4,
            max_threads: int = 128, scheduled: bool = True, producer: str = "cta") -> tvm.IRModule:
    """``y[r, :] = exp(x[r, :] - m) / sum(exp(x[r, :] - m))`` with ``m = max(x[r, :])`` for
    ``x[rows, cols]`` (PrimFunc parameters ``x, y``). Two reductions: the row maximum, then
    the sum of exponentials."""
    x = te.placeholder((rows, cols), dtype, name="x")
    return _row_kernel(
        x, [], [(te.max, lambda v: v, None), (te.sum, lambda v, m: tirx.exp(v - m), lambda s: _f32(1) / s)],
        lambda v, c, m, inv: tirx.exp(v - m) * inv,
        rows_per_cta=rows_per_cta, stages=stages, max_threads=max_threads, scheduled=scheduled, producer=producer)
