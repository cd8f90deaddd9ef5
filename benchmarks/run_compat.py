"""Run the compat suite's cases on the GPU: each under stock TVM and ``"tma"``, the outputs
compared with each other and with a reference where the case names one; every case correct
under both timed under both.

    python3 .gpu/boot.py benchmarks/run_compat.py build/gpu/compat --out $OUT/compat
    # racecheck / synccheck on a sample, in one process, no timing:
    compute-sanitizer --tool racecheck --log-file $OUT/racecheck.log \\
        python3 .gpu/boot.py benchmarks/run_compat.py build/gpu/compat --workers 0 --no-time --only REGEX --out $OUT/rc

BUILD is what ``tests/compat/build_gpu.py`` wrote. Inputs come from each PrimFunc's signature
(uniform in [-1, 1] for floats, small integers otherwise; seeded per case), outputs are
poisoned (NaN; 0x5A bytes) before each launch. Each output must match the case's float64
reference within its dtype's tolerance (:data:`TOLERANCE`, relative norm error; for 16-bit
sums, :func:`reference_tolerance`), and ``tma`` must match stock bit for bit or within that
tolerance where stock is correct. A manifest may name other pipelines (``"pipelines"``,
stock TVM's first, each other one compared with it as ``"tma"`` is) and the timing's
parameters (``"timing"``: keyword arguments of :func:`interleaved_times`). Each batch runs
in a child process (``gpu_workers.py``:
hangs recorded, the run goes on), several at once; then the cases correct under both, one
child at a time: per pipeline the median of CUDA-event times of 200 launches (fewer for
kernels slower than 10 ms: about 2 s of GPU time, 20 at least) queued
behind a GPU spin (``run_gpu.queued_time_ms``: the GPU's time alone; most cases run for 10-40
µs, less than the host takes to launch them, so timing launch by launch measured the host),
in 10 rounds that alternate the pipelines on the same buffers (:func:`interleaved_times`),
each launch on the next of enough copies of its inputs and outputs to fill the L2 four times
(``run_gpu.rotating``: data from device memory, as on a large model's working set), and the
geometric mean of tma/stock; ``l2_warm_median_ms`` times the same launches all on one set of
buffers (inputs in the L2 after the first launch). The summary gives the geometric mean over the
tensor-core cases and over all, and the slowest case. ``--workers 0`` runs everything in this
process (for the sanitizers).
Writes ``results.json`` and ``summary.md``.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import pathlib
import re
import statistics
import sys
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import gpu_workers  # noqa: E402

PIPELINES = ("default", "tma")
"""The pipelines of a manifest that names none: stock TVM's, then the one compared with it."""
TIMED_LAUNCHES = 200
TIMED_ROUNDS = 10
TIMED_BUDGET_MS = 2000.0
TOLERANCE = {"float32": 1e-4, "float16": 4 * 2**-11, "bfloat16": 4 * 2**-8}
"""Largest relative norm error accepted against another pipeline or a float64 reference, by
output dtype (integers: exact)."""


def reference(torch, name: str, inputs: list) -> Any:
    """The float64 result a case's single output must match (``name`` from its manifest entry)."""
    x = [t.double() for t in inputs]
    if name in ("gemm", "matmul", "bmm"):
        return x[0] @ x[1]
    if name == "conv2d_nhwc_pad1":
        out = torch.nn.functional.conv2d(x[0].permute(0, 3, 1, 2), x[1].permute(3, 2, 0, 1), padding=1)
        return out.permute(0, 2, 3, 1)
    if name == "rms_norm":  # relax.op.nn.rms_norm, epsilon 1e-5
        return x[0] * torch.rsqrt(x[0].square().mean(-1, keepdim=True) + 1e-5) * x[1]
    if name == "softmax":
        return torch.softmax(x[0], -1)
    if name == "scale2":
        return x[0] * 2
    if name == "add":
        return x[0] + x[1]
    if name == "add_flip64":  # each 64-column block of the second input reversed
        return x[0] + x[1].unflatten(-1, (-1, 64)).flip(-1).flatten(-2)
    raise ValueError(f"unknown reference {name!r}")


