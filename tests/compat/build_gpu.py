"""Build the compat suite's cases for the GPU run, and the table of what each became.

    python tests/compat/build_gpu.py --out build/gpu/compat [--only REGEX] [--suite launch]

Every case of ``patterns.py``, the MetaSchedule samples of :data:`GPU_SAMPLES` and the dlight
functions, compiled under stock TVM and ``"tma"``. Writes ``<pipeline>_<k>.so.gz`` (up
to ``--batch`` cases compiled together, a PrimFunc per case named after it, gzipped), ``manifest.json``
(per case: pattern, arguments from the PrimFunc's signature, outputs, reference, tensor_core, and
per pipeline its library or the error that refused it, the compile seconds and ``"tma"``'s
copy report) and ``compat_table.md`` (case, pattern, stock, tma, what each copy became).
``benchmarks/run_compat.py`` runs them.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import tvm  # noqa: E402

import generated  # noqa: E402
import patterns  # noqa: E402
from tvm_tma.codegen import SM90A  # noqa: E402
from tvm_tma.testing import compat  # noqa: E402

GPU_SAMPLES = {"gemm_f16_tc": 12, "gemm_f16_tc_4k": 10, "conv2d_f16_tc": 10, "bmm_f16": 2, "gemm_f32": 4, "bmm_f32": 2,
               "conv2d_f32": 4}
"""MetaSchedule samples per workload for the GPU run (tensor-core GEMM + conv2d: 22)."""


def all_cases() -> list[compat.CompatCase]:
    return (patterns.CASES + [c for name, n in GPU_SAMPLES.items() for c in generated.ms_cases(name, n)]
            + generated.dlight_cases())


def launch_cases() -> list[compat.CompatCase]:
    """The schedules whose small launches ran slower under ``"tma"``, at launches of a few to
    thousands of CTAs (the grid grows with the problem; the tiling stays), and MetaSchedule
    samples of the same workloads at sizes that fill the GPU."""
    def tiles(name: str, columns: list[int], **kwargs) -> list[compat.CompatCase]:
        return [compat.CompatCase(f"{name}_n{n}", f"{name} at {n} columns", lambda n=n: patterns._tiles(n=n, **kwargs),
                                  reference="add" if kwargs.get("second_input") else "scale2") for n in columns]

    columns = [256, 2048, 8448, 33792]
    return ([compat.CompatCase(f"nested_mma_gemm_4stage_n{n}", f"nested mma GEMM {n}^3",
                               lambda n=n: patterns._gemm_nested(n, (0, 0, 2, 3, 3), (0, 1, 3, 2, 4)), reference="gemm")
             for n in (512, 768, 1024, 2048)]
            + tiles("padded_rows_fp16", columns, m=200, dtype="float16", pads=(8,))
            + tiles("padded_rows_two_inputs", columns, m=128, second_input=True, pads=(4, 8))
            + tiles("bulk_store_pipeline", columns, m=250, store=True)
            + tiles("pipeline_in_serial_loop", [512, 4096, 16896, 67584], m=100, strips_per_cta=2)
            + [c for name, n in {"gemm_f32_512": 2, "bmm_f16_b32": 2}.items()
               for c in generated.ms_cases(name, n)])


SUITES = {"compat": all_cases, "launch": launch_cases}


def copies_summary(result: compat.Build) -> str:
    """What the copies became, one phrase per distinct report line (stage labels dropped)."""
    lines = sorted({re.sub(r" \[stage [^\]]*\]", "", str(r)).split(": ", 1)[1] for r in result.report})
    return "; ".join(lines) or "(no async copy)"


def _export(cases: list[tuple[compat.CompatCase, tvm.IRModule]], pipeline: str, path: pathlib.Path) -> str:
    """Compile the cases' ``main`` functions together (each named after its case) and export;
    returns the library's CUDA source."""
    funcs = {tvm.ir.GlobalVar(c.name): mod["main"].with_attr("global_symbol", c.name) for c, mod in cases}
    return compat.export_compressed(tvm.IRModule(funcs), pipeline, path)


