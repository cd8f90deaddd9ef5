"""The wgmma tensor intrinsics: the accumulator fragment layout, the shapes and types they
accept, and what their implementations issue."""

import collections
import itertools

import pytest
import tvm
import tvm_ffi
from tvm.s_tir import TensorIntrin

from tvm_tma import TMAError, tensor_intrin
from tvm_tma.transforms._ir import substitute
from tvm_tma.transforms.tensor_cores.wgmma import DESCRIPTOR_OP


def test_fragment_layout_is_a_bijection():
    """Each of the 64 x 256 accumulator elements is one register of one of the 128 threads."""
    seen = set()
    for i, j in itertools.product(range(64), range(256)):
        t, r = tensor_intrin.fragment_index(i, j)
        assert 0 <= t < 128 and 0 <= r < 128 and tensor_intrin.fragment_element(t, r) == (i, j)
        seen.add((t, r))
    assert len(seen) == 64 * 256


# PTX ISA 9.7.15.5.1.1, wgmma D (f32): thread T of the warpgroup holds row 16 * (T / 32) +
# (T % 32) / 4 (+ 8 for registers 2, 3 of each 4) and columns 8 * (r / 4) + 2 * (T % 4) (+ 1
# for odd registers).
BY_HAND = {(0, 0): (0, 0), (0, 1): (0, 1), (0, 2): (8, 0), (0, 3): (8, 1), (0, 4): (0, 8),
           (5, 0): (1, 2), (37, 6): (25, 10), (127, 127): (63, 255)}


@pytest.mark.parametrize("thread_reg", list(BY_HAND))
def test_fragment_element_by_hand(thread_reg):
    assert tensor_intrin.fragment_element(*thread_reg) == BY_HAND[thread_reg]


@pytest.mark.parametrize("n, match", [(12, "N = 12: expected a multiple of 8 from 8 to 256"),
                                      (264, "N = 264: expected a multiple of 8 from 8 to 256"),
                                      (0, "N = 0: expected a multiple of 8")])
def test_wgmma_shape(n, match):
    with pytest.raises(TMAError, match="wgmma_shape: " + match) as err:
        tensor_intrin.wgmma_sync(n)
    assert err.value.rule == "wgmma_shape"


def test_wgmma_dtype():
    with pytest.raises(TMAError, match=r"wgmma_dtype: input type float32: expected one of \['bfloat16', 'float16'\]"):
        tensor_intrin.wgmma_sync(64, "float32")


def test_b_major():
    with pytest.raises(ValueError, match="b_major: expected 'MN' .* or 'K' .*, got 'T'"):
        tensor_intrin.wgmma_sync(64, b_major="T")


def _calls(func) -> list:
    found = []
    tvm_ffi.structural_walk(func.body,
                            (tvm.ir.Call, lambda c: found.append(c) if isinstance(c.op, tvm.ir.Op) else None))
    return found


@pytest.mark.parametrize("b_major, trans_b", [("MN", 1), ("K", 0)])
def test_sync_issues_one_wgmma_with_descriptor_requests(b_major, trans_b):
    name = tensor_intrin.wgmma_sync(96, "bfloat16", b_major)
    assert TensorIntrin.get(name) is not None and tensor_intrin.wgmma_sync(96, "bfloat16", b_major) == name
    calls = _calls(TensorIntrin.get(name).impl)
    (mma,) = [c for c in calls if c.op.name == "tirx.ptx.wgmma_bf16_ss"]
    strings = [a.value for a in mma.args if isinstance(a, tvm.ir.StringImm)]
    assert "m64n96k16" in strings and strings[-3:-1] == ["bf16", "bf16"]
    regs = 96 // 2
    requests = mma.args[regs:regs + 2]
    assert [r.op.name for r in requests] == [DESCRIPTOR_OP] * 2
    assert [int(r.args[1]) for r in requests] == [0, int(b_major == "MN")]  # A K-major; B by its major
    # scale-d, scale-a, scale-b, trans-a, trans-b
    assert [int(a) for a in mma.args[regs + 2:regs + 7]] == [1, 1, 1, 0, trans_b]


