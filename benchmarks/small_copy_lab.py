"""Where the time of a small device copy goes: cudaMemcpy D2D against the
library's copy kernel, the same kernel with edits to its generated CUDA, and hand-written
reference kernels (``lab/small_copy.cu``: an empty kernel, a 16-byte register copy, one
bulk-copied tile per CTA), all timed in one process like ``run_memcpy.py``.

    nvcc -cubin -arch=sm_90a -O3 -o build/gpu/lab/small_copy.cubin benchmarks/lab/small_copy.cu
    python -c "from tvm_tma import memcpy; memcpy.build('build/gpu/lab/default.so')"
    python3 .gpu/boot.py benchmarks/small_copy_lab.py build/gpu/lab --out $OUT/lab     # GPU side

An edit is a regular-expression substitution applied to the library's CUDA source before the
GPU machine compiles it (``boot.py``'s nvcc callback), so the edited kernel is launched by TVM
exactly as the library's own. Needs CuPy for the hand-written kernels.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import shutil
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import cupy
import numpy as np
import torch
import tvm
import tvm_ffi

from run_gpu import graph_time_ms
from run_memcpy import queued_time_ms
from tvm_tma import memcpy

MiB = 1 << 20
EDITS = {
    "tvm": [],
    "tvm_read_exit": [(r"cp\.async\.bulk\.wait_group 0;", "cp.async.bulk.wait_group.read 0;")],
    "tvm_no_syncs": [(r"__syncthreads\(\);", "")],  # only right for one-thread CTAs (sizes <= 16 MiB)
    "tvm_no_inval": [(r"\n\s*tvm_builtin_ptx_mbarrier_inval_inval_shared_b64\([^;]*;", "")],
    "tvm_plain_wait": [(r'"mbarrier\.try_wait\.parity\.acquire\.cta\.shared::cta\.b64 P1, \[%0\], %1, %2;\\n"\s*'
                        r'"@P1\s+bra\.uni DONE;\\n"\s*"bra\.uni\s+LAB_WAIT;\\n"',
                        r'"mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\\n" "@!P1 bra LAB_WAIT;\\n"')],
    "tvm_no_hint": [(r"(mbarrier\.try_wait\.parity[^;]*b64 P1, \[%0\], %1), %2;", r"\1;")],
    "tvm_no_wait_fence": [(r"(tvm_builtin_cuda_mbarrier_wait\([^;]*;\n)\s*"
                           r"tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta\(\);\n", r"\1")],
}
"""Edits of the default library as it is built now (the tile-alignment edits of
benchmarks/results/small_copy_lab_align_h100.json applied to a library built differently)."""
EDITS["tvm_no_syncs_no_inval"] = EDITS["tvm_no_syncs"] + EDITS["tvm_no_inval"]
EDITS["tvm_stripped"] = EDITS["tvm_plain_wait"] + EDITS["tvm_no_syncs_no_inval"]
EDITS["tvm_no_hint_no_wait_fence"] = EDITS["tvm_no_hint"] + EDITS["tvm_no_wait_fence"]
_edit: list = []


def install_edit_hook() -> None:
    """Wrap boot.py's nvcc callback so that it applies ``_edit`` to the source first."""
    compile_cuda = tvm_ffi.get_global_func("tvm_callback_cuda_compile")

    @tvm_ffi.register_global_func("tvm_callback_cuda_compile", override=True)
    def _edited(code):
        for pattern, repl in _edit:
            code, count = re.subn(pattern, repl, code)
            if not count:
                raise RuntimeError(f"edit {pattern!r} matched nothing")
        return compile_cuda(code)


def tvm_copies(build_dir: pathlib.Path, library: str, only: str) -> dict:
    copies = {}
    for name, edits in EDITS.items():
        if not re.search(only, name):
            continue
        path = build_dir / f"{name}.so"
        shutil.copy(build_dir / library, path)
        shutil.copy(build_dir / f"{library}.json", str(path) + ".json")
        _edit[:] = edits
        copy = memcpy.TMACopy(path)
        copies[name] = lambda d, s, copy=copy: copy(d, s)
        probe_s = torch.randint(0, 256, (4 * MiB,), dtype=torch.uint8, device="cuda")
        probe_d = torch.empty_like(probe_s)
        copy(tvm.runtime.from_dlpack(probe_d), tvm.runtime.from_dlpack(probe_s))
        torch.cuda.synchronize()
        assert torch.equal(probe_d, probe_s), name
    _edit[:] = []
    return copies


