"""Schedules made at test time by TVM's own schedulers: MetaSchedule design spaces sampled
with fixed seeds, and dlight's default GPU rules on small Relax modules.

MetaSchedule: ``PostOrderApply`` with the default ``"cuda"`` rules (async pipelines of 4 and
5 stages on sm_80 and newer), or the default ``"cuda-tensorcore"`` rules without their first
(wmma, unpipelined) tensor-core rule, so that the mma rule with software pipelining applies:
an async outer k loop around a pipelined ldmatrix loop. A sample applies a design space's
trace with every random decision drawn again from ``Schedule(mod, seed=s)``, then the
space's postprocessors; samples that a postprocessor rejects (``VerifyGPUCode``: too much
shared memory, too many threads) are dropped, as the tuner drops them. Only design spaces
with an async pipeline are sampled, and only samples that stock TVM compiles are kept
(stock's ``InjectPermutedLayout`` refuses tensor-core tiles whose shared rows are not a
multiple of 32 elements: most conv2d samples).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable

import tvm
from tvm import te

from tvm_tma.testing import compat
from tvm_tma.testing.compat import CompatCase

MS_TARGET = {"kind": "cuda", "arch": "sm_90a", "max_threads_per_block": 1024, "thread_warp_size": 32,
             "registers_per_block": 65536}
"""sm_90a with what MetaSchedule's rules and VerifyGPUCode read; shared memory per workload."""

STATIC_SHARED = 48 * 1024
"""Static ``__shared__`` arrays (scope ``shared``: the ``"cuda"`` rules) may not exceed 48 KiB."""
DYNAMIC_SHARED = 99 * 1024
"""``shared.dyn`` (the tensor-core rules): above 48 KiB by the runtime's opt-in, kept well under
the H100's 227 KiB."""


@dataclasses.dataclass(frozen=True)
class Workload:
    """A TE workload of ``tvm.s_tir.meta_schedule.testing.te_workload`` and how to schedule it."""

    name: str
    tensors: Callable[[], tuple]
    rules: str  # "cuda" or "cuda-tensorcore"
    reference: str
    shared_memory: int


def _te(fn: str, *args, **kwargs) -> Callable[[], tuple]:
    def tensors():
        from tvm.s_tir.meta_schedule.testing import te_workload

        return getattr(te_workload, fn)(*args, **kwargs)

    return tensors


F16 = {"in_dtype": "float16", "out_dtype": "float32"}
WORKLOADS = {w.name: w for w in [
    Workload("gemm_f16_tc", _te("matmul", 256, 256, 256, **F16), "cuda-tensorcore", "gemm", DYNAMIC_SHARED),
    Workload("gemm_f16_tc_4k", _te("matmul", 4096, 4096, 4096, **F16), "cuda-tensorcore", "gemm", DYNAMIC_SHARED),
    Workload("conv2d_f16_tc", _te("conv2d_nhwc", 1, 16, 16, 64, 64, 3, 1, 1, **F16), "cuda-tensorcore",
             "conv2d_nhwc_pad1", DYNAMIC_SHARED),
    Workload("bmm_f16", _te("batch_matmul_nkkm", 2, 128, 128, 128, **F16), "cuda-tensorcore", "bmm", DYNAMIC_SHARED),
    Workload("gemm_f32", _te("matmul", 256, 256, 256), "cuda", "gemm", STATIC_SHARED),
    Workload("bmm_f32", _te("batch_matmul_nkkm", 2, 128, 128, 128), "cuda", "bmm", STATIC_SHARED),
    Workload("conv2d_f32", _te("conv2d_nhwc", 1, 16, 16, 32, 32, 3, 1, 1), "cuda", "conv2d_nhwc_pad1", STATIC_SHARED),
    # Larger launches of the same schedules (tests/compat/build_gpu.py --suite launch).
    Workload("gemm_f32_512", _te("matmul", 512, 512, 512), "cuda", "gemm", STATIC_SHARED),
    Workload("bmm_f16_b32", _te("batch_matmul_nkkm", 32, 256, 256, 256, **F16), "cuda-tensorcore", "bmm",
             DYNAMIC_SHARED),
]}


@functools.cache
def _design_spaces(name: str):
    """The tune context and the design spaces of workload ``name`` that have an async pipeline."""
    import tvm.s_tir.tensor_intrin.cuda  # registers the tensor-core intrinsics the rules name
    from tvm.s_tir import meta_schedule as ms

    workload = WORKLOADS[name]
    rules = ms.ScheduleRule.create(workload.rules)
    if workload.rules == "cuda-tensorcore":
        # DefaultCUDATensorCore (src/s_tir/meta_schedule/schedule_rule/schedule_rule.cc) is
        # [ApplyCustomRule, MultiLevelTilingTensorCore(wmma, no pipeline),
        # MultiLevelTilingTensorCore(mma, software pipeline), DefaultCUDA()[1:]...]: without the
        # wmma rule, which would take every GEMM first, the pipelined mma rule applies.
        rules = [rules[0], *rules[2:]]
    target = tvm.target.Target({**MS_TARGET, "max_shared_memory_per_block": workload.shared_memory})
    context = ms.TuneContext(
        mod=tvm.IRModule({"main": te.create_prim_func(workload.tensors())}), target=target,
        space_generator=ms.space_generator.PostOrderApply(sch_rules=rules, postprocs=workload.rules, mutator_probs={}),
        task_name=name, rand_state=1, num_threads=1)
    spaces = [s for s in context.generate_design_space()
              if any(i.kind.name == "Annotate" and "software_pipeline_async_stages" in str(i.attrs)
                     for i in s.trace.insts)]
    if not spaces:
        raise ValueError(f"{name}: MetaSchedule made no design space with an async pipeline")
    return context, spaces


