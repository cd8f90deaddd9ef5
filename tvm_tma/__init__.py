"""tvm-tma: Hopper Tensor Memory Accelerator lowering for Apache TVM TensorIR.

Importing this package registers the ``"tma"`` TIR pipeline (and makes the wgmma tensor
intrinsics of :mod:`tvm_tma.tensor_intrin` available)::

    import tvm, tvm_tma
    ex = tvm.compile(mod, target=tvm.target.Target({"kind": "cuda", "arch": "sm_90a"}),
                     tir_pipeline="tma")

Under a runtime-only TVM (``TVM_USE_RUNTIME_LIB=1``, as on a GPU machine that only runs
exported kernels) only the runtime side is imported: :mod:`tvm_tma.memcpy`,
:mod:`tvm_tma.p2p`, the rules and the errors.
"""

from tvm.base import _RUNTIME_ONLY

from . import memcpy, p2p, rules
from .errors import TMAError
from .report import copy_report

__all__ = ["TMAError", "copy_report", "memcpy", "p2p", "rules"]

if not _RUNTIME_ONLY:
    from . import codegen, dlight, pipeline, schedule, tensor_intrin, transforms

    pipeline.register()
    __all__ += ["codegen", "dlight", "pipeline", "schedule", "tensor_intrin", "transforms"]
