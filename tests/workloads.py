"""Small pipelined TensorIR workloads for the transform tests (fast to compile).

``tiled_scale(m, n, ...)``: ``B = A * 2`` where CTA ``b`` owns a column strip of width
``tile_n`` and walks its ``tile_m``-row tiles with a software-pipelined loop; each tile is
staged into shared memory with ``cache_read`` (rows of input ``k`` padded by ``pads[k]``
elements with ``storage_align``). With ``second_input`` it is ``B = A + C``. Sizes that are not multiples of the tile give
predicated (tail) copies.
"""

from __future__ import annotations

import tvm
from tvm import te

import tvm_tma

TARGET = tvm.target.Target({"kind": "cuda", "arch": "sm_90a"})


def tiled_scale(m: int, n: int, *, dtype: str = "float32", tile_m: int = 16, tile_n: int = 64,
                stages: int = 3, pads: tuple[int, ...] = (0, 0), threads: int = 128,
                vec_bytes: int = 16, second_input: bool = False) -> tvm.IRModule:
    """Build and schedule the workload (see the module docstring)."""
    a = te.placeholder((m, n), dtype, name="A")
    if second_input:
        c = te.placeholder((m, n), dtype, name="C")
        b = te.compute((m, n), lambda i, j: a[i, j] + c[i, j], name="B")
        args = [a, c, b]
    else:
        b = te.compute((m, n), lambda i, j: a[i, j] * tvm.tirx.const(2, dtype), name="B")
        args = [a, b]
    sch = tvm.s_tir.Schedule(te.create_prim_func(args))
    block = sch.get_sblock("B")
    i, j = sch.get_loops(block)
    io, ii = sch.split(i, [None, tile_m])
    jo, ji = sch.split(j, [None, tile_n])
    sch.reorder(jo, io, ii, ji)
    sch.bind(jo, "blockIdx.x")
    inner = sch.fuse(ii, ji)
    _, tx = sch.split(inner, [None, threads])
    sch.bind(tx, "threadIdx.x")
    vec = max(1, vec_bytes * 8 // tvm.DataType(dtype).bits)
    copies = [sch.cache_read(block, k, "shared") for k in range(len(args) - 1)]
    for cache, pad in zip(copies, pads):
        sch.compute_at(cache, io)
        fused = sch.fuse(*sch.get_loops(cache)[-2:])
        _, ctx, cvec = sch.split(fused, [None, threads, vec])
        sch.bind(ctx, "threadIdx.x")
        sch.vectorize(cvec)
        if pad:
            sch.storage_align(cache, 0, axis=-2, factor=tile_n, offset=pad)
    tvm_tma.schedule.tma_pipeline(sch, io, stages=stages, num_copies=len(copies))
    return sch.mod


def cuda_source(mod: tvm.IRModule, pipeline: str = "tma", config: dict | None = None) -> str:
    """Compile for sm_90a and return the generated CUDA."""
    with tvm.transform.PassContext(config=config or {}):
        ex = tvm.compile(mod, target=TARGET, tir_pipeline=pipeline)
    return ex.mod.imports[0].inspect_source()


def staged_scale(m: int, n: int, *, dtype: str = "float32", tile_m: int = 16, tile_n: int = 64,
                 threads: int = 128, vec_bytes: int = 16) -> tvm.IRModule:
    """``B = A * 2`` with each tile staged through shared memory by a copy block marked with
    :func:`tvm_tma.schedule.bulk_copy`, in a plain (not pipelined) loop over row tiles."""
    a = te.placeholder((m, n), dtype, name="A")
    b = te.compute((m, n), lambda i, j: a[i, j] * tvm.tirx.const(2, dtype), name="B")
    sch = tvm.s_tir.Schedule(te.create_prim_func([a, b]))
    block = sch.get_sblock("B")
    i, j = sch.get_loops(block)
    io, ii = sch.split(i, [None, tile_m])
    jo, ji = sch.split(j, [None, tile_n])
    sch.reorder(jo, io, ii, ji)
    sch.bind(jo, "blockIdx.x")
    _, tx = sch.split(sch.fuse(ii, ji), [None, threads])
    sch.bind(tx, "threadIdx.x")
    cache = sch.cache_read(block, 0, "shared")
    sch.compute_at(cache, io)
    _, ctx, cvec = sch.split(sch.fuse(*sch.get_loops(cache)[-2:]),
                             [None, threads, max(1, vec_bytes * 8 // tvm.DataType(dtype).bits)])
    sch.bind(ctx, "threadIdx.x")
    sch.vectorize(cvec)
    tvm_tma.schedule.bulk_copy(sch, cache)
    return sch.mod
