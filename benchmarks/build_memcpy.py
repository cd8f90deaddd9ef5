"""Build copy libraries for ``run_memcpy.py``: ``tvm_tma.memcpy.build`` with several tile
sizes and stage counts (the sweep), plus ``manifest.json``.

    python benchmarks/build_memcpy.py --out build/gpu/memcpy
"""

from __future__ import annotations

import argparse
import json
import pathlib

from tvm_tma import memcpy

# (tile bytes, stages): shared memory per CTA is tile * stages (at most 227 KiB on Hopper).
VARIANTS = ((16384, 4), (32768, 4), (32768, 6), (65536, 3))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("build/gpu/memcpy"))
    parser.add_argument("--ctas", type=int, default=132, help="persistent grid size (H100/H200: 132 SMs)")
    opts = parser.parse_args(argv)
    libraries = []
    for tile, stages in VARIANTS:
        name = f"tile{tile // 1024}k_s{stages}"
        memcpy.build(opts.out / f"{name}.so", tile_bytes=tile, stages=stages, ctas=opts.ctas)
        libraries.append({"name": name, "file": f"{name}.so", "tile_bytes": tile, "stages": stages,
                          "ctas": opts.ctas})
        print("built", name, flush=True)
    (opts.out / "manifest.json").write_text(json.dumps({"libraries": libraries}, indent=1))


if __name__ == "__main__":
    main()
