"""Demo: the warp-specialized wgmma GEMM compiled with ``tir_pipeline="tma"``: what its copies
became, the TMA and wgmma part of its kernel, nvcc's verdict on it, and its stored H100 figures.

    python -m tvm_tma.demo            # the copy report, the stored figures, the kernel's TMA and wgmma lines
    python -m tvm_tma.demo --full     # and the whole generated CUDA

The kernel is ``kernels.gemm_wgmma(4096, 4096, 4096, "float16", out_dtype="float16",
producer="warp", persistent=True, stages=3, raster=4)``: an ordinary TensorIR schedule
(operand tiles marked ``schedule.swizzle``, the MMA tensorized on ``tensor_intrin.wgmma_sync``,
``tma_pipeline(..., producer="warp")``). Under "tma" a producer warp issues one swizzled
tensor-map copy per operand tile onto a "full" ring of mbarriers; two consumer warpgroups wait
on it, run ``wgmma.mma_async`` from shared memory and free each slot on an "empty" ring; the
output tile leaves through ``stmatrix`` and a tensor-map store. Stock TVM has no wgmma schedule.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import pathlib
import re
import shutil
import sys

import tvm_tma
from tvm_tma.codegen import cuda_source
from tvm_tma.codegen.nvcc import NvccError, compile_cuda
from tvm_tma.kernels.gemm import gemm_wgmma

KERNEL = dict(m=4096, n=4096, k=4096, dtype="float16", out_dtype="float16", producer="warp", persistent=True,
              stages=3, raster=4)
CASE = "bench_ws_f16_4096_r4_p"
"""The case of ``benchmarks/cases.py`` that builds ``KERNEL``: the headline run's figures for it."""
ROOT = pathlib.Path(__file__).resolve().parents[1]
INTERESTING = re.compile(r"mbarrier_(init|arrive|wait|inval)\w*\(|cp_async_bulk\w*\(|setmaxnreg|wgmma_\w+\(|stmatrix"
                         r"|bar_sync|prefetch_tensormap|fence_proxy|griddepcontrol|if \(+int\)threadIdx\.y\) == \d\)\)"
                         r"|\bfor \(|} else {")
HELPER = re.compile(r"__device__ \w[\w ]*?\b(tvm_builtin_\w+)\(")
MNEMONIC = re.compile(r'"\s*([a-z][a-z0-9_]*(?:\.[a-z0-9_:]+)+)')
WIDTH = 150


def measured(case: str = CASE) -> list[str]:
    """The stored headline figures of ``case`` (``benchmarks/results/headline.json``, rendered by
    ``benchmarks/headline.py``), each with the run's device and date; empty outside a checkout."""
    script, results = ROOT / "benchmarks" / "headline.py", ROOT / "benchmarks" / "results" / "headline.json"
    if not (script.is_file() and results.is_file()):
        return []
    spec = importlib.util.spec_from_file_location("_tvm_tma_headline", script)
    headline = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(headline)
    summary = json.loads(results.read_text())
    _, rows = headline.render(summary, results.parent, str)
    return [f"{row.measured}, {row.ratio:.3f} {row.direction} ({row.compared.replace('`', '')}) "
            f"on {summary['device']}, stored result of {summary['date']}"
            for _, row in rows if f"`{case}`" in row.case and row.ratio is not None]


def ptx_names(source: str) -> dict[str, str]:
    """Each ``tvm_builtin_*`` device helper of ``source`` that wraps inline PTX -> the PTX
    instruction it issues first (e.g. ``cp.async.bulk.tensor.2d.shared::cluster...``)."""
    names = {}
    for match in HELPER.finditer(source):
        body = source[match.end():source.find("\n}", match.end())]
        asm = body[body.find("asm"):] if "asm" in body else ""
        instruction = MNEMONIC.search(asm)
        if instruction:
            names[match[1]] = instruction[1]
    return names


def readable(line: str, names: dict[str, str]) -> str:
    """``line`` of the kernel with helpers named by their PTX instruction, other ``tvm_builtin_``
    prefixes dropped, cut at ``WIDTH`` characters."""
    line = re.sub(r"\btvm_builtin_\w+(?=\()", lambda m: names.get(m[0], m[0]), line)
    line = re.sub(r"\btvm_builtin_(ptx_|cuda_)?", "", line)
    return line if len(line) <= WIDTH else line[:WIDTH - 3] + "..."


def nvcc_verdict(source: str) -> str:
    """Whether nvcc compiles ``source`` for sm_90a (ptxas checks every PTX instruction)."""
    if shutil.which("nvcc") is None:
        return "nvcc is not on PATH: not compiled here"
    try:
        cubin = compile_cuda(source)
    except NvccError as err:
        return f"nvcc rejected it:\n{err}"
    return f"nvcc -gencode arch=compute_90a,code=sm_90a: compiled ({len(cubin)} bytes of cubin)"


def main(argv: list[str] | None = None) -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--full", action="store_true", help="print the whole generated CUDA")
    opts = args.parse_args(argv)
    call = ", ".join(f"{k}={v!r}" for k, v in KERNEL.items())
    print(f"== kernels.gemm_wgmma({call}), tir_pipeline='tma'", flush=True)
    with tvm_tma.copy_report() as report:
        src = cuda_source(gemm_wgmma(**KERNEL), tvm_tma.pipeline.PIPELINE_NAME)
    figures = measured()
    print("measured (benchmarks/RESULTS.md):" if figures else "measured: benchmarks/RESULTS.md of the repository")
    for line in figures:
        print("  ", line)
    print("\n== copy report: what every copy became")
    for entry in report:
        print("  ", entry)
    print("\n==", nvcc_verdict(src))
    kernel = src[src.index('extern "C" __global__'):]
    if opts.full:
        print(src)
    else:
        print("\n== the kernel's TMA, barrier and wgmma lines (helpers named by their PTX instruction; "
              "--full for all)")
        names = ptx_names(src)
        body = kernel.splitlines()
        for line in body[:1] + [ln for ln in body[1:] if INTERESTING.search(ln)]:
            print(readable(line, names))
    print("\n== to run it on a Hopper GPU")
    print("   python benchmarks/headline.py   # TVM and a GPU on one machine: builds this kernel and the others of "
          "benchmarks/RESULTS.md, checks them against a float64 reference, times them beside stock TVM, cuBLAS, "
          "torch and cudaMemcpy")
    print("   compiled here, run on a GPU machine without TVM's compiler: benchmarks/README.md")


if __name__ == "__main__":
    main()
