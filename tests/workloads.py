"""Shortcuts for the transform tests: the package's tile kernels and compiling them to CUDA."""

from __future__ import annotations

import tvm

from tvm_tma.kernels import tile_scale, tile_scale_staged  # noqa: F401 (re-exported for the tests)

TARGET = tvm.target.Target({"kind": "cuda", "arch": "sm_90a"})


def cuda_source(mod: tvm.IRModule, pipeline: str = "tma", config: dict | None = None) -> str:
    """Compile for sm_90a and return the generated CUDA."""
    with tvm.transform.PassContext(config=config or {}):
        ex = tvm.compile(mod, target=TARGET, tir_pipeline=pipeline)
    return ex.mod.imports[0].inspect_source()
