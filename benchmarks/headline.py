"""The headline table: tvm-tma against stock TVM, cuBLAS, torch and cudaMemcpy, from one GPU run.

    python benchmarks/headline.py                 # one machine with a GPU and TVM's compiler: all three steps
    python benchmarks/headline.py build           # compiler side: build/gpu/headline and .gpu/ (scripts/gpu)
    python3 .gpu/boot.py benchmarks/headline.py run build/gpu/headline --out OUT       # GPU side
    python benchmarks/headline.py report benchmarks/results/headline.json   # no GPU

``--sections gemm,wgmma`` (build, run) limits a build and its run to some sections.

``build`` compiles and exports each part of each section of ``SECTIONS`` into
``BUILD/<section>_<part>/`` and writes ``BUILD/manifest.json``; a section whose inputs do not
exist yet (e.g. no ``bench_wgmma_*`` case) is "not built", and so is its row in the table.
``run`` runs each built part's runner on the GPU, one process per part, its output shown as it
comes and killed past the part's time limit or the run's ``--deadline``; copies each runner's
``results.json`` to ``OUT/results/headline_<section>_<part>.json`` and its log to ``OUT/logs/``
(all three steps on one machine: ``BUILD/logs/``); writes ``OUT/results/headline.json`` (device,
date, commands, each section's status and files) and reports, after each part. ``report``
renders ``headline.md`` (the table; every ratio a speed ratio, "N x faster than <baseline>")
and, with matplotlib, the plot ``headline.png`` next to the JSON. ``OUT`` mirrors
``benchmarks/``: its ``results/`` go there.

A section plugs in as one more ``Section``: its parts (a build step, then a runner started as
``runner BUILD_DIR --out DIR [args]`` that writes ``DIR/results.json``) and a function from the
parts' results to table rows. This module imports neither TVM nor torch: ``build`` imports the
compiler where it needs it, ``run`` starts the runners (through ``.gpu/boot.py`` when it was
started through it, ``TVM_TMA_BOOT``).
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

BENCH = pathlib.Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
import cases  # noqa: E402  (numpy only)

CARRY_LIMIT_MIB = 64  # what one device call may carry to the GPU machine
GEMM_PEAK = "989 TFLOP/s (H100 SXM dense fp16 peak)"
MiB = 1 << 20


@dataclasses.dataclass(frozen=True)
class Row:
    """One line of the table: ``measured`` against ``compared``; ``ratio`` how many times faster
    than the baseline ``direction`` names ("x faster than cuBLAS"; ``None`` with an empty
    direction: a count, no ratio); ``parts`` name the results files the figures are from."""

    case: str
    measured: str
    compared: str
    ratio: float | None
    direction: str
    limit: str
    parts: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class Part:
    """One build and GPU run of a section: ``build(directory)`` compiles into ``directory``
    (compiler side), then ``runner BUILD_DIR --out DIR *args`` (a script of ``benchmarks/``) runs
    on the GPU within ``seconds`` and writes ``DIR/results.json``."""

    name: str
    build: Callable[[pathlib.Path], None]
    runner: str
    args: tuple[str, ...] = ()
    seconds: int = 180


@dataclasses.dataclass(frozen=True)
class Section:
    """A topic of the headline table. ``missing()`` says why its inputs do not exist yet (``None``:
    they do); ``rows({part: results or None})`` gives its table rows; ``method`` how it is measured."""

    name: str
    title: str
    parts: tuple[Part, ...]
    rows: Callable[[dict[str, Any]], list[Row]]
    method: str
    missing: Callable[[], str | None] = lambda: None


# -- compiler side ---------------------------------------------------------------------------

def build_cases(pipeline: str, only: str) -> Callable[[pathlib.Path], None]:
    """A build step: the cases of ``cases.py`` matching ``only``, compiled under ``pipeline``."""
    def step(directory: pathlib.Path) -> None:
        import build

        build.build_cases(pipeline, directory, only)
    return step


def build_copy_library(directory: pathlib.Path) -> None:
    """A build step: ``tvm_tma.memcpy``'s default library alone (``build_memcpy.py --only none``)."""
    import build_memcpy

    build_memcpy.main(["--out", str(directory), "--only", "none"])


def build_script(script: str) -> Callable[[pathlib.Path], None]:
    """A build step: ``python <script> --out DIRECTORY``, ``script`` relative to the repository."""
    def step(directory: pathlib.Path) -> None:
        subprocess.run([sys.executable, str(ROOT / script), "--out", str(directory)], check=True)
    return step


