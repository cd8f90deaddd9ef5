"""Swizzled shared tiles (tvm_tma.schedule.swizzle): the layout against CUtensorMapSwizzle's
tables, the GEMM's swizzled tensor-map loads and ldmatrix addresses, the alignment of merged
dynamic shared memory, fallbacks and errors."""

import re

import pytest
import tvm
import tvm_ffi
from tvm import sym, tirx
from tvm.script import tirx as T

import tvm_tma
from test_tensor_map import calls, lowered
from tvm_tma import rules
from tvm_tma.codegen import compile_cuda
from tvm_tma.kernels import gemm_mma, tile_scale
from tvm_tma.transforms.copies.swizzle import LDMATRIX, SwizzledTile, choose_span, rewrite_accesses
from tvm_tma.transforms.copies.tensor_map import ENCODE, G2S_TENSOR, Swizzle
from workloads import cuda_source

GEMM_512 = dict(n=512, i_factors=(1, 4, 1, 4, 2), j_factors=(2, 2, 4, 1, 2), k_factors=(16, 2, 1))


def _tile(rows, cols, span, dtype="float16"):
    buf = tirx.decl_buffer((2, rows, cols), dtype, name="S", scope="shared")
    return SwizzledTile(buf, 2, rows, cols, span)


def _physical(tile, offset):
    return int(sym.Analyzer().simplify(tile.physical(tirx.const(offset, "int32"))))


