r"""The per-schedule speed of ``"tma"`` against stock TVM in a ``run_compat.py`` run, as a plot.

    python benchmarks/plot_compat.py benchmarks/results/compat_timed_h100.json \
        --out benchmarks/results/compat_timed_h100.png

One bar per timed case (stock time / tma time, log scale, sorted), tensor-core MetaSchedule
samples in one colour and the rest in another, the 0.97 line ("no more than 3% slower").
Needs matplotlib (on the GPU machine; not a package dependency).
"""

from __future__ import annotations

import argparse
import json
import pathlib


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=pathlib.Path, help="run_compat.py's results.json")
    parser.add_argument("--out", type=pathlib.Path, required=True, help="the PNG to write")
    opts = parser.parse_args(argv)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = sorted((r for r in json.loads(opts.results.read_text())["summary"]["rows"] if "tma_over_stock" in r),
                  key=lambda r: r["tma_over_stock"])
    speed = [1 / r["tma_over_stock"] for r in rows]
    colours = ["tab:blue" if r.get("tensor_core") else "tab:orange" for r in rows]
    fig, ax = plt.subplots(figsize=(14, 5))
    ax.bar(range(len(rows)), speed, color=colours)
    ax.set_yscale("log")
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.axhline(0.97, color="red", linewidth=0.8, linestyle="--")
    ax.set_xticks(range(len(rows)), [r["case"] for r in rows], rotation=90, fontsize=6)
    ax.set_ylabel("stock time / tma time (higher: tma faster)")
    ax.set_title("Compat cases, tma against stock TVM (blue: tensor-core MetaSchedule samples; red: 3% slower)")
    fig.tight_layout()
    fig.savefig(opts.out, dpi=120)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