def script_missing(*scripts: str) -> Callable[[], str | None]:
    """``missing`` for a section run by scripts (relative to the repository) that may not exist yet."""
    def missing() -> str | None:
        absent = [s for s in scripts if not (ROOT / s).is_file()]
        return f"no {', '.join(f'`{s}`' for s in absent)} yet" if absent else None
    return missing


def cases_missing(regex: str) -> Callable[[], str | None]:
    """``missing`` for a section whose cases may not be in ``cases.py`` yet."""
    return lambda: None if cases.select(regex, "tma") else f"no case matching `{regex}` in `benchmarks/cases.py` yet"


# -- rows ------------------------------------------------------------------------------------

GEMM_STOCK = "^bench_gemm_4096(_k64_s3)?$"  # upstream's schedule; stock TVM's fastest tiling of it
GEMM_TMA = "^bench_gemm_4096(_swizzled(_k64_s2)?)?$"  # upstream's schedule as is; swizzled; the fastest tiling found
# one CTA producer, a producer warpgroup, persistent; at small K also 128x128 tiles in 6 stages
WGMMA = "^bench_(wgmma|ws)_b?f16_(4096|4096_r4|8192_r8|8192x512_r8)(_p)?$|^bench_ws_b?f16_8192x512_t128x128x64_s6_r8$"
ROW_KERNELS = "^bench_(rms_norm|layer_norm|softmax)_65536x4096$"


def _by_name(results: dict[str, Any] | None, regex: str) -> dict[str, dict[str, Any]]:
    """The results of a ``run_gpu.py`` file whose case names match ``regex``, by name."""
    return {r["name"]: r for r in results["results"] if re.search(regex, r["name"])} if results else {}


def _call(name: str) -> str:
    """The builder call of case ``name`` without its size arguments, e.g. ``gemm_mma(layout="swizzled")``."""
    case = cases.CASES[name]
    args = [f"{k}={json.dumps(v) if isinstance(v, str) else v}" for k, v in case.kwargs.items()
            if k not in ("n", "rows", "cols", "dtype", "eps")]
    return f"{case.builder}({', '.join(args)})"


def _rate(result: dict[str, Any]) -> str:
    """``result``'s rate, or why there is none (failed, incorrect)."""
    if "failure" in result:
        return f"failed: {result['failure']}"
    text = f"{result['rate']:.1f} {result['unit']}" if result["unit"] == "TFLOP/s" else f"{result['rate']:.0f} GB/s"
    return text if result["correct"] else f"{text}, **incorrect**"


def _ratio(a: dict[str, Any], b: dict[str, Any] | None = None, key: str = "ratio") -> float | None:
    """``a[key]`` (or a's rate over b's) when both ran and ``a`` is correct."""
    if "rate" not in a or not a["correct"] or (b is not None and "rate" not in b):
        return None
    return a["rate"] / b["rate"] if b is not None else a.get(key)


def gemm_rows(res: dict[str, Any]) -> list[Row]:
    """Stock TVM's fastest GEMM against cuBLAS; each tma GEMM against it and against cuBLAS."""
    stock, tma = _by_name(res.get("stock"), GEMM_STOCK), _by_name(res.get("tma"), GEMM_TMA)
    timed = [r for r in stock.values() if "rate" in r and r["correct"]]
    base = max(timed, key=lambda r: r["rate"]) if timed else None
    rows = []
    if base:
        rows.append(Row(f"stock TVM, `{_call(base['name'])}`", _rate(base),
                        f"cuBLAS: {base['reference']['rate']:.1f} TFLOP/s", _ratio(base), "x faster than cuBLAS",
                        GEMM_PEAK, ("stock",)))
    for name, r in tma.items():
        case = f"tma, `{_call(name)}`"
        if base:
            rows.append(Row(case, _rate(r), f"stock TVM, `{_call(base['name'])}`: {base['rate']:.1f} TFLOP/s",
                            _ratio(r, base), "x faster than stock TVM", GEMM_PEAK, ("tma", "stock")))
        if "reference" in r:
            rows.append(Row(case, _rate(r), f"cuBLAS: {r['reference']['rate']:.1f} TFLOP/s", _ratio(r),
                            "x faster than cuBLAS", GEMM_PEAK, ("tma",)))
    return rows


