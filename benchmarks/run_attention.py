"""Run the attention kernels ``build_attention.py`` built: check each shape against torch's fp32
SDPA, time the ``perf`` kernels against torch SDPA's cuDNN and FlashAttention-2 backends.

    python3 .gpu/boot.py benchmarks/run_attention.py BUILD_DIR [--out DIR] [--only REGEX]

Inputs are standard normal (fresh for every shape, seeded), the outputs O and LSE poisoned
with NaN before the checked run. The reference is ``scaled_dot_product_attention`` on the
inputs upcast to fp32 (the math backend, ``is_causal`` as the kernel, K and V heads repeated
for GQA); O must be within ``TOLERANCE[dtype]`` of it in ``||O - ref|| / ||ref||`` (P is
rounded to the input type before ``P V``, as FlashAttention does, and O once more at the
output: 4 units of the type's roundoff, 2^-11 for fp16 and 2^-8 for bf16), and LSE (natural
log) within ``LSE_TOLERANCE`` in absolute value (the scores are exact products of the 16-bit
inputs accumulated in fp32). Timing: CUDA events around each launch, the median of at least
``--iters`` launches in 5 rounds alternating the kernel with torch's backends
(``run_gpu.interleaved_ms``); TFLOP/s count ``4 B H Sq Skv D`` multiply-adds as 2 flops each,
half of them for causal. Writes ``results.json`` and ``RESULTS.md`` under ``--out``.

``--processes N`` runs the whole suite in ``N`` processes one after another and writes the
median of each timed shape's figures over them, and each run's ratio (cuDNN's time for some
shapes is bimodal across processes, at 512-1024 tokens 1.5-3x apart; ours moves 1-4%).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pathlib
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import traceback
from typing import Any

import torch
import torch.nn.functional as F
import tvm
import tvm_ffi
from torch.nn.attention import SDPBackend, sdpa_kernel

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from run_gpu import interleaved_ms

TOLERANCE = {"float16": 4 * 2**-11, "bfloat16": 4 * 2**-8}
LSE_TOLERANCE = 1e-3
BACKENDS = {"cudnn": SDPBackend.CUDNN_ATTENTION, "flash": SDPBackend.FLASH_ATTENTION}


def flops(b: int, h: int, sq: int, skv: int, d: int, causal: bool) -> float:
    total = 4.0 * b * h * sq * skv * d
    return total / 2 if causal else total


def to_bhsd(x: torch.Tensor, layout: str) -> torch.Tensor:
    return x.transpose(1, 2) if layout == "bshd" else x


def reference(q, k, v, mask, case, chunk_bytes: int = 4 << 30) -> tuple[torch.Tensor, torch.Tensor]:
    """O and the log-sum-exp of the scaled, masked scores in fp32, [b, h, s, d] / [b, h, s]; a
    row that sees no key (bottom-right causal with seq_q > seq_kv) has O = 0 and LSE = -inf.
    Computed a few heads at a time (the scores of at most ``chunk_bytes``)."""
    group = case["heads"] // case["heads_kv"]
    q, k, v = (to_bhsd(x, case["layout"]).float() for x in (q, k, v))
    k, v = k.repeat_interleave(group, 1), v.repeat_interleave(group, 1)
    b, h, sq, _ = q.shape
    skv = k.shape[2]
    hidden = None
    if case["causal"]:
        diagonal = skv - sq if case["causal"] == "bottom_right" else 0
        hidden = torch.ones(sq, skv, dtype=torch.bool, device="cuda").triu(1 + diagonal)
    out, lse = torch.empty_like(q), torch.empty(b, h, sq, device="cuda")
    step = max(1, chunk_bytes // (4 * sq * skv))
    for i in range(b):
        for j in range(0, h, step):
            heads = slice(j, j + step)
            scores = (q[i, heads] @ k[i, heads].transpose(-1, -2)) / math.sqrt(q.shape[-1])
            if mask is not None:
                mask_b = i if mask.shape[0] > 1 else 0  # (a mask of extent 1 broadcasts)
                mask_h = heads if mask.shape[1] > 1 else slice(0, 1)
                scores = scores + mask[mask_b, mask_h].float()
            if hidden is not None:
                scores = scores.masked_fill(hidden, float("-inf"))
            lse[i, heads] = torch.logsumexp(scores, -1)
            out[i, heads] = torch.softmax(scores, -1).nan_to_num(0.0) @ v[i, heads]  # (rows of -inf only)
    return out, lse


def run_shape(func, case: dict[str, Any], shape, seed: int, min_iters: int) -> dict[str, Any]:
    b, sq, skv = shape
    h, hkv, d, dtype = case["heads"], case["heads_kv"], case["head_dim"], getattr(torch, case["dtype"])
    gen = torch.Generator(device="cuda").manual_seed(seed)

    def tensor(s, heads):
        dims = (b, s, heads, d) if case["layout"] == "bshd" else (b, heads, s, d)
        return torch.randn(dims, generator=gen, device="cuda", dtype=torch.float32).to(dtype)

    q, k, v = tensor(sq, h), tensor(skv, hkv), tensor(skv, hkv)
    mask = None
    if case.get("mask"):
        dtype_m, per_batch, per_head = case["mask"]
        mask = (2 * torch.randn((b if per_batch else 1, h if per_head else 1, sq, skv), generator=gen,
                                device="cuda")).to(getattr(torch, dtype_m))
    o = torch.full_like(q, float("nan"))
    lse = torch.full((b, h, sq), float("nan"), device="cuda")
    tensors = [q, k, v] + ([mask] if mask is not None else []) + [o] + ([lse] if case.get("lse", True) else [])
    args = [tvm.runtime.from_dlpack(t) for t in tensors]
    func(*args)
    torch.cuda.synchronize()
    ref, ref_lse = reference(q, k, v, mask, case)
    out = to_bhsd(o, case["layout"]).float()
    result: dict[str, Any] = {"shape": list(shape), "seed": seed}
    result["unwritten"] = int(torch.isnan(o).sum())
    result["error"] = float((out - ref).norm() / ref.norm().clamp_min(1e-30))
    result["lse_error"] = 0.0
    if case.get("lse", True):
        result["unwritten"] += int(torch.isnan(lse).sum())
        finite = torch.isfinite(ref_lse)
        result["lse_error"] = float((lse[finite] - ref_lse[finite]).abs().max()) if finite.any() else 0.0
        result["lse_error"] += float((lse[~finite] != ref_lse[~finite]).sum())  # -inf where no key is seen
    result["correct"] = (result["unwritten"] == 0 and result["error"] <= TOLERANCE[case["dtype"]]
                         and result["lse_error"] <= LSE_TOLERANCE)
    if case["timed"]:
        qt, kt, vt = (to_bhsd(x, case["layout"]).contiguous() for x in (q, k, v))
        launches, labels = [lambda: func(*args)], ["tvm_tma"]
        for name, backend in BACKENDS.items():
            def launch(backend=backend):
                with sdpa_kernel(backend):
                    return F.scaled_dot_product_attention(qt, kt, vt, is_causal=case["causal"], enable_gqa=hkv != h)
            try:
                theirs = launch()
                torch.cuda.synchronize()
            except RuntimeError as err:  # the backend does not take this shape
                result[name] = {"failure": str(err).splitlines()[0][:200]}
                continue
            result[name] = {"error": float((theirs.float() - ref).norm() / ref.norm())}
            launches.append(launch)
            labels.append(name)
        times = interleaved_ms(launches, min_iters)
        work = flops(b, h, sq, skv, d, case["causal"])
        for label, t in zip(labels, times):
            entry = result.setdefault(label, {})
            entry["median_ms"] = statistics.median(t)
            entry["tflops"] = work / entry["median_ms"] / 1e9
        for name in BACKENDS:
            if "tflops" in result.get(name, {}):
                result[f"vs_{name}"] = result["tvm_tma"]["tflops"] / result[name]["tflops"]
    return result


def table(results: list[dict[str, Any]]) -> str:
    """One row per timed shape; one per checked kernel (its shapes' worst errors)."""
    lines = ["| kernel | shape (b, sq, skv) | correct | rel. error | LSE error | TFLOP/s | cuDNN | flash | "
             "x cuDNN | x flash |", "|" + "---|" * 10]
    for r in results:
        if "failure" in r:
            lines.append(f"| {r['name']} | - | FAILED: {r['failure']} |" + " |" * 7)
        runs = r["runs"]
        if not runs:
            continue
        if not r["timed"]:
            ok = sum(s["correct"] for s in runs)
            lines.append(f"| {r['name']} | {len(runs)} shapes | {ok} of {len(runs)} | "
                         f"{max(s['error'] for s in runs):.2e} | {max(s['lse_error'] for s in runs):.1e} |"
                         + " - |" * 5)
            continue
        for s in runs:
            def rate(n):
                return f"{s[n]['tflops']:.0f}" if "tflops" in s.get(n, {}) else "-"

            def ratio(n):
                return f"{s[f'vs_{n}']:.3f}" if f"vs_{n}" in s else "-"

            lines.append(f"| {r['name']} | {tuple(s['shape'])} | {'yes' if s['correct'] else '**NO**'} | "
                         f"{s['error']:.2e} | {s['lse_error']:.1e} | {rate('tvm_tma')} | {rate('cudnn')} | "
                         f"{rate('flash')} | {ratio('cudnn')} | {ratio('flash')} |")
    return "\n".join(lines)


def medians(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The per-shape medians over ``runs`` (``results.json`` of one process each) of the timed
    shapes' TFLOP/s and ratios, with each run's ratio to cuDNN; correct only if correct in every run."""
    shapes: dict[tuple, list] = {}
    for run in runs:
        for r in run["results"]:
            for s in r["runs"] if r["timed"] else []:
                shapes.setdefault((r["name"], tuple(s["shape"])), []).append(s)
    rows = []
    for (name, shape), seen in shapes.items():
        row = {"name": name, "shape": list(shape), "runs": len(seen), "correct": all(s["correct"] for s in seen),
               "ratios_cudnn": [round(s["vs_cudnn"], 3) for s in seen if "vs_cudnn" in s]}
        for key in ("tvm_tma", "cudnn", "flash"):
            rates = [s[key]["tflops"] for s in seen if "tflops" in s.get(key, {})]
            row[key] = statistics.median(rates) if rates else None
        for key in ("vs_cudnn", "vs_flash"):
            ratios = [s[key] for s in seen if key in s]
            row[key] = statistics.median(ratios) if ratios else None
        rows.append(row)
    return {"device": runs[0]["device"], "torch": runs[0]["torch"], "cudnn": runs[0]["cudnn"],
            "tvm_version": runs[0]["tvm_version"], "processes": len(runs), "medians": rows}


def median_table(merged: dict[str, Any]) -> str:
    """One row per timed shape: the medians of :func:`medians` and each run's ratio to cuDNN."""
    lines = ["| kernel | shape (b, sq, skv) | correct in every run | TFLOP/s | cuDNN | flash | x cuDNN | x flash | "
             "x cuDNN by run |", "|" + "---|" * 9]
    for r in merged["medians"]:
        def fmt(v, spec):
            return "-" if v is None else format(v, spec)

        lines.append(f"| {r['name']} | {tuple(r['shape'])} | {'yes' if r['correct'] else '**NO**'} | "
                     f"{fmt(r['tvm_tma'], '.0f')} | {fmt(r['cudnn'], '.0f')} | {fmt(r['flash'], '.0f')} | "
                     f"{fmt(r['vs_cudnn'], '.3f')} | {fmt(r['vs_flash'], '.3f')} | "
                     f"{', '.join(f'{x:.3f}' for x in r['ratios_cudnn'])} |")
    return "\n".join(lines)


def in_processes(opts: argparse.Namespace) -> int:
    """Run this script ``opts.processes`` times (through ``TVM_TMA_BOOT`` when set) with the
    options of ``opts``, then write :func:`medians` under ``opts.out``."""
    python = [sys.executable, *([os.environ["TVM_TMA_BOOT"]] if os.environ.get("TVM_TMA_BOOT") else [])]
    args = [str(opts.build_dir), "--seed", str(opts.seed), "--iters", str(opts.iters),
            "--case-timeout", str(opts.case_timeout)]
    args += ["--only", opts.only] if opts.only else []
    args += ["--max-seq", str(opts.max_seq)] if opts.max_seq is not None else []
    runs, code = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(opts.processes):
            out = pathlib.Path(tmp) / f"run{i}"
            code |= subprocess.run([*python, __file__, *args, "--out", str(out)]).returncode
            runs.append(json.loads((out / "results.json").read_text()))
    merged = medians(runs)
    opts.out.mkdir(parents=True, exist_ok=True)
    (opts.out / "results.json").write_text(json.dumps(merged, indent=1))
    head = (f"Device: {merged['device']}; torch {merged['torch']}, cuDNN {merged['cudnn']}; medians over "
            f"{opts.processes} processes run one after another")
    md = median_table(merged)
    (opts.out / "RESULTS.md").write_text(f"{head}\n\n{md}\n")
    print(head)
    print(md)
    return code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir", type=pathlib.Path)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("."))
    parser.add_argument("--only", help="regex on kernel names (re.search)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--iters", type=int, default=30)
    parser.add_argument("--case-timeout", type=int, default=300)
    parser.add_argument("--max-seq", type=int, help="run only the shapes whose lengths are at most this")
    parser.add_argument("--processes", type=int, default=1, help="run the suite in this many processes: medians")
    opts = parser.parse_args(argv)
    if opts.processes > 1:
        return in_processes(opts)
    manifest = json.loads((opts.build_dir / "manifest.json").read_text())
    cases = [c for c in manifest["cases"] if opts.only is None or re.search(opts.only, c["name"])]
    results = []
    seed = opts.seed
    with tvm_ffi.use_torch_stream():
        for case in cases:
            print(f"running {case['name']}", flush=True)
            record = {"name": case["name"], "timed": case["timed"], "runs": []}
            signal.alarm(opts.case_timeout)  # a hung kernel ends the run here, earlier cases printed
            try:
                func = tvm.runtime.load_module(str(opts.build_dir / f"{case['name']}.so"))["main"]
                for shape in case["shapes"]:
                    seed += 1
                    if opts.max_seq is not None and max(shape[1:]) > opts.max_seq:
                        continue
                    record["runs"].append(run_shape(func, case, shape, seed, opts.iters))
            except Exception as err:  # record and go on
                traceback.print_exc()
                record["failure"] = f"{type(err).__name__}: {(str(err).splitlines() or [''])[0][:200]}"
            signal.alarm(0)
            record["correct"] = "failure" not in record and all(s["correct"] for s in record["runs"])
            results.append(record)
            print(json.dumps(record), flush=True)
            torch.cuda.empty_cache()
    device = torch.cuda.get_device_name()
    checked = [s for r in results for s in r["runs"]]
    summary = {"device": device, "torch": torch.__version__, "cudnn": torch.backends.cudnn.version(),
               "tvm_version": manifest["tvm_version"], "shapes_checked": len(checked),
               "shapes_correct": sum(s["correct"] for s in checked), "results": results}
    opts.out.mkdir(parents=True, exist_ok=True)
    (opts.out / "results.json").write_text(json.dumps(summary, indent=1))
    md = table(results)
    head = (f"Device: {device}; torch {torch.__version__}, cuDNN {summary['cudnn']}; "
            f"{summary['shapes_correct']} of {len(checked)} shapes correct")
    (opts.out / "RESULTS.md").write_text(f"{head}\n\n{md}\n")
    print(head)
    print(md)
    return 0 if all(r["correct"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
