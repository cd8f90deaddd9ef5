"""Launch overhead of a small kernel with tensor maps (with and without the descriptor cache)
and without tensor maps, on the GPU.

    python benchmarks/build.py --pipeline PIPELINE --out build/gpu/launch/PIPELINE --only '^launch_'
        # for PIPELINE in tma, tma_no_tensor_map_cache, tma_no_tensor_maps (compiler side)
    python3 .gpu/boot.py benchmarks/run_launch.py build/gpu/launch/tma build/gpu/launch/tma_no_tensor_map_cache \
        build/gpu/launch/tma_no_tensor_maps --out $OUT/launch

Needs only TVM's runtime, torch and a CUDA GPU. For each build directory (one pipeline) and
each case in it (``launch_*``: ``B = A * 2`` or ``A + C`` on 256 x 256 fp32, 4 CTAs):

- ``cache`` (builds with the descriptor cache, ``tvm_tma_tensor_map_cache_encodes``): the
  descriptors encoded by the library's first call, by a second call with the same buffers
  (0 expected: hits) and by a call with new buffers (one per map expected); ``cache_ok``;
- ``correct``: the output against the float64 reference (the output poisoned first);
- ``host``: ``time.perf_counter_ns`` around each of ``--calls`` calls after warm-up, in bursts
  of ``--burst`` with a synchronize between bursts (not timed) so that the launch queue never
  fills: median, 10th and 90th percentile (us), and with the cache the encodes per call
  (0 expected); ``host_alternating``: the same with two sets of buffers in turn (with the
  cache: every call misses, one encode per map);
- ``wall``: ``--calls`` calls back to back, one synchronize at the end, per call (us);
- ``gpu``: GPU time per launch in stream order (us): ``--queued`` launches queued behind a
  spinning GPU (``torch.cuda._sleep``) between two events, divided by their number; median of
  5 (``fully_queued``: the host queued them all before the spin ended);
- ``activity``: what CUPTI (``torch.profiler``) records for ``--profiled`` calls: kernels,
  memcpy and memset operations and API calls by name. A tensor map is a kernel parameter
  (``__grid_constant__``), copied with the launch: no memcpy per launch is expected;
- ``threads``: ``--threads`` threads call the function at once, each on its own ``--pairs``
  input/output pairs: every pair once, then, outputs poisoned, every pair once more; every
  output is checked (with the cache the threads race on each map's entry: mostly misses).

Writes ``results.json`` and ``RESULTS.md`` under ``--out`` and prints the table last.
"""

from __future__ import annotations

import argparse
import itertools
import json
import pathlib
import statistics
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import torch
import tvm
import tvm_ffi

from run_gpu import SPIN_CYCLES, TOLERANCE, expected, poisoned, random_input, unwritten

ENCODES = "tvm_tma_tensor_map_cache_encodes"  # tvm_tma.transforms.copies.tensor_map_cache.ENCODES (compiler side)
WARM_UP = 100  # untimed calls before each host timing


class Case:
    """One built case: its function, inputs and output on the GPU, and the correctness check."""

    def __init__(self, build_dir: pathlib.Path, entry: dict[str, Any], gen: torch.Generator):
        self.entry = entry
        self.module = tvm.runtime.load_module(str(build_dir / entry["library"]))
        self.func = self.module["main"]
        self.tensors = self.make_tensors(gen)
        self.args = [tvm.runtime.from_dlpack(t) for t in self.tensors]

    def make_tensors(self, gen: torch.Generator) -> list[torch.Tensor]:
        """Random inputs and a poisoned output, in the PrimFunc's parameter order."""
        return [poisoned(a["shape"], getattr(torch, a["dtype"])) if i in self.entry["outputs"]
                else random_input(a["shape"], getattr(torch, a["dtype"]), gen)
                for i, a in enumerate(self.entry["args"])]

    def check(self, tensors: list[torch.Tensor]) -> bool:
        """Whether the output in ``tensors`` matches the reference (call synchronized first)."""
        (out_index,) = self.entry["outputs"]
        inputs = [t for i, t in enumerate(tensors) if i != out_index]
        ref = expected(self.entry["reference"], inputs, self.entry["ref_params"])
        error = float((tensors[out_index].double() - ref).norm() / ref.norm().clamp_min(1e-300))
        return unwritten(tensors[out_index], ref) == 0 and error <= TOLERANCE[self.entry["reference"]]

    def poison_output(self, tensors: list[torch.Tensor]) -> None:
        (out_index,) = self.entry["outputs"]
        out = tensors[out_index]
        out.copy_(poisoned(list(out.shape), out.dtype))

    def launch(self) -> None:
        self.func(*self.args)

    def encodes(self) -> int | None:
        """Descriptors the library's cache has encoded (None: built without the cache)."""
        return int(self.module[ENCODES]()) if self.module.implements_function(ENCODES) else None


