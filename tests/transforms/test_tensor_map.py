"""Tensor-map tile loads (cp.async.bulk.tensor): IR structure, edge tiles, rules and errors.

Strided tiles (more than one contiguous run) and edge tiles become one tensor copy per tile,
the descriptor encoded in the host part of the PrimFunc (see tvm_tma/transforms/copies/tensor_map.py).
"""

import re

import pytest
import tvm
import tvm_ffi
from tvm import sym, tirx

import tvm_tma
from tvm_tma import rules
from tvm_tma.codegen import compile_cuda
from tvm_tma.kernels import gemm_mma, tile_scale, tile_scale_3d
from tvm_tma.transforms.copies.copy_plan import _grouped_dims, _rows_kept, _tail_is_bounds, _within_shape
from tvm_tma.transforms.copies.tensor_map import G2S_TENSOR, Swizzle, check_shared_box, encoded_maps, make_spec
from workloads import cuda_source, tile_scale_staged

TENSOR_2D = "cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d"


def lowered(mod):
    """``mod`` through the "tma" pipeline with every pipeline on mbarriers, up to (not including)
    VerifyMBarrierProtocol."""
    from tvm_tma import pipeline

    target = tvm.target.Target({"kind": "cuda", "arch": "sm_90a"}).with_host("llvm")
    mod = tvm.tirx.transform.BindTarget(target)(mod)
    passes = pipeline._passes(tvm.transform.PassContext.current().config, {"launch_cost": "mbarriers"}, verify=True)
    stop = [p.info.name for p in passes].index("tvm_tma.VerifyMBarrierProtocol")
    return tvm.ir.transform.Sequential(passes[:stop])(mod)["main"]


def calls(node, name):
    found = []
    tvm_ffi.structural_walk(node, (tvm.ir.Call, lambda c: found.append(c) if isinstance(c.op, tvm.ir.Op)
                                   and c.op.name == name else None))
    return found


def test_ir_encodes_once_in_host_part_and_copies_one_box_per_stage():
    func = lowered(tile_scale(256, 256, tile_n=64))
    root = func.body.block.body
    # Host part: the map is allocated and encoded before the kernel's thread loops.
    assert isinstance(root.seq[0], tirx.Bind) and "tvm_stack_alloca" in str(root.seq[0].value)
    encode = root.seq[1].value
    assert encode.op.name == "tirx.tensormap_encode_tiled"
    # dims (innermost first), byte stride of the rows, box (64 columns x 16 rows), elem strides
    assert [int(a) for a in encode.args[2:]] == [256, 256, 1024, 64, 16, 1, 1]
    assert isinstance(root.seq[2], tirx.For) and root.seq[2].kind == tirx.ForKind.THREAD_BINDING
    assert len(encoded_maps(func.body)) == 1  # prologue and steady state share the descriptor
    copies = calls(func.body, G2S_TENSOR)
    assert len(copies) == 2  # one per stage site (prologue, steady state): one box each
    assert all("2d" in [getattr(a, "value", "") for a in c.args] for c in copies)
    expects = calls(func.body, "tirx.ptx.mbarrier_arrive_expect_tx")
    assert {int(e.args[1]) for e in expects} == {16 * 64 * 4}  # the box's bytes
    assert len(calls(func.body, "tirx.ptx.prefetch")) == 1  # once per CTA, thread 0
    assert "align=128" in func.script()  # the shared tile is 128-byte aligned for the box


def test_two_inputs_get_one_descriptor_each():
    func = lowered(tile_scale(256, 256, tile_n=64, second_input=True))
    assert sorted(str(var.name) for var, _, _ in encoded_maps(func.body)) == ["A_tmap0", "C_tmap1"]
    assert len(calls(func.body, "tirx.ptx.prefetch")) == 2


@pytest.mark.parametrize("kwargs, dims", [
    (dict(m=250, n=256), "2d"),  # row tail
    (dict(m=256, n=200), "2d"),  # column tail (last column strip partial)
])
def test_edge_tiles_are_zero_filled_tensor_copies_not_cp_async(kwargs, dims):
    with tvm_tma.copy_report() as report:
        src = cuda_source(tile_scale(tile_n=64, **kwargs))
    assert report and all(r.instruction == f"cp.async.bulk.tensor.{dims}" and not r.rule for r in report)
    assert "cp_async_cg" not in src and "mbarrier_arrive_noinc" not in src
    assert "(uint)4096);" in src  # expect_tx of the whole box, also for the edge tile
    assert "const __grid_constant__ CUtensorMap A_tmap0" in src