def _sample(context, space, seed: int):
    """``space``'s trace with its random decisions drawn again from ``seed``, postprocessed;
    ``None`` where a postprocessor rejects it."""
    from tvm.s_tir.schedule import Trace

    sch = tvm.s_tir.Schedule(context.mod, seed=seed)
    Trace(space.trace.insts, {}).apply_to_schedule(sch, remove_postproc=True)
    return sch if all(p.apply(sch) for p in context.space_generator.postprocs) else None


@functools.cache
def ms_samples(name: str, count: int, max_seeds: int = 400) -> tuple[tvm.IRModule, ...]:
    """The first ``count`` samples of workload ``name`` that the postprocessors accept and
    stock TVM compiles (what a tuner's builder keeps): seeds 1, 2, ... each applied to the
    design spaces in turn."""
    context, spaces = _design_spaces(name)
    found = []
    for seed in range(1, max_seeds + 1):
        sch = _sample(context, spaces[seed % len(spaces)], seed)
        if sch is not None and compat.build(sch.mod, compat.STOCK).error is None:
            found.append(sch.mod)
            if len(found) == count:
                return tuple(found)
    raise ValueError(f"{name}: {len(found)} valid MetaSchedule samples in {max_seeds} seeds, expected {count}")


def ms_cases(name: str, count: int) -> list[CompatCase]:
    """``count`` MetaSchedule samples of workload ``name`` as compat cases ``ms_<name>_<i>``."""
    workload = WORKLOADS[name]
    return [CompatCase(f"ms_{name}_{i}", f"MetaSchedule {workload.rules} design space of {name}",
                       lambda i=i: ms_samples(name, count)[i], reference=workload.reference,
                       tensor_core=workload.rules == "cuda-tensorcore")
            for i in range(count)]


def relax_modules() -> dict[str, tvm.IRModule]:
    """Small Relax modules of the ops dlight schedules: matmul, GEMV, rms_norm, softmax."""
    from tvm.script import ir as I
    from tvm.script import relax as R

    @I.ir_module
    class Matmul:
        @R.function
        def main(x: R.Tensor((128, 512), "float16"), w: R.Tensor((512, 256), "float16")):
            with R.dataflow():
                y = R.matmul(x, w)
                R.output(y)
            return y

    @I.ir_module
    class Gemv:
        @R.function
        def main(x: R.Tensor((1, 1024), "float16"), w: R.Tensor((4096, 1024), "float16")):
            with R.dataflow():
                y = R.matmul(x, R.permute_dims(w))
                R.output(y)
            return y

    @I.ir_module
    class RmsNorm:
        @R.function
        def main(x: R.Tensor((64, 1024), "float16"), w: R.Tensor((1024,), "float16")):
            with R.dataflow():
                y = R.nn.rms_norm(x, w, axes=[-1])
                R.output(y)
            return y

    @I.ir_module
    class Softmax:
        @R.function
        def main(x: R.Tensor((64, 1000), "float32")):
            with R.dataflow():
                y = R.nn.softmax(x, axis=-1)
                R.output(y)
            return y

    return {"matmul": Matmul, "gemv": Gemv, "rms_norm": RmsNorm, "softmax": Softmax}


@functools.cache
def dlight_functions() -> dict[str, tvm.tirx.PrimFunc]:
    """Every PrimFunc of :func:`relax_modules` after ``LegalizeOps`` and dlight's default GPU
    rules (``Matmul``, ``GEMV``, ``Reduction``, ``GeneralReduction``, ``Fallback``), named
    ``dlight_<module>_<function>``."""
    from tvm import relax
    from tvm.s_tir import dlight as dl

    target = tvm.target.Target({**MS_TARGET, "max_shared_memory_per_block": STATIC_SHARED})
    functions = {}
    for module_name, mod in relax_modules().items():
        with target:
            scheduled = dl.ApplyDefaultSchedule(dl.gpu.Matmul(), dl.gpu.GEMV(), dl.gpu.Reduction(),
                                                dl.gpu.GeneralReduction(), dl.gpu.Fallback())(
                relax.transform.LegalizeOps()(mod))
        for gvar, func in scheduled.functions.items():
            if isinstance(func, tvm.tirx.PrimFunc):
                functions[f"dlight_{module_name}_{gvar.name_hint}"] = func.with_attr("global_symbol", "main")
    return functions


def dlight_cases() -> list[CompatCase]:
    """The dlight-scheduled PrimFuncs as compat cases (names are fixed by the modules above)."""
    names = {"dlight_matmul_matmul": "matmul", "dlight_gemv_transpose": "", "dlight_gemv_matmul": "",
             "dlight_rms_norm_rms_norm": "rms_norm", "dlight_softmax_softmax": "softmax"}
    return [CompatCase(name, "dlight default GPU rules",
                       lambda name=name: tvm.IRModule({"main": dlight_functions()[name]}), reference=reference)
            for name, reference in names.items()]
