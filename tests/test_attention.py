"""kernels.attention: what its copies and rings become, the CUDA it emits (wgmma SS and RS,
the warpgroups' turns, setmaxnreg), nvcc for sm_90a without spills, and the inputs it refuses."""

import re
import shutil

import pytest
import tvm
import tvm_ffi

import tvm_tma
from test_gemm_wgmma import ptxas
from tvm_tma import TMAError
from tvm_tma.codegen import SM90A, kernel_source
from tvm_tma.kernels import attention
from tvm_tma.kernels.attention import AttentionMask, AttentionTile
from tvm_tma.pipeline import COMPACT_BUFFERS

TARGET = tvm.target.Target(SM90A)


def compiled(*args, **kwargs):
    """(copy report, CUDA) of ``attention(*args, **kwargs)`` under ``"tma"``."""
    with tvm_tma.copy_report() as report:
        executable = tvm.compile(attention(*args, **kwargs), target=TARGET, tir_pipeline="tma")
    return [str(entry) for entry in report], kernel_source(executable)


@pytest.fixture(scope="module")
def causal_gqa():
    """A symbolic batch and lengths, GQA 8/2, causal, head_dim 128: the default tile."""
    return compiled("batch", 8, 2, "seq_q", "seq_kv", 128, causal=True)


def test_every_tile_is_a_swizzled_tensor_copy(causal_gqa):
    report, _ = causal_gqa
    assert report == [
        "main [stage j]: K -> K_s: 32768 bytes as 2 x cp.async.bulk.tensor.4d (128B swizzle)",
        "main [stage j]: V -> V_s: 32768 bytes as 2 x cp.async.bulk.tensor.4d (128B swizzle)",
        "main: Q -> Q_s: 32768 bytes as 2 x cp.async.bulk.tensor.4d (128B swizzle)",
        "main: O_s -> O: 32768 bytes as 2 x cp.async.bulk.tensor.4d (128B swizzle)",
    ]


def test_structure_of_the_kernel(causal_gqa):
    """A producer warpgroup beside two consumer warpgroups (setmaxnreg), a ring of 3 K/V
    versions (full and empty barriers), S = Q K^T from shared memory (SS, m64n128k16), O += P V
    with P from registers (RS, m64n128k16, V MN-major), the warpgroups taking turns on named
    barriers 2 and 3, the output through stmatrix and a tensor store."""
    _, cuda = causal_gqa
    assert "__launch_bounds__(384, 1)" in cuda
    assert "setmaxnreg_dec_sync_aligned_u32_40" in cuda and "setmaxnreg_inc_sync_aligned_u32_232" in cuda
    assert "uint64_t tma_full_ptr[3]" in cuda and "uint64_t tma_empty_ptr[3]" in cuda
    ss = re.findall(r"wgmma_f16_ss_mma_async_sync_aligned_(m64n\d+k16)_f32_f16_f16_1_1_0_0\(", cuda)
    rs = re.findall(r"wgmma_f16_rs_mma_async_sync_aligned_(m64n\d+k16)_f32_f16_f16_1_1_1\(", cuda)
    assert set(ss) == {"m64n128k16"} and set(rs) == {"m64n128k16"}
    assert "bar_sync_count_sync(((uint)(((int)threadIdx.y) + 2)), (uint)256)" in cuda
    assert "stmatrix" in cuda and "cp_async_bulk_tensor_s2g" in cuda
    assert "ex2_approx_ftz_f32" in cuda and "cvt_f16x2_f32_rn_f16x2_f32" in cuda


