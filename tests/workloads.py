"""Shortcuts for the transform tests: the package's tile kernels, compiling them to CUDA, and
the IR the mbarrier verifier checks."""

import tvm

import tvm_tma
from tvm_tma.codegen import SM90A, cuda_source  # noqa: F401 (cuda_source re-exported for the tests)
from tvm_tma.kernels import center_columns, tile_scale, tile_scale_staged  # noqa: F401 (re-exported for the tests)


def verified_ir(mod: tvm.IRModule, **options) -> tvm.IRModule:
    """``mod`` through the "tma" pipeline up to the verifier: the IR it checks there (s_tir,
    the barrier protocol lowered, blocks not yet lowered); ``options`` go to
    ``LowerAsyncPipelineToMBarrier`` (e.g. ``overwrite_guard="empty_barriers"``)."""
    passes = tvm_tma.pipeline._passes({}, options, verify=True)
    names = [p.info.name for p in passes]
    with tvm.transform.PassContext():
        return tvm.transform.Sequential(passes[:names.index("tvm_tma.VerifyMBarrierProtocol")])(
            tvm.tirx.transform.BindTarget(tvm.target.Target(SM90A))(mod))