def hand_copies(cubin: pathlib.Path) -> dict:
    module = cupy.RawModule(path=str(cubin))
    get = module.get_function

    def launch(kernel, grid, block, d, s, arg, smem=0):
        stream = cupy.cuda.ExternalStream(torch.cuda.current_stream().cuda_stream)
        kernel((grid,), (block,), (np.uint64(s.data_ptr()), np.uint64(d.data_ptr()), arg), shared_mem=smem,
               stream=stream)

    out = {}
    for grid, block in ((528, 128), (256, 32), (2048, 32)):
        out[f"empty_{grid}x{block}"] = (
            lambda d, s, g=grid, b=block: launch(get("empty_kernel"), g, b, d, s, np.int64(0)))
    out["ldst_528x256"] = (
        lambda d, s: launch(get("ldst_kernel"), min(528, s.numel() // 4096), 256, d, s, np.int64(s.numel() // 16)))
    for tile, block, wait in ((1024, 32, "read"), (2048, 32, "read"), (4096, 32, "read"), (8192, 32, "read"),
                              (16384, 32, "read"), (4096, 128, "read"), (4096, 32, "full"), (4096, 128, "full"),
                              (4096, 1, "read"), (4096, 256, "read")):
        out[f"tma1_{tile // 1024}k_{wait}_b{block}"] = (
            lambda d, s, t=tile, b=block, w=wait:
                launch(get(f"tma_tile_{w}"), s.numel() // t, b, d, s, np.uint32(t), smem=t))
    for smem in (8192, 16384, 32768):  # one thread per CTA, fewer CTAs per SM (shared memory bound)
        out[f"tma1_4k_read_b1_smem{smem // 1024}k"] = (
            lambda d, s, m=smem: launch(get("tma_tile_read"), s.numel() // 4096, 1, d, s, np.uint32(4096), smem=m))
    for k, chunk in ((2, 4096), (4, 2048), (4, 4096), (2, 8192), (8, 1024), (8, 2048)):
        out[f"tma{k}x{chunk // 1024}k"] = (
            lambda d, s, k=k, c=chunk:
                launch(get(f"tma_chunks{k}"), s.numel() // (k * c), 32, d, s, np.uint32(c), smem=k * c))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir", type=pathlib.Path)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("."))
    parser.add_argument("--sizes-mib", default="1,2,4,8,16")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--library", default="default.so", help="the library (in build_dir) that the edits apply to")
    parser.add_argument("--only", default="", help="regular expression: the kernels to time (default: all)")
    opts = parser.parse_args(argv)
    install_edit_hook()
    kernels = {**tvm_copies(opts.build_dir, opts.library, opts.only),
               **hand_copies(opts.build_dir / "small_copy.cubin")}
    kernels = {name: k for name, k in kernels.items() if re.search(opts.only, name)}
    timers = {"stream": queued_time_ms, "graph": graph_time_ms}
    rows = []
    for mib in map(int, opts.sizes_mib.split(",")):
        n = mib * MiB
        src = torch.randint(0, 256, (n,), dtype=torch.uint8, device="cuda")
        dst = torch.empty_like(src)
        tsrc, tdst = tvm.runtime.from_dlpack(src), tvm.runtime.from_dlpack(dst)
        us = {how: {} for how in timers}
        correct = {}
        for _ in range(opts.rounds):  # interleaved rounds: the spread between them is the noise
            for how, timer in timers.items():
                us[how].setdefault("memcpy", []).append(1e3 * statistics.median(timer(lambda: dst.copy_(src))))
            for name, kernel in kernels.items():
                tvm_args = name.startswith("tvm")
                d, s = (tdst, tsrc) if tvm_args else (dst, src)
                dst.fill_(0x5A)
                for how, timer in timers.items():
                    us[how].setdefault(name, []).append(1e3 * statistics.median(timer(lambda: kernel(d, s))))
                correct[name] = bool(torch.equal(dst, src))
        rows.append({"bytes": n, "us": us, "correct": correct})
        print(json.dumps(rows[-1]), flush=True)
        # Drop the buffers before emptying the cache (rebound, not deleted: the timed closures use them).
        src = dst = tsrc = tdst = None
        torch.cuda.empty_cache()
    opts.out.mkdir(parents=True, exist_ok=True)
    (opts.out / "small_copy_lab.json").write_text(
        json.dumps({"device": torch.cuda.get_device_name(), "rows": rows}, indent=1))
    for how in timers:
        print(f"\n{how}: us per copy (rounds), and memcpy / it (median of rounds)")
        names = ["memcpy", *kernels]
        print("| kernel | " + " | ".join(f"{r['bytes'] >> 20} MiB" for r in rows) + " |")
        for name in names:
            cells = []
            for r in rows:
                t = r["us"][how][name]
                ratio = statistics.median(r["us"][how]["memcpy"]) / statistics.median(t)
                wrong = not (r["correct"].get(name, True) or name.startswith("empty"))
                cells.append("/".join(f"{x:.2f}" for x in t) + f" ({ratio:.3f})" + (" WRONG" if wrong else ""))
            print(f"| {name} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