def cache_check(case: Case, gen: torch.Generator) -> dict[str, Any] | None:
    """Encodes by the library's first call, a second call with the same buffers and a call with
    new buffers (None: built without the cache); ``ok`` when the second call hit and the third
    encoded as many maps as the first."""
    counts = [case.encodes()]
    if counts[0] is None:
        return None
    new_args = [tvm.runtime.from_dlpack(t) for t in case.make_tensors(gen)]
    for args in (case.args, case.args, new_args):
        case.func(*args)
        counts.append(case.encodes())
    torch.cuda.synchronize()
    first, same, new = (b - a for a, b in itertools.pairwise(counts))
    return {"first": first, "same_buffers": same, "new_buffers": new, "ok": first > 0 and same == 0 and new == first}


def percentile(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


def host_us(launch: Callable[[], None], calls: int, burst: int) -> dict[str, float]:
    """Host time per call (us): each call timed alone (after ``WARM_UP`` calls), in bursts with a
    synchronize between."""
    for _ in range(WARM_UP):
        launch()
    torch.cuda.synchronize()
    times = []
    clock = time.perf_counter_ns
    for _ in range(calls // burst):
        for _ in range(burst):
            start = clock()
            launch()
            times.append(clock() - start)
        torch.cuda.synchronize()
    us = [t / 1e3 for t in times]
    return {"median": statistics.median(us), "p10": percentile(us, 0.1), "p90": percentile(us, 0.9), "calls": len(us)}


def wall_us(launch: Callable[[], None], calls: int) -> float:
    """Per call (us) of ``calls`` calls back to back and one synchronize."""
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(calls):
        launch()
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / calls * 1e6


def gpu_us(launch: Callable[[], None], launches: int, repeats: int = 5) -> dict[str, Any]:
    """GPU time per launch (us) in stream order, launches queued behind a spinning GPU."""
    per_launch, fully_queued = [], True
    for _ in range(repeats):
        spin_start, start, end = (torch.cuda.Event(enable_timing=True) for _ in range(3))
        torch.cuda.synchronize()
        spin_start.record()
        torch.cuda._sleep(SPIN_CYCLES)
        start.record()
        host_start = time.perf_counter()
        for _ in range(launches):
            launch()
        host_ms = (time.perf_counter() - host_start) * 1e3
        end.record()
        end.synchronize()
        fully_queued &= host_ms < spin_start.elapsed_time(start)
        per_launch.append(start.elapsed_time(end) * 1e3 / launches)
    return {"median": statistics.median(per_launch), "launches": launches, "fully_queued": fully_queued}


def activity(launch: Callable[[], None], calls: int) -> dict[str, Any]:
    """CUDA activity (CUPTI, through torch.profiler) of ``calls`` calls: counts by name, and
    the kernel, memcpy and memset totals; ``error`` where the profiler is not usable."""
    try:
        from torch.profiler import ProfilerActivity, profile

        torch.cuda.synchronize()
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            for _ in range(calls):
                launch()
            torch.cuda.synchronize()
        counts: dict[str, int] = {}
        for event in prof.events():
            counts[event.name] = counts.get(event.name, 0) + 1
        kernels = sum(n for name, n in counts.items() if "main_kernel" in name and not name.startswith("cu"))
        return {"calls": calls, "kernels": kernels,
                "memcpy": sum(n for name, n in counts.items() if "memcpy" in name.lower()),
                "memset": sum(n for name, n in counts.items() if "memset" in name.lower()), "by_name": counts}
    except Exception as err:  # the profiler may be unavailable (no CUPTI, sandboxed driver)
        return {"calls": calls, "error": f"{type(err).__name__}: {err}"}


def threads_check(case: Case, threads: int, pairs: int, gen: torch.Generator) -> dict[str, Any]:
    """``threads`` threads call ``case`` at once on their own ``pairs`` input/output pairs:
    once each, then (outputs poisoned) once more; returns whether every output was right."""
    sets = [[case.make_tensors(gen) for _ in range(pairs)] for _ in range(threads)]
    args = [[[tvm.runtime.from_dlpack(t) for t in tensors] for tensors in own] for own in sets]
    barrier = threading.Barrier(threads)
    errors: list[str] = []

    def worker(own: list[list[Any]]) -> None:
        try:
            barrier.wait()
            for a in own:
                case.func(*a)
        except Exception as err:  # reported, and the check fails
            errors.append(f"{type(err).__name__}: {err}")

    results = {}
    for phase in ("first", "again"):
        workers = [threading.Thread(target=worker, args=(own,)) for own in args]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        torch.cuda.synchronize()
        results[phase] = sum(case.check(tensors) for own in sets for tensors in own)
        for own in sets:
            for tensors in own:
                case.poison_output(tensors)
    total = threads * pairs
    return {"threads": threads, "pairs": pairs, "correct_first": results["first"], "correct_again": results["again"],
            "outputs": total, "errors": errors, "correct": not errors and results["first"] == results["again"] == total}


def encodes_per_call(case: Case, measure: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``measure()`` (a :func:`host_us` of ``case``) with the encodes per call it caused added
    (None without the cache)."""
    before = case.encodes()
    result = measure()
    after = case.encodes()
    result["encodes_per_call"] = None if before is None else (after - before) / (result["calls"] + WARM_UP)
    return result


def run_case(build_dir: pathlib.Path, entry: dict[str, Any], opts: argparse.Namespace) -> dict[str, Any]:
    gen = torch.Generator(device="cuda").manual_seed(opts.seed)
    case = Case(build_dir, entry, gen)
    result: dict[str, Any] = {"name": entry["name"], "size": entry["size"], "cache": cache_check(case, gen)}
    case.poison_output(case.tensors)  # written by cache_check's calls
    case.launch()
    torch.cuda.synchronize()
    result["correct"] = case.check(case.tensors)
    result["cache_ok"] = result["cache"] is None or result["cache"]["ok"]
    result["host_us"] = encodes_per_call(case, lambda: host_us(case.launch, opts.calls, opts.burst))
    other = [tvm.runtime.from_dlpack(t) for t in case.make_tensors(gen)]
    turns = itertools.cycle([case.args, other])
    result["host_alternating_us"] = encodes_per_call(
        case, lambda: host_us(lambda: case.func(*next(turns)), opts.calls, opts.burst))
    result["wall_us"] = wall_us(case.launch, opts.calls)
    result["gpu_us"] = gpu_us(case.launch, opts.queued)
    result["activity"] = activity(case.launch, opts.profiled)
    result["threads"] = threads_check(case, opts.threads, opts.pairs, gen)
    result["correct"] = result["correct"] and result["threads"]["correct"]
    return result


def _encodes(measured: dict[str, Any]) -> str:
    return "-" if measured["encodes_per_call"] is None else f"{measured['encodes_per_call']:.3g}"


def table(runs: list[dict[str, Any]]) -> str:
    header = ("| pipeline | case | correct (threads) | host us median (p10-p90) | host us, 2 buffer sets in turn | "
              "encodes per call (same / in turn) | cache: encodes first / same / new buffers | wall us | "
              "GPU us (queued) | kernels / memcpy / memset per profiled calls |")
    lines = [header, "|" + "---|" * 10]
    for run in runs:
        for r in run["results"]:
            if "failure" in r:
                lines.append(f"| {run['pipeline']} | {r['name']} | FAILED: {r['failure']} |" + " |" * 7)
                continue
            h, alt, g, a, c = r["host_us"], r["host_alternating_us"], r["gpu_us"], r["activity"], r["cache"]
            acts = (a["error"][:60] if "error" in a
                    else f"{a['kernels']} / {a['memcpy']} / {a['memset']} per {a['calls']}")
            cache = "-" if c is None else (f"{c['first']} / {c['same_buffers']} / {c['new_buffers']}"
                                           f"{'' if c['ok'] else ' **NOT AS EXPECTED**'}")
            lines.append(f"| {run['pipeline']} | {r['name']} | {'yes' if r['correct'] else '**NO**'} "
                         f"({r['threads']['correct_again']}/{r['threads']['outputs']}) | {h['median']:.2f} "
                         f"({h['p10']:.2f}-{h['p90']:.2f}) | {alt['median']:.2f} ({alt['p10']:.2f}-{alt['p90']:.2f}) | "
                         f"{_encodes(h)} / {_encodes(alt)} | {cache} | {r['wall_us']:.2f} | {g['median']:.2f}"
                         f"{'' if g['fully_queued'] else ' (not fully queued)'} | {acts} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dirs", type=pathlib.Path, nargs="+")
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("."))
    parser.add_argument("--calls", type=int, default=10000)
    parser.add_argument("--burst", type=int, default=100)
    parser.add_argument("--queued", type=int, default=500)
    parser.add_argument("--profiled", type=int, default=200)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--pairs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=2026)
    opts = parser.parse_args(argv)
    runs = []
    with tvm_ffi.use_torch_stream():
        for build_dir in opts.build_dirs:
            manifest = json.loads((build_dir / "manifest.json").read_text())
            run = {"pipeline": manifest["pipeline"], "build_dir": str(build_dir), "results": []}
            for entry in manifest["cases"]:
                print(f"running {entry['name']} ({manifest['pipeline']})", flush=True)
                try:
                    run["results"].append(run_case(build_dir, entry, opts))
                except Exception as err:  # record and go on
                    traceback.print_exc()
                    run["results"].append({"name": entry["name"], "correct": False,
                                           "failure": f"{type(err).__name__}: {str(err).splitlines()[0][:200]}"})
                print(json.dumps({k: v for k, v in run["results"][-1].items() if k != "activity"}), flush=True)
            runs.append(run)
    device = torch.cuda.get_device_name()
    opts.out.mkdir(parents=True, exist_ok=True)
    (opts.out / "results.json").write_text(json.dumps({"device": device, "torch": torch.__version__,
                                                       "options": {k: str(v) for k, v in vars(opts).items()},
                                                       "runs": runs}, indent=1))
    md = table(runs)
    (opts.out / "RESULTS.md").write_text(f"Device: {device}; torch {torch.__version__}\n\n{md}\n")
    print(md)
    return 0 if all(r["correct"] and r["cache_ok"] for run in runs for r in run["results"]) else 1


if __name__ == "__main__":
    sys.exit(main())
