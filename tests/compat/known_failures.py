"""What ``tir_pipeline="tma"`` fails on today, per compat case: the exception it raises and
``"<pattern>: <error>"``. Each entry becomes ``pytest.mark.xfail(strict=True, raises=...)``:
a case the lowering fixes turns into a strict XPASS failure; delete its entry then."""

import pytest
from tvm.error import InternalError

from tvm_tma import TMAError

NESTING = ("nested pipeline, async outer loop, ldmatrix inner pipeline: pipeline_nesting: loop {outer} is "
           "software-pipelined and holds the pipelined loop {inner}")
ZERO_FILL = "zero-fill load in an async stage: dense_box: expected a load from global memory, got T.if_then_else(...)"
COMPUTES = "async stage that computes: dense_box: expected a load from global memory, got A[...] * T.float32(2.0)"
UNREPORTED = "async_scope copies outside a pipeline: the copy report misses them (synchronous loads, no entry)"

TMA_FAILURES: dict[str, tuple[type[BaseException], str]] = {
    # patterns.py
    "nested_mma_gemm_4stage": (TMAError, NESTING.format(outer="k_0_0", inner="k_0_1")),
    "nested_mma_gemm_3stage": (TMAError, NESTING.format(outer="k_0_0", inner="k_0_1")),
    "nested_mma_gemm_inner_async": (TMAError, NESTING.format(outer="k_0_0", inner="k_0_1") + " (inner async too)"),
    "zero_fill_conv_halo": (TMAError, ZERO_FILL),
    "zero_fill_tile_edge": (TMAError, ZERO_FILL),
    "zero_fill_scalar_order_021": (TMAError, ZERO_FILL),
    "scale_in_async_stage": (TMAError, COMPUTES),
    "scale_in_async_stage_dynamic": (TMAError, COMPUTES + " (dynamic trip count)"),
    "two_producers_order_021": (TMAError, "two async producers, order [0, 2, 1]: mbarrier_protocol: tma_bar_q0[3] "
                                "phase 0: 2 arrivals before its wait: expected at most 1"),
    "short_trip_in_vthread": (InternalError, "trip count below the stage count under a virtual thread: InjectVirtualThread: "
                              "Check failed: is_zero(op->min) (the epilogue's loop over the stages not yet waited for "
                              "starts at a nonzero min)"),
    "offset_factor_view": (TMAError, "symbolic elem_offset, offset_factor=8: cp_async_size: bulk_global_align: cannot "
                           "prove A offset off + ... is a multiple of 16 bytes, got 16 bytes per thread aligned to 2"),
    "async_scope_fp16x8": (AssertionError, UNREPORTED),
    "async_scope_fp32x1_two_buffers": (AssertionError, UNREPORTED),
    # generated.py (CI samples)
    "ms_gemm_f16_tc_0": (TMAError, NESTING.format(outer="ax2_0_0", inner="ax2_0_1")),
    "ms_gemm_f16_tc_1": (TMAError, NESTING.format(outer="ax2_0_0", inner="ax2_0_1")),
    "ms_conv2d_f16_tc_0": (TMAError, NESTING.format(outer="ax2_0_0", inner="ax2_0_1")),
    "ms_conv2d_f32_0": (TMAError, "MetaSchedule conv2d padding: " + ZERO_FILL),
}


def params(cases) -> list:
    """``cases`` as pytest params named after the case, today's failures marked."""
    marks = {name: pytest.mark.xfail(strict=True, raises=raises, reason=reason)
             for name, (raises, reason) in TMA_FAILURES.items()}
    return [pytest.param(case, id=case.name, marks=[marks[case.name]] if case.name in marks else []) for case in cases]
