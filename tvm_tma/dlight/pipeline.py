"""Rule sets and the Relax pipeline that applies them, as MLC-LLM compiles a model."""

from __future__ import annotations

import warnings

import tvm
from tvm import relax
from tvm.s_tir import dlight as dl
from tvm.s_tir.dlight import ScheduleRule

from ..relax import FuseAttention, FuseGatedMLP
from .elementwise import ElementWise
from .gemv import GEMV
from .matmul import Matmul, MatmulConfig
from .rows import LayerNorm, RMSNorm, Softmax
from .wgmma_matmul import WgmmaConfig, WgmmaMatmul


def stock_rules() -> list[ScheduleRule]:
    """Stock dlight's GPU rules in the order MLC-LLM (``compiler_pass/pipeline.py``) and TVM's
    default CUDA Relax pipeline (``relax/backend/cuda/pipeline.py``) apply them."""
    return [dl.gpu.Matmul(), dl.gpu.GEMV(), dl.gpu.Reduction(), dl.gpu.GeneralReduction(), dl.gpu.Fallback()]


def default_rules(matmul: MatmulConfig | None = None, wgmma: WgmmaConfig | None = None, *,
                  gated_widths: bool = True) -> list[ScheduleRule]:
    """Our rules first (:class:`WgmmaMatmul` on sm_90a with the tiling ``wgmma`` and
    ``gated_widths``, then :class:`Matmul` with ``matmul``; defaults :class:`WgmmaConfig`,
    :class:`MatmulConfig`; the row reductions; :class:`ElementWise`), then :func:`stock_rules`
    for every function none of ours takes (so nothing is left unscheduled)."""
    return [WgmmaMatmul(wgmma, gated_widths=gated_widths), Matmul(matmul), GEMV(), RMSNorm(), LayerNorm(), Softmax(),
            ElementWise(), *stock_rules()]


def apply_rules(mod: tvm.IRModule, rules: list[ScheduleRule] | None = None) -> tuple[tvm.IRModule, dict[str, str]]:
    """What ``dl.ApplyDefaultSchedule(*rules)`` does to ``mod`` (each PrimFunc not yet scheduled
    gets the first rule that takes it, under the function's or the current target), and which
    rule (``module.Class``) took each function, by name. ``rules`` defaults to
    :func:`default_rules`. A rule that raises on a function (stock's ``GEMV`` analysis asserts
    on a one-token attention matmul) is passed over with a warning naming it and the error:
    the next rule takes the function."""
    rules = default_rules() if rules is None else rules
    done, taken_by = {}, {}
    for gvar, func in mod.functions_items():
        if not isinstance(func, tvm.tirx.PrimFunc) or func.attrs.get("tirx.is_scheduled", False):
            continue
        target = func.attrs.get("target") or tvm.target.Target.current(allow_none=False)
        for rule in rules:
            try:  # (a rule's scheduled function where it gives one, else its schedule's)
                if hasattr(rule, "scheduled"):
                    scheduled = rule.scheduled(func, target)
                else:
                    sch = rule.apply(func, target, False)
                    scheduled = None if sch is None else sch.mod["main"]
            except Exception as err:  # noqa: BLE001 (any rule's failure: the next rule's turn)
                warnings.warn(f"{type(rule).__module__}.{type(rule).__name__} raised on {gvar.name_hint} "
                              f"({type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}); the next rule "
                              "takes it", stacklevel=2)
                continue
            if scheduled is not None:
                done[gvar] = scheduled.with_attr("tirx.is_scheduled", True)
                taken_by[gvar.name_hint] = f"{type(rule).__module__}.{type(rule).__name__}"
                break
    functions = {gvar: done.get(gvar, func) for gvar, func in mod.functions_items()}
    return tvm.IRModule(functions, attrs=mod.attrs, global_infos=mod.global_infos), taken_by


def _apply(rules: list[ScheduleRule]) -> tvm.transform.Pass:
    """:func:`apply_rules` as a module pass (dlight's ``ApplyDefaultSchedule``, without failing
    where a rule raises)."""

    @tvm.transform.module_pass(opt_level=0, name="tvm_tma.ApplyRules")
    def apply(mod: tvm.IRModule, _ctx: tvm.transform.PassContext) -> tvm.IRModule:
        return apply_rules(mod, rules)[0]

    return apply


def fusion_passes(target: tvm.target.Target, *, attention: bool = True,
                  transpose_matmul: bool = True) -> list[tvm.transform.Pass]:
    """TVM's default CUDA Relax passes up to dlight: library dispatch, legalization into TIR,
    fusion (``relax/backend/cuda/pipeline.py`` without its ``ApplyDefaultSchedule``); first,
    with ``attention``, :func:`tvm_tma.relax.FuseAttention` (every attention it takes on the
    fused kernel; without, as stock: attention legalized into its unfused operators),
    :func:`tvm_tma.relax.FuseGatedMLP` (``silu(gate) * up`` of a fused gate/up projection in
    that GEMM's epilogue, on sm_90a), then, with ``transpose_matmul``, Relax's
    ``FuseTransposeMatmul`` (``nn.Linear``'s ``x @ permute_dims(W)`` one ``x @ W^T``
    function, as MLC-LLM compiles it: no transpose kernel per call)."""
    first = (([FuseAttention()] if attention else []) + [FuseGatedMLP(target)]
             + ([relax.transform.FuseTransposeMatmul()] if transpose_matmul else []))
    return [*first, *relax.backend.cuda.pipeline.library_dispatch_passes(target), relax.transform.LegalizeOps(),
            relax.transform.AnnotateTIROpPattern(), relax.transform.FoldConstant(), relax.transform.FuseOps(),
            relax.transform.FuseTIR()]


def lowering_passes(target: tvm.target.Target) -> list[tvm.transform.Pass]:
    """TVM's default CUDA Relax passes after dlight: dataflow lowering and VM finalization,
    with the PrimFuncs no function calls any more removed between them (those of reshapes,
    which dataflow lowering makes views: stock compiles them to kernels it never launches)."""
    cuda = relax.backend.cuda.pipeline
    return [*cuda.dataflow_lower_passes(target), relax.transform.DeadCodeElimination(),
            *cuda.finalize_passes(target)]


def relax_pipeline(rules: list[ScheduleRule] | None = None, *, attention: bool = True) -> tvm.transform.Pass:
    """TVM's default CUDA Relax pipeline (:func:`fusion_passes`, dlight, :func:`lowering_passes`)
    with dlight given ``rules`` (default: :func:`default_rules`) and the fused attention kernel
    (``attention``)::

        ex = tvm.compile(relax_mod, target, relax_pipeline=tvm_tma.dlight.relax_pipeline(),
                         tir_pipeline="tma")

    ``tvm.compile`` runs it under the target. Stock's pipeline is this with
    :func:`stock_rules`. (Applying dlight to a fused module and then compiling it with the
    default pipeline would fuse the scheduled functions again: the rules belong right after
    ``FuseTIR``, where this puts them.)"""
    rules = default_rules() if rules is None else rules

    @tvm.transform.module_pass(opt_level=0, name="TMARelaxPipeline")
    def _pipeline(mod: tvm.IRModule, _ctx: tvm.transform.PassContext) -> tvm.IRModule:
        target = tvm.target.Target.current(allow_none=False)
        passes = [*fusion_passes(target, attention=attention), _apply(rules), *lowering_passes(target)]
        return tvm.transform.Sequential(passes)(mod)

    return _pipeline
