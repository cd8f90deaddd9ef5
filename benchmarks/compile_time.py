"""Compile time under ``"tma"`` against stock TVM, on the compat suite's schedules and the models.

    python benchmarks/compile_time.py --out benchmarks/results/compile_time.json [--repeat 5] [--only REGEX]
    python benchmarks/compile_time.py --suite launch --out benchmarks/results/compile_time_launch.json
    python benchmarks/compile_time.py --suite models --repeat 3 --out benchmarks/results/compile_time_models.json

Each case (``tests/compat``: the patterns of TVM's pipeline tests, the MetaSchedule samples
of the GPU run, the dlight functions) is compiled for sm_90a (``tvm.compile``: TVM's passes,
ours and CUDA source generation; nvcc runs later, when the module is loaded) ``--repeat``
times under each pipeline, alternating; the figure is the least CPU time (``process_time``)
of each, so other work on the machine counts as little as it can. ``--suite launch``: the
launch-size sweep's schedules instead (``tests/compat/build_gpu.py --suite launch``: the
compat suite's small launches at grids of up to thousands of CTAs, where the launch-cost
model puts some of them on mbarriers instead of stock's groups). ``--suite models``: the
Llama layer (``build_llama.py``) at 4096 tokens and built for any length, the GPT-2 block and
the Hugging Face form of the Llama-3 layer, each as ``build_llama.py``'s ``tma_sdpa`` and
``stock_sm90_sdpa`` builds compile it (Relax fusion, the rules, ``tvm.compile``), and the
layer for any length as ``tma_sdpa_one_gated_width`` builds it, after one warm-up of each, each
model in a process of its own; and each model's first compile in a fresh process under each
pipeline (``stock_first_s``, ``tma_first_s``, ``first_ratio``: the least of ``--repeat``
processes, the clock started once TVM, tvm_tma and the model's module are imported: what a
command that compiles one model waits for, TVM's lazy imports and first-use costs included:
stock dlight's ``Matmul`` imports TVM's tensor-intrinsic library, some 250 TVMScript functions,
on its first use). Writes the per-case times and ratios, their geometric mean and the totals,
and prints a table.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import re
import sys
import time

import tvm

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "compat"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from tvm_tma.codegen import compile_sm90a
from tvm_tma.testing import compat


def compile_seconds(mod: tvm.IRModule, pipeline: str) -> float:
    """CPU seconds of one ``tvm.compile`` of ``mod`` under ``pipeline``."""
    start = time.process_time()
    compile_sm90a(mod, pipeline, compat.pass_config(pipeline))
    return time.process_time() - start


def model_seconds(model: str, build_name: str, dynamic: bool) -> float:
    """CPU seconds of compiling ``model`` (``build_llama.MODELS``) at 4096 tokens (``dynamic``:
    for any length) as ``build_llama.py``'s build ``build_name`` does."""
    import dataclasses

    import build_llama
    from tvm_tma import dlight as tdl

    build = build_llama.BUILDS[build_name]
    shape_cls, relax_module = build_llama.MODELS[model]
    shape = shape_cls(seq=4096, dynamic=dynamic)
    if model == "llama":
        shape = dataclasses.replace(shape, attention=build.attention)
    target = tvm.target.Target({"kind": "cuda", "arch": build.arch})
    start = time.process_time()
    with target:
        passes = tdl.fusion_passes(target, attention=build.fused_attention, transpose_matmul=build.rules == "ours")
        fused = tvm.transform.Sequential(passes)(relax_module(shape))
        scheduled, _ = tdl.apply_rules(fused, build.schedule_rules())
    with tvm.transform.PassContext(config=build.config):
        tvm.compile(scheduled, target, relax_pipeline=tvm.transform.Sequential(tdl.lowering_passes(target)),
                    tir_pipeline=build.tir_pipeline)
    return time.process_time() - start


class _ModelCase:
    """One model of ``--suite models``."""

    def __init__(self, model: str, dynamic: bool, build: str = "tma_sdpa"):
        self.model, self.dynamic, self.build = model, dynamic, build
        self.name = f"{model}_4096" + ("_any_length" if dynamic else "") + build.removeprefix("tma_sdpa")

    def seconds(self, pipeline: str) -> float:
        return model_seconds(self.model, "stock_sm90_sdpa" if pipeline == compat.STOCK else self.build, self.dynamic)


def _compat_cases(suite: str) -> list:
    """The compat suite's cases (``tests/compat/build_gpu.py``), imported only for its suites:
    loaded, its TVMScript functions (some 95,000 Python objects) slow every later compile through
    Python's garbage collector, which a process compiling a model does not have (the any-length
    Llama layer 1.32 s with them loaded, 1.13 without; stock's 0.66 and 0.61)."""
    import build_gpu  # tests/compat: the GPU run's cases

    return build_gpu.all_cases() if suite == "compat" else build_gpu.launch_cases()


