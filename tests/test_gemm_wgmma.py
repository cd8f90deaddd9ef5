"""kernels.gemm_wgmma: what its copies become, its shared memory, the tiles and types it refuses,
and the benchmarked variants through nvcc for sm_90a without register spills."""

import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import warnings

import pytest
import tvm
import tvm_ffi
from tvm import tirx

import tvm_tma
from tvm_tma import TMAError
from tvm_tma.codegen import SM90A, kernel_source, nvcc_flags
from tvm_tma.kernels import gemm_wgmma

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "benchmarks"))
import cases


def test_edge_tiles_are_tensor_copies():
    """Sizes that are no tile multiples: zero-filled operand tiles and the clipped output
    tile are all tensor copies, swizzled (A and B rows of 128 bytes, C rows of 1 KiB as eight
    128-byte boxes)."""
    with tvm_tma.copy_report() as report:
        tvm.compile(gemm_wgmma(200, 264, 136), target=tvm.target.Target(SM90A), tir_pipeline="tma")
    kinds = {(r.src, r.dst, r.instruction, r.rule) for r in report}
    assert kinds == {("A", "A_pad_shared.dyn", "cp.async.bulk.tensor.2d (128B swizzle)", ""),
                     ("B", "B_pad_shared.dyn", "cp.async.bulk.tensor.2d (128B swizzle)", ""),
                     ("C_tile_shared.dyn", "C_out", "cp.async.bulk.tensor.2d (128B swizzle)", "")}


def test_a_tile_whose_copy_ends_in_a_partial_step_is_a_tensor_copy():
    """128 x 168 tiles: B's 168 rows of 64 elements take 5.25 steps of the 256 threads' 8-element
    vectors, the last step predicated; the copy is still B's 168-row box (21504 bytes), the
    output tile (rows of 336 bytes: no swizzle) row by row."""
    with tvm_tma.copy_report() as report:
        tvm.compile(gemm_wgmma(1024, 11088, 512, out_dtype="float16", tile=(128, 168, 64), b_layout="NK",
                               producer="warp"), target=tvm.target.Target(SM90A), tir_pipeline="tma")
    kinds = {(r.src, r.instruction, r.bytes) for r in report}
    assert ("B", "cp.async.bulk.tensor.2d (128B swizzle)", 168 * 64 * 2) in kinds
    assert ("C_tile_shared.dyn", "cp.async.bulk", 128 * 168 * 2) in kinds


def merged_shared_bytes(mod: tvm.IRModule) -> int:
    """The dynamic shared memory of the kernel after MergeSharedMemoryAllocations."""
    passes = tvm_tma.pipeline._passes({}, {})
    names = [p.info.name for p in passes]
    with tvm.transform.PassContext():
        mod = tvm.transform.Sequential(passes[:names.index("s_tir.MergeSharedMemoryAllocations") + 1])(
            tvm.tirx.transform.BindTarget(tvm.target.Target(SM90A))(mod))
    found = []
    tvm_ffi.structural_walk(mod["main"], (tirx.AllocBuffer, lambda a: found.append(int(a.buffer.shape[0]))
                                          if a.buffer.scope() == "shared.dyn" else None))
    (size,) = found
    return size


@pytest.mark.parametrize("tile, stages, expected", [
    ((128, 256, 64), 4, 4 * (16384 + 32768)),  # the fp32 output tile (128 KiB) in the rings' memory
    ((128, 256, 64), 3, 3 * (16384 + 32768)),  # (across both rings)
    ((128, 128, 64), 5, 5 * (16384 + 16384)),
])
def test_output_tile_reuses_the_operand_rings(tile, stages, expected):
    assert merged_shared_bytes(gemm_wgmma(512, 512, 512, tile=tile, stages=stages)) == expected


