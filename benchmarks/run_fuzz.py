"""Run the differential fuzzer's cases on the GPU: every case under stock TVM and under
the build's lowering (``"tma_all_launches"``, ``"tma"`` with every pipeline on mbarriers,
unless the build named another), each output against the numpy reference and the two outputs against each other.

    python3 .gpu/boot.py benchmarks/run_fuzz.py build/gpu/fuzz --out $OUT/fuzz [--workers 6]

BUILD is what ``python -m tvm_tma.testing.fuzz build`` wrote. Needs TVM's runtime, torch,
numpy and a CUDA GPU. Each batch (one stock and one library of the lowering) runs in a child
process (``gpu_workers.py``): a kernel that hangs past ``--case-timeout`` seconds is recorded
``hung`` and the batch goes on in a new child. Inputs are the case's seeded small integers,
outputs are poisoned (NaN; 0x5A bytes for int8) before each launch; results are exact, so
``correct`` means bit-equal to the reference. Writes ``results.json`` (every case) and
``summary.md`` (seed, count, correct / wrong / hung / crashed / refused per pipeline, and
the cases that were not correct, with their descriptions).
"""

from __future__ import annotations

import argparse
import collections
import json
import pathlib
import sys
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # tvm_tma (numpy side)
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import gpu_workers
from tvm_tma.testing.fuzz_cases import LOWERING, FuzzCase, describe, inputs, reference

STATUSES = ("correct", "wrong", "hung", "crashed", "error", "not_run", "refused")


def _pipelines(manifest: dict[str, Any]) -> tuple[str, tuple[str, str]]:
    """The build's lowering, and the pipelines it compiled: stock TVM's and that one."""
    lowering = manifest.get("lowering", LOWERING)
    return lowering, ("default", lowering)


def _torch_dtype(torch, dtype: str):
    return getattr(torch, dtype)


def _poisoned(torch, shape: list[int], dtype: str):
    out = torch.empty(shape, dtype=_torch_dtype(torch, dtype), device="cuda")
    if out.dtype.is_floating_point:
        out.fill_(float("nan"))
    else:
        out.view(torch.uint8).fill_(0x5A)
    return out


def _bits(torch, tensor):
    """``tensor``'s bytes as integers of its element size (NaN payloads compare equal)."""
    return tensor.view({1: torch.uint8, 2: torch.int16, 4: torch.int32}[tensor.element_size()])


def worker(build_dir: pathlib.Path, batch: str, skip: set[str]) -> int:
    """Child side: run the cases of ``batch`` not in ``skip`` (``case:pipeline``)."""
    import numpy as np
    import torch
    import tvm

    manifest = json.loads((build_dir / "manifest.json").read_text())
    lowering, pipelines = _pipelines(manifest)
    entries = [e for e in manifest["cases"] if any(e.get(p, {}).get("library") == f"{p}_{batch}.so.gz"
                                                   for p in pipelines)]
    libraries = {p: gpu_workers.load_library(build_dir / f"{p}_{batch}.so.gz")
                 for p in pipelines if (build_dir / f"{p}_{batch}.so.gz").exists()}
    gpu_workers.emit({"event": "loaded"})
    for entry in entries:
        case = FuzzCase.from_json(entry["case"])
        xs = inputs(case)
        expected = reference(case, xs)
        outputs: dict[str, Any] = {}
        for pipeline in pipelines:
            if "library" not in entry.get(pipeline, {}) or f"{case.name}:{pipeline}" in skip:
                continue
            gpu_workers.emit({"event": "start", "case": case.name, "pipeline": pipeline})
            record = {"event": "result", "case": case.name, "pipeline": pipeline}
            try:
                args = [torch.from_numpy(x).to(_torch_dtype(torch, case.dtype)).cuda() for x in xs]
                out = _poisoned(torch, list(case.shape), case.dtype)
                libraries[pipeline][case.name](*[tvm.runtime.from_dlpack(t) for t in [*args, out]])
                torch.cuda.synchronize()
            except Exception as err:  # a CUDA error: report, then leave (the context is unusable)
                record.update(status="error", detail=f"{type(err).__name__}: {str(err)[-800:]}")
                gpu_workers.emit(record)
                return 3
            got = out.double().cpu().numpy() if out.dtype.is_floating_point else out.long().cpu().numpy()
            outputs[pipeline] = out
            bad = ~(got == expected)
            record.update(status="wrong" if bad.any() else "correct", mismatches=int(bad.sum()),
                          unwritten=int(np.isnan(got).sum()) if out.dtype.is_floating_point
                          else int(((got == 0x5A) & (expected != 0x5A)).sum()))
            if bad.any():
                first = tuple(int(i) for i in np.argwhere(bad)[0])
                record["first_mismatch"] = {"index": first, "got": float(got[first]),
                                            "expected": float(expected[first])}
            if pipeline == lowering and "default" in outputs:
                record["equals_stock"] = bool(torch.equal(_bits(torch, out), _bits(torch, outputs["default"])))
            gpu_workers.emit(record)
    return 0