def wgmma_rows(res: dict[str, Any]) -> list[Row]:
    """Each wgmma GEMM against cuBLAS (whose output is 16-bit: at small K an fp32 ``C`` doubles
    the bytes that bound the kernel, so the row names the types)."""
    return [Row(f"tma, `{name}` ({r['size']})", _rate(r),
                f"cuBLAS: {r['reference']['rate']:.1f} TFLOP/s" if "reference" in r else "-",
                _ratio(r), "x faster than cuBLAS", GEMM_PEAK, ("tma",))
            for name, r in _by_name(res.get("tma"), WGMMA).items()]


def row_kernel_rows(res: dict[str, Any]) -> list[Row]:
    """Each row kernel under tma against torch, cudaMemcpy of the same bytes and, when built, stock TVM."""
    stock, rows = _by_name(res.get("stock"), ROW_KERNELS), []
    for name, r in _by_name(res.get("tma"), ROW_KERNELS).items():
        case = f"`{_call(name)}`, {r['size']}"
        limit = f"cudaMemcpy of the same bytes: {r['memcpy']['rate']:.0f} GB/s" if "memcpy" in r else "-"
        if name in stock:
            rows.append(Row(case, _rate(r), f"stock TVM: {_rate(stock[name])}", _ratio(r, stock[name]),
                            "x faster than stock TVM", limit, ("tma", "stock")))
        if "reference" in r:
            rows.append(Row(case, _rate(r), f"{r['reference']['op']}: {r['reference']['rate']:.0f} GB/s", _ratio(r),
                            "x faster than torch", limit, ("tma",)))
        if "memcpy" in r:
            rows.append(Row(case, _rate(r), f"cudaMemcpy: {r['memcpy']['rate']:.0f} GB/s",
                            _ratio(r, key="memcpy_ratio"), "x faster than cudaMemcpy", limit, ("tma",)))
    return rows


COPY_SIZES = (1 * MiB, 64 * MiB, 1 << 30, 8 << 30)


def _bytes(n: int) -> str:
    return f"{n >> 30} GiB" if n >= 1 << 30 else f"{n >> 20} MiB"


def copy_rows(res: dict[str, Any]) -> list[Row]:
    """The default copy library against cudaMemcpy at ``COPY_SIZES`` (GPU time, launches queued)."""
    data = res.get("memcpy")
    if not data:
        return []
    (lib,) = [lib for lib in data["libraries"] if lib["name"] == "default"]
    exact = all(c["correct"] for c in lib["checks"]) and lib["init"]["correct"]
    largest = max(data["bandwidth"], key=lambda b: b["bytes"])
    limit = f"cudaMemcpy at {_bytes(largest['bytes'])}: {largest['memcpy']['stream']:.0f} GB/s"
    rows = []
    for b in data["bandwidth"]:
        if b["bytes"] in COPY_SIZES:
            t = b["tma"]["default"]
            ok = exact and t["correct"]
            rows.append(Row(f"`tvm_tma.memcpy` default library, {_bytes(b['bytes'])}",
                            f"{t['stream']:.0f} GB/s" + ("" if ok else ", **not byte-exact**"),
                            f"cudaMemcpy: {b['memcpy']['stream']:.0f} GB/s", t["ratio"]["stream"] if ok else None,
                            "x faster than cudaMemcpy", limit, ("memcpy",)))
    return rows


def llama_rows(res: dict[str, Any]) -> list[Row]:
    """One row per case of ``run_llama.py``'s ``{"cases": [{"name", "stock_ms", "tma_ms", "correct"}]}``."""
    data = res.get("results")
    if not data:
        return []
    return [Row(c["name"], f"{c['tma_ms']:.3f} ms" + ("" if c["correct"] else ", **incorrect**"),
                f"stock TVM: {c['stock_ms']:.3f} ms", c["stock_ms"] / c["tma_ms"] if c["correct"] else None,
                "x faster than stock TVM", "-", ("results",))
            for c in data["cases"]]


def _slowest(timed: list[dict[str, Any]], limit: str) -> Row:
    """The row of the timed compat case slowest under tma against stock."""
    slowest = max(timed, key=lambda r: r["tma_over_stock"])
    return Row(f"slowest of them: {slowest['case']}", f"{slowest['tma_ms']:.4f} ms",
               f"stock TVM: {slowest['default_ms']:.4f} ms", 1 / slowest["tma_over_stock"],
               "x faster than stock TVM", limit, ("results",))


