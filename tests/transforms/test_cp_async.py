"""The cp.async fallback (tvm_tma.transforms.copies.cp_async): which nests per-thread cp.async can do."""

import pytest
import tvm_ffi
from tvm import tirx
from tvm.script import tirx as T

import tvm_tma
from tvm_tma.transforms.copies.cp_async import _holds_on_a_prefix, cp_async_nest, zero_fill


def test_per_lane_conditions_must_hold_on_a_prefix():
    # Which lane-dependent conditions a cp.async piece's src_size can express: lanes < m.
    lane, base, n = tirx.Var("v", "int32"), tirx.Var("b", "int32"), tirx.Var("n", "int32")
    vector = tirx.For(lane, 0, 8, tirx.ForKind.VECTORIZED, tirx.Evaluate(0))
    assert _holds_on_a_prefix(base + lane < n, vector)  # a tail
    assert _holds_on_a_prefix(tirx.And(base < n, n > base + lane // 4), vector)  # non-decreasing
    assert not _holds_on_a_prefix(base - lane < n, vector)  # a head: lanes >= m
    assert not _holds_on_a_prefix(tirx.floormod(lane, 2) == 0, vector)  # every other lane


def _loops(func):
    loops = []
    tvm_ffi.structural_walk(func.body, (tirx.For, loops.append))
    return loops


def _only_loop(func):
    (loop,) = _loops(func)
    return loop


def test_cp_async_size_per_lane_condition_off_a_prefix():
    # A "head" inside a 16-byte vector (lanes >= 2 copied): src_size cannot express it.
    @T.prim_func(s_tir=True)
    def head(A: T.Buffer((64,), "float32")):
        S = T.sblock_alloc_buffer((64,), "float32", scope="shared", align=16)
        for v in T.vectorized(4):
            with T.sblock("S"):
                T.where(v >= 2)
                S[v] = A[v]

    with pytest.raises(tvm_tma.TMAError, match=r"cp_async_size: .* needs its per-lane condition to "
                       r"hold on a prefix of the vector's lanes \(a tail i < n\), got"):
        cp_async_nest(_only_loop(head))


def test_cp_async_size_compute_is_no_copy():
    @T.prim_func(s_tir=True)
    def scaled(A: T.Buffer((64,), "float32")):
        S = T.sblock_alloc_buffer((64,), "float32", scope="shared", align=16)
        for v in T.vectorized(4):
            with T.sblock("S"):
                S[v] = A[v] * T.float32(2)

    with pytest.raises(tvm_tma.TMAError, match=r"cp_async_size: copy into S: expected a load or a "
                       r"zero-fill if_then_else\(c, load, 0\), got A\[v\] \* T.float32\(2"):
        cp_async_nest(_only_loop(scaled))


def test_zero_fill_nest_counts_pieces_and_keeps_its_condition():
    @T.prim_func(s_tir=True)
    def padded(A: T.Buffer((64,), "float16")):
        S = T.sblock_alloc_buffer((2, 72), "float16", scope="shared", align=16)
        for r in range(2):
            for v in T.vectorized(8):
                with T.sblock("S"):
                    S[r, v + 8] = T.if_then_else(r >= 1, A[r * 8 + v - 8], T.float16(0))

    (outer,) = [loop for loop in _loops(padded) if loop.kind == tirx.ForKind.SERIAL]
    nest = cp_async_nest(outer)
    assert nest.size == 16 and nest.fill is not None and nest.pieces(32) == 2 * 32
    cond, load = zero_fill(nest.store.value)
    assert load.source.name == "A" and tvm_ffi.structural_equal(cond, nest.fill)

