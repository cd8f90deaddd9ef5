"""The launch-size sweep that calibrates :mod:`tvm_tma.launch_cost`: build, then report.

    python benchmarks/build_launch_sweep.py build --out build/gpu/launch_sweep
    # on the GPU machine (with .gpu and the build directory copied there):
    python3 .gpu/boot.py --precompile build/gpu/launch_sweep benchmarks/run_compat.py build/gpu/launch_sweep --out DIR
    # back here:
    python benchmarks/build_launch_sweep.py report DIR/results.json --build build/gpu/launch_sweep \\
        --out benchmarks/results/launch_cost_h100

``build``: the differential fuzzer's kernels (:mod:`tvm_tma.testing.fuzz`) of ``--seeds``, the
first ``--bases`` of each seed's cases that the mbarrier lowering takes, each scaled
(:func:`tvm_tma.testing.fuzz_cases.scale_launch`) to launches of :data:`CTAS` CTAs moving
:data:`DATA_MB` MB (a Latin square: the ``i``-th CTA count of base ``b`` with data size
``(i + b) % 5``), and the compat suite's schedules (``tests/compat/build_gpu.py``: the suite
and its ``launch`` suite) whose lowering the launch-cost decision changes; each compiled
under stock TVM, under the mbarrier lowering at every launch size (``"tma_all_launches"``)
and with stock's cp.async groups at every launch size (:data:`STOCK_GROUPS`: what ``"tma"``
emits where the model says no), exported as ``benchmarks/run_compat.py`` runs them (its
manifest names the three pipelines and a shorter timing), with each case's
:class:`~tvm_tma.launch_cost.LaunchShape` per kernel and each library's CUDA beside it (for
``boot.py --precompile``).

``report``: each timed case's features, both lowerings' time over stock's, the model's
decision (:func:`tvm_tma.launch_cost.decide`) and whether it chose the faster lowering; the
geometric mean of stock's time over the chosen lowering's where it chose the mbarriers, the
slowest case, the wrong decisions, and the fit of the threshold on the training seeds checked
on the others (:data:`TRAIN_SEEDS`). Writes ``OUT.md``, ``OUT.json`` and, a copy of the run's
results, ``OUT_run.json``.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import math
import pathlib
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests" / "compat"))

import tvm  # noqa: E402
from tvm.tirx import compilation_pipeline  # noqa: E402

import build_gpu  # noqa: E402
from tvm_tma import launch_cost  # noqa: E402
from tvm_tma.codegen import SM90A  # noqa: E402
from tvm_tma.pipeline import tma_tir_pipeline  # noqa: E402
from tvm_tma.testing import compat, fuzz, fuzz_cases  # noqa: E402

MBARRIERS = "tma_all_launches"
STOCK_GROUPS = "tma_stock_groups"
"""``"tma"`` with stock's cp.async groups in launches of any size (where they express the pipeline)."""
PIPELINES = (compat.STOCK, MBARRIERS, STOCK_GROUPS)
TIMING = {"launches": 120, "rounds": 6, "budget_ms": 100.0, "spin_cycles": 10_000_000}
"""``run_compat.interleaved_times``'s parameters: 20 launches a round, queued behind a 5 ms spin."""
CTAS = (20, 60, 128, 264, 660, 2640, 8448)
DATA_MB = (1, 4, 16, 64, 192)
MAX_LOADS = 512
"""Stages one CTA loads at most (the kernel's time bounded where few CTAs move much data)."""
TRAIN_SEEDS = (1, 2, 3, 4)
"""The fuzzer seeds the threshold is fitted on; the other seeds and the compat cases check it."""


def base_cases(seeds: list[int], bases: int, scan: int = 40) -> list[fuzz_cases.FuzzCase]:
    """The first ``bases`` cases of each seed (of its first ``scan``) that stock TVM builds and
    the mbarrier lowering takes (an mbarrier in its CUDA)."""
    found = []
    for seed in seeds:
        taken = 0
        for case in fuzz_cases.generate(seed, scan):
            mod = fuzz.schedule(case)
            if compat.build(mod, compat.STOCK, remember=False).error is None \
                    and "mbarrier" in compat.build(mod, MBARRIERS, remember=False).source:
                found.append(case)
                taken += 1
                if taken == bases:
                    break
    return found


