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
import time
import warnings

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # tvm_tma (runtime side)
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import torch
import tvm

from run_gpu import graph_time_ms, queued_time_ms, time_ms  # same CUDA-event timing as the other cases
from tvm_tma import memcpy

MiB = 1 << 20


def check(copy: memcpy.TMACopy, nbytes: int, gen: torch.Generator, offset: int = 0) -> dict:
    """Copy ``nbytes`` random bytes into a poisoned buffer, both ``offset`` bytes past an
    aligned allocation (misaligned: the byte kernel, with a warning); compare byte for byte."""
    src = torch.randint(0, 256, (nbytes + offset,), dtype=torch.uint8, device="cuda", generator=gen)[offset:]
    dst = torch.full((nbytes + 64 + offset,), 0x5A, dtype=torch.uint8, device="cuda")[offset:]  # 64 guard bytes
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        copy(dst[:nbytes], src)
    torch.cuda.synchronize()
    wrong = int((dst[:nbytes] != src).sum())
    guard = int((dst[nbytes:] != 0x5A).sum())
    del src, dst
    torch.cuda.empty_cache()
    return {"bytes": nbytes, "offset": offset, "wrong": wrong, "guard_overwritten": guard,
            "correct": wrong == 0 and guard == 0}


def wrong_grid_refused(copy: memcpy.TMACopy) -> bool:
    """Whether each persistent tile kernel refuses a ``walk`` that does not cover the tiles
    (its host check), instead of copying part of them."""
    refused = []
    for variant, kernel in (t for t in copy._tiles if t[0].ctas is not None):
        src = tvm.runtime.from_dlpack(torch.zeros((3, variant.tile_bytes), dtype=torch.uint8, device="cuda"))
        dst = tvm.runtime.from_dlpack(torch.zeros((3, variant.tile_bytes), dtype=torch.uint8, device="cuda"))
        try:
            kernel(src, dst, 1, 2)
            refused.append(False)
        except Exception as err:  # noqa: BLE001 (TVM raises its own error types)
            refused.append("walk == ceil(tiles / ctas)" in str(err))
    return all(refused)


