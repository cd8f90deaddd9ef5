"""Check and time tvm_tma.memcpy (the persistent TMA copy kernel) on the GPU.

    python benchmarks/build_memcpy.py --out build/gpu/memcpy            # compiler side
    python3 .gpu/boot.py benchmarks/run_memcpy.py build/gpu/memcpy --out $OUT/memcpy

Needs only TVM's runtime, torch and a CUDA GPU. For each library in the build directory
(``manifest.json``: tile bytes, stages, CTAs):

- byte-exact copies of random bytes into poisoned buffers, at odd sizes (1, 15, 16, 17
  bytes, tile +- 1) and at sizes that make each CTA walk 1, stages - 1, stages, stages + 1
  and a prime number of tiles; with ``--big``, 2^31 + 16 and 2^32 + 48 bytes;
- the multi-thread initialization test: 16 threads construct ``TMACopy`` at once; the
  library must be loaded exactly once;
- bandwidth from 1 MiB to ``--max-gib`` GiB against ``cudaMemcpy`` D2D (torch ``copy_``),
  both timed in this run with CUDA events: median of many launches after warm-up, counting
  bytes read + written.
Writes ``results.json`` and prints a table.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import threading

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # tvm_tma (runtime side)
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import torch  # noqa: E402
import tvm  # noqa: E402

from run_gpu import time_ms  # noqa: E402  (same CUDA-event timing as the other cases)
from tvm_tma import memcpy  # noqa: E402

MiB = 1 << 20


def check(copy: memcpy.TMACopy, nbytes: int, gen: torch.Generator) -> dict:
    """Copy ``nbytes`` random bytes into a poisoned buffer; compare byte for byte."""
    src = torch.randint(0, 256, (nbytes,), dtype=torch.uint8, device="cuda", generator=gen)
    dst = torch.full((nbytes + 64,), 0x5A, dtype=torch.uint8, device="cuda")  # 64 guard bytes
    copy(dst[:nbytes], src)
    torch.cuda.synchronize()
    wrong = int((dst[:nbytes] != src).sum())
    guard = int((dst[nbytes:] != 0x5A).sum())
    del src, dst
    torch.cuda.empty_cache()
    return {"bytes": nbytes, "wrong": wrong, "guard_overwritten": guard, "correct": wrong == 0 and guard == 0}


def bandwidth(copy: memcpy.TMACopy, nbytes: int) -> dict:
    """Median GB/s (read + written) of the TMA copy and of cudaMemcpy D2D on the same buffers."""
    src = torch.randint(0, 256, (nbytes,), dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    tvm_src, tvm_dst = tvm.runtime.from_dlpack(src), tvm.runtime.from_dlpack(dst)
    tma = statistics.median(time_ms(lambda: copy(tvm_dst, tvm_src), 20, 200.0))
    ok = bool(torch.equal(dst, src))
    ref = statistics.median(time_ms(lambda: dst.copy_(src), 20, 200.0))
    rate = lambda ms: 2 * nbytes / ms / 1e6  # noqa: E731
    return {"bytes": nbytes, "tma_ms": tma, "memcpy_ms": ref, "tma_GBps": rate(tma), "memcpy_GBps": rate(ref),
            "ratio": ref / tma, "correct": ok}


def init_once(path: str, threads: int = 16) -> dict:
    """Construct ``TMACopy(path)`` from ``threads`` threads at once; count library loads."""
    memcpy._modules.pop(path, None)
    loads, real = [], tvm.runtime.load_module
    barrier = threading.Barrier(threads)

    def counted(p):
        loads.append(p)
        return real(p)

    memcpy.tvm.runtime.load_module = counted
    copies = []
    try:
        def worker():
            barrier.wait()
            copies.append(memcpy.TMACopy(path))

        pool = [threading.Thread(target=worker) for _ in range(threads)]
        for t in pool:
            t.start()
        for t in pool:
            t.join()
    finally:
        memcpy.tvm.runtime.load_module = real
    same = len({id(c.module) for c in copies}) == 1
    return {"threads": threads, "constructed": len(copies), "loads": len(loads), "one_module": same,
            "correct": len(copies) == threads and len(loads) == 1 and same}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir", type=pathlib.Path)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("."))
    parser.add_argument("--big", action="store_true", help="also copy 2^31 + 16 and 2^32 + 48 bytes")
    parser.add_argument("--max-gib", type=int, default=8)
    parser.add_argument("--only", help="library name to run (default: all)")
    opts = parser.parse_args(argv)
    manifest = json.loads((opts.build_dir / "manifest.json").read_text())
    gen = torch.Generator(device="cuda").manual_seed(2026)
    report = {"device": torch.cuda.get_device_name(), "torch": torch.__version__, "libraries": []}
    ok = True
    for lib in manifest["libraries"]:
        if opts.only and lib["name"] != opts.only:
            continue
        path = str(opts.build_dir / lib["file"])
        entry = {**lib, "init": init_once(path)}
        copy = memcpy.TMACopy(path, tile_bytes=lib["tile_bytes"])
        tile, ctas, stages = lib["tile_bytes"], lib["ctas"], lib["stages"]
        sizes = [1, 15, 16, 17, tile - 1, tile, tile + 1, 3 * tile + 17]
        sizes += [trips * ctas * tile + extra for trips, extra in
                  ((1, 0), (stages - 1, 16), (stages, 48), (stages + 1, 5), (13, tile // 2 + 3))]
        if opts.big:
            sizes += [(1 << 31) + 16, (1 << 32) + 48]
        entry["checks"] = []
        for n in sizes:
            entry["checks"].append(check(copy, n, gen))
            print(lib["name"], json.dumps(entry["checks"][-1]), flush=True)
        entry["bandwidth"] = []
        sizes = [MiB << 2 * k for k in range(20) if MiB << 2 * k <= opts.max_gib << 30]
        if opts.max_gib << 30 not in sizes and opts.max_gib:
            sizes.append(opts.max_gib << 30)
        for size in sizes:
            entry["bandwidth"].append(bandwidth(copy, size))
            print(lib["name"], json.dumps(entry["bandwidth"][-1]), flush=True)
        ok &= entry["init"]["correct"] and all(c["correct"] for c in entry["checks"] + entry["bandwidth"])
        report["libraries"].append(entry)
    opts.out.mkdir(parents=True, exist_ok=True)
    (opts.out / "results.json").write_text(json.dumps(report, indent=1))
    print(f"\nDevice: {report['device']}; torch {report['torch']}")
    for entry in report["libraries"]:
        checks = entry["checks"]
        print(f"\n{entry['name']} (tile {entry['tile_bytes']} B, {entry['stages']} stages, {entry['ctas']} CTAs): "
              f"init {entry['init']}; byte-exact {sum(c['correct'] for c in checks)}/{len(checks)} "
              f"(sizes {[c['bytes'] for c in checks]})")
        print("| bytes | tma GB/s | cudaMemcpy GB/s | tma / cudaMemcpy | correct |\n|---|---|---|---|---|")
        for b in entry["bandwidth"]:
            print(f"| {b['bytes']} | {b['tma_GBps']:.1f} | {b['memcpy_GBps']:.1f} | {b['ratio']:.3f} | {b['correct']} |")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