def compat_rows(res: dict[str, Any]) -> list[Row]:
    """The compat suite (``run_compat.py``'s summary): schedules correct under each pipeline, the
    timed ones' speed under tma against stock (geometric mean and the slowest), the tensor-core
    ones apart."""
    data = res.get("results")
    if not data:
        return []
    summary = data["summary"]
    counts = {p: ", ".join(f"{n} {status}" for status, n in sorted(c.items())) for p, c in summary["counts"].items()}
    rows = [Row(f"{len(summary['rows'])} schedules (patterns of TVM's tests, MetaSchedule samples, dlight)",
                f"tma: {counts['tma']}", f"stock TVM: {counts['default']}", None, "", "-", ("results",))]
    timed = [r for r in summary["rows"] if "tma_over_stock" in r]
    limit = "stock TVM's code path (tma falls back to it where TMA does not pay)"
    if timed:
        rows += [Row(f"all {len(timed)} correct under both, timed, data from device memory", "-",
                     "stock TVM, same schedules", 1 / summary["geomean_all_tma_over_stock_time"],
                     "x faster than stock TVM (geometric mean)", limit, ("results",)),
                 _slowest(timed, limit)]
    timed = [r for r in timed if r["tensor_core"]]
    if timed:
        rows.append(Row(f"{len(timed)} tensor-core MetaSchedule samples, timed, data from device memory", "-",
                        "stock TVM, same schedules", 1 / summary["geomean_tma_over_stock_time"],
                        "x faster than stock TVM (geometric mean)", limit, ("results",)))
        if summary.get("geomean_tma_over_stock_time_l2_warm"):
            rows.append(Row("the same, launched on one set of buffers (inputs in the L2)", "-",
                            "stock TVM, same schedules", 1 / summary["geomean_tma_over_stock_time_l2_warm"],
                            "x faster than stock TVM (geometric mean)", "", ("results",)))
        rows.append(_slowest(timed, limit))
    return rows


SECTIONS: tuple[Section, ...] = (
    Section("gemm", "GEMM 4096³ fp16 → fp32 (`mma.sync`)", (
        Part("stock", build_cases("default", GEMM_STOCK), "run_gpu.py", seconds=120),
        Part("tma", build_cases("tma", GEMM_TMA), "run_gpu.py", seconds=120),
    ), gemm_rows, "`run_gpu.py`: medians of CUDA-event-timed launches after warm-up, in 5 rounds that alternate "
       "each case with cuBLAS (torch.matmul, fp16 out) on the same sizes; TFLOP/s count 2 n³ flops"),
    Section("wgmma", "GEMM with `wgmma`", (
        Part("tma", build_cases("tma", WGMMA), "run_gpu.py", seconds=240),
    ), wgmma_rows, "`run_gpu.py`, as the GEMM above", cases_missing(WGMMA)),
    Section("copy", "Device copies", (
        Part("memcpy", build_copy_library, "run_memcpy.py", ("--big", "--max-gib", "8", "--rounds", "5"), 240),
    ), copy_rows, "`run_memcpy.py`: byte-exact checks, then GPU time of launches queued behind a spinning GPU, "
       "medians of 5 interleaved rounds; GB/s count bytes read + written"),
    Section("row_kernels", "Row kernels, fp16", (
        Part("tma", build_cases("tma", ROW_KERNELS), "run_gpu.py", seconds=90),
        Part("stock", build_cases("default", ROW_KERNELS), "run_gpu.py", seconds=90),
    ), row_kernel_rows, "`run_gpu.py`; torch and cudaMemcpy of the same bytes timed beside each case; GB/s count "
       "bytes read + written once"),
    Section("compat", "Compatibility suite", (
        Part("results", build_script("tests/compat/build_gpu.py"), "run_compat.py", seconds=360),
    ), compat_rows, "`run_compat.py`: stock and tma builds of each schedule run on the same random inputs, poisoned "
       "outputs; tma against stock (bit-equal or within the dtype's tolerance) and a float64 reference; every "
       "case correct under both timed under both in one run (GPU time: median of 200 launches queued behind "
       "a spinning GPU, in 10 rounds that alternate stock and tma on the same buffers)",
       script_missing("tests/compat/build_gpu.py", "benchmarks/run_compat.py")),
    Section("llama", "Llama decoder layer (dlight)", (
        Part("results", build_script("benchmarks/build_llama.py"), "run_llama.py", seconds=240),
    ), llama_rows, "`run_llama.py`: the layer under stock dlight and under ours, one run",
       script_missing("benchmarks/build_llama.py", "benchmarks/run_llama.py")),
)