@pytest.mark.parametrize("kwargs, rule, match", [
    ({"tile": (128, 264, 64)}, "wgmma_shape", r"N = 264: expected a multiple of 8 from 8 to 256"),
    ({"tile": (128, 100, 64)}, "wgmma_shape", r"N = 100: expected a multiple of 8"),
    ({"tile": (64, 128, 64), "warpgroups": 2}, "wgmma_shape",
     r"tile M = 64 with 2 warpgroup\(s\): expected a multiple of 128"),
    ({"tile": (128, 128, 40)}, "wgmma_shape", r"tile K = 40: expected a multiple of 16"),
    ({"dtype": "float32"}, "wgmma_dtype", r"input type float32: expected one of"),
    ({"tile": (128, 256, 64), "stages": 5}, "shared_memory_capacity",
     r"tile 128x256x64, 5 stages: expected at most 232448 bytes of shared memory, got 245760"),
])
def test_refused(kwargs, rule, match):
    with pytest.raises(TMAError, match=f"{rule}: {match}") as err:
        gemm_wgmma(256, 256, 256, **kwargs)
    assert err.value.rule == rule


@pytest.mark.parametrize("m, n, k, b_layout, match", [
    (256, 256, 300, "KN", r"A: rows of 300 float16 elements: expected a multiple of 16 bytes .*k a multiple of 8"),
    (256, 260, 256, "KN", r"B: rows of 260 float16 elements: expected a multiple of 16 bytes .*n a multiple of 8"),
])
def test_rows_a_tensor_map_cannot_stride(m, n, k, b_layout, match):
    with pytest.raises(TMAError, match="tensor_map_global_stride: " + match):
        gemm_wgmma(m, n, k, b_layout=b_layout)


def test_nt_needs_only_k_a_multiple_of_8():
    gemm_wgmma(256, 260, 256, b_layout="NK")


@pytest.mark.parametrize("kwargs, match", [
    ({"b_layout": "TN"}, r"b_layout: expected 'KN' \(B\[k, n\]\) or 'NK' \(B\^T\[n, k\]\), got 'TN'"),
    ({"out_dtype": "bfloat16"}, r"out_dtype: expected 'float32' or the input type 'float16', got 'bfloat16'"),
    ({"stages": 1}, r"tma_pipeline: stages: expected at least 2, got 1"),
    ({"wgmma_in_flight": 8}, r"wgmma_in_flight: expected 0 to 7 groups"),
    ({"raster": 0}, r"raster: expected at least 1 row tile per group, got 0"),
])
def test_bad_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        gemm_wgmma(256, 256, 256, **kwargs)


