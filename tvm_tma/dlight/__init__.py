"""dlight schedule rules that stage their operands through TMA pipelines.

Apply them like stock dlight's, ours first and stock's as fallbacks::

    from tvm.s_tir import dlight as dl
    import tvm_tma.dlight

    mod = dl.ApplyDefaultSchedule(*tvm_tma.dlight.default_rules())(fused_mod)  # under a target

or compile a Relax model with TVM's CUDA pipeline whose dlight step uses them::

    ex = tvm.compile(mod, target, relax_pipeline=tvm_tma.dlight.relax_pipeline(), tir_pipeline="tma")

Each rule's docstring says what it accepts (anything else it leaves to the next rule) and the
schedule it emits.
"""

from .elementwise import ElementWise
from .gemv import GEMV
from .matmul import Matmul, MatmulConfig
from .pipeline import apply_rules, default_rules, fusion_passes, lowering_passes, relax_pipeline, stock_rules
from .rows import LayerNorm, RMSNorm, Softmax
from .wgmma_matmul import WgmmaConfig, WgmmaMatmul

__all__ = ["ElementWise", "GEMV", "LayerNorm", "Matmul", "MatmulConfig", "RMSNorm", "Softmax", "WgmmaConfig",
           "WgmmaMatmul", "apply_rules", "default_rules", "fusion_passes", "lowering_passes", "relax_pipeline",
           "stock_rules"]
