"""Demo: a tensor-core GEMM compiled with ``tir_pipeline="tma"``, and how fast it ran on an H100.

    python -m tvm_tma.demo            # the copy report, the measured figures, the TMA part of the kernel
    python -m tvm_tma.demo --full     # and the whole generated CUDA

The schedule is upstream TVM's pipelined ``mma.sync`` GEMM as written
(``tvm.testing.tir.mma_schedule``: ``kernels.gemm_mma()``, operand tiles in ``shared.dyn``
with rows padded by ``storage_align`` against ``ldmatrix`` bank conflicts, a 4-stage async
k loop). Stock TVM lowers it to per-thread ``cp.async`` groups; under "tma" the padding gives
way to a swizzle and each operand tile of a stage is one swizzled tensor-map copy completing
on an mbarrier, every ``ldmatrix`` moved to the swizzled address. Faster tilings of the same
GEMM are in benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import pathlib
import re
import sys
import time

import tvm_tma
from tvm_tma.codegen import cuda_source
from tvm_tma.kernels.gemm import gemm_mma

CALL = "gemm_mma()"
ROOT = pathlib.Path(__file__).resolve().parents[1]
INTERESTING = re.compile(r"mbarrier_(init|arrive|wait|inval)\w*\(|cp_async\w*\(|prefetch_tensormap|fence_proxy"
                         r"|__syncthreads|for \(int k_0_0")
HELPER = re.compile(r"__device__ \w[\w ]*?\b(tvm_builtin_\w+)\(")
MNEMONIC = re.compile(r'"\s*([a-z][a-z0-9_]*(?:\.[a-z0-9_:]+)+)')


def measured(call: str = CALL) -> list[str]:
    """The headline table's figures for ``call`` (``benchmarks/results/headline.json``, read
    with ``benchmarks/headline.py``); empty outside a checkout of the repository."""
    script, results = ROOT / "benchmarks" / "headline.py", ROOT / "benchmarks" / "results" / "headline.json"
    if not (script.is_file() and results.is_file()):
        return []
    spec = importlib.util.spec_from_file_location("_tvm_tma_headline", script)
    headline = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(headline)
    summary = json.loads(results.read_text())
    _, rows = headline.render(summary, results.parent, str)
    return [f"{summary['device']}: {row.measured}, {row.ratio:.3f} {row.direction} ({row.compared.replace('`', '')})"
            for _, row in rows if call in row.case and row.ratio is not None]


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
    prefixes dropped."""
    line = re.sub(r"\btvm_builtin_\w+(?=\()", lambda m: names.get(m[0], m[0]), line)
    return re.sub(r"\btvm_builtin_(ptx_|cuda_)?", "", line)


def main(argv: list[str] | None = None) -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--full", action="store_true", help="print the whole generated CUDA")
    opts = args.parse_args(argv)
    print("importing tvm.s_tir.tensor_intrin.cuda (TVM registers its tensor intrinsics: 30 s to a minute)...",
          flush=True)
    start = time.perf_counter()
    import tvm.s_tir.tensor_intrin.cuda  # noqa: F401

    print(f"  done in {time.perf_counter() - start:.0f} s", flush=True)
    stock = cuda_source(gemm_mma(), "default", {"tirx.use_async_copy": 1})
    with tvm_tma.copy_report() as report:
        src = cuda_source(gemm_mma(), tvm_tma.pipeline.PIPELINE_NAME)
    print(f"\n== kernels.{CALL}: 4096^3 fp16 -> fp32, tir_pipeline='tma'")
    figures = measured()
    print("measured (benchmarks/RESULTS.md):" if figures else "measured: benchmarks/RESULTS.md of the repository")
    for line in figures:
        print("  ", line)
    print("\n== copy report: what every copy became")
    for entry in report:
        print("  ", entry)
    kernel = src[src.index('extern "C" __global__'):]
    stock = stock[stock.index('extern "C" __global__'):]
    print("\n== in the kernel's text: stock TVM (the same schedule, tir_pipeline='default', tirx.use_async_copy=1) "
          "has %d cp.async and %d commit/wait-group calls; tma has %d cp.async.bulk.tensor and %d mbarrier "
          "waits, no cp.async" % (stock.count("ptx_cp_async_legacy_cg"), stock.count("_group_async_"),
                                  kernel.count("cp_async_bulk_tensor_g2s"), kernel.count("mbarrier_wait(")))
    if opts.full:
        print(src)
    else:
        print("\n== the TMA part of the kernel (helpers named by their PTX instruction; ldmatrix/mma lines "
              "left out; --full for all)")
        names = ptx_names(src)
        body = kernel.splitlines()
        for line in body[:1] + [ln for ln in body[1:] if INTERESTING.search(ln)]:
            print(readable(line, names))
    print("\n== to run it on a GPU")
    print("   python benchmarks/headline.py   # with a Hopper GPU and TVM's compiler on one machine: builds this "
          "kernel and the others of benchmarks/RESULTS.md, checks them against a float64 reference, times them "
          "beside stock TVM, cuBLAS, torch and cudaMemcpy, rewrites the table")
    print("   compiled here, run on a GPU machine without TVM: benchmarks/README.md (scripts/gpu/boot.py)")

if __name__ == "__main__":
    main()