# -- build -----------------------------------------------------------------------------------

def _size_mib(path: pathlib.Path) -> float:
    files = [path] if path.is_file() else path.rglob("*") if path.exists() else []
    return sum(f.stat().st_size for f in files if f.is_file()) / MiB


def build(build_dir: pathlib.Path, sections: Sequence[Section] = SECTIONS, bundle: bool = True,
          command: str = "python benchmarks/headline.py build") -> dict[str, Any]:
    """Build every part of ``sections`` into ``build_dir`` (and ``.gpu/`` with ``bundle``); write
    and return the manifest."""
    import tvm

    build_dir.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, Any] = {"command": command, "tvm_version": tvm.__version__, "sections": {}}
    steps = [(s, p) for s in sections for p in s.parts]
    for index, (section, part) in enumerate(steps, 1):
        entry = manifest["sections"].setdefault(section.name, {"status": "built", "parts": []})
        if entry["status"] != "built":
            continue
        reason = section.missing()
        if reason:
            entry.update(status="not built", reason=reason)
            print(f"[build {index}/{len(steps)}] {section.name}: not built: {reason}", flush=True)
            continue
        print(f"[build {index}/{len(steps)}] {section.name}/{part.name}", flush=True)
        start = time.perf_counter()
        directory = build_dir / f"{section.name}_{part.name}"
        shutil.rmtree(directory, ignore_errors=True)
        try:
            part.build(directory)
        except Exception as err:  # noqa: BLE001  (a broken section must not stop the others)
            entry.update(status="failed", reason=f"build of {part.name}: {type(err).__name__}: {err}"[:300])
            print(f"  failed: {entry['reason']}", flush=True)
            continue
        entry["parts"].append(part.name)
        print(f"  {section.name}/{part.name} built in {time.perf_counter() - start:.0f} s", flush=True)
    (build_dir / "manifest.json").write_text(json.dumps(manifest, indent=1))
    if bundle:
        subprocess.run(["bash", str(ROOT / "scripts" / "gpu" / "bundle.sh")], check=True)
    carried = {str(p): _size_mib(p) for p in (build_dir, ROOT / ".gpu") if p.exists()}
    total = sum(carried.values())
    print("carried to the GPU: " + ", ".join(f"{p} {m:.1f} MiB" for p, m in carried.items())
          + f"; {total:.1f} of {CARRY_LIMIT_MIB} MiB", flush=True)
    if total > CARRY_LIMIT_MIB:
        print(f"warning: more than {CARRY_LIMIT_MIB} MiB to carry", flush=True)
    if bundle:
        print(f"next, on the GPU machine (with .gpu and {os.path.relpath(build_dir, ROOT)}): python3 .gpu/boot.py "
              f"benchmarks/headline.py run {os.path.relpath(build_dir, ROOT)} --out OUT", flush=True)
    return manifest


# -- run -------------------------------------------------------------------------------------