SHAPES = [
    ((4, 32, 32, 4096, 4096, 128), {}),
    (("b", 8, 2, "sq", "skv", 128), {"causal": True}),
    ((1, 8, 8, 1000, 777, 64), {"causal": "bottom_right", "lse": False}),
    ((2, 8, 1, "sq", "skv", 256), {"layout": "bhsd"}),
    (("b", 8, 2, "sq", "skv", 128), {"dtype": "bfloat16", "mask": AttentionMask("float32", batch=True)}),
    ((2, 8, 8, 512, 512, 64), {"tile": AttentionTile(192, 128, 2, overlap=False)}),
    ((4, 32, 8, 1024, 1024, 128), {"persistent": True}),
    ((4, 32, 32, 1024, 1024, 256), {"persistent": True}),
    ((4, 32, 32, 1024, 1024, 256), {"causal": True}),
    ((4, 32, 32, 1024, 1024, 256), {"causal": True, "tile": AttentionTile(128, 64, 2)}),
]
SHAPE_IDS = ["d128", "causal_gqa_symbolic", "d64_bottom_right", "d256_bhsd_mqa", "bf16_mask", "d64_192_rows",
             "persistent_gqa", "persistent_d256", "d256_causal", "d256_causal_64_keys"]


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not on PATH")
@pytest.mark.parametrize("args, kwargs", SHAPES, ids=SHAPE_IDS)
def test_nvcc_accepts_it_without_spills(args, kwargs):
    report = ptxas(compiled(*args, **kwargs)[1])
    assert "0 bytes spill stores, 0 bytes spill loads" in report, report
    assert "serialized" not in report, report  # ptxas's "wgmma.mma_async instructions are serialized"


@pytest.mark.parametrize("args, kwargs", [*SHAPES, ((1, 32, 32, "s", "s", 128), {"causal": True, "packed": True})],
                         ids=[*SHAPE_IDS, "rounds_packed"])
def test_its_buffers_are_as_compact_as_it_declares(args, kwargs):
    """The kernel says its buffers are compact (``COMPACT_BUFFERS``), so that the pipeline skips
    ``CompactBufferAllocation`` on it: run there, that pass would leave its CUDA as it is."""
    func = attention(*args, **kwargs)["main"]
    assert func.attrs[COMPACT_BUFFERS]
    cuda = [kernel_source(tvm.compile(tvm.IRModule({"main": f}), target=TARGET, tir_pipeline="tma"))
            for f in (func, func.without_attr(COMPACT_BUFFERS))]
    assert cuda[0] == cuda[1]


def test_overlap_ring_versions_hold_k_and_the_v_before():
    """head_dim 256's tile (128 x 80, two versions, overlap): the producer walks 14 iterations
    for 13 key tiles, loading K_j and V_{j-1} (rows from (j - 1) * 80: V_{-1} is all zero fill)
    into version j % 2; the consumers' steady loop j = 1..12 issues S_j and P_{j-1} V_{j-1}
    with no condition around them (only the last key tile's mask), the first and the last
    iteration peeled."""
    _, cuda = compiled(1, 8, 8, 1024, 1024, 256)
    assert "uint64_t tma_full_ptr[2]" in cuda and "uint64_t tma_empty_ptr[2]" in cuda
    producer = cuda[cuda.index("for (int j = 0; j < 14; ++j)"):]
    assert "((j * 80) - 80)" in producer[:producer.index("return;")]
    steady = cuda[cuda.index("for (int j_1 = 1; j_1 < 13; ++j_1)"):]
    steady = steady[:steady.index("tvm_builtin_ptx_mbarrier_arrive_nocount")]
    assert steady.count("mma_async") == 2 and steady.index("mma_async") < steady.index("if (")
    assert re.findall(r"if \((.*)\) \{", steady)[0] == "11 < j_1"  # the tile past 1024 - 80 keys: masked


def test_causal_walks_only_the_tiles_up_to_the_diagonal():
    """Query tile ``qt`` (the CTAs in reverse: the longest walks first) attends
    ``ceil(min((qt + 1) 128, seq_kv) / 128)`` key tiles; the steady loop holds no condition but
    the diagonal and tail tiles' mask."""
    _, cuda = compiled(1, 2, 2, "sq", "skv", 128, causal=True)
    assert "- ((int)blockIdx.x)" in cuda  # qt = tiles - 1 - blockIdx.x
    assert "min(" in cuda


