"""Time the builds of ``build_llama.py`` directories four ways, to compare timing methods.

    python3 .gpu/boot.py benchmarks/run_timing_methods.py BUILD_ROOT DIR [DIR ...] --out FILE

For each build (and ``torch.compile`` of the same model), in 6 rounds that alternate their
order, ms per call: CUDA events around each of 20 calls back to back (``per_call``, as
``run_llama.py`` times), events around 20 calls (``batched``), 5 calls queued behind a spinning
GPU with events around each (``queued_per_call``, ``run_llama.py``'s queued figure) and around
all 5 (``queued_batched``); the median of each. Writes ``{dir: {build: {method: ms}}}``.
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
from run_gpu import SPIN_CYCLES, alternating, timed_launches
from run_llama import MODELS, load_forward, make_inputs


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
    times = {name: {"per_call": [], "batched": [], "queued_per_call": [], "queued_batched": []} for name in runs}
    for name in alternating(list(runs), rounds):
        launch, record = runs[name], times[name]
        record["per_call"] += timed_launches(launch, 20)
        record["batched"] += [batched_ms(launch, 20) for _ in range(3)]
        record["queued_per_call"] += timed_launches(launch, 5, SPIN_CYCLES)
        record["queued_batched"].append(batched_ms(launch, 5, SPIN_CYCLES))
    return {name: {method: statistics.median(t) for method, t in record.items()} for name, record in times.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=pathlib.Path)
    parser.add_argument("dirs", nargs="+")
    parser.add_argument("--out", type=pathlib.Path, required=True)
    opts = parser.parse_args(argv)
    results = {}
    with tvm_ffi.use_torch_stream():
        for name in opts.dirs:
            build_dir = opts.root / name
            manifest = json.loads((build_dir / "manifest.json").read_text())
            inputs = make_inputs(manifest, 2026)
            runs = {entry["name"]: load_forward(build_dir, entry, inputs) for entry in manifest["builds"]}
            model, shape = MODELS[manifest.get("model", "llama")], manifest["shape"]
            runs["torch.compile"] = torch.compile(lambda model=model, shape=shape: model(inputs, shape, torch.float16,
                                                                                         sdpa=True))
            for launch in runs.values():
                for _ in range(5):
                    launch()
            results[name] = methods_ms(runs)
            print(name, json.dumps(results[name]), flush=True)
    opts.out.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
