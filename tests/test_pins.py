"""The pinned TVM stack: exact versions, and a tensorized GEMM that lowers to CUDA.

apache-tvm-ffi 0.1.15.post2 segfaults in s_tir tensorize; the GEMM runs in a subprocess so a
crash there fails this test with a message instead of killing the test run.
"""

from __future__ import annotations

import importlib.metadata
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PINS = {"apache-tvm": "0.27.0.post1", "apache-tvm-ffi": "0.1.14.post1"}

TENSORIZE_AND_LOWER = """
import sys
sys.path.insert(0, {benchmarks!r})
import cases
from tvm_tma.codegen import kernel_source
src = kernel_source(cases.compile_module(cases.CASES["check_gemm_512"].build(), "default"))
assert "ldmatrix" in src and "mma.sync" in src and "cp.async" in src, "GEMM was not tensorized"
print("lowered", len(src))
"""


@pytest.mark.parametrize("package", sorted(PINS))
def test_installed_version_is_pinned(package):
    assert importlib.metadata.version(package) == PINS[package]


def test_tensorized_gemm_lowers_to_cuda():
    proc = subprocess.run([sys.executable, "-c", TENSORIZE_AND_LOWER.format(benchmarks=str(ROOT / "benchmarks"))],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, (
        f"tensorizing/lowering the mma GEMM failed with exit code {proc.returncode}"
        f"{' (a crash: check the apache-tvm-ffi pin)' if proc.returncode < 0 else ''}:\n"
        f"{proc.stdout[-2000:]}{proc.stderr[-4000:]}")