def test_store_writes_every_element_once():
    impl = TensorIntrin.get(tensor_intrin.wgmma_store(16, "float16", "global")).impl
    stores = []
    tvm_ffi.structural_walk(impl.body, (tvm.tirx.BufferStore, stores.append))
    (store,) = stores
    assert str(store.value.ty) == "float16"  # cast from the fp32 fragment


@pytest.mark.parametrize("transposed", [False, True])
def test_stmatrix_store_puts_every_fragment_element_in_place(transposed):
    """A 16-bit tile in shared memory is stored by stmatrix.x4: evaluated for every thread and
    column block, lane l of a warp addresses row l % 8 of matrix l // 8, each thread's packed
    register m holds the two fragment registers of its row and columns in that matrix (the
    even column in the low half), and the tile is written once, element for element.
    ``transposed`` (``D[n, 64]``, ``stmatrix .trans``): the stored matrix is the fragment's
    transpose, its row ``c`` holding the fragment's column ``c``, so element ``(i, j)`` lands
    at ``D[j, i]``."""
    n = 32
    impl = TensorIntrin.get(tensor_intrin.wgmma_store(n, "float16", transposed=transposed)).impl
    loops, cvts, stores = {}, [], []
    tvm_ffi.structural_walk(impl.body, (tvm.tirx.For, lambda f: loops.update({f.loop_var.name: f.loop_var})))
    tvm_ffi.structural_walk(impl.body, (tvm.ir.Call, lambda c: (cvts if c.op.name == "tirx.ptx.cvt_f16x2_f32"
                                                              else stores if c.op.name == "tirx.ptx.stmatrix"
                                                              else []).append(c)))
    (cvt,), (stmatrix,) = cvts, stores
    assert ("trans" in [getattr(a, "value", None) for a in stmatrix.args]) == transposed
    tx, col, m = loops["tx"], loops["col"], loops["m"]
    analyzer = tvm.sym.Analyzer()
    width = 64 if transposed else n  # D's row stride

    def value(expr, **bound) -> int:
        names = {"tx": tx, "col": col, "m": m}
        mapping = {names[k]: tvm.tirx.const(v, "int32") for k, v in bound.items()}
        free = []
        tvm_ffi.structural_walk(expr, (tvm.tirx.Var, free.append))
        mapping.update({v: tvm.tirx.const(width if v.name == "sd" else 0, v.ty.dtype) for v in free
                        if not any(v.same_as(x) for x in mapping) and v.name not in names})
        return int(analyzer.simplify(substitute(expr, mapping)))

    assert cvt.args[0].indices[0].same_as(m)  # packed[m]
    hi, lo = cvt.args[1].indices[1], cvt.args[2].indices[1]  # C[tx, hi], C[tx, lo]
    offset = stmatrix.args[0].args[0].args[2]  # cvta(access_ptr(.., offset, ..))
    written = collections.Counter()
    for t, c in itertools.product(range(128), range(n // 16)):
        warp, lane = divmod(t, 32)
        for k in range(4):
            for reg in (lo, hi):
                i, j = tensor_intrin.fragment_element(t, value(reg, tx=t, col=c, m=k))
                if transposed:  # row j % 8 of stored matrix k, element i % 8 of it
                    where = divmod(value(offset, tx=warp * 32 + 8 * k + j % 8, col=c) + i % 8, width)
                    assert where == (j, i), (t, c, k, where, (i, j))
                else:  # row i % 8 of matrix k, its columns 2 (lane % 4) + {0, 1}
                    row, first = divmod(value(offset, tx=warp * 32 + 8 * k + lane // 4, col=c), width)
                    assert (row, first + 2 * (lane % 4) + int(reg.same_as(hi))) == (i, j)
                    where = (i, j)
                written[where] += 1
    shape = (n, 64) if transposed else (64, n)
    assert set(written) == set(itertools.product(range(shape[0]), range(shape[1]))) and set(written.values()) == {1}