def _stream(cmd: list[str], log: pathlib.Path, seconds: int) -> tuple[int | None, float]:
    """Run ``cmd``, printing its output as it comes (indented) and saving it to ``log``; kill it
    (its process group) after ``seconds``. Returns (exit status or ``None`` when killed, seconds)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT,
                            start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    log.parent.mkdir(parents=True, exist_ok=True)

    def copy_out() -> None:
        with log.open("w") as f:
            for line in proc.stdout:
                f.write(line)
                print("    " + line.rstrip()[:300], flush=True)

    reader = threading.Thread(target=copy_out)
    reader.start()
    try:
        rc: int | None = proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        rc = None
    reader.join()
    return rc, time.perf_counter() - start


def run(build_dir: pathlib.Path, out: pathlib.Path, sections: Sequence[Section] = SECTIONS,
        command: str = "", python: Sequence[str] | None = None, deadline: float = 570,
        logs: pathlib.Path | None = None) -> dict[str, Any]:
    """Run the built parts of ``sections`` (``python``: how to start a runner; by default this
    interpreter, through ``TVM_TMA_BOOT`` when set), each within its time limit and all within
    ``deadline`` seconds, their logs in ``logs`` (default ``out/logs``); after each part, write
    ``out/results/headline.json`` and report (so a run cut short leaves what it measured), the
    plot at the end."""
    start = time.perf_counter()
    build_dir, out = build_dir.resolve(), out.resolve()
    logs = (logs or out / "logs").resolve()
    manifest = json.loads((build_dir / "manifest.json").read_text())
    if python is None:
        python = [sys.executable, *([os.environ["TVM_TMA_BOOT"]] if os.environ.get("TVM_TMA_BOOT") else [])]
    results_dir, work = out / "results", build_dir / "runs"
    results_dir.mkdir(parents=True, exist_ok=True)
    summary: dict[str, Any] = {"date": datetime.datetime.now(datetime.timezone.utc).date().isoformat(),
                               "command": command, "build_command": manifest["command"],
                               "tvm_version": manifest["tvm_version"], "sections": {}}
    built = {s.name: manifest["sections"].get(s.name, {"status": "not built", "reason": "not in the build"})
             for s in sections}
    steps = [(s, p) for s in sections for p in s.parts if p.name in built[s.name].get("parts", ())]
    print(f"{len(steps)} runs, at most {sum(p.seconds for _, p in steps)} s; not built: "
          + (", ".join(f"{n} ({b['reason']})" for n, b in built.items() if b["status"] != "built") or "none"),
          flush=True)
    for section in sections:
        entry = summary["sections"][section.name] = {"status": "ok", "files": {}}
        if built[section.name]["status"] != "built":
            entry.update(status=built[section.name]["status"], reason=built[section.name]["reason"])
    for index, (section, part) in enumerate(steps, 1):
        entry, label = summary["sections"][section.name], f"{section.name}_{part.name}"
        limit = int(min(part.seconds, deadline - (time.perf_counter() - start)))
        if limit <= 0:
            entry.setdefault("failed", {})[part.name] = f"not run: the run's {deadline:.0f} s were spent"
            _write(summary, sections, results_dir)
            continue
        print(f"[run {index}/{len(steps)}] {section.name}/{part.name}: {part.runner} (at most {limit} s)", flush=True)
        shutil.rmtree(work / label, ignore_errors=True)
        cmd = [*python, str(BENCH / part.runner), str(build_dir / label), "--out", str(work / label), *part.args]
        rc, seconds = _stream(cmd, logs / f"{label}.log", limit)
        produced = work / label / "results.json"
        entry.setdefault("exit", {})[part.name] = rc
        if produced.is_file():
            data = json.loads(produced.read_text())
            for key in ("device", "torch"):
                summary.setdefault(key, data.get(key))
            shutil.copy(produced, results_dir / f"headline_{label}.json")
            entry["files"][part.name] = f"headline_{label}.json"
        else:
            entry.setdefault("failed", {})[part.name] = f"{pathlib.Path(part.runner).name} " + (
                f"exited with {rc}" if rc is not None else f"killed after {limit} s") \
                + f", no results (log: {os.path.relpath(logs / f'{label}.log', out)})"
        print(f"  {section.name}/{part.name}: exit {rc} after {seconds:.0f} s", flush=True)
        _write(summary, sections, results_dir)
    shutil.rmtree(work, ignore_errors=True)
    return _write(summary, sections, results_dir, plot=True)


def _write(summary: dict[str, Any], sections: Sequence[Section], results_dir: pathlib.Path,
           plot: bool = False) -> dict[str, Any]:
    """Write ``headline.json`` (a section none of whose parts gave results so far: "failed") and
    report; returns what was written."""
    settled = json.loads(json.dumps(summary))
    for entry in settled["sections"].values():
        if entry["status"] == "ok" and not entry["files"] and entry.get("failed"):
            entry.update(status="failed", reason="; ".join(f"{k}: {v}" for k, v in entry.pop("failed").items()))
    (results_dir / "headline.json").write_text(json.dumps(settled, indent=1))
    report(results_dir / "headline.json", sections, plot=plot, quiet=not plot)
    return settled


# -- report ----------------------------------------------------------------------------------

def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _as_typed(command: str) -> str:
    """``command`` as a user types it: ``python`` for the runtime bundle's launcher, no output folder."""
    command = re.sub(r"^python3 \.gpu/boot\.py ", "python ", command)
    return re.sub(r" --(out|deadline) \S+", "", command)