def test_persistent_grid_walks_the_items_and_loads_the_next_q_ahead():
    """``persistent``: 128 CTAs (1024 items: 8 query tiles x 4 x 32 heads, 8 rounds) each walk
    their items in a loop that both roles run, the ring's stages counted across it (head_dim
    128's persistent tile: two versions, the producer's slot ``(it * 9 + j) % 2``). Q is in two
    versions and O has a tile of its own: the consumers copy the first item's Q before the
    loop, and in item ``it`` the next item's into version ``(it + 1) % 2`` (no bytes in the
    last) before waiting for this one's on its barrier (``tma_bar_copy0[it % 2]``, parity
    ``it / 2 % 2``). Before O's tile is written again, the store of the last item's output must
    have read it; warpgroup 0 takes the first turn in the first item only."""
    report, cuda = compiled(4, 32, 8, 1024, 1024, 128, persistent=True)
    assert "main: Q -> Q_s: 32768 bytes as 2 x cp.async.bulk.tensor.4d (128B swizzle)" in report
    assert "main: O_s -> O: 32768 bytes as 2 x cp.async.bulk.tensor.4d (128B swizzle)" in report
    assert cuda.count("for (int it = 0; it < 8; ++it)") == 1 and cuda.count("for (int it_1 = 0; it_1 < 8; ++it_1)") == 1
    assert "tma_empty_ptr[(((it * 9) + j) & 1)]" in cuda
    consumer = cuda[cuda.index("setmaxnreg_inc_sync_aligned_u32_232();"):]
    first, loop = consumer[:consumer.index("for (int it_1")], consumer[consumer.index("for (int it_1"):]
    assert "tma_bar_copy0_ptr[0]))), (uint)32768)" in first and first.count("Q_tmap") == 2
    ahead = "tma_bar_copy0_ptr[((it_1 + 1) & 1)]))), ((it_1 < 7) ? (uint)32768 : (uint)0))"
    wait = "tvm_builtin_cuda_mbarrier_wait((&(tma_bar_copy0_ptr[(it_1 & 1)])), ((it_1 & 3) >> 1));"
    assert loop.index(ahead) < loop.index("if (it_1 < 7)") < loop.index("Q_tmap") < loop.index(wait) \
        < loop.index("mma_async")
    assert loop.index("wait_group_read_0()") < loop.index("stmatrix")
    assert "((int)threadIdx.y) == 0) && (it_1 == 0)" in loop  # the first turn, in the first item only


def test_causal_persistent_grid_walks_pairs_of_query_tiles():
    """A causal mask (1024 tokens, 8 query tiles of 128): each CTA walks pairs of a head's query
    tiles ``7 - a`` then ``a`` (``a = blockIdx.x % 4``: 128 CTAs, 4 rounds), whose walks add
    up to 9 key tiles, so that the ring's stage is ``9 it + (r > 0 ? 8 - a : 0) + j`` in both
    roles; the next tile's Q copy counts the flattened executions ``2 it + r``."""
    _, cuda = compiled(4, 32, 32, 1024, 1024, 64, causal=True, persistent=True)
    assert "for (int it = 0; it < 4; ++it)" in cuda and "for (int r = 0; r < 2; ++r)" in cuda
    producer = cuda[cuda.index("for (int it = 0; it < 4; ++it)"):]
    assert "j < min(((((1 - r) * (7 - ((((int)blockIdx.x) & 3) * 2))) + (((int)blockIdx.x) & 3)) + 1), 8)" in producer
    assert "tma_full_ptr[((((0 < r) ? (8 - (((int)blockIdx.x) & 3)) : 0) + j) % 3)]" in producer
    consumer = cuda[cuda.index("for (int it_1 = 0; it_1 < 4; ++it_1)"):]
    assert "((((it_1 * 2) + r_1) < 7) ? (uint)16384 : (uint)0)" in consumer
    assert "if (((((int)threadIdx.y) == 0) && (it_1 == 0)) && (r_1 == 0))" in consumer  # the first turn


def test_causal_pairs_take_tiles_of_rows_a_multiple_of_columns():
    """128 x 64 tiles (head_dim 256, 512 tokens): a query tile walks 2 (qt + 1) key tiles and one
    more iteration (two versions), a pair 2 (4 + 1) + 2 = 12, the ring's stage ``12 it + (r > 0
    ? 9 - 2 a : 0) + j`` (its phase ``6 it + ...`` in a ring of two)."""
    _, cuda = compiled(4, 32, 32, 512, 512, 256, causal=True, persistent=True, tile=AttentionTile(128, 64, 2))
    producer = cuda[cuda.index("for (int it = 0;"):]
    assert "for (int r = 0; r < 2; ++r)" in producer and "(0 < r) ?" in producer
    assert "(0 < r) ? (9 - ((((int)blockIdx.x) & 1) * 2)) : 0) + j) & 1)" in producer and "(it * 6)" in producer


