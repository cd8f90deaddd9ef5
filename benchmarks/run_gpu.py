"""Run built cases on the GPU: check each against a float64 reference, then time it and the
library's equivalent on the same sizes.

    python3 .gpu/boot.py benchmarks/run_gpu.py BUILD_DIR [--out DIR] [--only REGEX] [--seed N]

Needs only TVM's runtime (``tvm.runtime.load_module``, ``tvm.runtime.from_dlpack``), torch and
a CUDA GPU; BUILD_DIR is what ``build.py`` wrote. Inputs are drawn on the GPU (seeded, fresh for
every case), outputs are poisoned (NaN; 0x5A bytes for non-float dtypes) before the checked
run. Kernels and references are timed with CUDA events around each launch on the same stream:
the median of at least ``--iters`` launches after warm-up, in rounds of balanced orders of the
kernel, the reference and cudaMemcpy (:func:`interleaved_ms`). Writes ``results.json`` and
``RESULTS.md`` under ``--out`` and prints the table last.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import signal
import statistics
import sys
import traceback
from collections.abc import Callable
from typing import Any

import torch
import tvm
import tvm_ffi

# Largest accepted ||out - ref|| / ||ref|| against the float64 reference: exact copies, fp32
# results (column means: fp32 sums of up to 1000 rows), and (any other reference) results
# computed in fp32 and rounded once to a 16-bit output, 4 units of its roundoff (2^-11 for
# fp16, 2^-8 for bf16).
TOLERANCE = {"copy": 0.0, "scale2": 0.0, "add": 1e-6, "center_columns": 1e-5, "gemm": 1e-3}
ROUNDED_TO = {"float16": 4 * 2**-11, "bfloat16": 4 * 2**-8}


def tolerance(reference: str, out_dtype: str) -> float:
    """The largest relative error accepted for ``reference`` with an output of ``out_dtype``."""
    if reference == "gemm":  # fp32 accumulators, stored in fp32 or rounded once to a 16-bit output
        return max(TOLERANCE[reference], ROUNDED_TO.get(out_dtype, 0.0))
    return TOLERANCE[reference] if reference in TOLERANCE else ROUNDED_TO[out_dtype]


def expected(reference: str, inputs: list[torch.Tensor], params: dict[str, Any]) -> torch.Tensor:
    """The float64 result the case's output must match."""
    x = [t.double() for t in inputs]
    if reference == "copy":
        return x[0]
    if reference == "scale2":  # in the input dtype: exact for floats, wrapping for integers
        return (inputs[0] * 2).double()
    if reference == "add":
        return x[0] + x[1]
    if reference == "center_columns":  # over the rows of (m, n), or of (tiles, tile_m, n) as one matrix
        return x[0] - x[0].reshape(-1, x[0].shape[-1]).mean(0)
    if reference == "rms_norm":
        return x[0] * torch.rsqrt(x[0].square().mean(-1, keepdim=True) + params["eps"]) * x[1]
    if reference == "layer_norm":
        return torch.nn.functional.layer_norm(x[0], (x[0].shape[-1],), x[1], x[2], params["eps"])
    if reference == "softmax":
        return torch.softmax(x[0], -1)
    if reference == "binary":
        return getattr(torch, params["op"])(x[0], x[1])
    if reference == "gemm":
        return x[0] @ (x[1].T if params.get("b_transposed") else x[1])
    if reference == "gated":  # x [1, m, k], w [2, mlp, k] (gate, up): silu(x w_gate^T) * (x w_up^T)
        gate, up = x[0] @ x[1][0].T, x[0] @ x[1][1].T
        return torch.nn.functional.silu(gate) * up
    if reference == "attention":  # [b, s, h, d] operands, K and V heads repeated for GQA, is_causal top-left
        q, k, v = (t.transpose(1, 2) for t in x)
        k, v = (t.repeat_interleave(q.shape[1] // t.shape[1], 1) for t in (k, v))
        out = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=params["causal"])
        return out.transpose(1, 2)
    raise ValueError(f"unknown reference {reference!r}")


def library_op(reference: str, inputs: list[torch.Tensor], params: dict[str, Any]) -> tuple[str, Callable[[], Any]]:
    """The library's version of the case on the same inputs: (label, launch)."""
    if reference == "copy":
        dst = torch.empty_like(inputs[0])
        return "cudaMemcpy D2D (torch copy_)", lambda: dst.copy_(inputs[0])
    if reference == "scale2":
        out = torch.empty_like(inputs[0])
        return "torch.mul", lambda: torch.mul(inputs[0], 2, out=out)
    if reference == "add":
        out = torch.empty_like(inputs[0])
        return "torch.add", lambda: torch.add(inputs[0], inputs[1], out=out)
    if reference == "rms_norm":
        x, w = inputs
        return f"torch rms_norm ({str(x.dtype).removeprefix('torch.')})", \
            lambda: torch.nn.functional.rms_norm(x, (x.shape[-1],), w, params["eps"])
    if reference == "layer_norm":
        x, w, b = inputs
        return f"torch layer_norm ({str(x.dtype).removeprefix('torch.')})", \
            lambda: torch.nn.functional.layer_norm(x, (x.shape[-1],), w, b, params["eps"])
    if reference == "softmax":
        return f"torch softmax ({str(inputs[0].dtype).removeprefix('torch.')})", lambda: torch.softmax(inputs[0], -1)
    if reference == "binary":
        a, b = inputs
        out = torch.empty(torch.broadcast_shapes(a.shape, b.shape), dtype=a.dtype, device=a.device)
        return f"torch.{params['op']}", lambda: getattr(torch, params["op"])(a, b, out=out)
    if reference == "gemm":
        a, b = inputs[0], inputs[1].T if params.get("b_transposed") else inputs[1]
        out = torch.empty(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
        dtype = str(a.dtype).removeprefix("torch.")
        return (f"cuBLAS {dtype} GEMM (torch.matmul{', B^T' if params.get('b_transposed') else ''}, {dtype} out)",
                lambda: torch.matmul(a, b, out=out))
    if reference == "gated":
        x, w = inputs[0][0], inputs[1].reshape(-1, inputs[1].shape[-1])
        dtype = str(x.dtype).removeprefix("torch.")

        def gated():
            gate, up = torch.nn.functional.linear(x, w).chunk(2, dim=-1)
            return torch.nn.functional.silu(gate) * up

        return f"cuBLAS {dtype} F.linear, then torch silu * up", gated
    raise ValueError(f"unknown reference {reference!r}")


def random_input(shape: list[int], dtype: torch.dtype, gen: torch.Generator) -> torch.Tensor:
    """Fresh random values on the GPU: standard normal for floats, full range for integers."""
    if dtype.is_floating_point:
        return torch.randn(shape, generator=gen, device="cuda", dtype=torch.float32).to(dtype)
    info = torch.iinfo(dtype)
    return torch.randint(info.min, info.max, shape, generator=gen, device="cuda", dtype=dtype)


def poisoned(shape: list[int], dtype: torch.dtype) -> torch.Tensor:
    """An output buffer filled with NaN (floats) or 0x5A bytes."""
    out = torch.empty(shape, dtype=dtype, device="cuda")
    if dtype.is_floating_point:
        out.fill_(float("nan"))
    else:
        out.view(torch.uint8).fill_(0x5A)
    return out


def unwritten(out: torch.Tensor, ref: torch.Tensor) -> int:
    """Elements still holding the poison: NaN, or for integers the 0x5A pattern where the
    reference holds another value (an integer result may legitimately equal the pattern)."""
    if out.dtype.is_floating_point:
        return int(torch.isnan(out).sum())
    poison = poisoned([1], out.dtype)[0]
    return int(((out == poison) & (ref != poison.double())).sum())


def time_ms(launch: Callable[[], Any], min_iters: int, budget_ms: float = 300.0) -> list[float]:
    """Per-launch times (ms) from CUDA events, after warm-up; at least ``min_iters`` launches."""
    for _ in range(3):
        launch()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    launch()
    end.record()
    end.synchronize()
    iters = max(min_iters, min(1000, int(budget_ms / max(start.elapsed_time(end), 1e-3))))
    return timed_launches(launch, iters)


SPIN_CYCLES = 50_000_000
"""``torch.cuda._sleep`` cycles (~25 ms at 1.98 GHz) to queue launches behind: longer than the
host takes to queue them."""


def timed_launches(launch: Callable[[], Any], count: int, spin_cycles: int = 0) -> list[float]:
    """``count`` launches, each between two CUDA events (ms each). With ``spin_cycles`` the
    GPU first spins that long (``torch.cuda._sleep``) while the launches queue up behind it,
    so each pair of events times the GPU alone, launches back to back."""
    events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(count)]
    torch.cuda.synchronize()
    if spin_cycles:
        torch.cuda._sleep(spin_cycles)
    for s, e in events:
        s.record()
        launch()
        e.record()
    torch.cuda.synchronize()
    return [s.elapsed_time(e) for s, e in events]


L2_BYTES = 50 << 20
"""The H100's L2 cache."""


def rotating(args: list, factor: int = 4, max_sets: int = 1000) -> Callable[[], list]:
    """A function that returns ``args`` and copies of them in turn, as many sets as hold
    ``factor`` times the L2 in all (at least 2, at most ``max_sets``): launches that take
    the next set each time read their inputs from device memory, not from the L2 that the
    previous launches filled (a small kernel launched on the same buffers again and again
    finds them all in the L2)."""
    per_set = sum(t.numel() * t.element_size() for t in args)
    count = max(2, min(max_sets, -(-factor * L2_BYTES // max(per_set, 1))))
    sets = [args] + [[t.clone() for t in args] for _ in range(count - 1)]
    turn = iter(range(1 << 62))
    return lambda: sets[next(turn) % count]


def queued_time_ms(launch, launches: int = 50, spin_cycles: int = SPIN_CYCLES) -> list[float]:
    """Per-launch GPU times (ms) in stream order without host overhead: the GPU spins
    (``torch.cuda._sleep``, ``spin_cycles``) while the host queues ``launches`` event-bracketed
    launches, so each pair of events times the launch alone, as the GPU runs it back to back."""
    for _ in range(3):
        launch()
    return timed_launches(launch, launches, spin_cycles=spin_cycles)


def capture_stream(launch: Callable[[], Any]) -> torch.cuda.Stream:
    """A side stream to capture ``launch`` on, three warm-up launches run there (synchronized
    before and after: TVM's memory pool hands the buffers a launch freed to the next launch,
    whatever its stream)."""
    torch.cuda.synchronize()
    stream = torch.cuda.Stream()
    with tvm_ffi.use_torch_stream(torch.cuda.stream(stream)):
        for _ in range(3):
            launch()
    torch.cuda.synchronize()
    return stream


def captured(launch: Callable[[], Any], reps: int, stream: torch.cuda.Stream) -> tuple[torch.cuda.CUDAGraph, Any]:
    """``reps`` launches captured on ``stream`` in one CUDA graph (TVM launches on torch's
    capture stream through ``tvm_ffi.use_torch_stream``), and what the last one returned."""
    graph = torch.cuda.CUDAGraph()
    with tvm_ffi.use_torch_stream(torch.cuda.graph(graph, stream=stream)):
        for _ in range(reps):
            result = launch()
    return graph, result


def graph_time_ms(launch: Callable[[], Any], iters: int = 30, budget_ms: float = 2.0) -> list[float]:
    """Per-launch GPU times (ms) without host overhead: ``reps`` launches :func:`captured` in one
    CUDA graph, ``iters`` replays timed with CUDA events after warm-up, each divided by
    ``reps``; ``reps`` fills about ``budget_ms`` of GPU time per replay."""
    stream = capture_stream(launch)

    def replay_ms(graph: torch.cuda.CUDAGraph) -> float:
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        graph.replay()
        end.record()
        end.synchronize()
        return start.elapsed_time(end)

    probe, _ = captured(launch, 1, stream)
    for _ in range(3):
        probe.replay()
    reps = max(1, min(500, int(budget_ms / max(replay_ms(probe), 1e-4))))
    graph, _ = captured(launch, reps, stream)
    for _ in range(3):
        graph.replay()
    times = [replay_ms(graph) / reps for _ in range(iters)]
    del graph, probe
    return times


def rate(entry: dict[str, Any], ms: float) -> tuple[float, str]:
    """Throughput of one launch taking ``ms``: TFLOP/s for flops, else GB/s (read + written)."""
    if entry.get("flops"):
        return entry["flops"] / ms / 1e9, "TFLOP/s"
    return entry["bytes"] / ms / 1e6, "GB/s"


def run_case(build_dir: pathlib.Path, entry: dict[str, Any], seed: int, min_iters: int) -> dict[str, Any]:
    """Check (and, for timed cases, time) one case; returns its result record."""
    result: dict[str, Any] = {"name": entry["name"], "size": entry["size"], "seed": seed, "timed": entry["timed"]}
    func = tvm.runtime.load_module(str(build_dir / entry["library"]))["main"]
    gen = torch.Generator(device="cuda").manual_seed(seed)
    tensors = []
    for i, arg in enumerate(entry["args"]):
        dtype = getattr(torch, arg["dtype"])
        tensors.append(poisoned(arg["shape"], dtype) if i in entry["outputs"]
                       else random_input(arg["shape"], dtype, gen))
    inputs = [t for i, t in enumerate(tensors) if i not in entry["outputs"]]
    args = [tvm.runtime.from_dlpack(t) for t in tensors]
    func(*args)
    torch.cuda.synchronize()
    (out_index,) = entry["outputs"]
    out = tensors[out_index]
    ref = expected(entry["reference"], inputs, entry["ref_params"])
    result["unwritten"] = unwritten(out, ref)
    result["error"] = float((out.double() - ref).norm() / ref.norm().clamp_min(1e-300))
    result["tolerance"] = tolerance(entry["reference"], entry["args"][out_index]["dtype"])
    result["correct"] = result["unwritten"] == 0 and result["error"] <= result["tolerance"]
    del ref
    if entry["timed"]:
        label, launch = library_op(entry["reference"], inputs, entry["ref_params"])
        launches = [lambda: func(*args), launch]
        if entry.get("bytes"):  # cudaMemcpy D2D of the same bytes read + written
            src = torch.empty(entry["bytes"] // 2, dtype=torch.uint8, device="cuda")
            dst = torch.empty_like(src)
            launches.append(lambda: dst.copy_(src))
        times, ref_times, *copy_times = interleaved_ms(launches, min_iters)
        result["median_ms"] = statistics.median(times)
        result["min_ms"], result["max_ms"], result["iters"] = min(times), max(times), len(times)
        result["rate"], result["unit"] = rate(entry, result["median_ms"])
        result["reference"] = {"op": label, "median_ms": statistics.median(ref_times), "iters": len(ref_times)}
        result["reference"]["rate"] = rate(entry, result["reference"]["median_ms"])[0]
        result["ratio"] = result["rate"] / result["reference"]["rate"]
        if copy_times:
            copy_ms = statistics.median(copy_times[0])
            result["memcpy"] = {"median_ms": copy_ms, "rate": rate(entry, copy_ms)[0]}
            result["memcpy_ratio"] = result["rate"] / result["memcpy"]["rate"]
    return result


def interleaved_ms(launches: list[Callable[[], Any]], min_iters: int, rounds: int = 5,
                   budget_ms: float = 300.0) -> list[list[float]]:
    """:func:`time_ms` of each launch (at least ``min_iters`` in all), in at least ``rounds``
    rounds in the orders of :func:`balanced_orders`: a ratio of two of them then compares times
    taken over the same stretch of the run (the GPU's clocks and the reference's own time drift
    across a run), none of them always after the same other one (at the power cap a launch runs
    at the clocks the one before it left)."""
    orders = balanced_orders(len(launches), rounds)
    times: list[list[float]] = [[] for _ in launches]
    for order in orders:
        for i in order:
            times[i] += time_ms(launches[i], -(-min_iters // len(orders)), budget_ms / len(orders))
    return times


def balanced_orders(count: int, rounds: int) -> list[list[int]]:
    """At least ``rounds`` orders of ``range(count)``, whole rows of a Williams design (a balanced
    Latin square) over and over: across its rows each item comes first equally often and right
    after each other item equally often. Two items alternate (``[0, 1], [1, 0], ...``)."""
    base, low, high = [0], 1, count - 1
    while len(base) < count:
        base.append(low)
        low += 1
        if len(base) < count:
            base.append(high)
            high -= 1
    rows = [[(b + r) % count for b in base] for r in range(count)]
    if count % 2:
        rows += [row[::-1] for row in rows]
    rounds = -(-max(rounds, len(rows)) // len(rows)) * len(rows) if count > 2 else rounds
    return [rows[r % len(rows)] for r in range(rounds)]


def table(results: list[dict[str, Any]], pipeline: str) -> str:
    """Markdown table of the results."""
    lines = ["| case | pipeline | size | correct | rel. error | unwritten | median ms | rate | reference | "
             "ref. median ms | ref. rate | ratio | / cudaMemcpy |", "|" + "---|" * 13]
    for r in results:
        if "failure" in r:
            lines.append(f"| {r['name']} | {pipeline} | {r['size']} | FAILED: {r['failure']} |" + " |" * 9)
            continue
        row = [r["name"], pipeline, r["size"], "yes" if r["correct"] else "**NO**", f"{r['error']:.2e}",
               str(r["unwritten"])]
        if r["timed"]:
            ref = r["reference"]
            row += [f"{r['median_ms']:.4f}", f"{r['rate']:.1f} {r['unit']}", ref["op"], f"{ref['median_ms']:.4f}",
                    f"{ref['rate']:.1f} {r['unit']}", f"{r['ratio']:.3f}",
                    f"{r['memcpy_ratio']:.3f}" if "memcpy_ratio" in r else "-"]
        else:
            row += ["-"] * 7
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir", type=pathlib.Path)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("."))
    parser.add_argument("--only", help="regex on case names (re.search)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--iters", type=int, default=20, help="least number of timed launches")
    parser.add_argument("--case-timeout", type=int, default=120,
                        help="seconds one case may take; a hung kernel (a barrier that never completes) "
                             "ends the run there, with the cases before it already printed")
    opts = parser.parse_args(argv)
    manifest = json.loads((opts.build_dir / "manifest.json").read_text())
    entries = [e for e in manifest["cases"] if opts.only is None or re.search(opts.only, e["name"])]
    results = []
    with tvm_ffi.use_torch_stream():
        for index, entry in enumerate(entries):
            print(f"running {entry['name']}", flush=True)
            signal.alarm(opts.case_timeout)  # SIGALRM's default action ends the process
            try:
                results.append(run_case(opts.build_dir, entry, opts.seed + index, opts.iters))
            except Exception as err:  # record and go on: one broken case must not hide the others
                traceback.print_exc()
                first_line = (str(err).splitlines() or [""])[0][:200]
                results.append({"name": entry["name"], "size": entry["size"], "correct": False,
                                "failure": f"{type(err).__name__}: {first_line}"})
            signal.alarm(0)
            print(json.dumps(results[-1]), flush=True)
            torch.cuda.empty_cache()
    device = torch.cuda.get_device_name()
    summary = {"device": device, "torch": torch.__version__, "pipeline": manifest["pipeline"],
               "tvm_version": manifest["tvm_version"], "results": results}
    opts.out.mkdir(parents=True, exist_ok=True)
    (opts.out / "results.json").write_text(json.dumps(summary, indent=1))
    md = table(results, manifest["pipeline"])
    (opts.out / "RESULTS.md").write_text(f"Device: {device}; torch {torch.__version__}; "
                                         f"TVM {manifest['tvm_version']}\n\n{md}\n")
    print(md)
    return 0 if all(r["correct"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
