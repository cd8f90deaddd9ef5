"""Build copy libraries for ``run_memcpy.py``: ``tvm_tma.memcpy.build`` with its default
variants, and one library per variant of the sweep, plus ``manifest.json``.

    python benchmarks/build_memcpy.py --out build/gpu/memcpy
"""

from __future__ import annotations

import argparse
import json
import pathlib

from tvm_tma import memcpy

# One library per variant (tile bytes, stages, CTAs at most; None: one CTA per tile), threads per
# CTA a fourth entry (default 128; only thread 0 issues the copies). Shared memory per CTA is a
# tile per buffer of the ring (227 KiB per SM on Hopper, and at most 32 CTAs per SM).
SWEEP = ((2048, 4, 528), (4096, 2, 528), (8192, 4, 264), (16384, 2, 264), (32768, 4, 132), (32768, 3, 264),
         (4096, 2, 528, 32), (4096, 2, 1056, 32), (2048, 2, 1056, 32), (8192, 2, 528, 32),
         (4096, 1, None, 1), (4096, 1, None), (2048, 1, None, 1), (4096, 2, 2112, 1), (4096, 2, 4224, 1),
         (4096, 3, 2112, 1), (4096, 4, 1056, 1), (8192, 2, 2112, 1), (8192, 3, 1056, 1), (16384, 2, 1056, 1),
         (16384, 3, 528, 1), (4096, 2, 2112), (4096, 2, 4224))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("build/gpu/memcpy"))
    parser.add_argument("--only", help="comma-separated names of sweep variants to build (default: all)")
    opts = parser.parse_args(argv)
    libraries = [{"name": "default", "file": "default.so"}]
    memcpy.build(opts.out / "default.so")
    for tile, stages, ctas, *rest in SWEEP:
        threads = rest[0] if rest else 128
        name = f"t{tile // 1024}k_s{stages}_c{ctas or 'pertile'}" + (f"_t{threads}" if rest else "")
        if opts.only and name not in opts.only.split(","):
            continue
        memcpy.build(opts.out / f"{name}.so", variants=(memcpy.Variant(tile, stages, ctas, threads=threads),))
        libraries.append({"name": name, "file": f"{name}.so"})
        print("built", name, flush=True)
    (opts.out / "manifest.json").write_text(json.dumps({"libraries": libraries}, indent=1))


if __name__ == "__main__":
    main()
