"""Demo: compile upstream TVM's pipelined tensor-core GEMM schedule with ``tir_pipeline="tma"``.

    python -m tvm_tma.demo            # the copy report and the TMA part of the CUDA kernel
    python -m tvm_tma.demo --full     # the whole generated CUDA

The schedule is TVM's own (``tvm.testing.tir.mma_schedule`` with ``software_pipeline_async_stages``);
nothing in it mentions TMA. Stock TVM lowers its operand copies to per-thread ``cp.async`` with
commit/wait groups; the "tma" pipeline turns them into ``cp.async.bulk`` on a ring of mbarriers.
"""

from __future__ import annotations

import argparse
import re

import tvm_tma
from tvm_tma.codegen import cuda_source
from tvm_tma.kernels.gemm import gemm_mma

INTERESTING = re.compile(r"mbarrier_(init|arrive|wait|inval)\w*\(|cp_async\w*\(|__syncthreads|for \(int k_0_0")


def main(argv: list[str] | None = None) -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--full", action="store_true", help="print the whole generated CUDA")
    opts = args.parse_args(argv)
    print("scheduling the 4096^3 fp16 GEMM (tensorize takes about half a minute)...", flush=True)
    mod = gemm_mma()
    stock = cuda_source(mod, "default", {"tirx.use_async_copy": 1})
    with tvm_tma.copy_report() as report:
        src = cuda_source(mod, tvm_tma.pipeline.PIPELINE_NAME)
    print("== copy report (tir_pipeline='tma')")
    for entry in report:
        print("  ", entry)
    kernel = src[src.index('extern "C" __global__'):]
    stock = stock[stock.index('extern "C" __global__'):]
    print("\n== in the kernel's text: stock TVM has %d cp.async and %d commit/wait-group calls; "
          "tma has %d cp.async.bulk and %d mbarrier waits, no cp.async"
          % (stock.count("ptx_cp_async_legacy_cg"), stock.count("_group_async_"),
             kernel.count("cp_async_bulk_g2s"), kernel.count("mbarrier_wait(")))
    if opts.full:
        print(src)
        return
    print("\n== the TMA part of the kernel (ldmatrix/mma lines left out; --full for all)")
    body = kernel.splitlines()
    for line in body[:1] + [ln for ln in body[1:] if INTERESTING.search(ln)]:
        print(re.sub(r"tvm_builtin_(ptx_|cuda_)?", "", line)[:200])


if __name__ == "__main__":
    main()
