"""Run the Llama decoder layer builds of ``build_llama.py`` on the GPU: check each against a
torch reference, time it, and time its kernels.

    python3 .gpu/boot.py benchmarks/run_llama.py BUILD_DIR --out DIR [--iters 20] [--seed 2026]

Needs only TVM's runtime: each build is ``tvm.runtime.load_module`` + the Relax VM
(``tvm.runtime.vm.VirtualMachine``), run on ``tvm.cuda(0)`` on torch's stream. Inputs and
weights are drawn on the GPU (seeded): ``x`` standard normal, norm weights ``1 + 0.1 N(0, 1)``,
linear weights ``N(0, 1 / in_features)``, the mask 0 on and below the diagonal and the
smallest fp16 above it. The reference is the same layer in torch with fp32 math on the GPU
from the same fp16 values. A build is correct when its output has no NaN/Inf and
``||out - ref|| / ||ref|| <= TOLERANCE``. Timing: CUDA events around each ``forward`` call
(VM dispatch included) after warm-up, the median of at least ``--iters``, every build and
torch's versions of the same model (eager with SDPA, ``torch.compile``, eager with the scores
materialized) in rounds of balanced orders (``run_gpu.interleaved_ms``: each right after each
other equally often); each linear
layer alone by cuBLAS beside (its kernels' time). Kernels: CUPTI through ``torch.profiler``
over ``--profile-iters`` calls, GPU time per kernel name per call. ``GPU ms (queued)``: calls
queued behind a spinning GPU, the GPU's time alone (at the clocks of a short burst; the
back-to-back median is at sustained clocks), and the host's time to issue a call. Sustained:
each alone back to back for 2 s, its SM clock and board power sampled by ``nvidia-smi``.

Writes ``DIR/results.json`` (``cases``: ours against each stock build, as
``benchmarks/headline.py`` reads them; ``builds``: every figure) and ``DIR/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import collections
import json
import pathlib
import signal
import statistics
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

import torch
import tvm
import tvm_ffi
from tvm.runtime.vm import VirtualMachine

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from run_gpu import SPIN_CYCLES, interleaved_ms, queued_time_ms, time_ms

TOLERANCE = 3e-2
"""Largest accepted relative error (Frobenius) against the fp32 reference: the linear layers
accumulate in fp16 (``K`` up to 11008), the attention scores over 128 and ``P V`` over
``seq`` products (fp16 rounding of partial sums, about ``2^-11 sqrt(K)`` relative per matmul);
the residual adds carry the input through unchanged. A wrong tile or a race gives errors of
order 1."""

OURS = "tma"


def make_inputs(manifest: dict[str, Any], seed: int) -> dict[str, torch.Tensor]:
    """``x``, ``mask`` and the weights (by parameter name), fp16 on the GPU: norm weights
    ``1 + 0.1 N(0, 1)``, biases ``0.1 N(0, 1)``, matrices ``N(0, 1 / in_features)``."""
    shape = manifest["shape"]
    gen = torch.Generator(device="cuda").manual_seed(seed)

    def normal(*dims: int) -> torch.Tensor:
        return torch.randn(dims, generator=gen, device="cuda", dtype=torch.float32)

    seq = shape["seq"]
    inputs = {"x": normal(shape["batch"], seq, shape["hidden"]).half()}
    mask = torch.full((seq, seq), torch.finfo(torch.float16).min, device="cuda").triu(1)
    inputs["mask"] = mask.half().reshape(1, 1, seq, seq)
    for name, dims in manifest["params"].items():
        if name.endswith(".bias"):
            inputs[name] = (0.1 * normal(*dims)).half()
        else:
            inputs[name] = (1 + 0.1 * normal(*dims) if len(dims) == 1 else normal(*dims) / dims[1] ** 0.5).half()
    return inputs


def layer(inputs: dict[str, torch.Tensor], shape: dict[str, Any], dtype: torch.dtype,
          sdpa: bool = False) -> torch.Tensor:
    """The decoder layer of ``llama_layer.py`` in torch, computed in ``dtype``: the attention
    with the explicit mask, or (``sdpa``) ``scaled_dot_product_attention(is_causal=True)`` (the
    same function: the mask is causal)."""
    p = {k: v.to(dtype) for k, v in inputs.items()}
    b, t, hidden = p["x"].shape
    heads, d = shape["heads"], shape["head_dim"]

    def rms_norm(v: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        v32 = v.float()
        return (v32 * torch.rsqrt(v32.square().mean(-1, keepdim=True) + shape["eps"]) * w.float()).to(dtype)

    heads_kv = shape.get("heads_kv", heads)
    qkv = (rms_norm(p["x"], p["input_norm.weight"]) @ p["qkv.weight"].T).reshape(b, t, heads + 2 * heads_kv, d)
    q, k, v = (part.permute(0, 2, 1, 3) for part in qkv.split([heads, heads_kv, heads_kv], dim=2))
    if sdpa:
        attention = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True,
                                                                     enable_gqa=heads_kv != heads)
    else:
        scores = (q @ k.transpose(-1, -2)) * d ** -0.5 + p["mask"]
        attention = torch.softmax(scores.float(), -1).to(dtype) @ v
    attention = attention.permute(0, 2, 1, 3).reshape(b, t, hidden)
    h = p["x"] + attention @ p["o.weight"].T
    gate, up = (rms_norm(h, p["post_norm.weight"]) @ p["gate_up.weight"].T).split(shape["mlp"], dim=-1)
    return h + (torch.nn.functional.silu(gate) * up) @ p["down.weight"].T


def gpt_block(inputs: dict[str, torch.Tensor], shape: dict[str, Any], dtype: torch.dtype,
              sdpa: bool = True) -> torch.Tensor:
    """The block of ``gpt_block.py`` in torch, computed in ``dtype`` (``sdpa``: always)."""
    p = {k: v.to(dtype) for k, v in inputs.items()}
    F = torch.nn.functional
    b, t, hidden = p["x"].shape
    heads = shape["heads"]

    def norm(v, name):
        return F.layer_norm(v, (hidden,), p[f"{name}.weight"], p[f"{name}.bias"], shape["eps"])

    def linear(v, name):
        return F.linear(v, p[f"{name}.weight"], p[f"{name}.bias"])

    q, k, v = linear(norm(p["x"], "ln1"), "qkv").reshape(b, t, 3 * heads, -1).transpose(1, 2).chunk(3, dim=1)
    x = p["x"] + linear(F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(b, t, hidden),
                        "proj")
    return x + linear(F.gelu(linear(norm(x, "ln2"), "fc")), "out")


def hf_llama(inputs: dict[str, torch.Tensor], shape: dict[str, Any], dtype: torch.dtype,
             sdpa: bool = True) -> torch.Tensor:
    """The layer of ``hf_llama.py`` in torch, as Hugging Face's ``LlamaDecoderLayer`` computes
    it (separate projections, no rotary embedding), in ``dtype`` (``sdpa``: always)."""
    p = {k: v.to(dtype) for k, v in inputs.items()}
    F = torch.nn.functional
    b, t, hidden = p["x"].shape
    heads, heads_kv, d = shape["heads"], shape["heads_kv"], shape["head_dim"]

    def rms_norm(v: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        v32 = v.float()
        return (v32 * torch.rsqrt(v32.square().mean(-1, keepdim=True) + shape["eps"]) * w.float()).to(dtype)

    def proj(v: torch.Tensor, name: str, n_heads: int) -> torch.Tensor:
        return F.linear(v, p[f"{name}.weight"]).reshape(b, t, n_heads, d).transpose(1, 2)

    n = rms_norm(p["x"], p["input_norm.weight"])
    attention = F.scaled_dot_product_attention(proj(n, "q_proj", heads), proj(n, "k_proj", heads_kv),
                                               proj(n, "v_proj", heads_kv), is_causal=True,
                                               enable_gqa=heads_kv != heads)
    h = p["x"] + F.linear(attention.transpose(1, 2).reshape(b, t, hidden), p["o_proj.weight"])
    m = rms_norm(h, p["post_norm.weight"])
    return h + F.linear(F.silu(F.linear(m, p["gate_proj.weight"])) * F.linear(m, p["up_proj.weight"]),
                        p["down_proj.weight"])


MODELS = {"llama": layer, "gpt": gpt_block, "hf_llama": hf_llama}
"""The torch version of each ``--model`` of ``build_llama.py``."""
TITLES = {"llama": "Llama decoder layer", "gpt": "GPT-2 block",
          "hf_llama": "Llama-3 decoder layer, Hugging Face's form"}


def torch_baselines(model, inputs: dict[str, torch.Tensor], shape: dict[str, Any]) -> dict[str, Callable[[], Any]]:
    """The model in torch fp16 as users run it: eager with SDPA (causal, cuDNN or flash as
    torch picks), ``torch.compile`` of that (compiled here, by a first call), and (the Llama
    layer) eager with the explicit mask (the scores materialized); by label."""
    runs = {"torch eager, SDPA causal": lambda: model(inputs, shape, torch.float16, sdpa=True)}
    if model is layer and shape.get("heads_kv", shape["heads"]) == shape["heads"]:
        runs["torch eager, explicit mask"] = lambda: layer(inputs, shape, torch.float16)
    compiled = torch.compile(lambda: model(inputs, shape, torch.float16, sdpa=True))
    try:
        compiled()
        runs["torch.compile, SDPA causal"] = compiled
    except Exception as err:  # (torch.compile without a working toolchain)
        print(f"torch.compile: {type(err).__name__}: {err}", flush=True)
    return runs


def cublas_linears(inputs: dict[str, torch.Tensor], shape: dict[str, Any], iters: int) -> dict[str, dict[str, float]]:
    """Each linear layer of the layer as cuBLAS runs it (``torch.nn.functional.linear``, fp16,
    on ``batch x seq`` rows of random activations): its kernels' GPU time per call from CUPTI,
    as our builds' kernels are timed (``run_gpu.time_ms``'s CUDA events where the profiler is
    not usable), in ms, and TFLOP/s."""
    tokens = shape["batch"] * shape["seq"]
    result = {}
    for name in (n.removesuffix(".weight") for n, w in inputs.items() if n.endswith(".weight") and w.dim() == 2):
        weight = inputs[f"{name}.weight"]
        x = torch.randn(tokens, weight.shape[1], device="cuda", dtype=torch.float16)
        kernels, _ = kernel_times(lambda: torch.nn.functional.linear(x, weight), iters)
        ms = (sum(k["us"] for k in kernels) / 1e3 if not isinstance(kernels, str)
              else statistics.median(time_ms(lambda: torch.nn.functional.linear(x, weight), iters)))
        result[name] = {"ms": ms, "tflops": 2 * tokens * weight.shape[0] * weight.shape[1] / ms / 1e9,
                        "m": tokens, "n": weight.shape[0], "k": weight.shape[1]}
    return result


def queued_ms(launch: Callable[[], Any], calls: int = 5) -> dict[str, float]:
    """The GPU's time per call with the calls queued behind a spinning GPU (``gpu_ms``: no
    host time in it), and the host's time to issue one call (``host_ms``). A build whose
    back-to-back median is above its ``gpu_ms`` waits for its host."""
    gpu = statistics.median(queued_time_ms(launch, calls))
    torch.cuda._sleep(SPIN_CYCLES)
    start = time.perf_counter()
    for _ in range(calls):
        launch()
    host = (time.perf_counter() - start) / calls * 1e3
    torch.cuda.synchronize()
    return {"gpu_ms": gpu, "host_ms": host}


def sustained(launch: Callable[[], Any], seconds: float = 2.0) -> dict[str, float] | str:
    """The call back to back for ``seconds`` (after as long again to warm up) while
    ``nvidia-smi`` samples the SM clock and the board power every 50 ms: their medians over
    the timed part (``sm_mhz``, ``power_w``) and the time per call there (``ms``); the error
    text where ``nvidia-smi`` is not usable."""
    query = ["nvidia-smi", "--query-gpu=clocks.sm,power.draw", "--format=csv,noheader,nounits", "-lms", "50"]
    try:
        sampler = subprocess.Popen(query, stdout=subprocess.PIPE, text=True)
    except OSError as err:
        return f"{type(err).__name__}: {err}"
    stamps = []
    try:
        for _phase in ("warm", "timed"):
            torch.cuda.synchronize()
            start = time.perf_counter()
            calls = 0
            while time.perf_counter() - start < seconds:
                for _ in range(10):
                    launch()
                calls += 10
                torch.cuda.synchronize()
            stamps.append((start, time.perf_counter(), calls))
    finally:
        sampler.terminate()
    out = sampler.communicate()[0].split("\n")
    # the sampler's lines are evenly spaced from its start: keep the timed half's
    samples = [tuple(map(float, line.split(","))) for line in out if line.count(",") == 1]
    timed = samples[len(samples) // 2 + 1:]
    if not timed:
        return "nvidia-smi gave no samples"
    start, end, calls = stamps[1]
    return {"sm_mhz": statistics.median(c for c, _ in timed), "power_w": statistics.median(p for _, p in timed),
            "ms": (end - start) / calls * 1e3}


def kernel_times(launch: Callable[[], Any], calls: int) -> tuple[list[dict[str, Any]] | str, float | None]:
    """GPU time per kernel (and memcpy / memset) name per call (µs), largest first, from CUPTI
    (``torch.profiler``), and the GPU's span per call (µs: from the first activity's start to
    the last one's end over the calls queued behind a spin, divided by the calls; the span
    less the kernels' time is the GPU idle between them); the error text where the profiler is
    not usable."""
    launch()
    torch.cuda.synchronize()
    try:
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
            torch.cuda._sleep(SPIN_CYCLES)  # the calls queue up behind it: the span is the GPU's alone
            for _ in range(calls):
                launch()
            torch.cuda.synchronize()
        total: dict[str, float] = collections.defaultdict(float)
        count: dict[str, int] = collections.defaultdict(int)
        ranges = []
        for event in prof.events():
            if event.device_type == torch.autograd.DeviceType.CUDA and "_sleep" not in event.name \
                    and "spin" not in event.name:
                total[event.name] += event.device_time_total
                count[event.name] += 1
                ranges.append((event.time_range.start, event.time_range.end))
    except Exception as err:  # no CUPTI, a sandboxed driver: the timings above still stand
        return f"{type(err).__name__}: {err}", None
    span = (max(end for _, end in ranges) - min(start for start, _ in ranges)) / calls if ranges else None
    return sorted(({"kernel": name, "us": total[name] / calls, "launches": count[name] / calls} for name in total),
                  key=lambda k: -k["us"]), span


def load_forward(build_dir: pathlib.Path, entry: dict[str, Any],
                 inputs: dict[str, torch.Tensor]) -> Callable[[], Any]:
    """A call of build ``entry``'s ``forward`` (the Relax VM on ``tvm.cuda(0)``) on ``inputs``,
    passed in the order its manifest entry names them."""
    forward = VirtualMachine(tvm.runtime.load_module(str(build_dir / entry["library"])), tvm.cuda(0))["forward"]
    names = entry.get("inputs", ["x", "mask"]) + [n for n in inputs if n not in ("x", "mask")]
    args = [tvm.runtime.from_dlpack(inputs[name]) for name in names]
    return lambda: forward(*args)


def check_build(build_dir: pathlib.Path, entry: dict[str, Any], inputs: dict[str, torch.Tensor],
                ref: torch.Tensor) -> tuple[dict[str, Any], Callable[[], Any]]:
    """Load and check one build: its result record and a launch of its ``forward``."""
    forward = load_forward(build_dir, entry, inputs)
    out = torch.from_dlpack(forward())
    torch.cuda.synchronize()
    result: dict[str, Any] = {"name": entry["name"], "arch": entry["arch"], "rules": entry["rules"],
                              "tir_pipeline": entry["tir_pipeline"]}
    diff = out.float() - ref
    result["nonfinite"] = int((~torch.isfinite(out)).sum())
    result["error"] = float(diff.norm() / ref.norm())
    result["max_abs_error"] = float(diff.abs().max())
    result["correct"] = result["nonfinite"] == 0 and result["error"] <= TOLERANCE
    return result, forward


def _queued(record: dict[str, Any]) -> str:
    return f"{record['gpu_ms']:.3f} | {record['host_ms']:.3f}" if "gpu_ms" in record else "- | -"


def markdown(summary: dict[str, Any]) -> str:
    """The tables of ``RESULTS.md``."""
    builds = summary["builds"]
    flops = summary["flops"]
    shape = ", ".join(f"{k} {v}" for k, v in summary["shape"].items())
    lines = [f"{TITLES[summary.get('model', 'llama')]} ({shape}): {flops / 1e12:.2f} TFLOP per call. Device: "
             f"{summary['device']}; torch {summary['torch']}; TVM {summary['tvm_version']}. Tolerance: "
             f"relative error <= {TOLERANCE} against torch fp32.", "",
             "| build | rules | TIR pipeline | arch | correct | rel. error | max abs. error | median ms | TFLOP/s "
             "| GPU ms (queued) | host ms per call |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for b in builds:
        if "failure" in b:
            lines.append(f"| {b['name']} | FAILED: {b['failure']} |" + " |" * 9)
            continue
        lines.append(f"| {b['name']} | {b['rules']} | {b['tir_pipeline']} | {b['arch']} | "
                     f"{'yes' if b['correct'] else '**NO**'} | {b['error']:.2e} | {b['max_abs_error']:.3g} | "
                     f"{b['median_ms']:.3f} | {flops / b['median_ms'] / 1e9:.1f} | {_queued(b)} |")
    for label, torch_ms in summary["torch_ms"].items():
        lines.append(f"| {label} | - | - | - | - | - | - | {torch_ms:.3f} | {flops / torch_ms / 1e9:.1f} | "
                     f"{_queued(summary.get('torch_queued', {}).get(label, {}))} |")
    if summary.get("sustained"):
        lines += ["", "Sustained (each alone back to back for 2 s after 2 s of warm-up; nvidia-smi every 50 ms):", "",
                  "| build | ms per call | SM MHz (median) | board W (median) |", "|---|---|---|---|"]
        for label, run in summary["sustained"].items():
            lines.append(f"| {label} | {run} |" if isinstance(run, str) else
                         f"| {label} | {run['ms']:.3f} | {run['sm_mhz']:.0f} | {run['power_w']:.0f} |")
    lines += ["", "| linear (cuBLAS, torch F.linear fp16) | M x N x K | kernel µs | TFLOP/s |", "|---|---|---|---|"]
    for name, lin in summary["cublas_linears"].items():
        lines.append(f"| {name} | {lin['m']} x {lin['n']} x {lin['k']} | {lin['ms'] * 1e3:.1f} | {lin['tflops']:.0f} |")
    lines += ["", "| case | stock ms | ours ms | speedup | correct |", "|---|---|---|---|---|"]
    for c in summary["cases"]:
        lines.append(f"| {c['name']} | {c['stock_ms']:.3f} | {c['tma_ms']:.3f} | {c['stock_ms'] / c['tma_ms']:.2f}x | "
                     f"{'yes' if c['correct'] else '**NO**'} |")
    profiles = {b["name"]: b["kernels"] for b in builds if "kernels" in b} | summary.get("torch_kernels", {})
    spans = {b["name"]: b.get("span_us") for b in builds} | summary.get("torch_spans", {})
    for name, kernels in profiles.items():
        if isinstance(kernels, str):
            lines += ["", f"Kernels of `{name}`: not profiled ({kernels})"]
            continue
        total = sum(k["us"] for k in kernels)
        span = (f"; GPU span {spans[name]:.0f} per call queued, idle {spans[name] - total:.0f}" if spans.get(name)
                else "")
        lines += ["", f"Kernels of `{name}` (GPU µs per call, {total:.0f} in all{span}):", "",
                  "| kernel | µs | launches | share |", "|---|---|---|---|"]
        lines += [f"| {k['kernel'][:120]} | {k['us']:.1f} | {k['launches']:g} | {k['us'] / total:.1%} |"
                  for k in kernels]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir", type=pathlib.Path)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("."))
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--iters", type=int, default=20, help="timed calls per build")
    parser.add_argument("--profile-iters", type=int, default=3, help="calls profiled per build")
    parser.add_argument("--check-only", action="store_true",
                        help="check the builds, time nothing (e.g. under compute-sanitizer)")
    parser.add_argument("--build-timeout", type=int, default=240,
                        help="seconds one build may take; a hung kernel ends the run there")
    opts = parser.parse_args(argv)
    manifest = json.loads((opts.build_dir / "manifest.json").read_text())
    builds, launches = [], {}
    with tvm_ffi.use_torch_stream():
        inputs = make_inputs(manifest, opts.seed)
        model = MODELS[manifest.get("model", "llama")]
        gqa = manifest["shape"].get("heads_kv", manifest["shape"]["heads"]) != manifest["shape"]["heads"]
        ref = model(inputs, manifest["shape"], torch.float32, sdpa=gqa)  # (the same function: the mask is causal)
        for entry in manifest["builds"]:
            print(f"checking {entry['name']}", flush=True)
            signal.alarm(opts.build_timeout)  # SIGALRM's default action ends the process
            try:
                result, launches[entry["name"]] = check_build(opts.build_dir, entry, inputs, ref)
                builds.append(result)
            except Exception as err:  # record and go on: one broken build must not hide the others
                traceback.print_exc()
                builds.append({"name": entry["name"], "correct": False,
                               "failure": f"{type(err).__name__}: {(str(err).splitlines() or [''])[0][:200]}"})
            signal.alarm(0)
            print(json.dumps(builds[-1]), flush=True)
        del ref
        torch.cuda.empty_cache()
        if opts.check_only:
            print(json.dumps(builds))
            return 0 if builds and all(b["correct"] for b in builds) else 1
        baselines = torch_baselines(model, inputs, manifest["shape"])
        # every build and baseline timed in rounds of balanced orders (the clocks drift over a
        # run: each ratio compares times taken over the same stretch)
        labels = list(launches) + list(baselines)
        times = interleaved_ms([*launches.values(), *baselines.values()], opts.iters)
        median = {label: statistics.median(t) for label, t in zip(labels, times)}
        torch_ms = {label: median[label] for label in baselines}
        queued = {label: queued_ms(launch) for label, launch in {**launches, **baselines}.items()}
        for b in builds:
            if b["name"] in launches:
                b["median_ms"] = median[b["name"]]
                b.update(queued[b["name"]])
                b["kernels"], b["span_us"] = kernel_times(launches[b["name"]], opts.profile_iters)
        clocks = {label: sustained(launch) for label, launch in {**launches, **baselines}.items()}
        torch_kernels, torch_spans = {}, {}
        for label, launch in baselines.items():
            torch_kernels[label], torch_spans[label] = kernel_times(launch, opts.profile_iters)
        linears = cublas_linears(inputs, manifest["shape"], opts.iters)
    by_name = {b["name"]: b for b in builds}
    cases = []
    ours = by_name.get(OURS)
    for b in builds:
        if b.get("rules") == "stock" and ours and "median_ms" in b and "median_ms" in ours:
            cases.append({"name": f"{TITLES[manifest.get('model', 'llama')]}: ours ({OURS}) vs {b['name']}",
                          "stock_ms": b["median_ms"], "tma_ms": ours["median_ms"],
                          "correct": b["correct"] and ours["correct"]})
    summary = {"model": manifest.get("model", "llama"), "device": torch.cuda.get_device_name(),
               "torch": torch.__version__, "tvm_version": manifest["tvm_version"], "shape": manifest["shape"],
               "flops": manifest["flops"], "tolerance": TOLERANCE, "torch_ms": torch_ms,
               "torch_queued": {label: queued[label] for label in baselines}, "torch_kernels": torch_kernels,
               "torch_spans": torch_spans, "sustained": clocks, "cublas_linears": linears, "cases": cases,
               "builds": builds}
    opts.out.mkdir(parents=True, exist_ok=True)
    (opts.out / "results.json").write_text(json.dumps(summary, indent=1))
    md = markdown(summary)
    (opts.out / "RESULTS.md").write_text(md + "\n")
    print(md)
    return 0 if builds and all(b["correct"] for b in builds) else 1


if __name__ == "__main__":
    sys.exit(main())
