"""Compile a module for Hopper and read back the CUDA source TVM generated."""

from __future__ import annotations

import tvm

SM90A = {"kind": "cuda", "arch": "sm_90a"}
"""The target every tvm-tma kernel is built for (``wgmma``-capable Hopper, H100/H200)."""


def compile_sm90a(mod, pipeline: str, config: dict | None = None):
    """``tvm.compile`` ``mod`` for sm_90a with ``tir_pipeline=pipeline`` under PassContext ``config``."""
    with tvm.transform.PassContext(config=config or {}):
        return tvm.compile(mod, target=tvm.target.Target(SM90A), tir_pipeline=pipeline)


def kernel_source(executable) -> str:
    """The CUDA source of a compiled executable's device module (a TensorIR function's, or a
    Relax module's, found among the imported modules at any depth)."""

    def cuda(module):
        if module.kind == "cuda":
            return module
        return next((found for m in module.imports if (found := cuda(m)) is not None), None)

    module = cuda(executable.mod)
    if module is None:
        raise ValueError("kernel_source: the executable holds no CUDA module")
    return module.inspect_source()


def cuda_source(mod, pipeline: str = "tma", config: dict | None = None) -> str:
    """Compile ``mod`` for sm_90a and return the generated CUDA."""
    return kernel_source(compile_sm90a(mod, pipeline, config))