def render(summary: dict[str, Any], base: pathlib.Path, link: Callable[[pathlib.Path], str],
           sections: Sequence[Section] = SECTIONS, plot: str | None = None) -> tuple[str, list[tuple[str, Row]]]:
    """The markdown of ``headline.md``, and its rows (with their section titles), from a
    ``headline.json`` (``summary``) whose files are in ``base``; ``link(path)`` makes a file's link."""
    commands = dict.fromkeys(_as_typed(c) for c in (summary["build_command"], summary["command"]))
    lines = ["# Headline run", "",
             f"Device: {summary.get('device', '-')}; torch {summary.get('torch', '-')}; "
             f"TVM {summary['tvm_version']}. Made by " + ", then ".join(f"`{c}`" for c in commands)
             + f". Sections, their status and files: [headline.json]({link(base / 'headline.json')}). "
             "Every ratio is a speed ratio: N x faster than the baseline named, above 1 is faster."]
    lines += ["", "| topic | case | measured | compared with | x faster | limit | data |", "|" + "---|" * 7]
    all_rows, runs, methods = [], [], []
    for section in sections:
        entry = summary["sections"].get(section.name, {"status": "not built", "reason": "not in this run"})
        files = {part: base / name for part, name in entry.get("files", {}).items()}
        rows = section.rows({part: json.loads(path.read_text()) for part, path in files.items()})
        if entry["status"] != "ok" or not rows:
            status = entry["status"] if entry["status"] != "ok" else "no results"
            lines.append(f"| {section.title} | {status}: {_cell(entry.get('reason', ''))} | - | - | - | - | - |")
            continue
        methods.append(f"- {section.title}: {section.method}.")
        if entry.get("run"):
            runs.append(f"- {section.title}: {entry['run']}.")
        above = ("", "", "")  # topic, case, limit of the row above: not repeated
        for row in rows:
            all_rows.append((section.title, row))
            ratio = f"**{row.ratio:.3f}** {row.direction}" if row.ratio is not None else "-"
            data = ", ".join(f"[{part}]({link(files[part])})" for part in row.parts if part in files)
            same_case = row.case == above[1]
            cells = ("" if section.title == above[0] else section.title, "" if same_case else row.case,
                     "" if same_case else row.measured, row.compared, ratio,
                     "" if row.limit == above[2] else row.limit, data)
            above = (section.title, row.case, row.limit)
            lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
        for part, reason in entry.get("failed", {}).items():
            lines.append(f"|  | {part} failed: {_cell(reason)} | - | - | - | - | - |")
    if runs:
        lines += ["", "Where each section's figures come from:", "", *runs]
    if methods:
        lines += ["", "How they were measured:", "", *methods]
    if plot:
        lines += ["", f"![Every ratio of the table, and the copy library's bandwidth against size]({plot})"]
    return "\n".join(lines), all_rows


def draw(rows: list[tuple[str, Row]], copy_data: dict[str, Any] | None, path: pathlib.Path, title: str) -> bool:
    """The plot: every ratio of the table as a bar (1.0 marked), and the copy library's GB/s against
    size beside cudaMemcpy's. False when matplotlib is missing."""
    try:
        import matplotlib
    except ImportError:
        return False
    matplotlib.use("Agg")
    import matplotlib.patches
    import matplotlib.pyplot as plt

    bars = [(f"{row.case} vs {row.compared.split(':')[0]}".replace("`", ""), row.ratio, row.direction)
            for _, row in rows if row.ratio is not None]
    directions = list(dict.fromkeys(d for _, _, d in bars))
    colors = {d: f"C{i}" for i, d in enumerate(directions)}
    fig, axes = plt.subplots(1, 2 if copy_data else 1, figsize=(17 if copy_data else 11, 0.3 * len(bars) + 2.2),
                             squeeze=False, layout="constrained",
                             gridspec_kw={"width_ratios": [2.2, 1]} if copy_data else None)
    ax = axes[0][0]
    ax.barh(range(len(bars)), [r for _, r, _ in bars], color=[colors[d] for _, _, d in bars])
    ax.set_yticks(range(len(bars)), [label if len(label) <= 90 else label[:87] + "..." for label, _, _ in bars],
                  fontsize=7)
    ax.legend(handles=[matplotlib.patches.Patch(color=c, label=d) for d, c in colors.items()], fontsize=7,
              loc="upper right")
    ax.invert_yaxis()
    ax.axvline(1.0, color="black", linewidth=0.8)
    for i, (_, r, _) in enumerate(bars):
        ax.text(r, i, f" {r:.2f}", va="center", fontsize=7)
    ax.set_xlabel("ratio, higher is better")
    if copy_data:
        ax = axes[0][1]
        sizes = [b["bytes"] / MiB for b in copy_data["bandwidth"]]
        ax.plot(sizes, [b["tma"]["default"]["stream"] for b in copy_data["bandwidth"]], marker="o",
                label="tvm_tma.memcpy")
        ax.plot(sizes, [b["memcpy"]["stream"] for b in copy_data["bandwidth"]], marker="x", linestyle="--",
                label="cudaMemcpy")
        ax.set_xscale("log", base=2)
        ax.set_xlabel("MiB copied")
        ax.set_ylabel("GB/s (read + written)")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(title, fontsize=9)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def report(headline_json: pathlib.Path, sections: Sequence[Section] = SECTIONS, plot: bool = True,
           quiet: bool = False) -> str:
    """Write ``headline.md`` next to ``headline_json``, rendered from it, and, with ``plot`` and
    matplotlib, ``headline.png``; returns the page."""
    summary = json.loads(headline_json.read_text())
    base = headline_json.parent
    link = lambda p: os.path.relpath(p, base)  # noqa: E731
    picture = base / "headline.png"
    _, rows = render(summary, base, link, sections)
    copy_file = summary["sections"].get("copy", {}).get("files", {}).get("memcpy")
    title = f"{summary.get('device', '')}; torch {summary.get('torch', '')}; TVM {summary['tvm_version']}" \
        + (f"; {summary['date']}" if summary.get("date") else "")
    if plot and not draw(rows, json.loads((base / copy_file).read_text()) if copy_file else None, picture, title):
        print("matplotlib is not installed: no plot drawn", flush=True)
    page, _ = render(summary, base, link, sections, link(picture) if picture.exists() else None)
    (base / "headline.md").write_text(page + "\n")
    if not quiet:
        print(page, flush=True)
    return page