def export_batch(members: list[tuple[compat.CompatCase, tvm.IRModule]], pipeline: str, out: pathlib.Path,
                 key: str) -> tuple[dict[str, str], dict[str, str]]:
    """Export the cases of batch ``key`` compiled under ``pipeline`` together, as
    ``<pipeline>_<key>.so.gz`` in ``out``, or one library per case where they compile alone but
    not together. Returns each case's library and each library's CUDA source, by name."""
    name = f"{pipeline}_{key}.so.gz"
    try:
        return {c.name: name for c, _ in members}, {name: _export(members, pipeline, out / name)}
    except Exception as err:  # compiled alone but not together: one library per case
        print(f"{pipeline}_{key}: {compat.first_line(err)[:200]}; exporting its cases one by one")
    names = {case.name: f"{pipeline}_{key}_{i}.so.gz" for i, (case, _) in enumerate(members)}
    return names, {names[case.name]: _export([(case, mod)], pipeline, out / names[case.name]) for case, mod in members}


def build(out: pathlib.Path, only: str | None, batch: int, suite: str = "compat") -> dict:
    out.mkdir(parents=True, exist_ok=True)
    cases = [c for c in SUITES[suite]() if only is None or re.search(only, c.name)]
    start = time.perf_counter()
    outcomes = compat.check_all(cases)
    entries, rows = [], ["| case | pattern | stock | tma | what each copy became (tma) | compile s stock / tma |",
                         "|---|---|---|---|---|---|"]
    built: dict[str, list[tuple[compat.CompatCase, tvm.IRModule]]] = {compat.STOCK: [], compat.TMA: []}
    for k, case in enumerate(cases):
        outcome, mod = outcomes[case.name], case.build()
        func = mod["main"]
        entry = {"name": case.name, "pattern": case.pattern, "batch": str(k // batch), "reference": case.reference,
                 "tensor_core": case.tensor_core, "args": compat.signature(func, case.sizes),
                 "outputs": compat.written_params(func)}
        status = {}
        for pipeline, result in ((compat.STOCK, outcome.stock), (compat.TMA, outcome.tma)):
            if result is None:
                status[pipeline] = "not built (stock fails)"
                continue
            error = result.error
            if error is None and pipeline == compat.TMA:
                try:
                    outcome.raise_for_tma()
                except Exception as err:  # nvcc or report: keep the library, record the problem
                    entry["tma_problem"] = compat.first_line(err)[:600]
            entry[pipeline] = {"seconds": round(result.seconds, 3)}
            if error is not None:
                entry[pipeline]["error"] = compat.first_line(error)[:1000]
                status[pipeline] = "refused: " + compat.first_line(error)[:160].replace("|", "/")
            else:
                entry[pipeline]["library"] = f"{pipeline}_{k // batch}.so.gz"
                built[pipeline].append((case, mod))
                status[pipeline] = "ok"
        if outcome.tma is not None:
            entry["report"] = [str(r) for r in outcome.tma.report]
        entries.append(entry)
        seconds = " / ".join(f"{entry[p]['seconds']:.2f}" for p in (compat.STOCK, compat.TMA) if p in entry)
        copies = copies_summary(outcome.tma) if outcome.tma is not None and outcome.tma.error is None else "-"
        rows.append(f"| {case.name} | {case.pattern} | {status[compat.STOCK]} | {status[compat.TMA]} | "
                    f"{copies.replace('|', '/')} | {seconds} |")
    by_name = {e["name"]: e for e in entries}
    for pipeline, items in built.items():
        for key in sorted({e["batch"] for e in entries}):
            members = [(c, m) for c, m in items if by_name[c.name]["batch"] == key]
            if members:
                for name, library in export_batch(members, pipeline, out, key)[0].items():
                    by_name[name][pipeline]["library"] = library
        print(f"{pipeline}: {len(items)} of {len(cases)} cases built ({time.perf_counter() - start:.0f} s)", flush=True)
    manifest = {"tvm_version": tvm.__version__, "target": SM90A, "cases": entries}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    command = ("python tests/compat/build_gpu.py --out " + str(out) + (f" --suite {suite}" if suite != "compat" else "")
               + (f" --only '{only}'" if only else ""))
    table = f"Compat cases (`{command}`; TVM {tvm.__version__})\n\n" + "\n".join(rows) + "\n"
    (out / "compat_table.md").write_text(table)
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, required=True)
    parser.add_argument("--only", help="regex on case names (re.search)")
    parser.add_argument("--batch", type=int, default=8, help="cases per library")
    parser.add_argument("--suite", choices=sorted(SUITES), default="compat",
                        help="compat: the compat suite; launch: its slow small launches at growing grids")
    opts = parser.parse_args(argv)
    build(opts.out, opts.only, opts.batch, opts.suite)
    print((opts.out / "compat_table.md").read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