def test_causal_pairs_of_unequal_walks_that_add_up_alike():
    """head_dim 256's 128 x 80 tile at 512 tokens: query tiles 3 and 0 walk 7 + 2 key tiles, 2
    and 1 walk 5 + 4 (a sum the analyzer leaves in the pair's ``blockIdx.x % 2``, the same for
    both remainders): each pair takes 9 + 2 iterations (one more per walk in two versions)."""
    _, cuda = compiled(4, 32, 32, 512, 512, 256, causal=True, persistent=True)
    producer = cuda[cuda.index("for (int it = 0;"):]
    assert "for (int r = 0; r < 2; ++r)" in producer and "(it * 11)" in producer


def test_persistent_grid_stages_o_in_qs_tile_where_two_q_tiles_do_not_fit():
    """head_dim 256 (Q 64 KiB, the ring 160 KiB): one Q tile, the output staged in it, so that
    before each item's Q copy the store of the last item's output must have read it."""
    report, cuda = compiled(4, 32, 32, 512, 512, 256, persistent=True)
    assert "main: Q_s -> O: 65536 bytes as 4 x cp.async.bulk.tensor.4d (128B swizzle)" in report
    assert not any("O_s" in entry for entry in report)
    consumer = cuda[cuda.index("for (int it_1"):]
    assert consumer.index("wait_group_read_0()") < consumer.index("Q_tmap")


ONE_LENGTH = tvm.tirx.Var("seq", "int32")
"""One symbolic length for queries and keys (a model built for any length: self-attention)."""


def test_causal_rounds_under_one_symbolic_length():
    """A causal mask under one symbolic length, 32 heads of batch 1: 4 CTAs per head (128, one
    per SM), way ``w = blockIdx.x / 32`` computing its head's query tiles of ranks ``4 it + w``
    and ``4 it + 3 - w`` in turn (``it & 1``), as many rounds as ranks below the tiles; both
    roles count the ring's stages from the iterations of the CTA's earlier rounds (``it * (nq +
    1)`` less the ranks walked), which the barrier protocol's verifier checks over lengths (the
    tests set ``TVM_TMA_VERIFY``); nvcc takes it without spills."""
    _, cuda = compiled(1, 32, 32, ONE_LENGTH, ONE_LENGTH, 128, causal=True)
    assert cuda.count("for (int it = 0; it < ") == 1 and cuda.count("for (int it_1 = 0; it_1 < ") == 1
    producer = cuda[cuda.index("if (((int)threadIdx.x) == 0) {"):cuda.index("for (int it_1 = 0; it_1 < ")]
    assert "int way = (((int)blockIdx.x) >> 5);" in producer  # (the way, bound in both roles)
    assert "(it & 1) * (3 - ((((int)blockIdx.x) >> 5) * 2))" in producer  # the rank's turn
    assert "tma_full_ptr[" in producer and "(it * ((seq + 127) >> 7))" in producer  # the earlier rounds' walks
    if shutil.which("nvcc") is not None:
        assert "0 bytes spill stores" in ptxas(cuda)


def test_rounds_leave_ctas_without_a_tile_and_load_no_q_ahead_there():
    """Head_dim 64 (its tile holds the next round's Q ahead) over 8 heads: 16 CTAs per head, of
    which those past the query tiles (a length of one tile: 15 of 16) walk no round; the first
    round's Q copy before the loop is then issued with no bytes (its barrier's phase completes
    without a load in flight at the CTA's exit, which the verifier checks at a length of 1)."""
    report, cuda = compiled(1, 8, 8, ONE_LENGTH, ONE_LENGTH, 64, causal=True)
    assert "main: Q -> Q_s: 16384 bytes as 1 x cp.async.bulk.tensor.4d (128B swizzle)" in report
    consumer = cuda[cuda.index("setmaxnreg_inc"):]
    first = consumer[:consumer.index("for (int it_1 = 0; it_1 < ")]  # (the first round's Q, before the loop)
    rounds = "(((seq + 127) >> 11) + "  # (16 ways: a round per 16 query tiles, and the last's part)
    assert f"tma_bar_copy0_ptr[0]))), ((0 < {rounds}" in first and f"if (0 < {rounds}" in first


