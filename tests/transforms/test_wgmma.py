"""wgmma matrix descriptors: the fields per swizzle mode, worked out by hand from the PTX ISA,
and the layout a descriptor describes against the layout the swizzled tensor copy writes,
element by element."""

import itertools

import pytest
import tvm
from tvm import tirx

from tvm_tma import TMAError
from tvm_tma.transforms.copies import swizzle
from tvm_tma.transforms.tensor_cores import wgmma
from tvm_tma.transforms.tensor_cores.wgmma import LayoutType, Major

E = 2  # bytes of an f16 / bf16 element


# -- the fields, by hand --------------------------------------------------------------------
# PTX ISA 9.7.15.5.1.2: swizzled K-major: rows of the span S bytes, 8-row core groups SBO = 8 S
# apart, LBO unused ("assumed 1": 16 bytes); MN-major: K rows S apart, 8 of them SBO = 8 S
# apart, MN chunks of S bytes LBO apart (here the next box: rows * S). Layout type (bits
# 62-63): 1 = 128B, 2 = 64B, 3 = 32B.
HAND = {  # (span, major, box rows): (layout type, LBO bytes, SBO bytes, bits 16-63 as hex)
    (128, Major.K, 128): (1, 16, 1024, 0x4000_0040_0001_0000),
    (64, Major.K, 128): (2, 16, 512, 0x8000_0020_0001_0000),
    (32, Major.K, 128): (3, 16, 256, 0xC000_0010_0001_0000),
    (128, Major.MN, 64): (1, 8192, 1024, 0x4000_0040_0200_0000),
    (64, Major.MN, 64): (2, 4096, 512, 0x8000_0020_0100_0000),
    (32, Major.MN, 16): (3, 512, 256, 0xC000_0010_0020_0000),
}


@pytest.mark.parametrize("key", list(HAND), ids=[f"{s}B-{m.name}-{r}" for s, m, r in HAND])
def test_descriptor_fields_by_hand(key):
    (span, major, rows), (layout, lbo, sbo, bits) = key, HAND[key]
    desc = wgmma.describe(span, rows, major)
    assert (int(desc.layout), desc.leading_bytes, desc.stride_bytes) == (layout, lbo, sbo)
    assert desc.fields == bits


def test_layout_type_codes():
    assert [LayoutType.of_span(s) for s in (128, 64, 32)] == [1, 2, 3]


# -- the two layouts, element by element ---------------------------------------------------------

def swizzle_bytes(offset: int, span: int) -> int:
    """The 16-byte chunk XOR of a ``span``-byte swizzle on a byte offset from a pattern start
    (CUTLASS ``Swizzle<log2(span/16), 4, 3>``, what both the tensor map and wgmma apply)."""
    return offset ^ (((offset >> 7) & (span // 16 - 1)) << 4)


def canonical(desc: wgmma.MatrixDescriptor, span: int, major: Major, start: int, mn: int, k: int) -> int:
    """The byte the hardware reads for element ``(mn, k)`` of an operand whose descriptor is
    ``desc`` and start ``start`` (PTX ISA 9.7.15.5.1.2, the canonical layouts in CUTLASS's
    ``make_gmma_desc``: K-major ``((8,n),(T,2)):((S,SBO),(1,T))``, MN-major
    ``((T,S/16,n),(8,k)):((1,T,LBO),(S,SBO))`` in elements of ``T = 16 / e`` per chunk)."""
    w = span // E
    if major == Major.K:
        offset = start + (mn % 8) * span + (mn // 8) * desc.stride_bytes + k * E
    else:
        offset = start + (mn % w) * E + (mn // w) * desc.leading_bytes + (k % 8) * span + (k // 8) * desc.stride_bytes
    return swizzle_bytes(offset, span)


def tma_written(tile: swizzle.SwizzledTile, row: int, col: int) -> int:
    """The byte where the swizzled tensor copy puts tile element ``(row, col)``."""
    phys = tvm.sym.Analyzer().simplify(tile.physical(tirx.const(row * tile.cols + col, "int32")))
    return int(phys) * E


def tile_of(rows: int, cols: int, span: int) -> swizzle.SwizzledTile:
    buf = tirx.decl_buffer((rows, cols), "float16", "S", scope="shared.dyn")
    return swizzle.SwizzledTile(buf, 2, rows, cols, span)


@pytest.mark.parametrize("span", [128, 64, 32])
@pytest.mark.parametrize("major", [Major.K, Major.MN])
def test_descriptor_layout_is_the_tensor_copy_layout(span, major):
    """Every element of every operand of a tile of two boxes per row: the byte the descriptor
    makes wgmma read is the byte the tensor copy wrote the element to."""
    w = span // E
    if major == Major.K:  # A[m, k]: 128 rows (M), two boxes of K; operands 64 x 16
        tile, mn_extent = tile_of(128, 2 * w, span), 64
        starts = [(r0, c0) for r0 in (0, 64) for c0 in range(0, 2 * w, 16)]
    else:  # B[k, n]: 32 rows (K), N over two boxes; operands 16 x 2w
        tile, mn_extent = tile_of(32, 2 * w, span), 2 * w
        starts = [(r0, 0) for r0 in (0, 16)]
    desc = wgmma.describe(span, tile.rows, major)
    checked = 0
    for r0, c0 in starts:
        start = int(tvm.sym.Analyzer().simplify(tile.boxed(tirx.const(r0 * tile.cols + c0, "int32")))) * E
        wgmma.check_start("S", tirx.const(start, "int32"), span, tvm.sym.Analyzer())
        for mn, k in itertools.product(range(mn_extent), range(16)):
            row, col = (r0 + mn, c0 + k) if major == Major.K else (r0 + k, c0 + mn)
            assert canonical(desc, span, major, start, mn, k) == tma_written(tile, row, col), (r0, c0, mn, k)
            checked += 1
    assert checked == len(starts) * mn_extent * 16


def test_a_wrong_stride_is_caught():
    """The comparison above can fail: SBO off by one row breaks it."""
    tile, span = tile_of(64, 64, 128), 128
    desc = wgmma.MatrixDescriptor(LayoutType.B128, 16, 8 * span + span)
    assert any(canonical(desc, span, Major.K, 0, mn, k) != tma_written(tile, mn, k)
               for mn, k in itertools.product(range(64), range(16)))


@pytest.mark.parametrize("offset", [4 * 128, 8])
def test_start_outside_the_first_line_of_a_period(offset):
    with pytest.raises(TMAError, match=r"wgmma_descriptor_align: S: expected a wgmma operand to start "
                                       r"16-byte aligned within the first 128 bytes of a 1024-byte period"):
        wgmma.check_start("S", tirx.const(offset, "int32"), 128, tvm.sym.Analyzer())


def test_encode():
    """The descriptor is ``(cvta(start) >> 4) & 0x3FFF`` (bits 0-13) or'ed with the fields."""
    buf = tirx.decl_buffer((64, 64), "float16", "S", scope="shared.dyn")
    ptr = buf.access_ptr("r", offset=32)
    expr = wgmma.describe(128, 64, Major.K).encode(ptr)
    assert isinstance(expr, tirx.BitwiseOr) and int(expr.b.value) == 0x4000_0040_0001_0000
    low = expr.a.value  # the uint64 cast of the start field
    assert isinstance(low, tirx.BitwiseAnd) and int(low.b.value) == 0x3FFF
    assert isinstance(low.a, tirx.RShift) and int(low.a.b.value) == 4
    assert low.a.a.op.name == "tirx.cuda.cvta_generic_to_shared" and low.a.a.args[0].same_as(ptr)
