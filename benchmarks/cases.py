"""Registry of named GPU cases: kernel builder + arguments, inputs, reference and rate.

``check_*`` cases are small correctness cases (tails, odd trip counts); ``bench_*`` cases are
the baseline measurements. ``build.py`` compiles them for a pipeline ("default": stock TVM with
``tirx.use_async_copy``; "tma": tvm-tma's pipeline), ``run_gpu.py`` runs them on the GPU.
This module imports no TVM at module level, so it stays cheap to import.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import re
from typing import Any

import numpy as np

PIPELINES: dict[str, dict[str, Any]] = {
    "default": {"tirx.use_async_copy": 1},  # stock TVM 0.27: cp.async + commit/wait groups
    "tma": {},  # tvm-tma: registered by `import tvm_tma`
    "tma_all_launches": {},  # tvm-tma with every pipeline on mbarriers (the check cases' small launches)
    "tma_no_tensor_maps": {},  # tvm-tma without tensor maps: strided tiles as 1-D bulk copies per row
    "tma_no_tensor_map_cache": {},  # tvm-tma with tensor maps encoded at every call (no descriptor cache)
    "tma_empty_barriers": {},  # tvm-tma with "empty" mbarriers instead of __syncthreads before producers
    "tma_bulk_rows": {},  # tvm-tma with one bulk copy per row at any row length (rule bulk_min_run off)
    "tma_mixed_stages": {},  # tvm-tma with bulk copies and per-thread cp.async of a stage on one mbarrier
    "tma_permuted_tiles": {},  # tvm-tma with tiles in the schedule's permuted layout by swizzled tensor copies
}
DTYPE_BYTES = {"int8": 1, "float16": 2, "bfloat16": 2, "float32": 4}


@dataclasses.dataclass(frozen=True)
class Case:
    """One kernel invocation: ``builder(**kwargs)`` from ``tvm_tma.kernels`` called with ``args``
    (``(shape, dtype)`` in the PrimFunc's parameter order), ``outputs`` the indices of the
    arguments it writes, checked against ``reference`` (a name ``run_gpu.py`` knows) with
    ``ref_params``. ``bytes_moved`` / ``flops`` give its rate; ``timed`` cases are measured.
    ``stock=False``: stock TVM 0.27 cannot build it (not selected for the "default" pipeline)."""

    name: str
    builder: str
    kwargs: dict[str, Any]
    args: tuple[tuple[tuple[int, ...], str], ...]
    outputs: tuple[int, ...]
    reference: str
    size: str
    ref_params: dict[str, Any] = dataclasses.field(default_factory=dict)
    bytes_moved: int | None = None
    flops: int | None = None
    timed: bool = False
    stock: bool = True

    def build(self):
        """The scheduled ``tvm.IRModule`` (imports ``tvm_tma.kernels`` on first use)."""
        kernels = importlib.import_module("tvm_tma.kernels")
        return getattr(kernels, self.builder)(**self.kwargs)

    def manifest_entry(self) -> dict[str, Any]:
        """JSON-ready description for ``run_gpu.py`` (everything but the builder)."""
        return {
            "name": self.name, "library": f"{self.name}.so", "size": self.size,
            "args": [{"shape": list(shape), "dtype": dtype} for shape, dtype in self.args],
            "outputs": list(self.outputs), "reference": self.reference, "ref_params": self.ref_params,
            "bytes": self.bytes_moved, "flops": self.flops, "timed": self.timed,
        }


def copy_case(name: str, n: int, dtype: str = "float32", timed: bool = False, **kwargs: Any) -> Case:
    """``B = A`` over ``n`` elements; rate counts bytes read + written."""
    return Case(name, "copy", {"n_elems": n, "dtype": dtype, **kwargs}, (((n,), dtype),) * 2, (1,), "copy",
                size=f"n={n} {dtype}", bytes_moved=2 * n * DTYPE_BYTES[dtype], timed=timed)


def add_case(name: str, n: int, dtype: str = "float32", timed: bool = False, **kwargs: Any) -> Case:
    """``C = A + B`` over ``n`` elements; rate counts bytes read + written."""
    return Case(name, "add", {"n_elems": n, "dtype": dtype, **kwargs}, (((n,), dtype),) * 3, (2,), "add",
                size=f"n={n} {dtype}", bytes_moved=3 * n * DTYPE_BYTES[dtype], timed=timed)


def row_case(name: str, builder: str, rows: int, cols: int, dtype: str = "float16", timed: bool = False,
             **kwargs: Any) -> Case:
    """``builder`` (``rms_norm``, ``layer_norm``, ``softmax``) over ``x[rows, cols]`` with its
    weights (``w``; ``b`` for layer_norm), each ``(cols,)``; rate counts x, the weights and y once."""
    params = {"rms_norm": 1, "layer_norm": 2, "softmax": 0}[builder]
    eps = {"eps": kwargs.setdefault("eps", 1e-5 if builder == "layer_norm" else 1e-6)} if params else {}
    return Case(name, builder, {"rows": rows, "cols": cols, "dtype": dtype, **kwargs},
                (((rows, cols), dtype), *((((cols,), dtype),) * params), ((rows, cols), dtype)), (params + 1,),
                builder, size=f"{rows}x{cols} {dtype}", ref_params=eps,
                bytes_moved=(2 * rows * cols + params * cols) * DTYPE_BYTES[dtype], timed=timed)


def binary_case(name: str, op: str, shape_a: tuple[int, ...], shape_b: tuple[int, ...], dtype: str = "float16",
                timed: bool = False, **kwargs: Any) -> Case:
    """``C = op(A, B)`` with numpy broadcasting; rate counts A, B and C once."""
    rows, cols = np.broadcast_shapes(shape_a, shape_b)
    elems = math.prod(shape_a) + math.prod(shape_b) + rows * cols
    return Case(name, "binary", {"op": op, "shape_a": shape_a, "shape_b": shape_b, "dtype": dtype, **kwargs},
                ((shape_a, dtype), (shape_b, dtype), ((rows, cols), dtype)), (2,), "binary",
                size=f"{shape_a} {op} {shape_b} {dtype}", ref_params={"op": op},
                bytes_moved=elems * DTYPE_BYTES[dtype], timed=timed)


def kernel_cases(kernel: str, rows: int, cols: int, dtype: str, name: str, timed: bool = False,
                 variant: int = 0, **kwargs: Any) -> Case:
    """One case of the row kernels at ``rows x cols``; for ``binary``, ``variant`` picks the
    op and the broadcast (0: bias add of a row vector, 1: multiply by a column vector,
    2: subtract two full inputs, 3: maximum of a ``(1, cols)`` row and a full input)."""
    if kernel != "binary":
        return row_case(name, kernel, rows, cols, dtype, timed, **kwargs)
    op, shape_a, shape_b = [("add", (rows, cols), (cols,)), ("multiply", (rows, cols), (rows, 1)),
                            ("subtract", (rows, cols), (rows, cols)), ("maximum", (1, cols), (rows, cols))][variant]
    return binary_case(name, op, shape_a, shape_b, dtype, timed)


def gemm_case(name: str, n: int, timed: bool = False, **kwargs: Any) -> Case:
    """``C = A @ B``, fp16 ``n x n`` operands, fp32 output; rate counts ``2 n^3`` flops."""
    return Case(name, "gemm_mma", {"n": n, **kwargs},
                (((n, n), "float16"), ((n, n), "float16"), ((n, n), "float32")), (2,), "gemm",
                size=f"{n}^3 fp16->fp32", bytes_moved=None, flops=2 * n**3, timed=timed)


def wgmma_case(name: str, m: int, n: int, k: int, dtype: str = "float16", timed: bool = False,
               **kwargs: Any) -> Case:
    """``C = A @ B`` by ``gemm_wgmma``: ``dtype`` inputs, fp32 accumulation, ``out_dtype`` output
    (fp32 unless given), ``B`` as ``B[k, n]`` or (``b_layout="NK"``) ``B^T[n, k]``; rate counts
    ``2 m n k`` flops. Stock TVM cannot build it (no wgmma intrinsics)."""
    out = kwargs.get("out_dtype", "float32")
    transposed = kwargs.get("b_layout") == "NK"
    return Case(name, "gemm_wgmma", {"m": m, "n": n, "k": k, "dtype": dtype, **kwargs},
                (((m, k), dtype), ((n, k) if transposed else (k, n), dtype), ((m, n), out)), (2,), "gemm",
                size=f"{m}x{n}x{k} {dtype}->{out}" + (" B^T" if transposed else ""),
                ref_params={"b_transposed": True} if transposed else {}, flops=2 * m * n * k, timed=timed,
                stock=False)


def linear_case(name: str, m: int, n: int, k: int, dtype: str = "float16", any_rows: bool = False,
                out_dtype: str | None = None) -> Case:
    """``x @ W^T`` by ``linear`` (dlight's wgmma rule, ``out_dtype`` output, by default
    ``dtype``; ``any_rows``: compiled for any number of rows, run at ``m``); rate counts
    ``2 m n k`` flops. Stock TVM cannot build it."""
    out = out_dtype or dtype
    return Case(name, "linear", {"m": m, "n": n, "k": k, "dtype": dtype, "any_rows": any_rows, "out_dtype": out},
                (((m, k), dtype), ((n, k), dtype), ((m, n), out)), (2,), "gemm",
                size=f"{m}x{n}x{k} {dtype}" + (f"->{out}" if out != dtype else "") + " x @ W^T"
                + (" (any rows)" if any_rows else ""),
                ref_params={"b_transposed": True}, flops=2 * m * n * k, stock=False)


def gated_case(name: str, m: int, k: int, mlp: int, dtype: str = "float16", timed: bool = False,
               any_rows: bool = False, gated_widths: bool = True) -> Case:
    """``silu(x @ W_gate^T) * (x @ W_up^T)`` by ``gated_mlp`` (the gate/up GEMM with that
    epilogue; ``any_rows``: compiled for any number of rows, run at ``m``; ``gated_widths``: in
    two slice widths chosen at run time); rate counts the two GEMMs' ``4 m k mlp`` flops. Stock
    TVM cannot build it."""
    return Case(name, "gated_mlp", {"m": m, "k": k, "mlp": mlp, "dtype": dtype, "any_rows": any_rows,
                                    "gated_widths": gated_widths},
                (((1, m, k), dtype), ((2, mlp, k), dtype), ((1, m, mlp), dtype)), (2,), "gated",
                size=f"{m}x{k} @ 2x{mlp}x{k} {dtype}", flops=4 * m * k * mlp, timed=timed, stock=False)


def attention_case(name: str, batch: int, heads: int, heads_kv: int, seq_q: int, seq_kv: int, head_dim: int,
                   dtype: str = "float16", causal: bool = False) -> Case:
    """``O = softmax(Q K^T / sqrt(d)) V`` by ``attention`` (``[b, s, h, d]``, no LSE output);
    rate counts ``4 b h sq skv d`` flops (half for causal). Stock TVM cannot build it."""
    q, kv = (batch, seq_q, heads, head_dim), (batch, seq_kv, heads_kv, head_dim)
    flops = 4 * batch * heads * seq_q * seq_kv * head_dim // (2 if causal else 1)
    return Case(name, "attention", {"batch": batch, "heads": heads, "heads_kv": heads_kv, "seq_q": seq_q,
                                    "seq_kv": seq_kv, "head_dim": head_dim, "dtype": dtype, "causal": causal,
                                    "lse": False},
                ((q, dtype), (kv, dtype), (kv, dtype), (q, dtype)), (3,), "attention",
                size=f"b{batch} h{heads}/{heads_kv} {seq_q}x{seq_kv} d{head_dim} {dtype}{' causal' if causal else ''}",
                ref_params={"causal": causal}, flops=flops, stock=False)


def _sweep(tile: tuple[int, int, int], stages: int, warpgroups: int = 2, **kwargs: Any) -> Case:
    """A ``bench_wgmma_f16_4096_t<BM>x<BN>x<BK>[_wg1]_s<stages>[...]`` case of the tile sweep."""
    name = f"bench_wgmma_f16_4096_t{'x'.join(map(str, tile))}{'_wg1' if warpgroups == 1 else ''}_s{stages}"
    name += "".join(f"_{suffix}" for key, suffix in (("wgmma_in_flight", "wait0"), ("b_layout", "nt")) if key in kwargs)
    name += f"_r{kwargs['raster']}" if "raster" in kwargs else ""
    return wgmma_case(name, 4096, 4096, 4096, timed=True, tile=tile, stages=stages, warpgroups=warpgroups, **kwargs)


WGMMA_CASES = [
    # Correctness (the default schedule: 128x256x64 tiles, 2 consumer warpgroups, 4 stages,
    # one wgmma group in flight): tails in M, N and K, tile multiples with a steady state.
    wgmma_case("check_wgmma_f16_200x264x136", 200, 264, 136),
    wgmma_case("check_wgmma_bf16_200x264x136", 200, 264, 136, "bfloat16"),
    wgmma_case("check_wgmma_f16_128x4096x4096", 128, 4096, 4096),
    wgmma_case("check_wgmma_f16_256x512x512", 256, 512, 512),
    wgmma_case("check_wgmma_bf16_1024x1024x1024", 1024, 1024, 1024, "bfloat16"),
    wgmma_case("check_wgmma_f16_1000x1000x1000", 1000, 1000, 1000),
    # groups in flight: 0 (each stage waits for its MMAs), 2 (the producer waits for one)
    wgmma_case("check_wgmma_f16_wait0_256x512x320", 256, 512, 320, wgmma_in_flight=0),
    wgmma_case("check_wgmma_f16_wait2_256x512x640", 256, 512, 640, wgmma_in_flight=2),
    wgmma_case("check_wgmma_f16_s2_256x256x512", 256, 256, 512, stages=2),
    # B^T (K-major B), fp16 output
    wgmma_case("check_wgmma_f16_nt_200x264x136", 200, 264, 136, b_layout="NK"),
    wgmma_case("check_wgmma_bf16_nt_512x256x1000", 512, 256, 1000, "bfloat16", b_layout="NK"),
    wgmma_case("check_wgmma_f16_out16_200x264x136", 200, 264, 136, out_dtype="float16"),
    # other tiles: one warpgroup with two m64 rows, 2 x 128 rows, the 64B swizzle (BK = 32:
    # 64-byte rows of A) and the 32B swizzle (BK = 16)
    wgmma_case("check_wgmma_f16_t128x128x64_wg1_300x312x200", 300, 312, 200, tile=(128, 128, 64), warpgroups=1),
    wgmma_case("check_wgmma_f16_t256x128x64_520x136x200", 520, 136, 200, tile=(256, 128, 64)),
    wgmma_case("check_wgmma_f16_t64x64x32_wg1_s3_136x72x80", 136, 72, 80, tile=(64, 64, 32), warpgroups=1,
               stages=3),
    wgmma_case("check_wgmma_bf16_t128x128x16_200x200x104", 200, 200, 104, "bfloat16", tile=(128, 128, 16)),
    # MN-major B in the 64B and 32B swizzles (B rows of 32 and 16 columns)
    wgmma_case("check_wgmma_f16_t64x32x64_wg1_136x96x200", 136, 96, 200, tile=(64, 32, 64), warpgroups=1),
    wgmma_case("check_wgmma_f16_t64x16x64_wg1_136x48x200", 136, 48, 200, tile=(64, 16, 64), warpgroups=1),
    # CTAs in groups of 4 row tiles (5 row tiles padded to 8: 3 empty CTAs per column)
    wgmma_case("check_wgmma_f16_r4_520x520x200", 520, 520, 200, raster=4),
    # Timed: fp16 and bf16 at 4096^3 and 8192^3 (fp32 accumulation and output), the default schedule
    wgmma_case("bench_wgmma_f16_4096", 4096, 4096, 4096, timed=True),
    wgmma_case("bench_wgmma_bf16_4096", 4096, 4096, 4096, "bfloat16", timed=True),
    wgmma_case("bench_wgmma_f16_8192", 8192, 8192, 8192, timed=True),
    wgmma_case("bench_wgmma_bf16_8192", 8192, 8192, 8192, "bfloat16", timed=True),
    # ... with CTAs in groups of 8 / 16 row tiles (L2 reuse of B's columns)
    wgmma_case("bench_wgmma_f16_8192_r8", 8192, 8192, 8192, timed=True, raster=8),
    wgmma_case("bench_wgmma_f16_8192_r16", 8192, 8192, 8192, timed=True, raster=16),
    wgmma_case("bench_wgmma_bf16_8192_r8", 8192, 8192, 8192, "bfloat16", timed=True, raster=8),
    # The sweep at 4096^3 fp16: tiles, stages, warpgroups, groups in flight, B^T
    _sweep((128, 256, 64), 3),
    _sweep((128, 256, 64), 4, wgmma_in_flight=0),
    _sweep((128, 256, 64), 4, b_layout="NK"),
    _sweep((128, 256, 32), 6),
    _sweep((128, 128, 64), 4),
    _sweep((128, 128, 64), 5),
    _sweep((128, 128, 64), 4, warpgroups=1),
    _sweep((256, 128, 64), 4),
    _sweep((128, 256, 64), 4, raster=8),
]


def _matrix(m: int, n: int, kwargs: dict[str, Any]) -> tuple[int, ...]:
    """The shape of a tile kernel's matrices: ``(m, n)``, or with ``dynamic`` the same rows as
    ``(m // tile_m, tile_m, n)`` (a variable number of whole row tiles)."""
    tile_m = kwargs.get("tile_m", 16)
    return (m // tile_m, tile_m, n) if kwargs.get("dynamic") else (m, n)


def tile_case(name: str, m: int, n: int, dtype: str = "float32", staged: bool = False, **kwargs: Any) -> Case:
    """``B = A * 2`` (``A + C`` with ``second_input``) over ``m x n`` through shared tiles."""
    inputs = 2 if kwargs.get("second_input") else 1
    return Case(name, "tile_scale_staged" if staged else "tile_scale", {"m": m, "n": n, "dtype": dtype, **kwargs},
                ((_matrix(m, n, kwargs), dtype),) * (inputs + 1), (inputs,), "add" if inputs == 2 else "scale2",
                size=f"{m}x{n} {dtype}", bytes_moved=(inputs + 1) * m * n * DTYPE_BYTES[dtype])


def center_case(name: str, m: int, n: int, **kwargs: Any) -> Case:
    """``B = A - mean(A, axis=0)`` over fp32 ``m x n``: two pipelined loops over ``A``'s row tiles
    (``center_columns``); rate counts ``A`` twice and ``B`` once."""
    return Case(name, "center_columns", {"m": m, "n": n, **kwargs}, ((_matrix(m, n, kwargs), "float32"),) * 2,
                (1,), "center_columns", size=f"{m}x{n} float32", bytes_moved=3 * m * n * 4)


def tile3d_case(name: str, p: int, m: int, n: int, dtype: str = "float32", **kwargs: Any) -> Case:
    """``B = A * 2`` over ``p x m x n`` through 3-D shared boxes (``tile_scale_3d``)."""
    return Case(name, "tile_scale_3d", {"p": p, "m": m, "n": n, "dtype": dtype, **kwargs},
                (((p, m, n), dtype),) * 2, (1,), "scale2", size=f"{p}x{m}x{n} {dtype}",
                bytes_moved=2 * p * m * n * DTYPE_BYTES[dtype])


# Row kernels: pointwise binary ops with broadcast, RMSNorm, LayerNorm, softmax. Timed over a range
# of sizes (plot_norms.py draws bandwidth against size), fp16, and bf16 at the two largest sizes;
# checked at cols 8, 1000 (no power of two), 4096, 8192 with an odd number of rows.
ROW_KERNELS = ("rms_norm", "layer_norm", "softmax", "binary")
ROW_SWEEP_SHAPES = ((2048, 4096), (8192, 4096), (32768, 4096), (65536, 4096), (131072, 4096), (262144, 1024))
_SHORT = {"float16": "f16", "bfloat16": "bf16"}
ROW_KERNEL_CASES = [
    *(kernel_cases(k, rows, cols, "float16", f"bench_{k}_{rows}x{cols}", timed=True)
      for k in ROW_KERNELS for rows, cols in ROW_SWEEP_SHAPES),
    *(kernel_cases(k, rows, cols, "bfloat16", f"bench_{k}_{rows}x{cols}_bf16", timed=True)
      for k in ROW_KERNELS for rows, cols in ((65536, 4096), (262144, 1024))),
    *(kernel_cases(k, rows, cols, dtype, f"check_{k}_{_SHORT[dtype]}_{rows}x{cols}", variant=v)
      for k in ROW_KERNELS for dtype in _SHORT
      for v, (rows, cols) in enumerate(((1001, 8), (37, 1000), (1001, 4096), (37, 8192)))),
]
STOCK_DROPS_A_COMMIT = ("check_binary_f16_1001x8", "check_binary_bf16_1001x8")
"""Stock TVM builds these wrong: 1001 rows in tiles of 512 with 16 trips per CTA leave the third
prologue stage empty, and TVM 0.27 drops its commit while the loop's waits count it ("tma" keeps
their rings: ``stock_groups.empty_stage``)."""
ROW_KERNEL_CASES = [dataclasses.replace(c, stock=False) if c.name in STOCK_DROPS_A_COMMIT else c
                    for c in ROW_KERNEL_CASES]

def ws_case(name: str, m: int, n: int, k: int, dtype: str = "float16", timed: bool = False, **kwargs: Any) -> Case:
    """``gemm_wgmma`` with a producer warpgroup (``producer="warp"``) unless ``producer`` is given."""
    return wgmma_case(name, m, n, k, dtype, timed, **{"producer": "warp", **kwargs})


# Warp specialization (producer="warp") and persistent CTAs. The persistent kernels keep the
# rings and the output tile at once: 3 stages with a 16-bit output tile (the input type; or
# 128x128 tiles); their non-specialized twins (producer="cta") and 16-bit-output baselines.
_P = {"persistent": True, "stages": 3}
WS_CASES = [
    # Correctness: tile multiples, tails in M, N and K, trip counts below the stage count (k 64,
    # 136), groups in flight 0 and 2, B^T, one warpgroup, 2 stages.
    ws_case("check_ws_f16_256x512x512", 256, 512, 512),
    ws_case("check_ws_f16_200x264x136", 200, 264, 136),
    ws_case("check_ws_bf16_200x264x136", 200, 264, 136, "bfloat16"),
    ws_case("check_ws_f16_1000x1000x1000", 1000, 1000, 1000),
    ws_case("check_ws_f16_k64_256x256x64", 256, 256, 64),
    ws_case("check_ws_f16_wait0_256x512x320", 256, 512, 320, wgmma_in_flight=0),
    ws_case("check_ws_f16_wait2_256x512x640", 256, 512, 640, wgmma_in_flight=2),
    ws_case("check_ws_bf16_nt_512x256x1000", 512, 256, 1000, "bfloat16", b_layout="NK"),
    ws_case("check_ws_f16_t128x128x64_wg1_300x312x200", 300, 312, 200, tile=(128, 128, 64), warpgroups=1),
    ws_case("check_ws_f16_s2_256x256x512", 256, 256, 512, stages=2),
    # One row of A (a decode token), and tile N 96 from B^T.
    ws_case("check_ws_f16_m1_1x520x1000", 1, 520, 1000),
    ws_case("check_wgmma_bf16_m1_1x264x136", 1, 264, 136, "bfloat16", producer="cta", out_dtype="bfloat16"),
    ws_case("check_ws_f16_persistent_m1_1x1000x512", 1, 1000, 512, persistent=True),
    ws_case("check_ws_f16_nt_t128x96x64_300x200x136", 300, 200, 136, b_layout="NK", tile=(128, 96, 64)),
    # Persistent: more tiles than CTAs (1000^2: 32 tiles on 4 CTAs of at most 6; 520^2 in groups
    # of 4 row tiles on 8 CTAs), fewer (4 tiles, 132 CTAs at most), one k step per tile, tails.
    ws_case("check_ws_f16_persistent_1000x1000x1000", 1000, 1000, 1000, ctas=6, out_dtype="float16", **_P),
    ws_case("check_ws_f16_persistent_r4_520x520x200", 520, 520, 200, ctas=8, raster=4, out_dtype="float16", **_P),
    ws_case("check_ws_f16_persistent_200x264x136", 200, 264, 136, out_dtype="float16", **_P),
    ws_case("check_ws_bf16_persistent_k64_1024x1024x64", 1024, 1024, 64, "bfloat16", ctas=8, out_dtype="bfloat16",
            **_P),
    ws_case("check_ws_f16_persistent_t128x128x64_1000x1000x520", 1000, 1000, 520, ctas=16, tile=(128, 128, 64),
            persistent=True, stages=4),
    ws_case("check_wgmma_f16_persistent_1000x1000x1000", 1000, 1000, 1000, ctas=6, producer="cta",
            out_dtype="float16", **_P),
    # Timed: 4096^3 (groups of 4 row tiles), 8192^3 (of 8) and 8192x8192x512 (small K), fp16 and bf16,
    # with and without the producer warpgroup and persistence.
    *(ws_case(f"bench_ws_{short}_{size}{suffix}", m, m, k, dtype, timed=True, **extra)
      for dtype, short in (("float16", "f16"), ("bfloat16", "bf16"))
      for size, m, k, raster in (("4096_r4", 4096, 4096, 4), ("8192_r8", 8192, 8192, 8), ("8192x512_r8", 8192, 512, 8))
      for suffix, extra in (("", {}), ("_out16", {"out_dtype": dtype}), ("_p", {"out_dtype": dtype, **_P}),
                            ("_cta_out16", {"producer": "cta", "out_dtype": dtype}),
                            ("_cta_p", {"producer": "cta", "out_dtype": dtype, **_P}))
      for extra in ({"raster": raster, **extra},)),
    ws_case("bench_ws_f16_4096_t128x128x64_p", 4096, 4096, 4096, timed=True, tile=(128, 128, 64), persistent=True,
            stages=4),
    wgmma_case("bench_wgmma_f16_8192x512_r8", 8192, 8192, 512, timed=True, raster=8),
    # Small K, persistent, 16-bit output: smaller tiles (more of them to overlap), deeper rings,
    # a wider raster; the 6-stage tiling also without the producer warpgroup.
    *(ws_case(f"bench_ws_{short}_8192x512_{label}", 8192, 8192, 512, dtype, timed=True, out_dtype=dtype,
              persistent=True, **extra)
      for dtype, short in (("float16", "f16"), ("bfloat16", "bf16"))
      for label, extra in (("t128x128x64_s4_r8", {"tile": (128, 128, 64), "stages": 4, "raster": 8}),
                           ("t128x128x64_s6_r8", {"tile": (128, 128, 64), "stages": 6, "raster": 8}),
                           ("t128x128x64_s6_r8_cta", {"tile": (128, 128, 64), "stages": 6, "raster": 8,
                                                      "producer": "cta"}),
                           ("t128x256x64_s3_r16", {"stages": 3, "raster": 16}),
                           ("t128x256x64_s2_r8", {"stages": 2, "raster": 8}))),
    # Row kernels with a producer warp slice (one row per CTA).
    *(kernel_cases(k, rows, cols, "float16", f"bench_ws_{k}_{rows}x{cols}", timed=True, producer="warp")
      for k in ("rms_norm", "softmax") for rows, cols in ((65536, 4096), (262144, 1024), (8192, 4096))),
    *(kernel_cases(k, rows, cols, dtype, f"check_ws_{k}_{_SHORT[dtype]}_{rows}x{cols}", producer="warp")
      for k in ("rms_norm", "softmax") for dtype in _SHORT for rows, cols in ((1001, 4096), (37, 8192), (5, 2048))),
]


# The warp-specialized GEMM on the linear layers of the model benchmarks (x @ W^T, 16-bit out),
# under the tilings dlight's WgmmaMatmul may pick: its default (128 x 256 x 64, 4 stages, CTAs in
# groups of 8 row tiles), persistent grids in groups of 4 and 8, and 128 x 128 tiles in 6
# stages; timed against cuBLAS (``sweep_*``).
GEMM_SWEEP_SHAPES = {
    "llama_qkv": (4096, 12288, 4096), "llama_o": (4096, 4096, 4096), "llama_gate_up": (4096, 22016, 4096),
    "llama_down": (4096, 4096, 11008), "gpt_qkv": (4096, 6144, 2048), "gpt_proj": (4096, 2048, 2048),
    "gpt_fc": (4096, 8192, 2048), "gpt_out": (4096, 2048, 8192), "llama512_o": (512, 4096, 4096),
    "llama512_down": (512, 4096, 11008), "llama512_gate_up": (512, 22016, 4096),
    "llama1024_qkv": (1024, 12288, 4096), "llama1024_o": (1024, 4096, 4096),
    "llama1024_gate_up": (1024, 22016, 4096), "llama1024_down": (1024, 4096, 11008),
    "gpt2048_qkv": (2048, 6144, 2048), "gpt2048_proj": (2048, 2048, 2048), "gpt2048_fc": (2048, 8192, 2048),
    "gpt2048_out": (2048, 2048, 8192),
}
SWEEP_TILINGS = {
    "t128x256_s4_g8": {"stages": 4, "raster": 8},
    "t128x256_s3_g4_p": {"stages": 3, "raster": 4, "persistent": True},
    "t128x256_s3_g8_p": {"stages": 3, "raster": 8, "persistent": True},
    "t128x128_s6_g8_p": {"tile": (128, 128, 64), "stages": 6, "raster": 8, "persistent": True},
    "t128x128_s6_g8": {"tile": (128, 128, 64), "stages": 6, "raster": 8},
    "t128x192_s4_g8": {"tile": (128, 192, 64), "stages": 4, "raster": 8},
    "t128x192_s4_g8_p": {"tile": (128, 192, 64), "stages": 4, "raster": 8, "persistent": True},
}
SWEEP_CASES = [
    ws_case(f"sweep_{shape}_{label}", m, n, k, timed=True, out_dtype="float16", b_layout="NK",
            **{**tiling, "raster": min(tiling["raster"], m // 128)})
    for shape, (m, n, k) in GEMM_SWEEP_SHAPES.items() for label, tiling in SWEEP_TILINGS.items()
]


# Thin grids: the GEMMs whose 128 x 128 tiles fill at most half the SMs (Llama-3's k and v
# projections, 1024 outputs, at 512 and 1024 tokens), under narrower tiles.
THIN_SWEEP_SHAPES = {"llama3_512_kv": (512, 1024, 4096), "llama3_1024_kv": (1024, 1024, 4096)}
THIN_TILINGS = {
    "t128x128_s6_g8_p": {"tile": (128, 128, 64), "stages": 6, "raster": 8, "persistent": True},
    "t64x128_s8_wg1": {"tile": (64, 128, 64), "warpgroups": 1, "stages": 8, "raster": 8},
    "t64x128_s8_wg1_p": {"tile": (64, 128, 64), "warpgroups": 1, "stages": 8, "raster": 8, "persistent": True},
    "t128x64_s8": {"tile": (128, 64, 64), "stages": 8, "raster": 8},
}
SWEEP_CASES += [
    ws_case(f"sweep_{shape}_{label}", m, n, k, timed=True, out_dtype="float16", b_layout="NK",
            **{**tiling, "raster": min(tiling["raster"], m // tiling["tile"][0])})
    for shape, (m, n, k) in THIN_SWEEP_SHAPES.items() for label, tiling in THIN_TILINGS.items()
]


# N = 11008 (Hugging Face's separate gate and up projections) at short prefills: tiles of 168
# columns make 66 column tiles, 4 full waves of 132 SMs at 1024 rows (8 row tiles).
N11008_SWEEP_SHAPES = {"hf512_gate": (512, 11008, 4096), "hf1024_gate": (1024, 11008, 4096),
                       "hf2048_gate": (2048, 11008, 4096)}
N11008_TILINGS = {
    "t128x256_s4_g8": {"stages": 4, "raster": 8},
    "t128x192_s4_g8": {"tile": (128, 192, 64), "stages": 4, "raster": 8},
    "t128x168_s4_g8": {"tile": (128, 168, 64), "stages": 4, "raster": 8},
    "t128x128_s6_g8": {"tile": (128, 128, 64), "stages": 6, "raster": 8},
}
SWEEP_CASES += [
    ws_case(f"sweep_{shape}_{label}", m, n, k, timed=True, out_dtype="float16", b_layout="NK",
            **{**tiling, "raster": min(tiling["raster"], m // tiling["tile"][0] if "tile" in tiling else m // 128)})
    for shape, (m, n, k) in N11008_SWEEP_SHAPES.items() for label, tiling in N11008_TILINGS.items()
]


# Short prefills with the tokens on wgmma's N (``C^T = W X^T``: the weights' rows in 128-row
# tiles, the tokens split into as few tiles of at most 256 as possible, as narrow as 8-column
# steps allow) against the tokens on M in 128-row tiles (dlight's static tiling, and the two a
# dynamic M chooses from at run time): what a swapped-operand GEMM could take at lengths that
# leave 128-row tiles part empty (lengths a multiple of 8, so that the transposed output's rows
# stay 16-byte aligned for its tensor store; the output stays transposed).
SWAP_SWEEP_SHAPES = {"qkv": (12288, 4096), "o": (4096, 4096), "gate_up": (22016, 4096), "down": (4096, 11008)}
SWAP_SWEEP_TOKENS = (296, 552, 776, 1000)


def _token_width(m: int) -> int:
    from tvm_tma.dlight.wgmma_matmul import _token_config

    return _token_config(m, 128, step=8).tile[1]


def _tuned_case(name: str, m: int, n: int, k: int) -> Case:
    from tvm_tma.dlight.wgmma_matmul import tuned

    cfg = tuned(m, n)
    return ws_case(name, m, n, k, timed=True, out_dtype="float16", b_layout="NK", tile=cfg.tile,
                   warpgroups=cfg.warpgroups, stages=cfg.stages, raster=_down_columns(m, cfg.tile[0], cfg.group_m),
                   persistent=cfg.persistent, **({"ctas": cfg.ctas} if cfg.persistent else {}))


def _down_columns(m: int, rows: int, group: int = 1) -> int:
    """The raster dlight's CTAs take: groups of ``group`` row tiles, or (1) down each column of
    tiles (CTAs running at once share its B tile; ``gemm_wgmma``'s raster 1 walks the rows)."""
    return group if group > 1 else -(-m // rows)


SWAP_SWEEP_CASES = [
    case
    for shape, (n, k) in SWAP_SWEEP_SHAPES.items() for m in SWAP_SWEEP_TOKENS
    for case in (_tuned_case(f"sweep_swap_{shape}_{m}_tokens_on_m", m, n, k),
                 ws_case(f"sweep_swap_{shape}_{m}_tokens_on_m_t128x256", m, n, k, timed=True, out_dtype="float16",
                         b_layout="NK", stages=4, raster=_down_columns(m, 128)),
                 ws_case(f"sweep_swap_{shape}_{m}_tokens_on_m_t128x128", m, n, k, timed=True, out_dtype="float16",
                         b_layout="NK", tile=(128, 128, 64), stages=6, raster=_down_columns(m, 128)),
                 ws_case(f"sweep_swap_{shape}_{m}_tokens_on_n", n, m, k, timed=True, out_dtype="float16",
                         b_layout="NK", tile=(128, _token_width(m), 64), stages=4, raster=8))
]
SWEEP_CASES += SWAP_SWEEP_CASES


_CASES = [
    # Baselines (timed).
    copy_case("bench_copy_1gib", 1 << 28, timed=True),
    add_case("bench_add_2p28", 1 << 28, timed=True),
    gemm_case("bench_gemm_4096", 4096, timed=True),
    # upstream's padded schedule with a k tile of 64: stock TVM's best configuration
    gemm_case("bench_gemm_4096_k64_s3", 4096, timed=True, k_factors=(64, 4, 1), stages=3),
    # The GEMM with dense shared tiles: tensor-map loads without and with swizzle,
    # then larger k tiles and more stages.
    gemm_case("bench_gemm_4096_dense", 4096, timed=True, layout="dense"),
    gemm_case("bench_gemm_4096_swizzled", 4096, timed=True, layout="swizzled"),
    gemm_case("bench_gemm_4096_swizzled_s6", 4096, timed=True, layout="swizzled", stages=6),
    gemm_case("bench_gemm_4096_swizzled_k64_s3", 4096, timed=True, layout="swizzled", k_factors=(64, 4, 1),
              stages=3),
    gemm_case("bench_gemm_4096_swizzled_k64_s4", 4096, timed=True, layout="swizzled", k_factors=(64, 4, 1),
              stages=4),
    gemm_case("bench_gemm_4096_swizzled_k64_s2", 4096, timed=True, layout="swizzled", k_factors=(64, 4, 1),
              stages=2),
    gemm_case("bench_gemm_4096_swizzled_s3", 4096, timed=True, layout="swizzled", stages=3),
    gemm_case("bench_gemm_4096_swizzled_s5", 4096, timed=True, layout="swizzled", stages=5),
    # 8 warps (2 x 4) on the same 128 x 128 CTA tile, warp tiles of 64 x 32
    gemm_case("bench_gemm_4096_swizzled_w8_k64_s3", 4096, timed=True, layout="swizzled", i_factors=(1, 32, 2, 2, 2),
              k_factors=(64, 4, 1), stages=3),
    gemm_case("bench_gemm_4096_swizzled_w8_s4", 4096, timed=True, layout="swizzled", i_factors=(1, 32, 2, 2, 2),
              stages=4),
    # 8 warps on a 256 x 128 CTA tile (warp tiles of 128 x 32, as above): B reused twice as often
    gemm_case("bench_gemm_4096_swizzled_m256_s3", 4096, timed=True, layout="swizzled", i_factors=(1, 16, 2, 4, 2),
              stages=3),
    gemm_case("bench_gemm_4096_swizzled_m256_s4", 4096, timed=True, layout="swizzled", i_factors=(1, 16, 2, 4, 2),
              stages=4),
    gemm_case("bench_gemm_4096_swizzled_m256_k64_s2", 4096, timed=True, layout="swizzled",
              i_factors=(1, 16, 2, 4, 2), k_factors=(64, 4, 1), stages=2),
    # Bulk copies per row against per-thread cp.async (rule bulk_min_run): fp16 tiles of 8 KiB
    # whose rows (padded in shared memory) are one bulk copy each, 1056 CTAs, 15 tiles each.
    *(dataclasses.replace(tile_case(f"bench_rows_{row}B", 15 * (8192 // row), 1056 * (row // 2), "float16",
                                    tile_m=8192 // row, tile_n=row // 2, pads=(8,)), timed=True)
      for row in (32, 64, 128, 256, 512, 1024)),
    # upstream's schedule at 8192^3 (128 x 256 CTA tiles as above), k tiles of 32 and of 64
    gemm_case("bench_gemm_8192", 8192, timed=True, i_factors=(1, 64, 1, 4, 2), j_factors=(32, 2, 4, 1, 2),
              k_factors=(256, 2, 1)),
    gemm_case("bench_gemm_8192_k64_s3", 8192, timed=True, i_factors=(1, 64, 1, 4, 2), j_factors=(32, 2, 4, 1, 2),
              k_factors=(128, 4, 1), stages=3),
    *WGMMA_CASES,
    # Fused attention: tails in both lengths, GQA 4/2, causal with seq_q != seq_kv
    attention_case("check_attention_f16_causal_gqa", 2, 4, 2, 200, 300, 64, causal=True),
    # silu(gate) * up in the gate/up GEMM's epilogue: a partial row tile and a partial last
    # slice (mlp 1000 in slices of 64), bf16 in whole tiles, Llama's mlp at 777 and 1024
    # tokens (slices of 128 and of 96: the last one partial) and, timed, at 4096. (K at most
    # 1024: products of K standard normal terms, gate times up, pass fp16's 65504 from about
    # 4 sigma at K = 4096, where a model's normalized activations stay far below.)
    gated_case("check_gated_f16_1000x512x1000", 1000, 512, 1000),
    gated_case("check_gated_bf16_256x256x384", 256, 256, 384, "bfloat16"),
    gated_case("check_gated_f16_777x512x11008", 777, 512, 11008),
    gated_case("check_gated_f16_1024x512x11008", 1024, 512, 11008),
    gated_case("bench_gated_f16_4096x1024x11008", 4096, 1024, 11008, timed=True),
    # Compiled for any number of rows (for N = 2048 two tilings chosen at run time: 128 x 128
    # tiles at 1-777 rows, 128 x 256 above): one row, a partial row tile, several waves, trip
    # counts below and at the stages (K = 256: 4 slices of 64).
    *(linear_case(f"check_linear_any_rows_f16_{m}x2048x512", m, 2048, 512, any_rows=True)
      for m in (1, 17, 200, 777, 2048, 4999)),
    *(linear_case(f"check_linear_any_rows_f16_{m}x12288x256", m, 12288, 256, any_rows=True) for m in (129, 1000)),
    # (N = 6144 and 8192: 128 x 192 tiles at up to 1024 rows, 128 x 256 above; 8192 columns a
    # partial last 192-column tile)
    *(linear_case(f"check_linear_any_rows_f16_{m}x6144x512", m, 6144, 512, any_rows=True) for m in (1, 777, 2048)),
    linear_case("check_linear_any_rows_f16_300x8192x256", 300, 8192, 256, any_rows=True),
    *(linear_case(f"check_linear_any_rows_f16_f32out_{m}x6144x512", m, 6144, 512, any_rows=True,
                  out_dtype="float32") for m in (300, 2048)),
    linear_case("check_linear_any_rows_bf16_3000x4096x1024", 3000, 4096, 1024, "bfloat16", any_rows=True),
    # (slices of 128 columns only)
    *(gated_case(f"check_gated_any_rows_f16_{m}x512x11008", m, 512, 11008, any_rows=True, gated_widths=False)
      for m in (1, 777, 1024, 3001)),
    # (with slices of 112 columns beside 128: 112 launched at 1, 200 and 1024 rows, 128 at 777
    # and 3001)
    *(gated_case(f"check_gated_widths_any_rows_f16_{m}x512x11008", m, 512, 11008, any_rows=True, gated_widths=True)
      for m in (1, 200, 777, 1024, 3001)),
    # Correctness: tails and trip counts below, at and above the stage count.
    copy_case("check_copy_tail", 1_000_003),
    copy_case("check_copy_trips2_stages4", 3 * 4096 + 5, tiles_per_cta=2, stages=4),
    copy_case("check_copy_trips1", 4096 * 3 + 5, tiles_per_cta=1, stages=4),
    copy_case("check_copy_fp16_odd", 12345, "float16", tiles_per_cta=3, stages=3),
    add_case("check_add_tail_trips5", 777_777, tiles_per_cta=5, stages=4),
    # no tail: 7 CTAs x 13 tiles of 2048, every copy bulk (the pointwise kernel's protocol,
    # small enough for compute-sanitizer)
    add_case("check_add_trips13_stages3", 7 * 13 * 2048, tiles_per_cta=13, stages=3),
    row_case("check_rms_norm_row_tail", "rms_norm", 1001, 3072, rows_per_cta=4, stages=2),
    row_case("check_rms_norm_one_chunk", "rms_norm", 37, 1024),
    # Tile shapes of the bulk-copy lowering: whole tile, rows, padded rows, dtypes, tails,
    # bulk and cp.async on one barrier, trip counts vs stages, synchronous bulk_copy blocks.
    tile_case("check_tile_contiguous", 1024, 64, tile_n=64),
    tile_case("check_tile_rows", 1024, 512, tile_n=64),
    tile_case("check_tile_padded_f16", 1024, 512, "float16", tile_n=64, pads=(8,)),
    tile_case("check_tile_rows_i8", 1024, 512, "int8", tile_n=64, stages=4),
    tile_case("check_tile_tail", 1000, 512, tile_n=64),
    # (stock=False: stock TVM copies the padded rows of 66 fp32 by 16-byte cp.async at 8-byte
    # aligned addresses, a misaligned-address fault)
    dataclasses.replace(tile_case("check_tile_mixed", 1024, 512, second_input=True, pads=(0, 2)), stock=False),
    *(tile_case(f"check_tile_trips{trips}_stages{stages}", 16 * trips, 512, stages=stages)
      for stages in (2, 3, 4) for trips in sorted({1, stages - 1, stages, stages + 1, 13})),
    tile_case("check_tile_staged", 1024, 512, staged=True),
    tile_case("check_tile_staged_tail", 1000, 512, staged=True),
    # Bulk stores: pipelined load/compute/store (the store one stage after the
    # compute, either order), tails, trip counts vs stages; store-only and load+store blocks.
    tile_case("check_store_pipe", 1024, 512, store=True),
    tile_case("check_store_pipe_tail", 1000, 512, store=True),
    tile_case("check_store_pipe_consumers_first", 1000, 512, store=True, consumers_first=True),
    tile_case("check_store_trips1_stages3", 16, 512, store=True, stages=3),
    tile_case("check_store_trips3_stages4", 48, 512, store=True, stages=4),
    tile_case("check_store_trips5_stages4", 80, 512, store=True, stages=4),
    tile_case("check_store_trips13_stages2", 13 * 16 - 5, 512, store=True, stages=2),
    tile_case("check_store_rows_f16", 1000, 512, "float16", store=True, stages=4),
    tile_case("check_store_only", 1000, 512, staged=True, load=False, store=True),
    tile_case("check_store_staged_load_and_store", 1000, 512, staged=True, store=True),
    # Tensor maps: strided tiles as one cp.async.bulk.tensor each, edge tiles
    # (sizes not multiples of the tile) zero-filled by the hardware instead of cp.async;
    # 2-D and 3-D, fp32/fp16/int8, pipelined and synchronous (bulk_copy blocks).
    tile_case("check_tmap_2d_pipe", 1024, 512),
    tile_case("check_tmap_2d_edge_pipe", 1000, 500, stages=3),
    tile_case("check_tmap_2d_edge_f16", 999, 328, "float16", stages=4),
    tile_case("check_tmap_2d_edge_i8", 1001, 336, "int8", stages=2),
    tile_case("check_tmap_2d_edge_staged", 1000, 500, staged=True),
    tile_case("check_tmap_2d_edge_staged_f16", 77, 200, "float16", staged=True),
    tile3d_case("check_tmap_3d_pipe", 6, 96, 192),
    tile3d_case("check_tmap_3d_edge_pipe", 7, 100, 200, stages=3),
    tile3d_case("check_tmap_3d_edge_f16", 5, 37, 96, "float16", staged=True),
    tile3d_case("check_tmap_3d_edge_i8", 3, 20, 160, "int8", stages=3),
    tile3d_case("check_tmap_3d_edge_staged", 7, 100, 200, staged=True),
    # Tensor-map stores: bulk stores of strided tiles as one
    # cp.async.bulk.tensor.global.shared::cta per box in the store's bulk group; edge tiles
    # (rows and columns not multiples of the tile) stored whole, the hardware writing only the
    # part inside B (a column edge box would otherwise spill into the next row, another CTA's
    # strip), no ordinary-store tail. Store-only and load+store blocks, pipelines (tails, both
    # orders, trip counts below the stages), fp32/fp16, a contiguous tile at the edge,
    # swizzled tiles (128B, two boxes per fp32 row), 3-D boxes.
    tile_case("check_tmstore_only_edge", 1000, 500, staged=True, load=False, store=True),
    tile_case("check_tmstore_only_edge_f16", 77, 200, "float16", staged=True, load=False, store=True),
    tile_case("check_tmstore_staged_load_and_store_edge", 1000, 500, staged=True, store=True),
    tile_case("check_tmstore_pipe_edge", 1000, 500, store=True),
    tile_case("check_tmstore_pipe_edge_f16", 999, 328, "float16", store=True, stages=4),
    tile_case("check_tmstore_pipe_edge_consumers_first", 1000, 500, store=True, consumers_first=True),
    tile_case("check_tmstore_trips1_stages3_edge", 13, 500, store=True, stages=3),
    tile_case("check_tmstore_contiguous_edge", 1000, 64, tile_n=64, store=True),
    tile_case("check_tmstore_pipe_swizzled_edge", 1000, 500, store=True, swizzle=0),
    tile_case("check_tmstore_pipe_swizzled_edge_f16", 999, 328, "float16", store=True, swizzle=0),
    tile3d_case("check_tmstore_3d_edge_pipe", 7, 100, 200, stages=3, store=True),
    tile3d_case("check_tmstore_3d_edge_staged_f16", 5, 37, 96, "float16", staged=True, store=True),
    # Pipelines beyond one loop per kernel. Two pipelined loops in a row (column sums,
    # then the centered matrix), a pipeline in a serial loop over each CTA's column strips
    # (barriers re-initialized per strip), both; trip counts against the stage counts, tails,
    # predicated strips, bulk stores; dynamic trip counts (a variable number of row tiles,
    # stages 2-4 at 1, stages and 13 trips).
    center_case("check_pipe2loops_center", 1000, 512),
    center_case("check_pipe2loops_stages3_2", 1000, 512, stages=(3, 2)),
    center_case("check_pipe2loops_stages2_4_trips2", 32, 512, stages=(2, 4)),
    center_case("check_pipe2loops_trips1", 16, 512),
    tile_case("check_nested_pipe_strips4", 1000, 512, strips_per_cta=4),
    tile_case("check_nested_pipe_strip_tail_f16", 999, 500, "float16", strips_per_cta=3),
    tile_case("check_nested_pipe_trips1", 16, 512, stages=3, strips_per_cta=4),
    tile_case("check_nested_pipe_store", 1000, 512, store=True, strips_per_cta=2),
    center_case("check_nested_pipe_2loops", 999, 512, stages=(2, 3), strips_per_cta=3),
    *(tile_case(f"check_dyn_trips_{trips}_stages{stages}", 16 * trips, 512, stages=stages, dynamic=True)
      for stages in (2, 3, 4) for trips in (1, stages, 13)),
    tile_case("check_dyn_trips_5_nested", 80, 512, dynamic=True, strips_per_cta=2),
    # stock TVM leaves the cp.async.wait_group count of a dynamic store pipeline symbolic
    dataclasses.replace(tile_case("check_dyn_trips_7_store", 112, 512, dynamic=True, store=True), stock=False),
    center_case("check_dyn_trips_13_pipe2loops", 13 * 16, 512, stages=(3, 2), dynamic=True),
    center_case("check_dyn_trips_3_nested_2loops", 48, 512, dynamic=True, strips_per_cta=2),
    # Launch overhead (run_launch.py): a small kernel (4 CTAs) with one or two tensor
    # maps, built by "tma" (descriptor cache), "tma_no_tensor_map_cache" and "tma_no_tensor_maps".
    tile_case("launch_tile_256", 256, 256),
    tile_case("launch_tile_256_two_maps", 256, 256, second_input=True),
    *ROW_KERNEL_CASES,
    *WS_CASES,
    *SWEEP_CASES,
    gemm_case("check_gemm_512", 512, i_factors=(1, 4, 1, 4, 2), j_factors=(2, 2, 4, 1, 2), k_factors=(16, 2, 1)),
    gemm_case("check_gemm_96_trips3", 96, i_factors=(1, 1, 2, 3, 1), j_factors=(1, 1, 2, 3, 1),
              k_factors=(3, 2, 1)),
    # Swizzled operand tiles (64B for A's 64-byte rows, two 128B boxes per B row; k tile 64:
    # 128B for both), trip counts vs stages; B's 192-byte rows cannot be swizzled (reported,
    # plain tensor map).
    gemm_case("check_gemm_512_swizzled", 512, i_factors=(1, 4, 1, 4, 2), j_factors=(2, 2, 4, 1, 2),
              k_factors=(16, 2, 1), layout="swizzled"),
    gemm_case("check_gemm_256_swizzled_k64_trips4_stages3", 256, i_factors=(1, 2, 1, 4, 2),
              j_factors=(2, 1, 4, 1, 2), k_factors=(4, 4, 1), layout="swizzled", stages=3),
    gemm_case("check_gemm_384_swizzled_k64_trips6_stages4", 384, i_factors=(1, 3, 1, 4, 2),
              j_factors=(3, 1, 4, 1, 2), k_factors=(6, 4, 1), layout="swizzled", stages=4),
    gemm_case("check_gemm_96_trips3_swizzled", 96, i_factors=(1, 1, 2, 3, 1), j_factors=(1, 1, 2, 3, 1),
              k_factors=(3, 2, 1), layout="swizzled"),
    gemm_case("check_gemm_512_dense", 512, i_factors=(1, 4, 1, 4, 2), j_factors=(2, 2, 4, 1, 2),
              k_factors=(16, 2, 1), layout="dense"),
    # Upstream's nested pipeline (the inner k loop's ldmatrix pipelined in the async k loop),
    # with its padded operand tiles (swizzled instead under "tma"); trip counts vs stages.
    gemm_case("check_gemm_512_nested", 512, i_factors=(1, 4, 1, 4, 2), j_factors=(2, 2, 4, 1, 2),
              k_factors=(16, 2, 1), inner_pipeline=True),
    gemm_case("check_gemm_96_trips3_nested", 96, i_factors=(1, 1, 2, 3, 1), j_factors=(1, 1, 2, 3, 1),
              k_factors=(3, 2, 1), inner_pipeline=True),
    gemm_case("bench_gemm_4096_nested", 4096, timed=True, inner_pipeline=True),
]
CASES: dict[str, Case] = {case.name: case for case in _CASES}


def compile_module(mod, pipeline: str):
    """``tvm.compile`` ``mod`` for sm_90a under ``pipeline`` (a key of ``PIPELINES``) and its config;
    returns the ``tvm.runtime.Executable``."""
    from tvm.tirx import compilation_pipeline

    from tvm_tma.codegen import compile_sm90a  # importing tvm_tma registers the "tma" pipeline
    from tvm_tma.pipeline import tma_tir_pipeline

    compilation_pipeline.register_tir_pipeline("tma_bulk_rows", lambda: tma_tir_pipeline(min_run_bytes=16))
    if pipeline not in PIPELINES:
        raise ValueError(f"unknown pipeline {pipeline!r}; expected one of {sorted(PIPELINES)}")
    return compile_sm90a(mod, pipeline, PIPELINES[pipeline])


def select(only: str | None = None, pipeline: str | None = None) -> list[Case]:
    """Cases whose name matches the regex ``only`` (``re.search``; all cases when ``None``)
    that ``pipeline`` can build (under "default", the ``stock`` ones)."""
    return [case for case in CASES.values() if (only is None or re.search(only, case.name))
            and (case.stock or pipeline != "default")]
