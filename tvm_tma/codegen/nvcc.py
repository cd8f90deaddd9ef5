"""Compile TVM-generated CUDA with nvcc, with the flags the GPU runner uses (scripts/gpu/boot.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile


class NvccError(RuntimeError):
    """nvcc is missing or rejected the source; the message holds nvcc's output."""


def nvcc_flags(arch: str = "90a") -> list[str]:
    """nvcc flags that accept TVM's fp16/bf16 CUDA (``__half`` operators and conversions on)."""
    return [
        "-O3", f"-gencode=arch=compute_{arch},code=sm_{arch}",
        "-U__CUDA_NO_HALF_OPERATORS__", "-U__CUDA_NO_HALF_CONVERSIONS__",
        "-U__CUDA_NO_BFLOAT16_OPERATORS__", "-U__CUDA_NO_BFLOAT16_CONVERSIONS__",
        "-U__CUDA_NO_BFLOAT162_OPERATORS__", "-U__CUDA_NO_BFLOAT162_CONVERSIONS__",
        "--expt-relaxed-constexpr", "--expt-extended-lambda", "-lineinfo",
    ]


def compile_cuda(src: str, arch: str = "90a") -> bytes:
    """Compile CUDA source to a cubin for ``sm_<arch>`` and return its bytes.

    Raises ``NvccError`` with nvcc's output when nvcc is not on PATH or the source fails to compile.
    """
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        raise NvccError("nvcc not found on PATH")
    with tempfile.TemporaryDirectory() as tmp:
        cu, cubin = os.path.join(tmp, "kernel.cu"), os.path.join(tmp, "kernel.cubin")
        with open(cu, "w") as f:
            f.write(src)
        proc = subprocess.run([nvcc, "-cubin", *nvcc_flags(arch), "-o", cubin, cu],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise NvccError(f"nvcc -cubin for sm_{arch} failed (exit {proc.returncode}):\n"
                            f"{proc.stdout}{proc.stderr}")
        with open(cubin, "rb") as f:
            return f.read()
