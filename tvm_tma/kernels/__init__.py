"""Ready-made scheduled TensorIR workloads whose global→shared copies are software-pipelined
with ``software_pipeline_async_stages=[0]``: stock TVM (``tirx.use_async_copy``) lowers them
to ``cp.async`` groups, ``tir_pipeline="tma"`` to TMA bulk copies.

Each builder returns an ``IRModule`` whose ``"main"`` PrimFunc is scheduled for sm_90a.
"""

from .attention import attention
from .elementwise import BINARY_OPS as BINARY_OPS  # public (the README names it), not a builder: not in __all__
from .elementwise import add, binary, copy
from .gemm import gated_mlp, gemm_mma, gemm_wgmma, linear
from .norm import layer_norm, rms_norm, softmax
from .tiles import center_columns, tile_scale, tile_scale_3d, tile_scale_staged

__all__ = ["add", "attention", "binary", "center_columns", "copy", "gated_mlp", "gemm_mma", "gemm_wgmma", "layer_norm",
           "linear", "rms_norm", "softmax", "tile_scale", "tile_scale_3d", "tile_scale_staged"]
