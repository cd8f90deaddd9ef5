"""Build ``x @ W^T`` under dlight's wgmma rule compiled for any number of rows, in forms that
isolate what a symbolic M costs, for ``run_gpu.py`` (each timed against cuBLAS):

    python benchmarks/build_any_rows_lab.py --suite index --out build/gpu/any_rows_index
    python benchmarks/build_any_rows_lab.py --suite tiles --out build/gpu/any_rows_tiles
    python benchmarks/build_any_rows_lab.py --suite models --out build/gpu/any_rows_models
    python benchmarks/build_any_rows_lab.py --suite raster --out build/gpu/any_rows_raster
    python3 .gpu/boot.py benchmarks/run_gpu.py build/gpu/any_rows_index --out OUT --iters 400

``index``: one tiling (CTAs down the columns of tiles, as under a dynamic M) with the rows an
int64 variable (Relax's index type), an int32 one, and the static length. ``tiles``: 128 x 128,
128 x 192 and 128 x 256 tiles under a symbolic M against the static length's tuned tiling.
``models``: those tilings on the models' linear layers (:data:`MODEL_NK`) at :data:`MODEL_ROWS`.
``raster``: 128 x 256 tiles at a static M, a CTA per tile or a persistent grid, CTAs in groups
of 1 or 8 row tiles, against the same tiles under a symbolic M (:data:`RASTER_SHAPES`).
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
MODEL_NK = [(12288, 4096), (4096, 4096), (4096, 11008), (6144, 2048), (2048, 2048), (8192, 2048), (2048, 8192)]
"""The linear layers of the Llama layer and the GPT-2 block (``build_llama.py``) but gate_up: ``(N, K)``."""
MODEL_ROWS = (512, 777, 1024, 2048, 4096)
RASTER_SHAPES = [(4096, 4096, 4096), (4096, 12288, 4096), (2048, 12288, 4096), (1024, 12288, 4096), (4096, 4096, 11008),
                 (2048, 6144, 2048), (2048, 4096, 4096)]


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
    elif suite == "raster":
        rasters = {"np_g1": WgmmaConfig(stages=4, group_m=1), "np_g8": WgmmaConfig(stages=4, group_m=8),
                   "p_g1": WgmmaConfig(stages=3, group_m=1, persistent=True),
                   "p_g8": WgmmaConfig(stages=3, group_m=8, persistent=True), "dyn": WgmmaConfig(stages=4, group_m=1)}
        for m, n, k in RASTER_SHAPES:
            for label, cfg in rasters.items():
                rows = tirx.Var("m", "int64") if label == "dyn" else tirx.IntImm("int64", m)
                yield f"raster_{label}_{m}x{n}x{k}", (m, n, k), linear(rows, n, k, "int64"), cfg
    else:
        tilings = {"t128x128": WgmmaConfig(tile=(128, 128, 64), stages=6, group_m=1),
                   "t128x192": WgmmaConfig(tile=(128, 192, 64), stages=4, group_m=1),
                   "t128x256": WgmmaConfig(stages=4, group_m=1), "tuned_static": None}
        shapes = TILE_SHAPES if suite == "tiles" else [(m, n, k) for n, k in MODEL_NK for m in MODEL_ROWS]
        for m, n, k in shapes:
            for label, cfg in tilings.items():
                rows = tirx.IntImm("int64", m) if cfg is None else tirx.Var("m", "int64")
                yield f"lab_{label}_{m}x{n}x{k}", (m, n, k), linear(rows, n, k, "int64"), cfg


def main(argv: list[str] | None = None) -> None:
    from tvm_tma.codegen import SM90A
    from tvm_tma.dlight.wgmma_matmul import WgmmaMatmul

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", choices=["index", "tiles", "models", "raster"], required=True)
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