def bandwidth(copies: dict[str, memcpy.TMACopy], nbytes: int, call_timing: bool, rounds: int = 1) -> dict:
    """GB/s (read + written) of each TMA copy variant and of cudaMemcpy D2D (torch ``copy_``)
    on the same buffers, from the median of: ``stream``: launches queued behind a spinning
    GPU (:func:`run_gpu.queued_time_ms`, GPU time in stream order); ``graph``: CUDA-graph replays
    (:func:`run_gpu.graph_time_ms`; cudaMemcpy becomes a graph memcpy node); ``call`` (with
    ``call_timing``): event-timed Python calls, host overhead included. With ``rounds`` > 1
    all are timed that many times in turn, and each figure is the median of the rounds (each
    round's figure in ``"rounds"``)."""
    src = torch.randint(0, 256, (nbytes,), dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    tvm_src, tvm_dst = tvm.runtime.from_dlpack(src), tvm.runtime.from_dlpack(dst)
    rate = lambda ms: 2 * nbytes / ms / 1e6  # noqa: E731
    timers = {"stream": queued_time_ms, "graph": graph_time_ms}
    if call_timing:
        timers["call"] = lambda launch: time_ms(launch, 20, 200.0)
    launches = {"memcpy": lambda: dst.copy_(src)}
    launches.update({name: (lambda copy=copy: copy(tvm_dst, tvm_src)) for name, copy in copies.items()})
    rates = {name: {how: [] for how in timers} for name in launches}
    correct = dict.fromkeys(copies, True)
    for _ in range(rounds):
        for name, launch in launches.items():
            dst.fill_(0x5A)
            for how, timer in timers.items():
                rates[name][how].append(rate(statistics.median(timer(launch))))
            if name in copies:
                correct[name] &= bool(torch.equal(dst, src))
    median = {name: {how: statistics.median(r) for how, r in per.items()} for name, per in rates.items()}
    row = {"bytes": nbytes, "memcpy": {**median["memcpy"], "rounds": rates["memcpy"]}, "tma": {}}
    for name in copies:
        row["tma"][name] = {**median[name], "rounds": rates[name], "correct": correct[name],
                            "ratio": {how: median[name][how] / median["memcpy"][how] for how in timers}}
    # Drop the buffers before emptying the cache (rebound, not deleted: the launches' closures use them).
    src = dst = tvm_src = tvm_dst = launches = None
    torch.cuda.empty_cache()
    return row


def host_us(copy: memcpy.TMACopy, nbytes: int = 1 << 20, calls: int = 2000) -> dict:
    """Host time per call (us) of the TMA copy API and of torch ``copy_``, on 1 MiB buffers:
    ``calls`` calls back to back, one synchronize at the end (the GPU keeps up)."""
    src = torch.randint(0, 256, (nbytes,), dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    tvm_src, tvm_dst = tvm.runtime.from_dlpack(src), tvm.runtime.from_dlpack(dst)
    out = {}
    for name, launch in (("tma", lambda: copy(tvm_dst, tvm_src)), ("tma_torch_args", lambda: copy(dst, src)),
                         ("memcpy", lambda: dst.copy_(src))):
        launch()
        torch.cuda.synchronize()
        begin = time.perf_counter()
        for _ in range(calls):
            launch()
        out[name] = (time.perf_counter() - begin) / calls * 1e6
        torch.cuda.synchronize()
    return out


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
    parser.add_argument("--only", help="comma-separated library names to run (default: all)")
    parser.add_argument("--call-timing", action="store_true", help="also time whole Python calls (host overhead)")
    parser.add_argument("--rounds", type=int, default=1, help="time everything this many times in turn (medians)")
    opts = parser.parse_args(argv)
    manifest = json.loads((opts.build_dir / "manifest.json").read_text())
    gen = torch.Generator(device="cuda").manual_seed(2026)
    report = {"device": torch.cuda.get_device_name(), "torch": torch.__version__, "libraries": []}
    copies = {}
    for lib in manifest["libraries"]:
        if opts.only and lib["name"] not in opts.only.split(","):
            continue
        path = str(opts.build_dir / lib["file"])
        entry = {**lib, "init": init_once(path)}
        copy = copies[lib["name"]] = memcpy.TMACopy(path)
        entry["wrong_grid_refused"] = wrong_grid_refused(copy)
        entry["variants"] = [vars(v) for v in copy.variants]
        sizes = [1, 15, 16, 17] + [n for t in copy.tile_sizes for n in (t - 1, t, t + 1, 3 * t + 17)]
        for v in copy.variants:
            sizes += [trips * (v.ctas or 1) * v.tile_bytes + extra for trips, extra in
                      ((1, 0), (v.stages - 1, 16), (v.stages, 48), (v.stages + 1, 5), (13, v.tile_bytes // 2 + 3))]
        if opts.big:
            sizes += [(1 << 31) + 16, (1 << 32) + 48]
        entry["checks"] = [check(copy, n, gen) for n in sorted(set(sizes))]
        entry["checks"] += [check(copy, 100003, gen, offset) for offset in (1, 4, 16)]
        print(lib["name"], json.dumps(entry), flush=True)
        report["libraries"].append(entry)
    report["host_us"] = host_us(next(iter(copies.values())))
    print("host us per call:", report["host_us"], flush=True)
    sizes = [MiB << k for k in range(7)] + [MiB << 2 * k for k in range(4, 20) if MiB << 2 * k <= opts.max_gib << 30]
    if opts.max_gib and opts.max_gib << 30 not in sizes:
        sizes.append(opts.max_gib << 30)
    report["bandwidth"] = []
    for size in sizes:
        report["bandwidth"].append(bandwidth(copies, size, opts.call_timing, opts.rounds))
        print(json.dumps(report["bandwidth"][-1]), flush=True)
    opts.out.mkdir(parents=True, exist_ok=True)
    (opts.out / "results.json").write_text(json.dumps(report, indent=1))
    print(f"\nDevice: {report['device']}; torch {report['torch']}")
    ok = True
    for entry in report["libraries"]:
        checks = entry["checks"]
        ok &= entry["init"]["correct"] and entry["wrong_grid_refused"] and all(c["correct"] for c in checks)
        print(f"{entry['name']}: init {entry['init']['correct']}; wrong grid refused {entry['wrong_grid_refused']}; "
              f"byte-exact {sum(c['correct'] for c in checks)}/{len(checks)} (sizes {[c['bytes'] for c in checks]})")
    timings = ["stream", "graph"] + (["call"] if opts.call_timing else [])
    for how in timings:
        print(f"\nBandwidth ({how}): GB/s read + written, and tma / cudaMemcpy")
        print("| bytes | cudaMemcpy GB/s | " + " | ".join(copies) + " |\n|---|---|" + "---|" * len(copies))
        for row in report["bandwidth"]:
            cells = [f"{row['tma'][n][how]:.0f} ({row['tma'][n]['ratio'][how]:.3f})" for n in copies]
            print(f"| {row['bytes']} | {row['memcpy'][how]:.0f} | " + " | ".join(cells) + " |")
        ok &= all(t["correct"] for row in report["bandwidth"] for t in row["tma"].values())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
