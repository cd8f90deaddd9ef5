"""ProgrammaticLaunch: each kernel launched as a programmatic dependent of the one before it.

Accepts host PrimFuncs for CUDA with their kernels still inline (before ``SplitHostDevice``):
each kernel is an outermost ``thread_extent`` scope. For a target of sm_90 or newer (rule
``programmatic_launch_arch``), every thread of every kernel first executes::

    griddepcontrol.wait;   // the grids before this one have completed, their writes visible

and the PrimFunc gets the launch parameter ``tirx.use_programtic_dependent_launch``
(``tirx.kernel_launch_params``, which ``SplitHostDevice`` gives each of its kernels), so that
TVM's CUDA runtime launches them with programmatic stream serialization (``cuLaunchKernelEx``).
A kernel then launches as the one before it retires its last CTAs rather than after that grid
has completed: its launch latency is hidden (one decode token through the Llama layer, seven
kernels: 0.158 against 0.167 ms). The wait comes before anything else in every thread, so no
kernel reads or writes memory an earlier grid touches before that grid has completed, and
none completes before the grids it depends on (the order stays transitive for the kernels
after it). No kernel signals ``griddepcontrol.launch_dependents``: the next one may launch
when every CTA has exited (rule ``programmatic_launch_trigger``: the signal at each kernel's
start ran slower). A kernel launched without the parameter (another library's, stock TVM's)
waits for this one to complete, as stream order has it. PrimFuncs without kernels, and those
for an older arch, are left as they are.
"""

from __future__ import annotations

import tvm
from tvm import tirx

from .. import rules
from . import ptx
from ._ir import mutate
from .pipelines.lower_async_pipeline import target_arch

LAUNCH_PARAMS = "tirx.kernel_launch_params"
PROGRAMMATIC = "tirx.use_programtic_dependent_launch"
"""The launch parameter TVM 0.27's runtime reads (its spelling)."""


def _waits_first(kernel: tirx.AttrStmt) -> tirx.AttrStmt:
    """``kernel`` (an outermost launch scope) with the wait first in the body of its innermost
    leading ``thread_extent`` scope."""
    if isinstance(kernel.body, tirx.AttrStmt) and kernel.body.attr_key == "thread_extent":
        body = _waits_first(kernel.body)
    else:
        body = tirx.SeqStmt([tirx.Evaluate(ptx.op("griddepcontrol.wait")()), kernel.body])
    return tirx.AttrStmt(kernel.node, kernel.attr_key, kernel.value, body)


def _launched_programmatically(func: tirx.PrimFunc) -> tirx.PrimFunc:
    arch = target_arch(func)
    if arch is None or arch < rules.limit("programmatic_launch_arch"):
        return func
    kernels = []

    def at_attr(stmt: tirx.AttrStmt, mutator):
        if stmt.attr_key != "thread_extent":
            return mutator.default_mutate(stmt)
        kernels.append(stmt)
        return _waits_first(stmt)

    body = mutate(func.body, (tirx.AttrStmt, at_attr))
    if not kernels:
        return func
    params = [str(p) for p in func.attrs.get(LAUNCH_PARAMS, [])]
    return func.with_body(body).with_attr(LAUNCH_PARAMS, params + [PROGRAMMATIC] * (PROGRAMMATIC not in params))


def ProgrammaticLaunch() -> tvm.transform.Pass:  # noqa: N802 (TVM's pass naming)
    """The pass (see the module docstring)."""

    @tvm.transform.module_pass(opt_level=0, name="tvm_tma.ProgrammaticLaunch")
    def apply(mod: tvm.ir.IRModule, _ctx) -> tvm.ir.IRModule:
        functions = {gv: _launched_programmatically(f) if isinstance(f, tirx.PrimFunc) else f
                     for gv, f in mod.functions.items()}
        return tvm.IRModule(functions, attrs=mod.attrs, global_infos=mod.global_infos)

    return apply
