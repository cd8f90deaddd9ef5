"""Relax passes of tvm-tma: model-level rewrites onto its Hopper kernels, applied by
:func:`tvm_tma.dlight.relax_pipeline` before legalization."""

from .fuse_attention import AttentionRecord, FuseAttention, attention_report
from .fuse_gated_mlp import FuseGatedMLP, gated_matmul

__all__ = ["AttentionRecord", "FuseAttention", "FuseGatedMLP", "attention_report", "gated_matmul"]