def sweep_cases(bases: list[fuzz_cases.FuzzCase]) -> list[fuzz_cases.FuzzCase]:
    """Each base case at the launch sizes of the Latin square (see the module docstring)."""
    return [fuzz_cases.scale_launch(base, ctas, DATA_MB[(i + b) % len(DATA_MB)] << 20, MAX_LOADS)
            for b, base in enumerate(bases) for i, ctas in enumerate(CTAS)]


def _compat_case(case: fuzz_cases.FuzzCase) -> compat.CompatCase:
    return compat.CompatCase(case.name, fuzz_cases.describe(case), functools.partial(fuzz.schedule, case),
                             sizes={"tiles": case.rows // case.tile_m} if case.dynamic else {})


def _shapes(result: compat.Build) -> list[dict[str, Any]]:
    """Each kernel's :class:`~tvm_tma.launch_cost.LaunchShape`, as JSON."""
    funcs = result.pipelined.functions.values() if result.pipelined is not None else []
    return [{**dataclasses.asdict(s), "copied": sorted(s.copied), "stock_sync": sorted(s.stock_sync)}
            for f in funcs if isinstance(f, tvm.tirx.PrimFunc) for s in launch_cost.kernel_shapes(f)]


def _shape(data: dict[str, Any]) -> launch_cost.LaunchShape:
    return launch_cost.LaunchShape(**{**data, "copied": frozenset(data["copied"]),
                                      "stock_sync": frozenset(data["stock_sync"])})


def build(out: pathlib.Path, seeds: list[int], bases: int, batch: int, with_compat: bool) -> dict[str, Any]:
    """Compile the sweep (see the module docstring) into ``out``; returns the manifest."""
    compilation_pipeline.register_tir_pipeline(STOCK_GROUPS,
                                               functools.partial(tma_tir_pipeline, launch_cost="stock_groups"))
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    chosen = base_cases(seeds, bases)
    print(f"{len(chosen)} base cases ({time.perf_counter() - start:.0f} s)", flush=True)
    candidates = [(_compat_case(c), {"fuzz": c.to_json()}) for c in sweep_cases(chosen)]
    if with_compat:
        candidates += [(c, {}) for c in build_gpu.all_cases() + build_gpu.launch_cases()]
    entries, members, skipped = [], {p: [] for p in PIPELINES}, []
    for case, origin in candidates:
        mod = case.build()
        results = {p: compat.build(mod, p, remember=False) for p in PIPELINES}
        unchanged = results[MBARRIERS].source == results[STOCK_GROUPS].source
        if unchanged or any(r.error is not None for r in results.values()):
            skipped.append(case.name)  # the decision changes nothing, or not built
            continue
        func = mod["main"]
        key = str(len(entries) // batch)
        entries.append({"name": case.name, "pattern": case.pattern, **origin, "batch": key,
                        "reference": case.reference, "tensor_core": case.tensor_core,
                        "args": compat.signature(func, case.sizes), "outputs": compat.written_params(func),
                        "shapes": _shapes(results[MBARRIERS]),
                        "lowered": launch_cost.lowered_copies(results[MBARRIERS].report),
                        "copies": build_gpu.copies_summary(results[MBARRIERS]),
                        **{p: {"seconds": round(r.seconds, 3)} for p, r in results.items()}})
        for p in PIPELINES:
            members[p].append((case, mod))
    print(f"{len(entries)} cases to time, {len(skipped)} left out ({time.perf_counter() - start:.0f} s)", flush=True)
    by_name = {e["name"]: e for e in entries}
    for p in PIPELINES:
        for key in sorted({e["batch"] for e in entries}, key=int):
            libraries, sources = build_gpu.export_batch([m for m in members[p] if by_name[m[0].name]["batch"] == key],
                                                        p, out, key)
            for name, library in libraries.items():
                by_name[name][p]["library"] = library
            for library, source in sources.items():
                (out / library.replace(".so.gz", ".cu")).write_text(source)
        print(f"{p}: exported ({time.perf_counter() - start:.0f} s)", flush=True)
    manifest = {"tvm_version": tvm.__version__, "target": SM90A, "pipelines": list(PIPELINES), "timing": TIMING,
                "seeds": seeds, "bases": [c.name for c in chosen], "left_out": skipped, "cases": entries}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return manifest


NOISE = 0.02
"""A decision is wrong where the lowering it chose ran more than this much slower than the other."""


def _split(entry: dict[str, Any]) -> str:
    """``"train"`` or ``"held-out"`` for a fuzzer kernel (by its seed), ``"compat"`` for a compat schedule."""
    if "fuzz" not in entry:
        return "compat"
    return "train" if int(entry["name"].removeprefix("fuzz").split("_")[0]) in TRAIN_SEEDS else "held-out"


def _geomean(values: list[float]) -> float | None:
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


def _summary(cases: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts and figures of a set of decided cases."""
    picked = [c for c in cases if c["mbarrier"]]
    wrong = [c for c in cases if c["wrong"]]
    return {"cases": len(cases), "mbarrier": len(picked),
            "speed_where_mbarrier": _geomean([1 / c["chosen_over_stock"] for c in picked]),
            "speed_all": _geomean([1 / c["chosen_over_stock"] for c in cases]),
            "slowest": max(cases, key=lambda c: c["chosen_over_stock"])["name"] if cases else None,
            "slowest_over_stock": max((c["chosen_over_stock"] for c in cases), default=None),
            "over_3_percent": [c["name"] for c in cases if c["chosen_over_stock"] > 1.03],
            "wrong": len(wrong), "wrong_mbarrier": sum(c["mbarrier"] for c in wrong),
            "worst_miss": max((c["miss"] for c in wrong), default=None)}


def decided(manifest: dict[str, Any], results: dict[str, Any], ignore_synchronous: bool = False,
            **limits_: int) -> list[dict[str, Any]]:
    """Each case of one kernel timed under the three pipelines: its features, both lowerings'
    time over stock's, the model's decision, the chosen one's time over stock's and by how
    much it missed the faster one (``miss``: chosen over best, 1 where right). ``limits_``:
    :func:`~tvm_tma.launch_cost.decide`'s ``per_thread`` and ``min_loads``;
    ``ignore_synchronous``: as if no copy stayed synchronous under the lowering (rule 2
    without that condition)."""
    limits = launch_cost.ARCH_LIMITS[90]
    rows = {r["case"]: r for r in results["summary"]["rows"]}
    cases = []
    for entry in manifest["cases"]:
        row = rows.get(entry["name"], {})
        if len(entry["shapes"]) != 1 or not all(f"{p}_over_stock" in row for p in PIPELINES[1:]):
            continue
        shape = _shape(entry["shapes"][0])
        lowered = {b: how for b, how in entry["lowered"].items()
                   if not (ignore_synchronous and how == launch_cost.SYNCHRONOUS)}
        decision = launch_cost.decide(shape, lowered, limits, **limits_)
        mbar, groups = row[f"{MBARRIERS}_over_stock"], row[f"{STOCK_GROUPS}_over_stock"]
        chosen = mbar if decision.mbarrier else groups
        cases.append({"name": entry["name"], "split": _split(entry), **entry["shapes"][0],
                      "lowered": entry["lowered"], "waves": shape.waves(limits),
                      "data_mb": sum(math.prod(a["shape"]) * _ELEM[a["dtype"]] for a in entry["args"]) / (1 << 20),
                      "stock_ms": row[f"{compat.STOCK}_ms"], "mbarrier_over_stock": mbar, "groups_over_stock": groups,
                      "mbarrier": decision.mbarrier, "rule": decision.rule, "reason": decision.reason,
                      "chosen_over_stock": chosen,
                      "miss": chosen / min(mbar, groups), "wrong": chosen > min(mbar, groups) * (1 + NOISE)})
    return cases


_ELEM = {"float32": 4, "float16": 2, "bfloat16": 2, "int8": 1, "int32": 4, "float64": 8}
SPLITS = ("train", "held-out", "compat")
PER_THREAD_SCAN = (32, 64, 96, 128, 256, 512)
LOADS_SCAN = (1, 2, 3)


SHAPE_FEATURES = {
    "CTAs": lambda c: c["ctas"], "waves": lambda c: c["waves"], "loads": lambda c: c["loads"],
    "stage bytes": lambda c: c["stage_bytes"], "stages": lambda c: c["stages"],
    "bytes per CTA": lambda c: None if c["loads"] is None else c["loads"] * c["stage_bytes"],
    "MB": lambda c: c["data_mb"]}
"""The launch's shape, one feature at a time (:func:`best_threshold`)."""


def best_threshold(cases: list[dict[str, Any]], feature: str) -> dict[str, Any]:
    """The threshold on one feature of :data:`SHAPE_FEATURES` (mbarriers at or above it, or at or
    below it) under which the cases it picks ran fastest on mbarriers, in geometric mean: how
    far the launch's shape alone predicts the gain."""
    value = SHAPE_FEATURES[feature]
    known = [c for c in cases if value(c) is not None]
    best: dict[str, Any] = {}
    for threshold in sorted({value(c) for c in known}):
        for side in (">=", "<="):
            picked = [c for c in known if (value(c) >= threshold if side == ">=" else value(c) <= threshold)]
            speed = _geomean([1 / c["mbarrier_over_stock"] for c in picked])
            if not best or speed > best["speed_where_mbarrier"]:
                best = {"feature": feature, "side": side, "threshold": threshold, "mbarrier": len(picked),
                        "speed_where_mbarrier": speed,
                        "faster": sum(c["mbarrier_over_stock"] * (1 + NOISE) < c["groups_over_stock"] for c in picked),
                        "slower": sum(c["mbarrier_over_stock"] > c["groups_over_stock"] * (1 + NOISE) for c in picked),
                        "slowest_over_stock": max(c["mbarrier_over_stock"] for c in picked)}
    return best


def _by_split(cases: list[dict[str, Any]]) -> dict[str, Any]:
    return {"all": _summary(cases), **{s: _summary([c for c in cases if c["split"] == s]) for s in SPLITS}}


def report(manifest: dict[str, Any], results: dict[str, Any], device: str) -> dict[str, Any]:
    """The decided cases and their summaries (all, per split); the same under other limits of
    the two rules (the fit) and without rule 2's condition on synchronous copies; the cases
    left untimed (not correct under every pipeline)."""
    untimed: dict[str, list[str]] = {}
    for problem in results["summary"]["problems"]:
        untimed.setdefault(problem["case"], []).append(
            f"{problem['pipeline']}: {problem['status']}" + (f", {problem['unwritten']} outputs unwritten"
                                                             if problem.get("unwritten") else ""))
    scan = [{"per_thread": t, "min_loads": n, **_by_split(decided(manifest, results, per_thread=t, min_loads=n))}
            for t in PER_THREAD_SCAN for n in LOADS_SCAN]
    cases = decided(manifest, results)
    return {"device": device, "seeds": manifest["seeds"], "timing": manifest["timing"],
            "summary": _by_split(cases),
            "without_synchronous_condition": _by_split(decided(manifest, results, ignore_synchronous=True)),
            "scan": scan, "shape_thresholds": [best_threshold(cases, f) for f in SHAPE_FEATURES],
            "untimed": untimed, "left_out": manifest["left_out"], "cases": cases}


def markdown(result: dict[str, Any]) -> str:
    """The report as a page: the summaries, the fit, then one row per case."""
    fmt = lambda v, f: "-" if v is None else format(v, f)  # noqa: E731
    header = ["| cases | n | mbarrier picked | stock / chosen time where picked (geomean) | all (geomean) | slowest, "
              "chosen / stock | over 3% slower | wrong (of them mbarrier) | worst miss |", "|---" * 9 + "|"]

    def summary_rows(summaries: dict[str, Any]) -> list[str]:
        return [f"| {name} | {s['cases']} | {s['mbarrier']} | {fmt(s['speed_where_mbarrier'], '.3f')}x | "
                f"{fmt(s['speed_all'], '.3f')}x | {s['slowest']} {fmt(s['slowest_over_stock'], '.3f')} | "
                f"{', '.join(s['over_3_percent']) or '-'} | {s['wrong']} ({s['wrong_mbarrier']}) | "
                f"{fmt(s['worst_miss'], '.3f')} |" for name, s in summaries.items()]

    cases = result["cases"]
    timing = result["timing"]
    lines = [f"Launch-cost sweep on {result['device']}: {len(cases)} cases timed in one run, "
             f"{sum(c['split'] != 'compat' for c in cases)} of the fuzzer's kernels (seeds "
             f"{', '.join(map(str, result['seeds']))}: each seed's first bases the mbarrier lowering takes, at "
             f"{', '.join(map(str, CTAS))} CTAs and {', '.join(map(str, DATA_MB))} MB in a Latin square) and "
             f"{sum(c['split'] == 'compat' for c in cases)} compat schedules whose lowering the decision changes "
             f"({len(result['left_out'])} others it does not change were left out). Each built under stock TVM "
             f"(`{compat.STOCK}`, `tirx.use_async_copy`), on mbarrier rings at every launch size (`{MBARRIERS}`) and "
             f"with stock's cp.async groups at every launch size (`{STOCK_GROUPS}`), timed by "
             f"`benchmarks/run_compat.py`: the median of {timing['launches']} launches per pipeline in "
             f"{timing['rounds']} rounds that alternate the three, queued behind a GPU spin, each launch on the next "
             "of enough copies of its buffers to fill the L2 four times. Commands: `python "
             "benchmarks/build_launch_sweep.py build --out build/gpu/launch_sweep`, on the GPU `python3 .gpu/boot.py "
             "--precompile build/gpu/launch_sweep benchmarks/run_compat.py build/gpu/launch_sweep --out DIR`, then "
             "`python benchmarks/build_launch_sweep.py report DIR/results.json --build build/gpu/launch_sweep "
             "--out benchmarks/results/launch_cost_h100` (the run's results: "
             "[launch_cost_h100_run.json](launch_cost_h100_run.json)).", "",
             "The model (`tvm_tma.launch_cost.decide`, rules `launch_cost` and `launch_cost_loads`) picks one of "
             "the two tma builds per case; \"chosen / stock\" is its time over stock's, a decision is wrong where "
             f"the other build ran more than {NOISE:.0%} faster (\"miss\": chosen over the faster one). Splits: "
             f"train, the fuzzer seeds {', '.join(map(str, TRAIN_SEEDS))} (the limits were read off them and the "
             "compat schedules); held-out, the other seeds.", "",
             *header, *summary_rows(result["summary"]), "",
             "Without rule 2's condition that no copy stays synchronous (read off a held-out seed's kernel, not "
             "the training seeds):", "", *header,
             *summary_rows(result["without_synchronous_condition"]), "",
             "The fit: the limits of `launch_cost` (bytes per thread per stage) and `launch_cost_loads` (stages "
             "per CTA) against each split: mbarrier picked / wrong / slowest chosen over stock / stock over "
             "chosen time where picked.", "",
             "| bytes per thread | loads | " + " | ".join(SPLITS) + " |", "|---" * (2 + len(SPLITS)) + "|"]
    for row in result["scan"]:
        lines.append(f"| {row['per_thread']} | {row['min_loads']} | " + " | ".join(
            f"{row[s]['mbarrier']} / {row[s]['wrong']} / {fmt(row[s]['slowest_over_stock'], '.3f')} / "
            f"{fmt(row[s]['speed_where_mbarrier'], '.2f')}x" for s in SPLITS) + " |")
    lines += ["", "The launch's shape alone: for each feature, the one threshold whose picks ran fastest on "
              "mbarriers (geometric mean of stock's time over theirs), how many it picks, of them faster / slower "
              f"than stock's groups by more than {NOISE:.0%}, and the slowest pick over stock.", "",
              "| feature | mbarriers where | picked | stock / mbarrier time | faster / slower | slowest |",
              "|---|---|---|---|---|---|"]
    for t in result["shape_thresholds"]:
        lines.append(f"| {t['feature']} | {t['side']} {fmt(t['threshold'], '.3g')} | {t['mbarrier']} | "
                     f"{t['speed_where_mbarrier']:.3f}x | {t['faster']} / {t['slower']} | "
                     f"{t['slowest_over_stock']:.3f} |")
    slow = [c for c in cases if c["name"] in result["summary"]["all"]["over_3_percent"]]
    lines += ["", "More than 3% slower than stock under the model's choice: " + ("; ".join(
        f"{c['name']} (stock's groups {c['groups_over_stock']:.3f}, mbarriers {c['mbarrier_over_stock']:.3f})"
        for c in slow) or "none") + "."]
    lines += ["", "Not timed (not correct under every pipeline; run_compat compares the tma builds with stock's "
              "output): " + "; ".join(f"{case} ({', '.join(p)})" for case, p in result["untimed"].items()), "",
              "| case | split | CTAs | threads | stage bytes | stages | loads | waves | MB | stock us | "
              "mbarrier / stock | groups / stock | picks | why | chosen / stock | wrong by |", "|---" * 16 + "|"]
    for c in result["cases"]:
        lines.append(f"| {c['name']} | {c['split']} | {c['ctas']} | {c['threads']} | {c['stage_bytes']} | "
                     f"{c['stages']} | {c['loads']} | {fmt(c['waves'], '.2f')} | {c['data_mb']:.1f} | "
                     f"{1000 * c['stock_ms']:.1f} | "
                     f"{c['mbarrier_over_stock']:.3f} | {c['groups_over_stock']:.3f} | "
                     f"{'mbarrier' if c['mbarrier'] else 'groups'} | {c['reason']} | {c['chosen_over_stock']:.3f} | "
                     f"{fmt(c['miss'] - 1 if c['wrong'] else None, '.1%')} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    cmd = sub.add_parser("build", help="compile the sweep for benchmarks/run_compat.py")
    cmd.add_argument("--out", type=pathlib.Path, required=True)
    cmd.add_argument("--seeds", type=int, nargs="+", default=list(range(1, 9)))
    cmd.add_argument("--bases", type=int, default=3, help="base cases per seed")
    cmd.add_argument("--batch", type=int, default=25, help="cases per library")
    cmd.add_argument("--no-compat", action="store_true", help="the fuzzer's kernels only")
    cmd = sub.add_parser("report", help="the model's decisions on a run of the sweep")
    cmd.add_argument("results", type=pathlib.Path, help="run_compat.py's results.json")
    cmd.add_argument("--build", type=pathlib.Path, required=True, help="the build directory (its manifest.json)")
    cmd.add_argument("--out", type=pathlib.Path, required=True, help="OUT.md and OUT.json are written")
    cmd.add_argument("--device", help="the GPU of the run (default: the results' device)")
    opts = parser.parse_args(argv)
    if opts.command == "build":
        build(opts.out, opts.seeds, opts.bases, opts.batch, not opts.no_compat)
        return 0
    manifest = json.loads((opts.build / "manifest.json").read_text())
    results = json.loads(opts.results.read_text())
    result = report(manifest, results, opts.device or results["device"])
    opts.out.with_suffix(".json").write_text(json.dumps(result, indent=1))
    opts.out.with_name(opts.out.name + "_run.json").write_text(opts.results.read_text())
    opts.out.with_suffix(".md").write_text(markdown(result))
    print(markdown(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
