"""Bandwidth against size for the row kernels (rms_norm, layer_norm, softmax, binary): a
markdown table and a PNG plot from ``run_gpu.py`` results.

    python benchmarks/plot_norms.py TMA_RESULTS_JSON [--stock DEFAULT_RESULTS_JSON] --out DIR

Reads the ``bench_<kernel>_<rows>x<cols>[_bf16]`` cases; writes ``DIR/norms.md`` (per kernel and
size: GB/s of tma, stock TVM, torch and cudaMemcpy of the same bytes, and the ratios) and
``DIR/norms.png`` (fp16 GB/s against bytes moved, one panel per kernel). GB/s counts bytes read
+ written once. Needs matplotlib for the plot (on the GPU machine; not a package dependency).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
from typing import Any

KERNELS = ("rms_norm", "layer_norm", "softmax", "binary")
NAME = re.compile(rf"^bench_({'|'.join(KERNELS)})_(\d+)x(\d+)(_bf16)?$")


def rows_of(results: dict[str, Any]) -> list[dict[str, Any]]:
    """The timed row-kernel results, one record per case: kernel, dtype, shape, bytes and rates."""
    out = []
    for r in results["results"]:
        m = NAME.match(r["name"])
        if m and "median_ms" in r:
            rows, cols = int(m[2]), int(m[3])
            out.append({"name": r["name"], "kernel": m[1], "dtype": "bf16" if m[4] else "fp16", "rows": rows,
                        "cols": cols, "bytes": r["rate"] * r["median_ms"] * 1e6, "tma": r["rate"],
                        "torch": r["reference"]["rate"], "torch_op": r["reference"]["op"],
                        "memcpy": r.get("memcpy", {}).get("rate"), "correct": r["correct"]})
    return sorted(out, key=lambda x: (KERNELS.index(x["kernel"]), x["dtype"], x["cols"] != 4096, x["bytes"]))


def table(rows: list[dict[str, Any]], stock: dict[str, float]) -> str:
    """Markdown table of ``rows`` (``stock``: case name -> stock GB/s)."""
    lines = ["| kernel | dtype | shape | MiB moved | correct | tma GB/s | stock GB/s | torch GB/s | "
             "cudaMemcpy GB/s | tma / cudaMemcpy | tma / torch | tma / stock |", "|" + "---|" * 12]

    def ratio(a: float | None, b: float | None) -> str:
        return f"{a / b:.3f}" if a and b else "-"

    for r in rows:
        s = stock.get(r["name"])
        lines.append(" | ".join([
            f"| {r['kernel']}", r["dtype"], f"{r['rows']}x{r['cols']}", f"{r['bytes'] / 2**20:.0f}",
            "yes" if r["correct"] else "**NO**", f"{r['tma']:.0f}", f"{s:.0f}" if s else "-", f"{r['torch']:.0f}",
            f"{r['memcpy']:.0f}" if r["memcpy"] else "-", ratio(r["tma"], r["memcpy"]), ratio(r["tma"], r["torch"]),
            ratio(r["tma"], s)]) + " |")
    return "\n".join(lines)


def plot(rows: list[dict[str, Any]], stock: dict[str, float], path: pathlib.Path, title: str) -> None:
    """One panel per kernel: fp16 GB/s of tma, stock, torch and cudaMemcpy against MiB moved."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(KERNELS), figsize=(4.2 * len(KERNELS), 3.8), sharey=True)
    for ax, kernel in zip(axes, KERNELS):
        mine = [r for r in rows if r["kernel"] == kernel and r["dtype"] == "fp16"]
        for label, rate in (("tma", lambda r: r["tma"]), ("stock TVM", lambda r: stock.get(r["name"])),
                            ("torch", lambda r: r["torch"]), ("cudaMemcpy", lambda r: r["memcpy"])):
            sweep = [(r["bytes"] / 2**20, rate(r)) for r in mine if r["cols"] == 4096 and rate(r)]
            other = [(r["bytes"] / 2**20, rate(r)) for r in mine if r["cols"] != 4096 and rate(r)]
            if sweep:
                line, = ax.plot(*zip(*sweep), marker="o", label=label, linestyle="--" if label == "cudaMemcpy" else "-")
                if other:
                    ax.plot(*zip(*other), marker="x", markersize=9, linestyle="none", color=line.get_color())
        ax.set_xscale("log", base=2)
        ax.set_title(kernel)
        ax.set_xlabel("MiB read + written")
        ax.grid(True, alpha=0.3)
    axes[0].set_ylabel("GB/s")
    axes[0].legend(fontsize=8)
    fig.suptitle(f"{title}\nfp16; o: rows x 4096, x: 262144 x 1024", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tma", type=pathlib.Path, help="run_gpu.py results.json of the tma build")
    parser.add_argument("--stock", type=pathlib.Path, help="run_gpu.py results.json of the default build")
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("."))
    opts = parser.parse_args(argv)
    results = json.loads(opts.tma.read_text())
    stock = {}
    if opts.stock:
        stock = {r["name"]: r["rate"] for r in json.loads(opts.stock.read_text())["results"] if "rate" in r}
    rows = rows_of(results)
    title = f"{results['device']}; torch {results['torch']}; TVM {results['tvm_version']}"
    md = f"{title}\n\n{table(rows, stock)}\n"
    opts.out.mkdir(parents=True, exist_ok=True)
    (opts.out / "norms.md").write_text(md)
    print(md)
    plot(rows, stock, opts.out / "norms.png", title)


if __name__ == "__main__":
    main()