def _table(tile, r, c):
    """CUtensorMapSwizzle as NVIDIA tabulates it: the row is cut into boxes of ``span`` bytes
    stored one after the other; within a box, 16-byte chunk k of row r is stored at chunk
    ``k ^ key(r)``, the key being the 128-byte line of the row, modulo the chunks per span."""
    esize, w = tile.elem_bytes, tile.box_cols
    box, col = divmod(c, w)
    chunk, within = divmod(col * esize, 16)
    key = (r * tile.span // 128) % (tile.span // 16)
    byte = (box * tile.rows + r) * tile.span + (chunk ^ key) * 16 + within
    return byte // esize


@pytest.mark.parametrize("rows, cols, span, dtype", [
    (16, 64, 128, "float16"),   # one 128-byte box per row
    (8, 128, 128, "float16"),   # two boxes side by side
    (16, 32, 64, "float16"),    # the GEMM's A tile, 64-byte rows
    (8, 8, 32, "float32"),      # 32-byte rows
    (24, 256, 128, "int8"),     # 3 periods of 8 rows, two boxes
])
def test_layout_is_the_swizzle_table_and_a_permutation(rows, cols, span, dtype):
    tile = _tile(rows, cols, span, dtype)
    phys = [_physical(tile, r * cols + c) for r in range(rows) for c in range(cols)]
    assert phys == [_table(tile, r, c) for r in range(rows) for c in range(cols)]
    assert sorted(phys) == list(range(rows * cols))


@pytest.mark.parametrize("span", [32, 64, 128])
def test_eight_rows_at_one_chunk_hit_eight_bank_groups(span):
    # ldmatrix: 8 threads read 16 bytes each, rows r..r+7, one logical column chunk
    tile = _tile(16, span // 2, span)
    for chunk in range(span // 16):
        groups = {(_physical(tile, r * tile.cols + chunk * 8) * 2 // 16) % 8 for r in range(8)}
        assert len(groups) == 8


def test_gemm_tiles_load_swizzled_and_ldmatrix_reads_the_swizzled_rows():
    func = lowered(gemm_mma(**GEMM_512, layout="swizzled"))
    encodes = {str(c.args[1].args[0].name): c for c in calls(func.body, ENCODE)}
    assert {name: int(c.attrs.swizzle) for name, c in encodes.items()} == {"A": Swizzle.B64, "B": Swizzle.B128}
    rank = 2  # box dims (innermost first): A 32 columns x 128 rows, B 64 columns (of 128) x 32 rows
    assert [int(a) for a in encodes["A"].args[1 + 2 * rank:1 + 3 * rank]] == [32, 128]
    assert [int(a) for a in encodes["B"].args[1 + 2 * rank:1 + 3 * rank]] == [64, 32]
    copies = calls(func.body, G2S_TENSOR)
    a_maps = [c for c in copies if "A_tmap" in str(c.args[1])]
    assert len(copies) == 3 * len(a_maps)  # B: two boxes per tile
    expects = calls(func.body, "tirx.ptx.mbarrier_arrive_expect_tx")
    assert {int(e.args[1]) for e in expects} == {2 * 128 * 32 * 2}  # A + B tile bytes per stage
    loads = calls(func.body, LDMATRIX)
    assert loads and all("^" in str(c.args[5].args[2]) and int(c.args[6]) == 0 for c in loads)
    assert "align=1024" in func.script()


def test_gemm_cuda_declares_aligned_dynamic_shared_memory_and_compiles():
    swizzled = cuda_source(gemm_mma(**GEMM_512, layout="swizzled"))
    assert "extern __shared__ __align__(1024) uchar buf_dyn_shmem_ptr[];" in swizzled
    dense = cuda_source(gemm_mma(**GEMM_512, layout="dense"))
    assert "extern __shared__ __align__(128) uchar buf_dyn_shmem_ptr[];" in dense
    assert "__grid_constant__ CUtensorMap" in dense and "^" not in dense[dense.index("ldmatrix"):]
    compile_cuda(swizzled)


def test_kernels_of_one_module_declare_dynamic_shared_memory_alike():
    # The kernels of a module share one translation unit, where nvcc keeps the alignment of
    # the first `extern __shared__ buf_dyn_shmem_ptr[]` declaration: on the H100 a swizzled
    # kernel declared after a 512-aligned one loaded its tiles wrong. The dense GEMM (128)
    # comes first here; both must declare the swizzle's 1024.
    funcs = {name: gemm_mma(**GEMM_512, layout=layout)["main"].with_attr("global_symbol", name)
             for name, layout in (("dense", "dense"), ("swizzled", "swizzled"))}
    mod = tvm.IRModule({tvm.ir.GlobalVar(name): func for name, func in funcs.items()})
    src = cuda_source(mod)
    assert re.findall(r"extern __shared__ __align__\((\d+)\)", src) == ["1024", "1024"]
    assert src.index("dense_kernel") < src.index("swizzled_kernel")


def test_ldmatrix_xor_operand_is_a_per_thread_constant():
    # With loop ranges known, the XOR is applied within the 128-byte segment, to a column term,
    # by the thread's row (tx & 7): no XOR of the loop-variant row offset (on the H100 this took
    # the main loop from ~190 to ~40 integer instructions, 348 -> 372 TFLOP/s at 4096^3).
    src = cuda_source(gemm_mma(**GEMM_512, layout="swizzled"))
    addresses = [line for line in src.splitlines() if "unsigned int addr" in line]
    xor_operands = [a[a.index("^"):a.index("]")] for a in addresses]
    assert len(xor_operands) == 8 and all("threadIdx.x" in x and "ax" not in x and "k_0" not in x
                                          for x in xor_operands)


def _shared_buffers(func) -> dict:
    found = {}
    tvm_ffi.structural_walk(func.body, (tvm.s_tir.SBlock, lambda b: found.update(
        {buf.name: buf for buf in b.alloc_buffers if buf.scope() == "shared.dyn"})))
    return found


def test_padding_for_ldmatrix_gives_way_to_the_swizzle():
    # Upstream's schedule: A's 128 x 32 and B's 32 x 128 fp16 tiles with rows padded by 8
    # elements (strides 40 and 136). Under "tma" both are compact (no padding left), loaded by
    # swizzled tensor maps, and every ldmatrix reads the swizzled address: its offset is the
    # XOR form, with no trace of the padded row strides.
    padded = lowered(gemm_mma(**GEMM_512))
    buffers = _shared_buffers(padded)
    assert {name: [int(x) for x in buf.strides] for name, buf in buffers.items()} == {
        "A_shared.dyn": [], "B_shared.dyn": []}
    assert {name: [int(x) for x in buf.shape] for name, buf in buffers.items()} == {
        "A_shared.dyn": [4, 128, 32], "B_shared.dyn": [4, 32, 128]}
    loads = calls(padded.body, LDMATRIX)
    assert len(loads) == 4 and all("^" in str(c.args[5].args[2]) and int(c.args[6]) == 0 for c in loads)
    for load in loads:
        offset = str(load.args[5].args[2])
        assert not any(re.search(rf"\* {stride}\b", offset) for stride in (40, 136, 5120, 4352)), offset
    # The same CUDA as with the tiles marked swizzled by hand.
    def kernel(mod):
        return [line.rstrip() for line in cuda_source(mod).splitlines() if line.strip()]

    assert kernel(gemm_mma(**GEMM_512)) == kernel(gemm_mma(**GEMM_512, layout="swizzled"))


def test_padding_read_by_elements_stays():
    # A padded tile read element by element (tile_scale's consumers) keeps its padding: the
    # swizzle spreads 16-byte chunks, not the 4-byte column reads the padding is there for.
    with tvm_tma.copy_report() as report:
        cuda_source(tile_scale(256, 256, tile_n=64, dtype="float16", pads=(8,)))
    assert report and all(r.instruction == "cp.async.bulk" and r.pieces == 16 and not r.reason for r in report)


def test_rows_that_no_span_tiles_keep_the_plain_layout_reported():
    # B's 96-column tile: 192-byte rows
    with tvm_tma.copy_report() as report:
        cuda_source(gemm_mma(96, i_factors=(1, 1, 2, 3, 1), j_factors=(1, 1, 2, 3, 1), k_factors=(3, 2, 1),
                             layout="swizzled"))
    by_dst = {r.dst: r for r in report}
    assert by_dst["A_shared.dyn"].instruction == "cp.async.bulk.tensor.2d (64B swizzle)"
    assert by_dst["B_shared.dyn"].rule == "swizzle_row_bytes"
    assert "got 192 bytes" in by_dst["B_shared.dyn"].reason


def test_schedule_primitive_rejects_bad_input():
    sch = tvm.s_tir.Schedule(gemm_mma(**GEMM_512))
    with pytest.raises(ValueError, match=r"expected no storage_align padding"):
        tvm_tma.schedule.swizzle(sch, sch.get_sblock("A_shared.dyn"))
    with pytest.raises(ValueError, match=r"span: expected 0, 32, 64 or 128 bytes, got 48"):
        tvm_tma.schedule.swizzle(sch, sch.get_sblock("A_shared.dyn"), span=48)
    with pytest.raises(ValueError, match=r"expected one write into shared memory"):
        tvm_tma.schedule.swizzle(sch, sch.get_sblock("C_o_update"))


@pytest.mark.parametrize("row_bytes, requested, span", [(64, 0, 64), (256, 0, 128), (32, 0, 32), (128, 64, None),
                                                        (192, 0, None), (48, 0, None)])
def test_choose_span(row_bytes, requested, span):
    if span is None:
        with pytest.raises(tvm_tma.TMAError, match=f"swizzle_row_bytes: S: .*got {row_bytes} bytes") as err:
            choose_span("S", row_bytes, requested)
        assert err.value.rule == "swizzle_row_bytes"
    else:
        assert choose_span("S", row_bytes, requested) == span


def test_tiles_need_whole_periods_of_eight_rows():
    with pytest.raises(tvm_tma.TMAError, match=r"swizzle_tile: S: expected a multiple of 8 tile rows") as err:
        _tile(12, 64, 128).check()
    assert err.value.rule == "swizzle_tile"


def test_a_run_longer_than_a_chunk_of_a_swizzled_tile_is_an_error():
    tile = _tile(16, 64, 128)
    G = tirx.decl_buffer((1024,), "float16", name="G")
    store = T.ptx["cp.async.bulk.global.shared::cta.bulk_group"](
        T.address_of(tirx.BufferLoad(G, [0])), T.address_of(tirx.BufferLoad(tile.buffer, [0, 0, 0])), T.uint32(2048))
    with pytest.raises(tvm_tma.TMAError, match=r"swizzle_access: S: expected element accesses") as err:
        rewrite_accesses(tirx.Evaluate(store), [tile])
    assert err.value.rule == "swizzle_access"


def test_rule_table_has_the_swizzle_rules_with_sources():
    for name in ("swizzle_row_bytes", "swizzle_tile", "swizzle_access"):
        assert rules.RULES[name].source and rules.RULES[name].text
    assert rules.limit("swizzle_tile") == 8
    found = []
    tvm_ffi.structural_walk(lowered(gemm_mma(**GEMM_512, layout="dense")).body,
                            (tvm.ir.Call, lambda c: found.append(c) if isinstance(c.op, tvm.ir.Op)
                             and c.op.name == ENCODE else None))
    assert found and all(int(c.attrs.swizzle) == Swizzle.NONE for c in found)