def reference_tolerance(name: str, out, inputs: list) -> float:
    """:data:`TOLERANCE` of ``out``'s dtype; for a product of ``k``-long sums stored in a 16-bit
    type (which it may accumulate in: ``R.matmul`` of fp16), times ``sqrt(k / 64)`` where that
    is more: the rounding error of such a sum grows with its square root."""
    tolerance = TOLERANCE.get(str(out.dtype).removeprefix("torch."), 0.0)
    if name in ("gemm", "matmul", "bmm") and out.element_size() == 2:
        tolerance *= max(1.0, math.sqrt(inputs[0].shape[-1] / 64))
    return tolerance


def relative_error(torch, got, want) -> float:
    got, want = got.double(), want.double()
    if torch.isnan(got).any():
        return math.inf
    return float((got - want).norm() / want.norm().clamp_min(1e-300))


def pipelines_of(manifest: dict[str, Any]) -> tuple[str, ...]:
    """The manifest's pipelines (``"pipelines"``, else :data:`PIPELINES`), stock TVM's first."""
    return tuple(manifest.get("pipelines", PIPELINES))


def worker(build_dir: pathlib.Path, batch: str, skip: set[str], only: str | None, timing: bool,
           emit=gpu_workers.emit) -> int:
    """Run the cases of ``batch`` (matching ``only``) not in ``skip`` (``case:pipeline``);
    ``emit`` gets the records."""
    import torch
    import tvm

    manifest = json.loads((build_dir / "manifest.json").read_text())
    pipelines = pipelines_of(manifest)
    stock = pipelines[0]
    entries = [e for e in manifest["cases"] if e["batch"] == batch and (only is None or re.search(only, e["name"]))]
    names = {e[p]["library"] for e in entries for p in pipelines if "library" in e.get(p, {})}
    libraries = {name: gpu_workers.load_library(build_dir / name) for name in sorted(names)}
    emit({"event": "loaded"})
    for entry in entries:
        tensors = random_inputs(torch, entry["args"], entry["outputs"], sum(entry["name"].encode()))
        inputs = [t for t in tensors if t is not None]
        want = None
        if entry["reference"] and len(entry["outputs"]) == 1:
            want = reference(torch, entry["reference"], inputs)
        outputs: dict[str, list] = {}
        records: dict[str, dict[str, Any]] = {}
        funcs: dict[str, Any] = {}
        stock_correct = True
        for pipeline in pipelines:
            library = entry.get(pipeline, {}).get("library")
            if library is None or f"{entry['name']}:{pipeline}" in skip:
                continue
            emit({"event": "start", "case": entry["name"], "pipeline": pipeline})
            record: dict[str, Any] = {"event": "result", "case": entry["name"], "pipeline": pipeline}
            args = [t if t is not None else torch.empty(a["shape"], dtype=getattr(torch, a["dtype"]), device="cuda")
                    for t, a in zip(tensors, entry["args"])]
            for i in entry["outputs"]:  # poison
                if args[i].dtype.is_floating_point:
                    args[i].fill_(float("nan"))
                else:
                    args[i].view(torch.uint8).fill_(0x5A)
            func, tvm_args = libraries[library][entry["name"]], [tvm.runtime.from_dlpack(t) for t in args]
            try:
                func(*tvm_args)
                torch.cuda.synchronize()
            except Exception as err:  # a CUDA error: report, then leave (the context is unusable)
                record.update(status="error", detail=f"{type(err).__name__}: {str(err)[-800:]}")
                for done in [*records.values(), record]:
                    emit(done)
                return 3
            outs = [args[i] for i in entry["outputs"]]
            outputs[pipeline] = outs
            errors = []
            if want is not None:
                record["reference_error"] = relative_error(torch, outs[0], want)
                errors.append(record["reference_error"] <= reference_tolerance(entry["reference"], outs[0], inputs))
            if pipeline != stock and stock in outputs:
                equal = [torch.equal(a, b) for a, b in zip(outs, outputs[stock])]
                record["equals_stock"] = all(equal)
                record["error_vs_stock"] = max(0.0 if e else relative_error(torch, a, b)
                                               for e, a, b in zip(equal, outs, outputs[stock]))
                if stock_correct:  # where stock is wrong against the reference, the reference decides
                    dtype = str(outs[0].dtype).removeprefix("torch.")
                    errors.append(record["error_vs_stock"] <= TOLERANCE.get(dtype, 0.0))
            record["unwritten"] = sum(int(torch.isnan(o).sum()) for o in outs if o.dtype.is_floating_point)
            record["status"] = "correct" if all(errors) and record["unwritten"] == 0 else "wrong"
            if pipeline == stock:
                stock_correct = record["status"] == "correct"
            if not timing:  # the checking pass: each result as it comes
                emit(record)
                continue
            records[pipeline] = record
            if record["status"] == "correct":
                funcs[pipeline] = func
        if len(funcs) == len(pipelines):  # the timing pass, all correct
            cold, warm = interleaved_times(funcs, args, **manifest.get("timing", {}))
            for pipeline, record in records.items():
                record["median_ms"] = statistics.median(cold[pipeline])
                record["l2_warm_median_ms"] = statistics.median(warm[pipeline])
        for record in records.values():
            emit(record)
    return 0