@pytest.mark.parametrize("kwargs, persistent", [
    # causal under one symbolic length, 128 heads of a static batch: rounds on 128 CTAs
    ({"causal": True, "seq_q": ONE_LENGTH, "seq_kv": ONE_LENGTH}, True),
    ({"causal": True, "seq_q": ONE_LENGTH, "seq_kv": ONE_LENGTH, "batch": "b"}, False),  # a symbolic batch
    ({"causal": True, "seq_q": ONE_LENGTH, "seq_kv": ONE_LENGTH, "batch": 1, "heads": 48, "heads_kv": 48},
     False),  # 2 CTAs per head fill 96 SMs
    ({"causal": True, "seq_q": ONE_LENGTH, "seq_kv": ONE_LENGTH, "head_dim": 256}, False),  # 128 x 80 tiles
    ({}, True),  # GQA 32/8, 1024 keys: measured 1.01-1.05x one CTA per item
    ({"heads_kv": 32, "head_dim": 64, "seq_q": 512, "seq_kv": 512}, True),
    ({"heads_kv": 32, "head_dim": 256, "seq_q": 512, "seq_kv": 512}, True),
    ({"heads_kv": 32, "head_dim": 256}, False),  # d256 at 1024 keys: 0.98x
    # 128 x 80 pairs (7 + 2, 5 + 4 key tiles): 0.98x one CTA per item at batch 4
    ({"heads_kv": 32, "head_dim": 256, "seq_q": 512, "seq_kv": 512, "causal": True}, False),
    ({"heads_kv": 32, "head_dim": 256, "causal": True}, False),  # 128 x 80 pairs at 1024: 2 + 13, 4 + 12
    ({"seq_q": 8192, "seq_kv": 8192}, True),  # with the next item's Q loaded ahead: 1.00-1.08x at 2k-8k
    ({"seq_q": 8192, "seq_kv": 8320}, False),  # longer than measured
    ({"causal": True}, True),  # query tiles in pairs: 1.03-1.34x
    ({"causal": True, "seq_q": 1152, "seq_kv": 1152}, False),  # 9 query tiles: no pairs
    ({"causal": True, "batch": 1, "heads": 32, "heads_kv": 32, "seq_q": 512, "seq_kv": 512}, False),  # one wave
    ({"seq_q": "sq", "seq_kv": "skv"}, False),
    ({"tile": AttentionTile(128, 128, 2, overlap=False)}, False),  # not the tile measured
    ({"seq_q": 100, "seq_kv": 100}, False),  # less than a query tile
    ({"mask": AttentionMask("float16", batch=False, heads=False)}, False),  # not measured with a mask
])
def test_default_is_persistent_where_it_measured_faster(kwargs, persistent):
    """``persistent=None`` (the default) builds the persistent grid for static short prefills
    without a causal mask on the default tile (``PERSISTENT_MAX_KV``), else one CTA per item."""
    args = dict(batch=4, heads=32, heads_kv=8, seq_q=1024, seq_kv=1024, head_dim=128)
    args.update(kwargs)
    default = attention(**args)
    assert tvm_ffi.structural_equal(default, attention(**args, persistent=persistent))
    if persistent:
        assert not tvm_ffi.structural_equal(default, attention(**args, persistent=False))


@pytest.mark.parametrize("kwargs, match", [
    ({"causal": True, "seq_q": 384, "seq_kv": 384}, r"persistent: expected static lengths, and with a causal mask "
     r"seq_q == seq_kv, a multiple of two query tiles, and every pair of query tiles of a head .* walking as many "
     r"key tiles .* seq_q 384, seq_kv 384, causal True"),
    ({"causal": True, "seq_q": 1024, "seq_kv": 1024, "head_dim": 256}, r"persistent: expected static lengths, .* "
     r"walking as many key tiles .* tile 128 x 80"),  # (walks of 2 + 13 and 4 + 12 key tiles)
    ({"causal": True, "seq_kv": 512}, r"persistent: expected static lengths, and with a causal mask seq_q == seq_kv"),
    ({"seq_q": "sq"}, r"persistent: expected static lengths"),
    ({"causal": True, "seq_q": ONE_LENGTH, "seq_kv": ONE_LENGTH, "heads": 48, "heads_kv": 48},
     r"persistent: .* a static batch whose heads fill 90% of the 132 SMs in as many CTAs each"),  # 96 CTAs
    ({"seq_q": 100, "seq_kv": 100}, r"persistent: seq_q 100: expected at least one whole query tile \(128 rows"),
    ({"heads": 137, "heads_kv": 137, "seq_q": 128, "seq_kv": 128}, r"persistent: 137 work items \(query tiles x "
     r"heads\): expected a count of CTAs of at most 132 that divides them in about 2 rounds, found none"),
])
def test_persistent_refused(kwargs, match):
    args = dict(batch=1, heads=8, heads_kv=8, seq_q=256, seq_kv=256, head_dim=128, persistent=True)
    args.update(kwargs)
    with pytest.raises(TMAError, match=f"pipeline_model: attention: {match}"):
        attention(**args)