def ptxas(src: str) -> str:
    """``nvcc -cubin --resource-usage`` of ``src`` for sm_90a: ptxas's report."""
    with tempfile.TemporaryDirectory() as tmp:
        cu = pathlib.Path(tmp, "kernel.cu")
        cu.write_text(src)
        proc = subprocess.run(["nvcc", "-cubin", *nvcc_flags(), "--resource-usage", "-o", str(cu.with_suffix(".cubin")),
                               str(cu)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        return proc.stdout + proc.stderr


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not on PATH")
@pytest.mark.parametrize("name", [c.name for c in cases.select("^bench_wgmma_")])
def test_benchmarked_variants_compile_without_spills(name):
    """Every benchmarked variant: nvcc accepts it for sm_90a, ptxas spills no register and
    does not serialize its wgmma."""
    case = cases.CASES[name]
    report = ptxas(kernel_source(cases.compile_module(case.build(), "tma")))
    assert "0 bytes spill stores, 0 bytes spill loads" in report, report
    assert "wgmma" not in report.lower(), report  # e.g. "wgmma.mma_async instructions are serialized"
    registers = int(re.search(r"Used (\d+) registers", report).group(1))
    assert registers <= 65536 // (128 * case.kwargs.get("warpgroups", 2))


def test_raster_orders_ctas_by_groups_of_row_tiles():
    """raster=4 with 5 row tiles of 128 (padded to 8) and 2 column tiles of 256: one
    blockIdx.x of 16 CTAs, the row tile ``4 * (x // 8) + x % 4``, the column tile ``x // 4 % 2``."""
    src = kernel_source(tvm.compile(gemm_wgmma(520, 512, 256, raster=4), target=tvm.target.Target(SM90A),
                                    tir_pipeline="tma"))
    assert "blockIdx.y" not in src
    assert "(((((int)blockIdx.x) >> 3) * 512) + ((((int)blockIdx.x) & 3) * 128))" in src  # first row
    assert "((((int)blockIdx.x) & 7) >> 2) * 256)" in src  # first column


def _compile(pipeline: str = "tma", arch: str = "sm_90a"):
    return tvm.compile(gemm_wgmma(256, 256, 256), target=tvm.target.Target({"kind": "cuda", "arch": arch}),
                       tir_pipeline=pipeline)


# Each wgmma rule a user can break, through gemm_wgmma and tvm.compile.
RULE_CASES = [
    ("wgmma_shape", lambda: gemm_wgmma(256, 256, 256, tile=(128, 264, 64)), r"N = 264"),
    ("wgmma_dtype", lambda: gemm_wgmma(256, 256, 256, dtype="float32"), r"input type float32"),
    ("shared_memory_capacity", lambda: gemm_wgmma(256, 256, 256, stages=5), r"expected at most 232448 bytes"),
    ("wgmma_arch", lambda: _compile(arch="sm_90"), r"expected the target arch sm_90a"),
    ("wgmma_operand_layout", lambda: _compile("tma_no_tensor_maps"),
     r"expected a tile loaded by a swizzled tensor copy"),
]
# Rules of what the passes emit, broken by editing their IR: tests/transforms/test_verify_wgmma.py
# (wgmma_in_flight, wgmma_warpgroup), test_lower_async_pipeline_wgmma.py (wgmma_warpgroup) and
# test_wgmma.py (wgmma_descriptor_align).
BY_CONSTRUCTION = {"wgmma_in_flight", "wgmma_warpgroup", "wgmma_descriptor_align"}


@pytest.mark.parametrize("rule, build, match", RULE_CASES, ids=[c[0] for c in RULE_CASES])
def test_rule(rule, build, match):
    with pytest.raises(TMAError, match=f"{rule}: .*{match}") as err:
        build()
    assert err.value.rule == rule


def test_rule_table_covers_every_wgmma_rule():
    wgmma_rules = {name for name in tvm_tma.rules.RULES if name.startswith("wgmma_")} | {"shared_memory_capacity"}
    assert {c[0] for c in RULE_CASES} | BY_CONSTRUCTION == wgmma_rules
    for rule in wgmma_rules:
        assert tvm_tma.rules.RULES[rule].source and tvm_tma.rules.RULES[rule].text


@pytest.mark.parametrize("row_tiles, col_tiles, raster, ctas, expected", [
    (32, 16, 1, 132, (128, 8)),  # 4096^2: 128 CTAs of 4 tiles (8 rows of tiles at a time)
    (64, 32, 8, 132, (128, 8)),  # 8192^2 in groups of 8 row tiles: 128 CTAs of 16 tiles
    (2, 2, 1, 132, (4, 2)),  # fewer tiles than CTAs: a tile each
    (8, 3, 4, 8, (4, 4)),  # 6 CTAs would split a group of 4 row tiles: 4
])
def test_persistent_grid(row_tiles, col_tiles, raster, ctas, expected):
    """(CTAs, the multiple the row tiles are padded to): every CTA as many tiles."""
    from tvm_tma.kernels.gemm import _persistent_grid

    used, pad = _persistent_grid(row_tiles, col_tiles, raster, ctas)
    assert (used, pad) == expected
    assert -(-row_tiles // pad) * pad * col_tiles % used == 0


def test_persistent_output_tile_beside_the_rings():
    with pytest.raises(TMAError, match=r"shared_memory_capacity: tile 128x256x64, 4 stages: expected at most 232448 "
                       r"bytes of shared memory, got 327680 \(operand rings 196608, output tile 131072, both at once"):
        gemm_wgmma(4096, 4096, 4096, persistent=True, producer="warp", stages=4)


@pytest.mark.parametrize("kwargs, stages", [
    ({}, 4),
    ({"persistent": True, "producer": "warp"}, 2),  # fp32 output tile beside the rings
    ({"persistent": True, "producer": "warp", "out_dtype": "float16"}, 3),
    ({"persistent": True, "tile": (128, 128, 64)}, 4),
])
def test_default_stages_fit_shared_memory(kwargs, stages):
    """The default ring is 4 stages, or the most that fit beside the output tile."""
    text = gemm_wgmma(1024, 1024, 1024, **kwargs).script()
    assert re.findall(r'software_pipeline_stage": \[0, 0, (\d+)\]', text) == [str(stages - 1)]


@pytest.mark.parametrize("kwargs, rule, match", [
    ({"m": 0}, "tensor_map_global_dim", r"m = 0: expected at least 1 .*an empty product needs no kernel"),
    ({"k": 0}, "tensor_map_global_dim", r"k = 0: expected at least 1"),
    ({"tile": 128}, "wgmma_shape", r"tile = 128: expected \(BM, BN, BK\), e.g. \(128, 256, 64\)"),
    ({"tile": (128, 96, 64)}, "swizzle_row_bytes",
     r"tile N = 96 with b_layout='KN': B's tile rows are 192 bytes.*a multiple of 64, or b_layout='NK'"),
])
def test_arguments_a_kernel_cannot_take(kwargs, rule, match):
    """Each names the rule and what would work (no internal error from the schedule)."""
    args = {"m": 256, "n": 256, "k": 256, **kwargs}
    with pytest.raises(TMAError, match=f"{rule}: {match}") as err:
        gemm_wgmma(args.pop("m"), args.pop("n"), args.pop("k"), **args)
    assert err.value.rule == rule


@pytest.mark.parametrize("m, kwargs", [
    (1, {}),
    (1, {"producer": "warp", "persistent": True}),
    (3, {"tile": (128, 96, 64), "b_layout": "NK", "producer": "warp"}),  # tile N 96: B^T rows are 128 bytes
])
def test_thin_products_compile(m, kwargs):
    """One row of A (a decode token), and tile N 96 with B^T: tensor copies and wgmma."""
    src = kernel_source(tvm.compile(gemm_wgmma(m, 480, 512, **kwargs), target=SM90A, tir_pipeline="tma"))
    assert "cp.async.bulk.tensor" in src and "wgmma.mma_async" in src


def test_descriptor_outside_the_tma_pipeline():
    """A wgmma kernel compiled with another pipeline: its descriptors are never resolved."""
    with pytest.raises(TMAError, match=r"wgmma_operand_layout: wgmma operand A_shared.dyn: expected its matrix "
                       r"descriptor resolved .* compile with tvm.compile\(..., tir_pipeline='tma'\)"):
        tvm.compile(gemm_wgmma(256, 256, 256), target=SM90A, tir_pipeline="default")


def test_copy_report_says_why_a_wgmma_operand_is_not_swizzled():
    """The error points at the copy report, which says what the operand's copy became and why."""
    with tvm_tma.copy_report() as report, pytest.raises(TMAError, match="wgmma_operand_layout"):
        tvm.compile(gemm_wgmma(256, 256, 256), target=SM90A, tir_pipeline="tma_no_tensor_maps")
    b_copies = [r for r in report if r.dst == "B_shared.dyn"]
    assert b_copies and all(r.instruction == "cp.async.bulk" for r in b_copies), report


def test_a_thin_persistent_grid_warns_and_names_the_raster_that_fills_one():
    """43 column tiles (N = 11008 in 256-wide tiles) in groups of 4 row tiles: no grid between
    4 CTAs and 172 keeps each tile's row and column affine, so 4 CTAs (of 132) compute 172
    tiles; the warning names raster 1 (129 CTAs). Groups of one row tile: no warning."""
    args = dict(tile=(128, 256, 64), producer="warp", persistent=True, out_dtype="float16", b_layout="NK", stages=3)
    with pytest.warns(UserWarning, match=r"persistent grid of 4 CTAs for 172 tiles .* raster \[1\] fills one"):
        gemm_wgmma(512, 11008, 4096, raster=4, **args)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gemm_wgmma(512, 11008, 4096, raster=1, **args)
