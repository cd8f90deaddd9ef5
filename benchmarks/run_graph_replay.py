"""Capture the builds of ``build_llama.py`` directories in CUDA graphs, check and time the replays.

    python3 .gpu/boot.py benchmarks/run_graph_replay.py BUILD_ROOT DIR [DIR ...] --out FILE

For each build: one call on torch's stream gives the reference output; one call captured in a
``torch.cuda.CUDAGraph`` (TVM's launches on the capture stream), its output filled with NaN,
the graph replayed: ``replay_max_abs_diff`` against the reference and ``finite``. Then, every
build checked, ``graph_ms_median``: the median ms per call of calls captured back to back in
one graph (``run_gpu.graph_time_ms``). The checks come first. Writes
``{"dir/build": {...}}``.
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
from run_gpu import graph_time_ms
from run_llama import load_forward, make_inputs


def replayed(forward: Callable[[], Any]) -> dict[str, Any]:
    reference = torch.from_dlpack(forward()).clone()
    # (before the side stream: TVM's memory pool hands the buffers this call freed to the next
    # call, whatever its stream)
    torch.cuda.synchronize()
    stream = torch.cuda.Stream()
    with tvm_ffi.use_torch_stream(torch.cuda.stream(stream)):  # warm-up off the capture
        for _ in range(3):
            forward()
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with tvm_ffi.use_torch_stream(torch.cuda.graph(graph, stream=stream)):
        out = torch.from_dlpack(forward())
    out.fill_(float("nan"))
    graph.replay()
    torch.cuda.synchronize()
    return {"replay_max_abs_diff": float((out.float() - reference.float()).abs().max()),
            "finite": bool(torch.isfinite(out).all())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=pathlib.Path)
    parser.add_argument("dirs", nargs="+")
    parser.add_argument("--out", type=pathlib.Path, required=True)
    opts = parser.parse_args(argv)
    forwards = {}
    with tvm_ffi.use_torch_stream():
        for name in opts.dirs:
            manifest = json.loads((opts.root / name / "manifest.json").read_text())
            inputs = make_inputs(manifest, 2026)
            for entry in manifest["builds"]:
                forwards[f"{name}/{entry['name']}"] = load_forward(opts.root / name, entry, inputs)
        results = {key: replayed(forward) for key, forward in forwards.items()}
        for key, forward in forwards.items():
            results[key]["graph_ms_median"] = statistics.median(graph_time_ms(forward))
            print(key, results[key], flush=True)
    opts.out.write_text(json.dumps(results, indent=1))
    return 0 if all(r["finite"] and r["replay_max_abs_diff"] == 0 for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
