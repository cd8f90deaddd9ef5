"""Upstream TVM's pipelined tensor-core GEMM: ``C = A @ B`` (fp16 in, fp32 out)."""

from __future__ import annotations

import tvm
from tvm import te

from ..schedule import swizzle


def _ldmatrix_index_map(i, j):
    from tvm.s_tir.tensor_intrin.cuda import shared_16x16_to_ldmatrix_32x8_layout

    return (i // 16, j // 16, *shared_16x16_to_ldmatrix_32x8_layout(i % 16, j % 16))


def gemm_mma(n: int = 4096, *, i_factors: tuple[int, ...] = (1, 32, 1, 4, 2),
             j_factors: tuple[int, ...] = (16, 2, 4, 1, 2), k_factors: tuple[int, ...] = (128, 2, 1),
             stages: int = 4, layout: str = "padded", inner_pipeline: bool = False) -> tvm.IRModule:
    """``C[n, n] = A[n, n] @ B[n, n]``, fp16 operands, fp32 accumulation and output.

    Exactly upstream's schedule (``tvm.testing.tir.mma_schedule``, 16x16x16 ``mma.sync``
    with ``ldmatrix`` from ``shared.dyn``), tile factors as given (their products times 16
    must equal ``n``). The outer reduction loop ``k0`` is a software pipeline of ``stages``
    stages whose operand copies (stage 0) are asynchronous.

    ``layout`` of the shared operand tiles: ``"padded"`` (upstream's: rows padded by 16 bytes
    against ldmatrix bank conflicts; under ``tir_pipeline="tma"`` the padding gives way to a
    swizzle, as below), ``"dense"`` (no padding), or ``"swizzled"`` (no padding,
    :func:`tvm_tma.schedule.swizzle`: under ``tir_pipeline="tma"`` each tile is loaded by
    swizzled tensor-map copies and ldmatrix reads the swizzled positions).

    ``inner_pipeline``: the inner reduction loop ``k1`` is software-pipelined too (its
    shared→register ``ldmatrix`` one step ahead of the ``mma``), with the outer stages
    ``[0, 0, stages - 2, stages - 1, stages - 1]`` in the order ``[0, 1, 3, 2, 4]``
    (upstream's "nested pipeline" annotation): a pipelined loop in an async pipeline.
    """
    if layout not in ("padded", "dense", "swizzled"):
        raise ValueError(f"gemm_mma: layout: expected 'padded', 'dense' or 'swizzled', got {layout!r}")
    from tvm.s_tir.meta_schedule.testing import te_workload
    from tvm.s_tir.tensor_intrin import cuda as intrin
    from tvm.testing.tir import mma_schedule

    workload = te.create_prim_func(te_workload.matmul(n, n, n, in_dtype="float16", out_dtype="float32"))
    sch = mma_schedule(
        workload, 16, "float16", False, list(i_factors), list(j_factors), list(k_factors),
        _ldmatrix_index_map, _ldmatrix_index_map, _ldmatrix_index_map,
        intrin.LDMATRIX_f16_A_DYN_INTRIN, intrin.LDMATRIX_f16_B_DYN_INTRIN, intrin.MMA_f16f16f32_INTRIN,
        intrin.MMA_fill_16x16_f32_INTRIN, intrin.MMA_store_16x16_f32_global_INTRIN, "shared.dyn",
    )
    for name in ("A_shared.dyn", "B_shared.dyn") if layout != "padded" else ():
        copy = sch.get_sblock(name)
        sch.unannotate(copy, "buffer_dim_align")
        if layout == "swizzled":
            swizzle(sch, copy)
    k0, k1 = sch.get_loops(sch.get_sblock("C_o_update"))[3:5]
    if inner_pipeline:
        sch.annotate(k0, ann_key="software_pipeline_stage", ann_val=[0, 0, stages - 2, stages - 1, stages - 1])
        sch.annotate(k0, ann_key="software_pipeline_order", ann_val=[0, 1, 3, 2, 4])
        sch.annotate(k1, ann_key="software_pipeline_stage", ann_val=[0, 0, 1])
        sch.annotate(k1, ann_key="software_pipeline_order", ann_val=[0, 1, 2])
    else:
        sch.annotate(k0, ann_key="software_pipeline_stage", ann_val=[0, 0, stages - 1])
        sch.annotate(k0, ann_key="software_pipeline_order", ann_val=[0, 1, 2])
    sch.annotate(k0, ann_key="software_pipeline_async_stages", ann_val=[0])
    return sch.mod