def random_inputs(torch, args: list[dict[str, Any]], outputs: list[int], seed: int) -> list:
    """A tensor on the GPU per argument (``{"shape", "dtype"}``), ``None`` at the ``outputs``:
    uniform in [-1, 1] for floats, integers in [-8, 8) otherwise, from a generator seeded with ``seed``."""
    gen = torch.Generator(device="cuda").manual_seed(seed)
    tensors = []
    for i, arg in enumerate(args):
        dtype = getattr(torch, arg["dtype"])
        if i in outputs:
            tensors.append(None)
        elif dtype.is_floating_point:
            tensors.append((torch.rand(arg["shape"], generator=gen, device="cuda") * 2 - 1).to(dtype))
        else:
            tensors.append(torch.randint(-8, 8, arg["shape"], generator=gen, device="cuda").to(dtype))
    return tensors


def interleaved_times(funcs: dict[str, Any], args: list, launches: int = TIMED_LAUNCHES,
                      rounds: int = TIMED_ROUNDS, budget_ms: float = TIMED_BUDGET_MS,
                      spin_cycles: int | None = None) -> tuple[dict, dict]:
    """GPU times (ms) of ``launches`` launches of each function of ``funcs`` (one kernel
    under each pipeline, one signature; fewer, down to two a round, where they would take
    more than ``budget_ms`` of GPU time), in ``rounds`` rounds that alternate which goes first
    (each round's launches queued behind a GPU spin of ``spin_cycles``, ``run_gpu``'s by default),
    all on the same buffers: each launch on the next of enough copies of ``args`` to fill the
    L2 four times (data from device memory), and, apart, all on ``args`` (inputs in the L2).
    Builds of the same kernel timed one after the other, each on its own copies, had differed
    by up to 10%: where buffers lie and when a kernel runs move its time as much."""
    import tvm

    from run_gpu import SPIN_CYCLES, balanced_orders, queued_time_ms, rotating

    spin = SPIN_CYCLES if spin_cycles is None else spin_cycles
    next_args = rotating(args)
    tvm_args = [tvm.runtime.from_dlpack(t) for t in args]
    first = max(queued_time_ms(lambda f=f: f(*tvm_args), 1, spin)[0] for f in funcs.values())
    launches = max(2 * rounds, min(launches, int(budget_ms / max(first, 1e-3))))
    cold: dict[str, list[float]] = {p: [] for p in funcs}
    warm: dict[str, list[float]] = {p: [] for p in funcs}
    names = list(funcs)
    orders = balanced_orders(len(names), rounds)
    for pipeline in (names[i] for order in orders for i in order):
        func = funcs[pipeline]
        cold[pipeline] += queued_time_ms(lambda f=func: f(*map(tvm.runtime.from_dlpack, next_args())),
                                         launches // len(orders), spin)
        warm[pipeline] += queued_time_ms(lambda f=func: f(*tvm_args), launches // len(orders), spin)
    return cold, warm


def summarize(manifest: dict[str, Any], records: list[dict[str, Any]]) -> dict[str, Any]:
    """Per case: each pipeline's status and times, each other pipeline's time over stock's;
    the geometric means of those (all cases, tensor-core cases) per pipeline."""
    pipelines = pipelines_of(manifest)
    stock, compared = pipelines[0], pipelines[1:]
    by = {(r["case"], r["pipeline"]): r for r in records}
    rows, counts = [], {p: collections.Counter() for p in pipelines}
    ratios, warm, tensor_core = ({p: [] for p in compared} for _ in range(3))
    for entry in manifest["cases"]:
        row = {"case": entry["name"], "pattern": entry["pattern"]}
        for p in pipelines:
            r = by.get((entry["name"], p))
            row[p] = r["status"] if r else "refused" if "error" in entry.get(p, {}) else "not built"
            counts[p][row[p]] += 1
            if r and "median_ms" in r:
                row[f"{p}_ms"] = r["median_ms"]
                row[f"{p}_l2_warm_ms"] = r.get("l2_warm_median_ms")
        for p in compared:
            row[f"{p}_equals_stock"] = by.get((entry["name"], p), {}).get("equals_stock")
        row["reference_error"] = by.get((entry["name"], compared[0]), {}).get(
            "reference_error", by.get((entry["name"], stock), {}).get("reference_error"))
        for p in compared:
            if f"{stock}_ms" not in row or f"{p}_ms" not in row:
                continue
            row["tensor_core"] = entry["tensor_core"]
            row[f"{p}_over_stock"] = row[f"{p}_ms"] / row[f"{stock}_ms"]
            ratios[p].append(row[f"{p}_over_stock"])
            if row[f"{stock}_l2_warm_ms"] and row[f"{p}_l2_warm_ms"]:
                row[f"{p}_over_stock_l2_warm"] = row[f"{p}_l2_warm_ms"] / row[f"{stock}_l2_warm_ms"]
                if entry["tensor_core"]:
                    warm[p].append(row[f"{p}_over_stock_l2_warm"])
            if entry["tensor_core"]:
                tensor_core[p].append(row[f"{p}_over_stock"])
        rows.append(row)
    summary: dict[str, Any] = {"pipelines": list(pipelines), "counts": {p: dict(c) for p, c in counts.items()},
                               "timed": len(ratios[compared[0]]), "tensor_core_timed": len(tensor_core[compared[0]])}
    for p in compared:
        summary.update({f"geomean_all_{p}_over_stock_time": _geomean(ratios[p]),
                        f"geomean_{p}_over_stock_time": _geomean(tensor_core[p]),
                        f"geomean_{p}_over_stock_time_l2_warm": _geomean(warm[p])})
    return {**summary, "rows": rows, "problems": [r for r in records if r["status"] != "correct"]}


def _geomean(values: list[float]) -> float | None:
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


def markdown(summary: dict[str, Any], device: str) -> str:
    stock, *compared = summary.get("pipelines", PIPELINES)
    lines = [f"Compat cases on {device}: " + "; ".join(f"{p}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items()))
                                                     for p, c in summary["counts"].items()), ""]
    for p in compared:
        timed = [r for r in summary["rows"] if f"{p}_over_stock" in r]
        if timed:
            slowest = max(timed, key=lambda r: r[f"{p}_over_stock"])
            lines += [f"Timed (correct under {'both' if len(compared) == 1 else 'all'}): {summary['timed']}; geometric "
                      f"mean of {p} / stock time {summary[f'geomean_all_{p}_over_stock_time']:.3f}, slowest "
                      f"{slowest['case']} {slowest[f'{p}_over_stock']:.3f} (data from device memory)", ""]
        if summary[f"geomean_{p}_over_stock_time"] is not None:
            lines += [f"Tensor-core cases timed: {summary['tensor_core_timed']}; geometric mean of "
                      f"{p} / stock time: {summary[f'geomean_{p}_over_stock_time']:.3f} (data from device memory), "
                      f"{summary[f'geomean_{p}_over_stock_time_l2_warm'] or float('nan'):.3f} (inputs in the L2)", ""]
    columns = (["case", "stock", *compared] + [f"{p} == stock" for p in compared] + ["ref. rel. error", "stock ms"]
               + [f"{p} ms" for p in compared] + [f"{p} / stock" for p in compared]
               + [f"{p} / stock, inputs in the L2" for p in compared])
    lines += ["| " + " | ".join(columns) + " |", "|---" * len(columns) + "|"]
    for r in summary["rows"]:
        fmt = lambda v, f: "-" if v is None else format(v, f)  # noqa: E731
        cells = ([r["case"], r[stock], *(r[p] for p in compared)]
                 + [fmt(r[f"{p}_equals_stock"], "") for p in compared]
                 + [fmt(r["reference_error"], ".1e"), fmt(r.get(f"{stock}_ms"), ".4f")]
                 + [fmt(r.get(f"{p}_ms"), ".4f") for p in compared]
                 + [fmt(r.get(f"{p}_over_stock"), ".3f") for p in compared]
                 + [fmt(r.get(f"{p}_over_stock_l2_warm"), ".3f") for p in compared])
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "Not correct:"] + [f"- {p['case']} ({p['pipeline']}): {p['status']} {p.get('detail', '')[:400]}"
                                     for p in summary["problems"]]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir", type=pathlib.Path, nargs="?")  # absent in --worker mode
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("compat_results"))
    parser.add_argument("--only", help="regex on case names (re.search)")
    parser.add_argument("--no-time", action="store_true", help="check only (for the sanitizers)")
    parser.add_argument("--workers", type=int, default=6, help="child processes at a time; 0: run here")
    parser.add_argument("--case-timeout", type=float, default=60.0, help="seconds a case may take (timing included)")
    parser.add_argument("--load-timeout", type=float, default=300.0, help="seconds to load (nvcc) a batch")
    parser.add_argument("--worker", nargs=2, metavar=("BUILD", "BATCH"), help=argparse.SUPPRESS)
    parser.add_argument("--skip", default="", help=argparse.SUPPRESS)
    opts = parser.parse_args(argv)
    if opts.worker:
        return worker(pathlib.Path(opts.worker[0]), opts.worker[1], set(filter(None, opts.skip.split(","))),
                      opts.only, not opts.no_time)
    if opts.build_dir is None:
        parser.error("the build directory is required")
    import torch

    manifest = json.loads((opts.build_dir / "manifest.json").read_text())
    manifest["cases"] = [e for e in manifest["cases"] if opts.only is None or re.search(opts.only, e["name"])]
    pipelines = pipelines_of(manifest)
    batches: dict[str, list[tuple[str, str]]] = collections.defaultdict(list)
    for entry in manifest["cases"]:
        for p in pipelines:
            if "library" in entry.get(p, {}):
                batches[entry["batch"]].append((entry["name"], p))
    if opts.workers == 0:
        records: list[dict[str, Any]] = []
        for batch in batches:
            worker(opts.build_dir, batch, set(), opts.only, not opts.no_time,
                   lambda r: records.append(r) if r["event"] == "result" else None)
    else:
        script, build = str(pathlib.Path(__file__).resolve()), opts.build_dir.resolve()
        extra = ["--no-time"] + (["--only", opts.only] if opts.only else [])
        records = gpu_workers.run_batches(script, build, dict(batches), opts.out / "logs", opts.workers,
                                          opts.case_timeout, opts.load_timeout, extra)
        if not opts.no_time:  # one child at a time: timings of kernels sharing the GPU would mean nothing
            correct = collections.Counter(r["case"] for r in records if r["status"] == "correct")
            timed = {e["name"] for e in manifest["cases"] if correct[e["name"]] == len(pipelines)}
            pairs = {b: [(c, p) for c, p in v if c in timed] for b, v in batches.items()}
            pairs = {b: v for b, v in pairs.items() if v}
            only = "^(" + "|".join(map(re.escape, sorted(timed))) + ")$"
            times = gpu_workers.run_batches(script, build, pairs, opts.out / "logs_timing", 1, opts.case_timeout,
                                            opts.load_timeout, ["--only", only]) if pairs else []
            timing = {(r["case"], r["pipeline"]): r for r in times if "median_ms" in r}
            for r in records:
                if (r["case"], r["pipeline"]) in timing:
                    r.update({k: timing[r["case"], r["pipeline"]][k] for k in ("median_ms", "l2_warm_median_ms")})
    summary = summarize(manifest, records)
    opts.out.mkdir(parents=True, exist_ok=True)
    device = torch.cuda.get_device_name()
    results = {"device": device, "summary": summary, "records": records}
    (opts.out / "results.json").write_text(json.dumps(results, indent=1))
    text = markdown(summary, device)
    (opts.out / "summary.md").write_text(text)
    print(text)
    return 0 if not summary["problems"] else 1


if __name__ == "__main__":
    sys.exit(main())
