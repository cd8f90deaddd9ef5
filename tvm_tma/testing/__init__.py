"""Testing tools: the drop-in compatibility harness and the differential fuzzer.

- :mod:`tvm_tma.testing.compat`: build a schedule under stock TVM and under ``"tma"``, find the
  async copy sites stock made, check the copy report names them, nvcc the CUDA.
- :mod:`tvm_tma.testing.fuzz_cases`: random pipelined tile kernels from a seed, described as
  data, with their numpy reference and inputs (numpy only: the GPU runner imports it under a
  runtime-only TVM).
- :mod:`tvm_tma.testing.fuzz`: the TensorIR schedule of a fuzz case, and
  ``python -m tvm_tma.testing.fuzz build`` (both pipelines, batched libraries for the GPU).

Nothing compiler-side is imported here, so ``tvm_tma.testing.fuzz_cases`` stays importable
where only TVM's runtime is.
"""