def _model_process(name: str, *args: str) -> dict:
    """What this script writes for model case ``name`` run with ``args`` in a process of its own."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "out.json"
        subprocess.run([sys.executable, __file__, "--suite", "models", "--only", f"^{name}$", *args,
                        "--out", str(out)], check=True, capture_output=True)
        return json.loads(out.read_text())


def _in_own_process(name: str, repeat: int) -> dict:
    """The row of model case ``name`` measured in a process of its own, as a model is compiled:
    after the other models in one process, the any-length Llama layer compiled in 1.29-1.31 s
    against 1.11 alone (stock's 0.66 against 0.60), TVM's and Python's state grown."""
    return _model_process(name, "--in-process", "--repeat", str(repeat))["rows"][0]


def _first_compile(name: str, pipeline: str, repeat: int) -> float:
    """The least CPU time over ``repeat`` fresh processes of model case ``name``'s first compile
    under ``pipeline``."""
    return min(_model_process(name, "--first", pipeline)["seconds"] for _ in range(repeat))


def _row(case, repeat: int) -> dict | None:
    """``case``'s least CPU time under each pipeline over ``repeat`` alternating compiles, after
    a warm-up (a model) or a check that stock builds it (``None`` where it does not)."""
    if isinstance(case, _ModelCase):
        seconds = case.seconds
        for pipeline in (compat.STOCK, compat.TMA):
            seconds(pipeline)  # warm-up
    else:
        mod = case.build()
        if compat.build(mod, compat.STOCK, remember=False).error is not None:
            return None  # stock refuses it: nothing to compare
        seconds = lambda pipeline: compile_seconds(mod, pipeline)  # noqa: E731
    times = {compat.STOCK: [], compat.TMA: []}
    for _ in range(repeat):
        for pipeline in times:
            times[pipeline].append(seconds(pipeline))
    stock, tma = min(times[compat.STOCK]), min(times[compat.TMA])
    return {"case": case.name, "stock_s": round(stock, 4), "tma_s": round(tma, 4), "ratio": round(tma / stock, 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, required=True)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", help="regex on case names (re.search)")
    parser.add_argument("--suite", choices=("compat", "launch", "models"), default="compat")
    parser.add_argument("--in-process", action="store_true", help=argparse.SUPPRESS)  # (a model's own process)
    parser.add_argument("--first", choices=(compat.STOCK, compat.TMA), help=argparse.SUPPRESS)  # (a fresh process)
    opts = parser.parse_args(argv)
    rows = []
    cases = {"compat": lambda: _compat_cases("compat"), "launch": lambda: _compat_cases("launch"),
             "models": lambda: [*(_ModelCase(m, d) for m, d in (("llama", False), ("llama", True), ("gpt", False),
                                                                   ("hf_llama", False))),
                                _ModelCase("llama", True, "tma_sdpa_one_gated_width")]}
    for case in cases[opts.suite]():
        if opts.only and not re.search(opts.only, case.name):
            continue
        if opts.first:
            opts.out.write_text(json.dumps({"seconds": case.seconds(opts.first)}))
            return 0
        own_process = isinstance(case, _ModelCase) and not opts.in_process
        row = _in_own_process(case.name, opts.repeat) if own_process else _row(case, opts.repeat)
        if row is None:
            continue
        if own_process:
            firsts = {pipe: _first_compile(case.name, pipe, opts.repeat) for pipe in (compat.STOCK, compat.TMA)}
            row.update(stock_first_s=round(firsts[compat.STOCK], 3), tma_first_s=round(firsts[compat.TMA], 3),
                       first_ratio=round(firsts[compat.TMA] / firsts[compat.STOCK], 3))
        rows.append(row)
        first = (f"  first: stock {row['stock_first_s']:.2f} s  tma {row['tma_first_s']:.2f} s  "
                 f"{row['first_ratio']:.2f}x") if own_process else ""
        print(f"{case.name:40s} stock {row['stock_s']:.3f} s  tma {row['tma_s']:.3f} s  {row['ratio']:.2f}x{first}",
              flush=True)
    ratios = [r["ratio"] for r in rows]
    summary = {"cases": len(rows), "repeat": opts.repeat, "tvm_version": tvm.__version__,
               "geomean_ratio": round(math.exp(sum(map(math.log, ratios)) / len(ratios)), 3),
               "max_ratio": max(ratios), "over_1.5x": [r["case"] for r in rows if r["ratio"] > 1.5],
               "total_stock_s": round(sum(r["stock_s"] for r in rows), 2),
               "total_tma_s": round(sum(r["tma_s"] for r in rows), 2)}
    opts.out.write_text(json.dumps({"summary": summary, "rows": rows}, indent=1) + "\n")
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