def summarize(manifest: dict[str, Any], records: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts per pipeline (refused: the build's error), the tma-vs-stock comparison, and
    the cases that were not correct."""
    by_case = {e["case"]["name"]: e for e in manifest["cases"]}
    lowering, pipelines = _pipelines(manifest)
    counts = {p: collections.Counter() for p in pipelines}
    for entry in manifest["cases"]:
        for p in pipelines:
            if "error" in entry.get(p, {}):
                counts[p]["refused"] += 1
    for r in records:
        counts[r["pipeline"]][r["status"]] += 1
    compared = [r for r in records if "equals_stock" in r]
    problems = [{**r, "description": describe(FuzzCase.from_json(by_case[r["case"]]["case"]))}
                for r in records if r["status"] != "correct"]
    stock_ok = {r["case"] for r in records if r["pipeline"] == "default" and r["status"] == "correct"}
    refused_but_stock_builds = sorted(e["case"]["name"] for e in manifest["cases"]
                                      if "error" in e.get(lowering, {}) and "library" in e.get("default", {}))
    return {"seed": manifest["seed"], "count": manifest["count"], "lowering": lowering,
            "counts": {p: {s: counts[p][s] for s in STATUSES} for p in pipelines},
            "tma_equals_stock": sum(r["equals_stock"] for r in compared), "tma_compared_with_stock": len(compared),
            "tma_refused_where_stock_builds": len(refused_but_stock_builds),
            "tma_correct_where_stock_correct": sum(r["case"] in stock_ok and r["status"] == "correct"
                                                   for r in records if r["pipeline"] == lowering),
            "stock_correct": len(stock_ok), "problems": problems}


def markdown(summary: dict[str, Any], device: str) -> str:
    lines = [f"Fuzzer: seed {summary['seed']}, {summary['count']} cases, {device}; stock TVM against "
             f"{summary['lowering']}", "",
             "| pipeline | " + " | ".join(STATUSES) + " |", "|---" * (len(STATUSES) + 1) + "|"]
    for p in summary["counts"]:
        lines.append(f"| {p} | " + " | ".join(str(summary["counts"][p][s]) for s in STATUSES) + " |")
    lines += ["", f"tma output bit-equal to stock's: {summary['tma_equals_stock']} of "
              f"{summary['tma_compared_with_stock']} run under both; tma refused where stock builds: "
              f"{summary['tma_refused_where_stock_builds']}; tma correct where stock is correct: "
              f"{summary['tma_correct_where_stock_correct']} of {summary['stock_correct']}", "",
              "Not correct:", ""]
    lines += [f"- {r['case']} ({r['pipeline']}): {r['status']} {r.get('mismatches', '')} "
              f"{r.get('detail', '')[:300]} {r.get('first_mismatch', '')}\n  `{r['description']}`"
              for r in summary["problems"]] or ["- none"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir", type=pathlib.Path, nargs="?")  # absent in --worker mode
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("fuzz_results"))
    parser.add_argument("--workers", type=int, default=6, help="child processes at a time")
    parser.add_argument("--case-timeout", type=float, default=20.0, help="seconds a launch may take")
    parser.add_argument("--load-timeout", type=float, default=300.0, help="seconds to load (nvcc) a batch")
    parser.add_argument("--worker", nargs=2, metavar=("BUILD", "BATCH"), help=argparse.SUPPRESS)
    parser.add_argument("--skip", default="", help=argparse.SUPPRESS)
    opts = parser.parse_args(argv)
    if opts.worker:
        return worker(pathlib.Path(opts.worker[0]), opts.worker[1], set(filter(None, opts.skip.split(","))))
    if opts.build_dir is None:
        parser.error("the build directory is required")
    import torch

    manifest = json.loads((opts.build_dir / "manifest.json").read_text())
    batches: dict[str, list[tuple[str, str]]] = collections.defaultdict(list)
    _, pipelines = _pipelines(manifest)
    for entry in manifest["cases"]:
        for p in pipelines:
            library = entry.get(p, {}).get("library")
            if library:
                batches[library.removesuffix(".so.gz").split("_")[-1]].append((entry["case"]["name"], p))
    records = gpu_workers.run_batches(str(pathlib.Path(__file__).resolve()), opts.build_dir.resolve(), dict(batches),
                                      opts.out / "logs", opts.workers, opts.case_timeout, opts.load_timeout)
    summary = summarize(manifest, records)
    opts.out.mkdir(parents=True, exist_ok=True)
    (opts.out / "results.json").write_text(json.dumps({"summary": summary, "records": records}, indent=1))
    text = markdown(summary, torch.cuda.get_device_name())
    (opts.out / "summary.md").write_text(text)
    print(text)
    return 0 if not summary["problems"] else 1


if __name__ == "__main__":
    sys.exit(main())
