"""Helpers around CUDA code generation: compile for sm_90a, read the CUDA, check it with nvcc."""

from .nvcc import NvccError, compile_cuda, nvcc_flags
from .source import SM90A, compile_sm90a, cuda_source, kernel_source

__all__ = ["SM90A", "NvccError", "compile_cuda", "compile_sm90a", "cuda_source", "kernel_source", "nvcc_flags"]
