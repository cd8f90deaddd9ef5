"""UniformLaneFill (tvm_tma/transforms/copies/uniform_lane_fill.py): a zero-fill condition the same on
every lane of a vector copy into shared memory loses the lane, indices that reach the lane
through divisions become affine in it; anything not proven stays as it was."""

import tvm
from tvm import sym as arith
from tvm import tirx
from tvm.script import tirx as T

from tvm_tma.transforms import UniformLaneFill
from tvm_tma.transforms._ir import free_vars, substitute, uses_var, walk


def conv_rows(lanes: int, divisor: int):
    """A padded-input style copy: 16 threads each stage ``lanes`` fp16 of a flattened
    (pixel, channel) index ``f``; the pixel ``f // divisor`` must lie inside the image."""

    @T.prim_func
    def main(X: T.Buffer((32, 96), "float16")):
        S = T.alloc_buffer((32, 96), "float16", scope="shared")
        for tx in T.thread_binding(16, thread="threadIdx.x"):
            for i in range(3):
                for v in T.vectorized(lanes):
                    S[(i * 128 + tx * 8 + v) // 96 * 8 // 8, (i * 128 + tx * 8 + v) % 96] = T.if_then_else(
                        1 <= (i * 128 + tx * 8 + v) // divisor,
                        X[(i * 128 + tx * 8 + v) // 96 - 1, (i * 128 + tx * 8 + v) % 96],
                        T.float16(0))

    return tvm.IRModule({"main": main})


def _store(mod: tvm.IRModule):
    stores = []
    walk(mod["main"].body, tirx.BufferStore, stores.append)
    return next(s for s in stores if s.buffer.scope() == "shared")


def test_uniform_condition_loses_the_lane_and_indices_become_affine():
    store = _store(UniformLaneFill()(conv_rows(lanes=8, divisor=96)))
    lane = [v for v in free_vars(store) if v.name == "v"][0]
    cond, load = store.value.args[0], store.value.args[1]
    assert not uses_var(cond, [lane]), cond
    for indices in (store.indices, load.indices):  # (f // 96 [- 1], f0 % 96 + v)
        assert not uses_var(indices[0], [lane]) and not uses_var(indices[1].a, [lane]), indices
        assert indices[1].b.same_as(lane), indices
    # the same values: at every thread, step and lane
    for tx in range(16):
        for i in range(3):
            f0 = i * 128 + tx * 8
            env = {"tx": tx, "i": i}
            assert bool(_eval(cond, env)) == (f0 // 96 >= 1)
            for v in range(8):
                assert [_eval(x, {**env, "v": v}) for x in load.indices] == [(f0 + v) // 96 - 1, (f0 + v) % 96]


def _eval(expr, env):
    values = {var: tirx.const(env[var.name], "int32") for var in free_vars(expr)}
    return arith.Analyzer().simplify(substitute(expr, values)).value


def test_lanes_that_cross_a_multiple_of_the_divisor_stay():
    # 8 lanes from a multiple of 8 cross a multiple of 4; 16 lanes cross one of 96 (at 96 = 6 * 16,
    # 128 * i + 8 * tx is not a multiple of 16 for odd tx).
    for lanes, divisor in ((8, 4), (16, 96)):
        before = conv_rows(lanes=lanes, divisor=divisor)
        after = UniformLaneFill()(before)
        if lanes == 8:  # the indices' divisions by 96 are still proven; the condition is not
            text = after.script()
            assert "1 <= (i * 128 + tx * 8 + v) // 4" in text, text
        else:
            tvm.ir.assert_structural_equal(after, before)


def test_copies_outside_shared_memory_and_plain_vectors_are_untouched():
    @T.prim_func
    def main(X: T.Buffer((512,), "float16"), Y: T.Buffer((512,), "float16")):
        S = T.alloc_buffer((512,), "float16", scope="shared")
        for tx in T.thread_binding(64, thread="threadIdx.x"):
            for v in T.vectorized(8):
                Y[(tx * 8 + v) // 96 * 96 + (tx * 8 + v) % 96] = X[tx * 8 + v]
            for v in T.vectorized(8):
                S[tx * 8 + v] = T.if_then_else(tx * 8 + v < 500, X[tx * 8 + v], T.float16(0))

    before = tvm.IRModule({"main": main})
    tvm.ir.assert_structural_equal(UniformLaneFill()(before), before)


def test_a_vector_that_would_be_misaligned_stays():
    # Rows of 100 fp16 (200 bytes): the 8 lanes of (f // 96, f % 96 + v) never cross a row of the
    # tile, but X's row 1 starts 200 bytes in, so the 16-byte vector at (1, 0) would be misaligned:
    # the copy keeps its divisions (ordinary loads and stores).
    @T.prim_func
    def main(X: T.Buffer((32, 100), "float16")):
        S = T.alloc_buffer((32, 96), "float16", scope="shared")
        for tx in T.thread_binding(16, thread="threadIdx.x"):
            for i in range(3):
                for v in T.vectorized(8):
                    S[(i * 128 + tx * 8 + v) // 96, (i * 128 + tx * 8 + v) % 96] = T.if_then_else(
                        1 <= (i * 128 + tx * 8 + v) // 96,
                        X[(i * 128 + tx * 8 + v) // 96 - 1, (i * 128 + tx * 8 + v) % 96],
                        T.float16(0))

    before = tvm.IRModule({"main": main})
    tvm.ir.assert_structural_equal(UniformLaneFill()(before), before)