def test_synchronous_bulk_copy_block_uses_tensor_map():
    with tvm_tma.copy_report() as report:
        src = cuda_source(tile_scale_staged(250, 256))
    assert [(r.instruction, r.pieces, r.bytes) for r in report] == [("cp.async.bulk.tensor.2d", 1, 4096)]
    kernel = src[src.index('extern "C" __global__'):]
    assert "tvm_builtin_cuda_mbarrier_wait((&(tma_bar_copy0_ptr[0])), (i_0 & 1));" in kernel
    assert kernel.count("tvm_builtin_ptx_prefetch_tensormap(") == 1
    assert "alignas(128) float A_shared_ptr[1024]" in kernel


def test_3d_box_with_edges():
    with tvm_tma.copy_report() as report:
        src = cuda_source(tile_scale_3d(7, 100, 200, stages=3))
    assert report and all(r.instruction == "cp.async.bulk.tensor.3d" for r in report)
    assert re.search(r"tensor_3d_shared__cluster.*\(\(&\(A_shared_ptr\[", src)
    compile_cuda(src)


def test_contiguous_tile_stays_one_run():
    with tvm_tma.copy_report() as report:
        cuda_source(tile_scale(256, 64, tile_n=64))
    assert all(r.instruction == "cp.async.bulk" and r.pieces == 1 for r in report)


def test_padded_shared_rows_stay_runs():
    # A tensor copy writes a dense box: padded shared rows keep one bulk copy per row.
    with tvm_tma.copy_report() as report:
        cuda_source(tile_scale(256, 256, tile_n=64, pads=(4,)))
    assert all(r.instruction == "cp.async.bulk" and r.pieces == 16 and not r.rule for r in report)


def test_rule_failure_falls_back_to_runs_with_the_rule_reported():
    # 512-wide tiles: box dimension above 256 elements.
    with tvm_tma.copy_report() as report:
        cuda_source(tile_scale(64, 1024, tile_n=512, threads=128))
    assert report and all(r.instruction == "cp.async.bulk" and r.rule == "tensor_map_box_dim" for r in report)
    assert "no tensor map: A: expected box dimensions of 1 to 256 elements, got [16, 512]" in report[0].reason


def test_gemm_padded_dynamic_shared_rows_become_swizzled_tensor_copies():
    # upstream's GEMM pads its shared.dyn rows (storage_align) for ldmatrix: the padding gives
    # way to a swizzle (tests/transforms/test_swizzle.py), the tile is one tensor copy per box
    with tvm_tma.copy_report() as report:
        cuda_source(gemm_mma(512, i_factors=(1, 4, 1, 4, 2), j_factors=(2, 2, 4, 1, 2), k_factors=(16, 2, 1)))
    assert {(r.src, r.instruction, r.pieces) for r in report} == {
        ("A", "cp.async.bulk.tensor.2d (64B swizzle)", 1), ("B", "cp.async.bulk.tensor.2d (128B swizzle)", 2)}


def test_tail_is_bounds():
    i, r, c = (tirx.Var(x, "int32") for x in "irc")
    A = tirx.decl_buffer((250, 256), "float32", name="A")
    dom = {r: tvm.ir.Range(0, 16), c: tvm.ir.Range(0, 64)}
    analyzer = sym.Analyzer()
    assert _tail_is_bounds([i * 16 + r < 250], [i * 16 + r, c], A, dom, analyzer)
    # A predicate tighter than the buffer: the tensor copy would write elements it leaves out.
    assert not _tail_is_bounds([i * 16 + r < 200], [i * 16 + r, c], A, dom, analyzer)


