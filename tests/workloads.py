"""Shortcuts for the transform tests: the package's tile kernels, compiling them to CUDA, and
the IR the mbarrier verifier checks."""

import tvm

import tvm_tma
from tvm_tma import codegen
from tvm_tma.codegen import SM90A
from tvm_tma.kernels import center_columns, tile_scale, tile_scale_staged  # noqa: F401 (re-exported for the tests)

ALL_LAUNCHES = "tma_all_launches"
"""The "tma" pipeline with every pipeline on mbarriers (no launch-cost model): the tests'
kernels are small launches, which "tma" mostly leaves to stock TVM's cp.async groups, and
these tests check the mbarrier lowering itself."""


def cuda_source(mod: tvm.IRModule, pipeline: str = ALL_LAUNCHES, config: dict | None = None) -> str:
    """The CUDA of ``mod`` under ``pipeline`` (by default :data:`ALL_LAUNCHES`)."""
    return codegen.cuda_source(mod, pipeline, config)


def stock_kernels(src: str) -> str:
    """The kernels of ``src`` (from the first ``__global__``, after the instructions' helpers,
    whose order varies) without what ``ProgrammaticLaunch`` adds (each kernel's first
    ``griddepcontrol.wait``): the code to compare with stock TVM's, which launches kernels in
    stream order."""
    src = src.replace("  tvm_builtin_ptx_griddepcontrol_wait();\n", "")
    return src[src.index('extern "C" __global__'):]


def verified_ir(mod: tvm.IRModule, **options) -> tvm.IRModule:
    """``mod`` through the "tma" pipeline up to the verifier: the IR it checks there (s_tir,
    the barrier protocol lowered, blocks not yet lowered); ``options`` go to
    ``LowerAsyncPipelineToMBarrier`` (e.g. ``overwrite_guard="empty_barriers"``; ``launch_cost``
    ``"mbarriers"`` unless given, as in :data:`ALL_LAUNCHES`)."""
    passes = tvm_tma.pipeline._passes({}, {"launch_cost": "mbarriers", **options}, verify=True)
    names = [p.info.name for p in passes]
    with tvm.transform.PassContext():
        return tvm.transform.Sequential(passes[:names.index("tvm_tma.VerifyMBarrierProtocol")])(
            tvm.tirx.transform.BindTarget(tvm.target.Target(SM90A))(mod))