@pytest.mark.parametrize("kwargs, rule, match", [
    ({"head_dim": 96}, "attention_shape", r"head_dim = 96: expected one of \[64, 128, 256\]"),
    ({"heads": 6, "heads_kv": 4}, "attention_shape", r"heads = 6, heads_kv = 4: expected heads a multiple of heads_kv"),
    ({"seq_q": 0}, "attention_shape", r"seq_q = 0: expected a positive length"),
    ({"dtype": "float32"}, "wgmma_dtype", r"attention: dtype float32: expected one of \['bfloat16', 'float16'\]"),
    ({"mask": AttentionMask("int8")}, "attention_shape", r"mask dtype int8: expected float16, bfloat16 or float32"),
    ({"tile": AttentionTile(128, 128, 4)}, "shared_memory_capacity",
     r"attention tile 128x128, 4 stages, head_dim 128: expected at most 232448 bytes of shared memory, got 294912"),
    ({"tile": AttentionTile(128, 128, 1)}, "pipeline_model",
     r"attention tile stages = 1: expected at least 2 \(a tile loading while one is read\)"),
    ({"tile": AttentionTile(96, 128, 3)}, "wgmma_shape", r"attention tile rows = 96: expected 64, 128 or 192"),
    ({"tile": AttentionTile(128, 120, 3)}, "wgmma_shape", r"attention tile cols = 120: expected a multiple of 16"),
])
def test_refused(kwargs, rule, match):
    args = dict(batch=1, heads=8, heads_kv=8, seq_q=256, seq_kv=256, head_dim=128)
    args.update(kwargs)
    with pytest.raises(TMAError, match=f"{rule}: {match}") as err:
        attention(**args)
    assert err.value.rule == rule


@pytest.mark.parametrize("kwargs, match", [
    ({"layout": "sbhd"}, r"attention: layout: expected one of \('bshd', 'bhsd'\), got 'sbhd'"),
    ({"causal": "diagonal"}, r"attention: causal: expected one of"),
])
def test_bad_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        attention(1, 8, 8, 256, 256, 128, **kwargs)


def test_optional_parameters():
    """The mask between V and O where given, LSE last unless ``lse=False``."""
    def params(**kwargs):
        return [p.name for p in attention(1, 8, 8, 256, 256, 64, **kwargs)["main"].params]

    assert params() == ["Q", "K", "V", "O", "LSE"]
    assert params(lse=False) == ["Q", "K", "V", "O"]
    assert params(mask=AttentionMask()) == ["Q", "K", "V", "M", "O", "LSE"]


@pytest.mark.parametrize("seq_q, seq_kv, head_dim, kwargs", [
    (128, 64, 256, {}),
    (200, 80, 256, {}),
    (256, 128, 128, {"tile": AttentionTile(128, 128, 2), "persistent": True}),
])
def test_one_key_tile_in_two_versions_is_tensor_copies(seq_q, seq_kv, head_dim, kwargs):
    """Static lengths of one key tile in a ring of two versions: the walk's two iterations
    (K_0, then V_0) both peeled, the copies' zero-fill conditions on the producer's loop over
    them simplified to ``j == 1``; each iteration's box lies outside K or V or inside them
    where the condition holds, so both are tensor copies (they had failed to compile)."""
    report, _ = compiled(1, 8, 8, seq_q, seq_kv, head_dim, **kwargs)
    assert sorted(e.split("]: ")[1].split(":")[0] for e in report if "stage" in e) == ["K -> K_s", "V -> V_s"]
    assert all("cp.async.bulk.tensor" in e for e in report)
