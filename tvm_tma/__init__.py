"""tvm-tma: Hopper Tensor Memory Accelerator lowering for Apache TVM TensorIR.

Importing this package registers the ``"tma"`` TIR pipeline::

    import tvm, tvm_tma
    ex = tvm.compile(mod, target=tvm.target.Target({"kind": "cuda", "arch": "sm_90a"}),
                     tir_pipeline="tma")
"""

from . import pipeline, schedule, transforms
from .errors import TMAError
from .report import copy_report

pipeline.register()

__all__ = ["TMAError", "copy_report", "pipeline", "schedule", "transforms"]
