"""Ready-made scheduled TensorIR workloads whose global→shared copies are software-pipelined
with ``software_pipeline_async_stages=[0]``: stock TVM (``tirx.use_async_copy``) lowers them
to ``cp.async`` groups, ``tir_pipeline="tma"`` to TMA bulk copies.

Each builder returns an ``IRModule`` whose ``"main"`` PrimFunc is scheduled for sm_90a.
"""

from .elementwise import add, copy
from .gemm import gemm_mma
from .norm import rms_norm
from .tiles import tile_scale, tile_scale_3d, tile_scale_staged

__all__ = ["add", "copy", "gemm_mma", "rms_norm", "tile_scale", "tile_scale_3d", "tile_scale_staged"]
