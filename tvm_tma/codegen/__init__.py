"""Helpers around CUDA code generation: compile TVM's CUDA source with nvcc."""

from .nvcc import NvccError, compile_cuda, nvcc_flags

__all__ = ["NvccError", "compile_cuda", "nvcc_flags"]
