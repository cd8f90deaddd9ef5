"""Compare two ``run_gpu.py`` results files (one device call): stock TVM vs tvm-tma.

    python benchmarks/compare.py benchmarks/results/default.json benchmarks/results/tma.json

Prints a markdown table: per case, correctness under each pipeline, and for timed cases the
median times, the rate against the library reference, and the speedup of "tma" over stock.
"""

from __future__ import annotations

import json
import pathlib
import sys


def compare(base: dict, new: dict) -> str:
    """The markdown table for results ``base`` (stock) and ``new`` (tma)."""
    by_name = {r["name"]: r for r in base["results"]}
    lines = [f"Device: {new['device']}; torch {new['torch']}; TVM {new['tvm_version']}", "",
             "| case | size | stock correct | tma correct | tma rel. error | stock ms | tma ms | "
             "tma rate | reference (rate) | tma / reference | tma / cudaMemcpy | tma speedup over stock |",
             "|" + "---|" * 12]
    for r in new["results"]:
        b = by_name.get(r["name"])
        stock_ok = "-" if b is None else ("yes" if b.get("correct") else "**NO**")
        ok = "yes" if r.get("correct") else "**NO**"
        row = [r["name"], r["size"], stock_ok, ok, f"{r.get('error', float('nan')):.2e}"]
        if r.get("timed") and "median_ms" in r:
            ref = r["reference"]
            speedup = f"{b['median_ms'] / r['median_ms']:.3f}" if b and "median_ms" in b else "-"
            row += [f"{b['median_ms']:.4f}" if b and "median_ms" in b else "-", f"{r['median_ms']:.4f}",
                    f"{r['rate']:.1f} {r['unit']}", f"{ref['op']} ({ref['rate']:.1f})", f"{r['ratio']:.3f}",
                    f"{r['memcpy_ratio']:.3f}" if "memcpy_ratio" in r else "-", speedup]
        else:
            row += ["-"] * 7
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    base, new = (json.loads(pathlib.Path(p).read_text()) for p in sys.argv[1:3])
    print(compare(base, new))