def _sections(names: str | None) -> tuple[Section, ...]:
    """The sections named in ``names`` (comma-separated; ``None``: all)."""
    if names is None:
        return SECTIONS
    by_name = {s.name: s for s in SECTIONS}
    unknown = [n for n in names.split(",") if n not in by_name]
    if unknown:
        raise SystemExit(f"--sections: unknown {unknown}; expected names of {sorted(by_name)}")
    return tuple(by_name[n] for n in names.split(","))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0].startswith("-"):
        argv = ["all", *argv]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    steps = parser.add_subparsers(dest="step", required=True)
    every = steps.add_parser("all", help="build, run and report on one machine with a GPU and TVM's compiler")
    every.add_argument("--build-dir", type=pathlib.Path, default=ROOT / "build" / "gpu" / "headline")
    every.add_argument("--out", type=pathlib.Path, default=BENCH)
    make = steps.add_parser("build", help="compile and export every section, and make the .gpu/ bundle")
    make.add_argument("--build-dir", type=pathlib.Path, default=ROOT / "build" / "gpu" / "headline")
    make.add_argument("--no-bundle", action="store_true", help="do not make .gpu/")
    go = steps.add_parser("run", help="run a build on the GPU, write results/ (headline.json, headline.md) under --out")
    go.add_argument("build_dir", type=pathlib.Path)
    go.add_argument("--out", type=pathlib.Path, required=True)
    for parser_ in (every, make, go):
        parser_.add_argument("--sections", help="comma-separated section names (default: all)")
    for parser_ in (every, go):
        parser_.add_argument("--deadline", type=float, default=570,
                             help="seconds after which no runner is started or left running (default 570)")
    show = steps.add_parser("report", help="render headline.md (and the plot) next to a headline.json")
    show.add_argument("headline_json", type=pathlib.Path)
    opts = parser.parse_args(argv)
    command = ("python3 .gpu/boot.py " if os.environ.get("TVM_TMA_BOOT") else "python ") \
        + " ".join(["benchmarks/headline.py", *argv])
    if opts.step in ("all", "build"):
        build(opts.build_dir, _sections(opts.sections), bundle=opts.step == "build" and not opts.no_bundle,
              command=command)
    if opts.step in ("all", "run"):
        summary = run(opts.build_dir, opts.out, _sections(opts.sections), command=command, deadline=opts.deadline,
                      logs=opts.build_dir / "logs" if opts.step == "all" else None)
        return 0 if all(s["status"] in ("ok", "not built") and all(rc == 0 for rc in s.get("exit", {}).values())
                        for s in summary["sections"].values()) else 1
    if opts.step == "report":
        report(opts.headline_json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
