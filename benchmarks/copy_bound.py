"""The most any lowering of its copies can speed a schedule up: stock TVM's build of each
tensor-core compat case timed against the same build with its copies from global to shared
memory removed (``cp.async`` and synchronous).

The second build computes the same ``ldmatrix`` / ``mma`` / stores from shared memory that no
copy writes (its results are garbage, and not checked): a copy that costs nothing. Whatever the
copies become (TMA, bulk copies, deeper rings), the compute stays the schedule's, so stock time /
no-copy time bounds the speedup of the copy lowering alone.

    python benchmarks/copy_bound.py build --out build/gpu/bound [--only REGEX]
    python3 .gpu/boot.py benchmarks/copy_bound.py run build/gpu/bound --out $OUT/bound

Timing as ``run_compat.py`` times the compat cases (:func:`run_compat.interleaved_times`: 10
rounds alternating the two builds on the same buffers, data from device memory). Writes
``bound.json`` and ``bound.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import re
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

STOCK, NO_COPIES = "default", "default_no_copies"
COPY_OPS = ("tirx.s_tir.cp_async_raw",)
"""The op of the ``cp.async`` copies (global -> shared) stock TVM's InjectPTXAsyncCopy emits."""


def drop_copies():
    """A pass that removes every copy from global to shared memory: the statements evaluating
    one of :data:`COPY_OPS`, and the stores into shared memory of values that read global
    memory (the synchronous copies, e.g. of zero-filled conv padding)."""
    from tvm import tirx
    from tvm.ir.expr import TensorLoad

    from tvm_tma.transforms._ir import mutate, op_name, walk

    def drop(stmt, _mutator):
        return tirx.Evaluate(0) if op_name(stmt.value) in COPY_OPS else stmt

    def drop_store(store, _mutator):
        if store.buffer.scope() not in ("shared", "shared.dyn"):
            return store
        reads = []
        walk(store.value, TensorLoad, lambda load: reads.append(load.source.scope()))
        return tirx.Evaluate(0) if "global" in reads else store

    def transform(func, _mod, _ctx):
        return func.with_body(mutate(func.body, (tirx.Evaluate, drop), (tirx.BufferStore, drop_store)))

    return tirx.transform.prim_func_pass(transform, opt_level=0, name="DropCopies")


def register_no_copies() -> None:
    """Register the ``default_no_copies`` TIR pipeline: stock's, then :func:`drop_copies`."""
    import tvm
    from tvm.s_tir import pipeline as stock
    from tvm.tirx import compilation_pipeline

    def factory():
        lower, host, device = stock.default_s_tir_pipeline()
        return tvm.transform.Sequential([lower, drop_copies()]), host, device

    compilation_pipeline.register_tir_pipeline(NO_COPIES, factory)


def build(out: pathlib.Path, only: str | None) -> list[dict]:
    import tvm

    sys.path.insert(0, str(ROOT / "tests" / "compat"))
    import build_gpu
    from tvm_tma.codegen import compile_sm90a, kernel_source
    from tvm_tma.testing import compat

    register_no_copies()
    out.mkdir(parents=True, exist_ok=True)
    entries = []
    for case in build_gpu.all_cases():
        if not case.tensor_core or (only and not re.search(only, case.name)):
            continue
        mod = case.build()
        entry = {"name": case.name, "args": compat.signature(mod["main"], case.sizes)}
        for pipeline in (STOCK, NO_COPIES):
            executable = compile_sm90a(mod, pipeline, compat.STOCK_CONFIG)
            source = kernel_source(executable)
            entry[pipeline] = {"library": f"{case.name}.{pipeline}.so.gz",
                               "cp_async": source.count("ptx_cp_async_legacy")}
            compat.write_compressed(executable, out / entry[pipeline]["library"])
        print(case.name, entry[STOCK]["cp_async"], "->", entry[NO_COPIES]["cp_async"], "cp.async", flush=True)
        entries.append(entry)
    (out / "manifest.json").write_text(json.dumps({"tvm_version": tvm.__version__, "cases": entries}, indent=1))
    return entries


def run(build_dir: pathlib.Path, out: pathlib.Path, only: str | None) -> dict:
    import torch

    import gpu_workers
    from run_compat import interleaved_times, random_inputs

    out.mkdir(parents=True, exist_ok=True)
    result = {"device": torch.cuda.get_device_name(), "rows": []}
    for entry in json.loads((build_dir / "manifest.json").read_text())["cases"]:
        if only and not re.search(only, entry["name"]):
            continue
        funcs = {p: gpu_workers.load_library(build_dir / entry[p]["library"])["main"] for p in (STOCK, NO_COPIES)}
        args = random_inputs(torch, entry["args"], [], 0)
        cold, _ = interleaved_times(funcs, args)
        row = {"case": entry["name"], **{f"{p}_ms": statistics.median(cold[p]) for p in funcs}}
        row["bound"] = row[f"{STOCK}_ms"] / row[f"{NO_COPIES}_ms"]
        result["rows"].append(row)
        result["geomean_bound"] = math.exp(sum(math.log(r["bound"]) for r in result["rows"]) / len(result["rows"]))
        (out / "bound.json").write_text(json.dumps(result, indent=1))  # after each case: a cut run keeps its rows
        print(row, flush=True)
    rows = result["rows"]
    lines = [(f"Copy-free bound on {result['device']}: geometric mean of stock / no-copy time "
             f"{result['geomean_bound']:.3f} over {len(rows)} cases"), "", "| case | stock ms | no copies ms | bound |",
             "|---|---|---|---|"]
    lines += [f"| {r['case']} | {r[f'{STOCK}_ms']:.4f} | {r[f'{NO_COPIES}_ms']:.4f} | {r['bound']:.3f} |" for r in rows]
    (out / "bound.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("build", "run"))
    parser.add_argument("build_dir", type=pathlib.Path, nargs="?", help="run: what build wrote")
    parser.add_argument("--out", type=pathlib.Path, required=True)
    parser.add_argument("--only", help="regex on case names (re.search)")
    opts = parser.parse_args(argv)
    if opts.command == "build":
        build(opts.out, opts.only)
    else:
        run(opts.build_dir, opts.out, opts.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