def test_tail_is_bounds_over_steps_of_rows():
    """TVM writes a bound of rows ``112 b + 32 a + 16 ty + tx / 8 < 1000`` over steps of 8 rows
    (``14 b + 4 a + 2 ty + tx / 64 < 125``): the same bound, read as such; a step bound that
    leaves rows of the buffer out (``< 124``) is not."""
    b, a, ty, tx, k = (tirx.Var(x, "int32") for x in ("b", "a", "ty", "tx", "k"))
    W = tirx.decl_buffer((1000, 64), "float16", name="W")
    dom = {a: tvm.ir.Range(0, 4), ty: tvm.ir.Range(0, 2), tx: tvm.ir.Range(0, 128), k: tvm.ir.Range(0, 8)}
    rows = b * 112 + a * 32 + ty * 16 + tx // 8
    idx = [rows, tx % 8 * 8 + k]
    assert _tail_is_bounds([b * 14 + a * 4 + ty * 2 + tx // 64 < 125], idx, W, dom, sym.Analyzer())
    assert not _tail_is_bounds([b * 14 + a * 4 + ty * 2 + tx // 64 < 124], idx, W, dom, sym.Analyzer())


def test_within_shape_reads_indices_under_the_spare_threads_predicate():
    """A half tile of 112 rows fetched 32 rows a step (``f = 32 a + 16 ty + tx / 8``, 4 steps,
    the last one's rows past 112 predicated off by ``2 a + ty < 7``): under that predicate
    ``f // 112`` is 0 and ``f % 112`` is ``f``; without it they stay."""
    a, ty, tx = (tirx.Var(x, "int32") for x in ("a", "ty", "tx"))
    dom = {a: tvm.ir.Range(0, 4), ty: tvm.ir.Range(0, 2), tx: tvm.ir.Range(0, 128)}
    f = a * 32 + ty * 16 + tx // 8
    (row, half), = _within_shape(([f % 112, f // 112],), [a * 2 + ty < 7], dom)
    assert tvm_ffi.structural_equal(half, tirx.const(0, "int32"))
    assert sym.Analyzer().can_prove_equal(row, f)
    (row, half), = _within_shape(([f % 112, f // 112],), [a * 2 + ty < 8], dom)
    assert "112" in str(row) and "112" in str(half)


def test_grouped_box_in_a_longer_outermost_dimension():
    """A box of ``[2, 112, 64]`` grouped into a tile of ``[stages, 240, 64]`` (TVM's size for the
    rows a fetch with spare threads addresses): its two outer dimensions in the tile's rows,
    the box in their first 224; a tile whose inner dimension does not match is no grouping."""
    S = tirx.decl_buffer((4, 240, 64), "float16", name="S", scope="shared.dyn")
    assert _grouped_dims([0, 1, 2], [2, 112, 64], S) == [(1, [0, 1]), (2, [2])]
    assert _grouped_dims([0, 1, 2], [2, 112, 64], tirx.decl_buffer((4, 240, 48), "float16", name="T")) is None


# -- rules ---------------------------------------------------------------------------------

def _buf(shape, dtype="float32", **kw):
    return tirx.decl_buffer(shape, dtype, name="A", **kw)


def _strides(shape):
    out, acc = [], 1
    for d in reversed(shape):
        out.append(acc)
        acc *= d
    return out[::-1]


RULE_CASES = [
    ("tensor_map_rank", lambda: make_spec(_buf((2,) * 6), _strides((2,) * 6), (1,) * 5 + (2,)),
     r"tensor_map_rank: A: expected 1 to 5 dimensions, got 6"),
    ("tensor_map_dtype", lambda: make_spec(_buf((64, 64), "int16"), _strides((64, 64)), (8, 64)),
     r"tensor_map_dtype: A: expected one of .*, got int16"),
    ("tensor_map_box_dim", lambda: make_spec(_buf((64, 1024)), _strides((64, 1024)), (8, 512)),
     r"tensor_map_box_dim: A: expected box dimensions of 1 to 256 elements, got \[8, 512\]"),
    ("tensor_map_inner_box_bytes", lambda: make_spec(_buf((64, 64)), _strides((64, 64)), (8, 2)),
     r"tensor_map_inner_box_bytes: A: expected the innermost box dimension to be a multiple of 16 bytes, "
     r"got 2 x 4 = 8 bytes"),
    ("tensor_map_swizzle_span", lambda: make_spec(_buf((64, 64)), _strides((64, 64)), (8, 64), Swizzle.B32),
     r"tensor_map_swizzle_span: A: expected the innermost box dimension to be at most 32 bytes \(B32\), got 256 bytes"),
    ("tensor_map_global_dim", lambda: make_spec(_buf((2, tirx.const(1 << 33, "int64"))), [1 << 33, 1], (2, 64)),
     r"tensor_map_global_dim: A: expected dimensions of 1 to 2\^32 elements"),
    ("tensor_map_global_stride", lambda: make_spec(_buf((64, 6)), _strides((64, 6)), (8, 4)),
     r"tensor_map_global_stride: A: expected strides that are multiples of 16 bytes \(below 2\^40\), "
     r"got \['24'\] bytes"),
    ("tensor_map_global_align", lambda: make_spec(_buf((64, 64), data_alignment=8), _strides((64, 64)), (8, 64)),
     r"tensor_map_global_align: A: expected a data pointer aligned to 16 bytes, got 8"),
    ("tensor_map_shared_align", lambda: check_shared_box(
        make_spec(_buf((64, 64)), _strides((64, 64)), (8, 64)),
        tirx.decl_buffer((2, 8, 64), "float32", name="S", scope="shared"), tirx.const(64)),
     r"tensor_map_shared_align: S: expected the box to start at a multiple of 128 bytes, got offset 64 bytes"),
]
# Rules that hold by construction, with the test that shows it.
BY_CONSTRUCTION = {
    "tensor_map_inner_coordinate": "test_a_box_off_the_16_byte_grid_is_not_a_tensor_copy",
    "tensor_map_element_stride": "test_element_strides_are_one",
    "tensor_map_descriptor_align": "test_edge_tiles_are_zero_filled_tensor_copies_not_cp_async",
}


@pytest.mark.parametrize("rule, build, message", RULE_CASES, ids=[c[0] for c in RULE_CASES])
def test_rule(rule, build, message):
    with pytest.raises(tvm_tma.TMAError, match=message) as err:
        build()
    assert err.value.rule == rule


def test_rule_table_covers_every_tensor_map_rule():
    tensor_rules = {name for name in rules.RULES if name.startswith("tensor_map_")}
    assert {c[0] for c in RULE_CASES} | set(BY_CONSTRUCTION) == tensor_rules
    for rule in tensor_rules:
        assert "cuTensorMapEncodeTiled" in rules.RULES[rule].source or "PTX ISA" in rules.RULES[rule].source


def test_shared_dyn_boxes_are_accepted():
    # the merged dynamic shared memory is aligned afterwards (AlignSharedMemory)
    spec = make_spec(_buf((64, 64)), _strides((64, 64)), (8, 64))
    check_shared_box(spec, tirx.decl_buffer((8, 64), "float32", name="S", scope="shared.dyn"), tirx.const(0))


def test_element_strides_are_one():
    spec = make_spec(_buf((64, 64)), _strides((64, 64)), (8, 64))
    assert spec.element_strides == (1, 1) and 1 <= max(spec.element_strides) <= rules.limit("tensor_map_element_stride")
    assert spec.box_dims == (64, 8) and spec.box_bytes == 2048


def test_dynamic_strides_get_host_asserts_naming_the_rule():
    n = tirx.Var("n", "int32")
    spec = make_spec(_buf((64, n)), _strides((64, n)), (8, 64))
    checks = spec.host_checks()
    assert len(checks) == 1 and isinstance(checks[0], tirx.AssertStmt)
    assert "tensor_map_global_stride: A: expected the stride of dimension 1" in str(checks[0])
    m = tirx.Var("m", "int64")
    spec = make_spec(_buf((m, tirx.const(64, "int64"))), [tirx.const(64, "int64"), 1], (8, 64))
    assert any("tensor_map_global_dim" in str(c) for c in spec.host_checks())


def test_rows_kept_under_a_partial_last_step():
    """168 rows of 64 elements by 256 threads of 8: 6 steps of 32 rows walk 192, the predicate
    on the vectors (``256 f + 128 ty + tx < 1344``) keeps 168 (its vectors 8 a row); one that
    stops inside a row, or that does not walk the rows, keeps no count."""
    f, ty, tx = (tirx.Var(x, "int32") for x in ("f", "ty", "tx"))
    dom = {f: tvm.ir.Range(0, 6), ty: tvm.ir.Range(0, 2), tx: tvm.ir.Range(0, 128)}
    rows = f * 32 + ty * 16 + tx // 8
    assert _rows_kept(rows, 192, [f * 256 + ty * 128 + tx < 1344], dom) == 168
    assert _rows_kept(rows, 192, [f * 256 + ty * 128 + tx < 1340], dom) is None  # inside row 167
    assert _rows_kept(rows, 192, [tx < 64], dom) is None
