"""Build ``x @ W^T`` under dlight's wgmma rule compiled for any number of rows, in forms that
isolate what a symbolic M costs, for ``run_gpu.py`` (each timed against cuBLAS):

    python benchmarks/build_any_rows_lab.py --suite index --out build/gpu/any_rows_index
    python benchmarks/build_any_rows_lab.py --suite tiles --out build/gpu/any_rows_tiles
    python3 .gpu/boot.py benchmarks/run_gpu.py build/gpu/any_rows_index --out OUT --iters 400

``index``: one tiling (CTAs down the columns of tiles, as under a dynamic M) with the rows an
int64 variable (Relax's index type), an int32 one, and the static length. ``tiles``: 128 x 128,
128 x 192 and 128 x 256 tiles under a symbolic M against the static length's tuned tiling.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

import tvm
from tvm import tirx

from tvm_tma.kernels.gemm import linear_func

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import cases

INDEX_SHAPES = [(1024, 4096, 4096), (1024, 4096, 11008), (512, 12288, 4096), (4096, 4096, 4096), (512, 4096, 11008)]
TILE_SHAPES = [(512, 12288, 4096), (1024, 12288, 4096), (512, 4096, 4096), (512, 4096, 11008), (2048, 12288, 4096),
               (777, 12288, 4096)]


def linear(rows: tirx.PrimExpr, n: int, k: int, index: str) -> tirx.PrimFunc:
    """``kernels.gemm.linear_func`` in fp16, as its own library's ``main``."""
    return linear_func(rows, n, k, "float16", index).with_attr("global_symbol", "main")


def variants(suite: str):
    """``(name, (m, n, k), PrimFunc, config)`` of the suite."""
    from tvm_tma.dlight.wgmma_matmul import WgmmaConfig

    if suite == "index":
        for m, n, k in INDEX_SHAPES:
            tile = (128, 128, 64) if n > 8192 else (128, 256, 64)
            cfg = WgmmaConfig(tile=tile, stages=6 if tile[1] == 128 else 4, group_m=1)
            for label, rows, index in (("dyn_i64", tirx.Var("m", "int64"), "int64"),
                                       ("dyn_i32", tirx.Var("m", "int32"), "int32"),
                                       ("static", tirx.IntImm("int64", m), "int64")):
                yield f"lab_{label}_{m}x{n}x{k}", (m, n, k), linear(rows, n, k, index), cfg
    else:
        tilings = {"t128x128": WgmmaConfig(tile=(128, 128, 64), stages=6, group_m=1),
                   "t128x192": WgmmaConfig(tile=(128, 192, 64), stages=4, group_m=1),
                   "t128x256": WgmmaConfig(stages=4, group_m=1), "tuned_static": None}
        for m, n, k in TILE_SHAPES:
            for label, cfg in tilings.items():
                rows = tirx.IntImm("int64", m) if cfg is None else tirx.Var("m", "int64")
                yield f"lab_{label}_{m}x{n}x{k}", (m, n, k), linear(rows, n, k, "int64"), cfg


def main(argv: list[str] | None = None) -> None:
    from tvm_tma.codegen import SM90A
    from tvm_tma.dlight.wgmma_matmul import WgmmaMatmul

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", choices=["index", "tiles"], required=True)
    parser.add_argument("--out", type=pathlib.Path, required=True)
    opts = parser.parse_args(argv)
    opts.out.mkdir(parents=True, exist_ok=True)
    target = tvm.target.Target({"kind": "cuda", "arch": "sm_90a"})
    entries = []
    for name, (m, n, k), func, cfg in variants(opts.suite):
        with target:
            mod = WgmmaMatmul(cfg).apply(func, target, False).mod
        cases.compile_module(mod, "tma").export_library(str(opts.out / f"{name}.so"))
        entries.append({"name": name, "library": f"{name}.so", "size": f"{m}x{n}x{k}",
                        "args": [{"shape": [m, k], "dtype": "float16"}, {"shape": [n, k], "dtype": "float16"},
                                 {"shape": [m, n], "dtype": "float16"}],
                        "outputs": [2], "reference": "gemm", "ref_params": {"b_transposed": True}, "bytes": None,
                        "flops": 2 * m * n * k, "timed": True})
        print("built", name, flush=True)
    manifest = {"pipeline": "tma", "target": SM90A, "tvm_version": tvm.__version__, "cases": entries}
    (opts.out / "manifest.json").write_text(json.dumps(manifest, indent=1))


if __name__ == "__main__":
    main()
