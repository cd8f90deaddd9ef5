"""How the builds of ``build_llama.py`` directories behave as they are launched: CUDA-graph
replays checked, and one call timed by four methods.

    python3 .gpu/boot.py benchmarks/run_launches.py graph BUILD_ROOT DIR [DIR ...] --out FILE
    python3 .gpu/boot.py benchmarks/run_launches.py timing BUILD_ROOT DIR [DIR ...] --out FILE

``graph``: for each build, one call on torch's stream gives the reference output; one call
captured in a ``torch.cuda.CUDAGraph`` (TVM's launches on the capture stream), its output
filled with NaN, the graph replayed: ``replay_max_abs_diff`` against the reference and
``finite`` (exit status 1 where a replay differs); then, every build checked,
``graph_ms_median``, the median ms per call of calls captured back to back in one graph
(``run_gpu.graph_time_ms``; the builds one after the other, not alternated). Writes
``{"dir/build": {...}}``.

``timing``: each build and ``torch.compile`` of the same model, in at least 6 rounds of balanced
orders (``run_gpu.balanced_orders``), ms per call: CUDA events around each of 20 calls back to
back (``per_call``, as ``run_llama.py`` times), events around 20 calls (``batched``), 5 calls
queued behind a spinning GPU with events around each (``queued_per_call``, ``run_llama.py``'s
queued figure) and around all 5 (``queued_batched``); the median of each. Writes ``{dir: {build:
{method: ms}}}``.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
from collections.abc import Callable
from typing import Any

import torch
import tvm_ffi

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from run_gpu import SPIN_CYCLES, balanced_orders, capture_stream, captured, graph_time_ms, timed_launches
from run_llama import MODELS, load_forward, make_inputs


def replayed(forward: Callable[[], Any]) -> dict[str, Any]:
    """``forward``'s call captured in a CUDA graph and replayed, against a call on the stream."""
    reference = torch.from_dlpack(forward()).clone()
    graph, out = captured(forward, 1, capture_stream(forward))
    out = torch.from_dlpack(out)
    out.fill_(float("nan"))
    graph.replay()
    torch.cuda.synchronize()
    return {"replay_max_abs_diff": float((out.float() - reference.float()).abs().max()),
            "finite": bool(torch.isfinite(out).all())}


def batched_ms(launch: Callable[[], Any], calls: int, spin_cycles: int = 0) -> float:
    """ms per call of ``calls`` launches between one pair of CUDA events (queued behind a spin
    of ``spin_cycles``, if any)."""
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    torch.cuda.synchronize()
    if spin_cycles:
        torch.cuda._sleep(spin_cycles)
    start.record()
    for _ in range(calls):
        launch()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / calls


def methods_ms(runs: dict[str, Callable[[], Any]], rounds: int = 6) -> dict[str, dict[str, float]]:
    """The median ms per call of each of ``runs`` by each timing method (see the module docstring)."""
    times = {name: {"per_call": [], "batched": [], "queued_per_call": [], "queued_batched": []} for name in runs}
    names = list(runs)
    for name in (names[i] for order in balanced_orders(len(names), rounds) for i in order):
        launch, record = runs[name], times[name]
        record["per_call"] += timed_launches(launch, 20)
        record["batched"] += [batched_ms(launch, 20) for _ in range(3)]
        record["queued_per_call"] += timed_launches(launch, 5, SPIN_CYCLES)
        record["queued_batched"].append(batched_ms(launch, 5, SPIN_CYCLES))
    return {name: {method: statistics.median(t) for method, t in record.items()} for name, record in times.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("graph", "timing"))
    parser.add_argument("root", type=pathlib.Path)
    parser.add_argument("dirs", nargs="+")
    parser.add_argument("--out", type=pathlib.Path, required=True)
    opts = parser.parse_args(argv)
    results: dict[str, Any] = {}
    with tvm_ffi.use_torch_stream():
        builds = {}  # dir: (manifest, inputs, {build: forward})
        for name in opts.dirs:
            manifest = json.loads((opts.root / name / "manifest.json").read_text())
            inputs = make_inputs(manifest, 2026)
            builds[name] = manifest, inputs, {entry["name"]: load_forward(opts.root / name, entry, inputs)
                                              for entry in manifest["builds"]}
        if opts.what == "graph":
            forwards = {f"{name}/{build}": f for name, (_, _, runs) in builds.items() for build, f in runs.items()}
            results = {key: replayed(forward) for key, forward in forwards.items()}
            for key, forward in forwards.items():
                results[key]["graph_ms_median"] = statistics.median(graph_time_ms(forward))
                print(key, results[key], flush=True)
        else:
            for name, (manifest, inputs, runs) in builds.items():
                model, shape = MODELS[manifest.get("model", "llama")], manifest["shape"]
                runs["torch.compile"] = torch.compile(lambda model=model, shape=shape, inputs=inputs:
                                                      model(inputs, shape, torch.float16, sdpa=True))
                for launch in runs.values():
                    for _ in range(5):
                        launch()
                results[name] = methods_ms(runs)
                print(name, json.dumps(results[name]), flush=True)
    opts.out.write_text(json.dumps(results, indent=1))
    return 0 if opts.what == "timing" or all(r["finite"] and r["replay_max_abs_diff"] == 0
                                             for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
