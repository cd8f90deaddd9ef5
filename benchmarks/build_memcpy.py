"""Build copy libraries for ``run_memcpy.py``: ``tvm_tma.memcpy.build`` with its default
variants, and one library per variant of the sweep, plus ``manifest.json``.

    python benchmarks/build_memcpy.py --out build/gpu/memcpy
"""

from __future__ import annotations

import argparse
import json
import pathlib

from tvm_tma import memcpy

# One library per variant (tile bytes, stages, CTAs): shared memory per CTA is tile * stages
# (at most 227 KiB per SM on Hopper, so 264 CTAs = 2 per SM need tile * stages <= 113 KiB).
# Threads per CTA (a fourth entry; default 128): only thread 0 issues the copies.
SWEEP = ((2048, 4, 528), (4096, 2, 528), (8192, 4, 264), (16384, 2, 264), (32768, 4, 132), (32768, 3, 264),
         (4096, 2, 528, 32), (4096, 2, 1056, 32), (2048, 2, 1056, 32), (8192, 2, 528, 32))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("build/gpu/memcpy"))
    parser.add_argument("--only", help="comma-separated names of sweep variants to build (default: all)")
    opts = parser.parse_args(argv)
    libraries = [{"name": "default", "file": "default.so"}]
    memcpy.build(opts.out / "default.so")
    for tile, stages, ctas, *rest in SWEEP:
        threads = rest[0] if rest else 128
        name = f"t{tile // 1024}k_s{stages}_c{ctas}" + (f"_t{threads}" if rest else "")
        if opts.only and name not in opts.only.split(","):
            continue
        memcpy.build(opts.out / f"{name}.so", variants=(memcpy.Variant(tile, stages, ctas, threads=threads),))
        libraries.append({"name": name, "file": f"{name}.so"})
        print("built", name, flush=True)
    (opts.out / "manifest.json").write_text(json.dumps({"libraries": libraries}, indent=1))


if __name__ == "__main__":
    main()
