"""Fused attention on Hopper (FlashAttention-3's structure) as TensorIR.

``O = softmax(Q K^T * scale + mask) V`` for one CTA per ``BM`` query rows of one head: the
query tile is loaded once by a tensor copy, the key and value tiles stream through a ring of
``stages`` shared buffers filled by a producer warpgroup (:func:`tvm_tma.schedule.tma_pipeline`'s
warp specialization: a "full" and an "empty" mbarrier ring, ``setmaxnreg``), and each of the
``BM / 64`` consumer warpgroups computes 64 rows:

- ``S = Q K_j^T`` by ``wgmma`` from shared memory (``m64nBNk16``, both operands K-major);
- the online softmax on ``S``'s accumulator fragment: each thread holds two rows' worth of
  columns, the row maximum is reduced over the thread's registers and the four threads of
  the row (``shfl.xor`` 1 and 2), ``P = exp2(S * c - m * c)`` with ``c = scale * log2(e)``
  folded into one multiply-add, the row sums kept per thread and reduced once at the end;
- ``O += P V_j`` by ``wgmma`` with ``P`` from registers (the RS form: the accumulator
  fragment of ``S`` for 16 columns is the A fragment of ``m64nDk16`` once packed to 16 bits),
  ``V`` MN-major from shared memory;
- overlapped as FlashAttention-3 does within a warpgroup: iteration ``j`` issues ``S_j``
  and ``O += P_{j-1} V_{j-1}``, waits for ``S_j`` only, computes its softmax while the second
  product runs, then waits for it and rescales ``O``. With three or more versions in the
  ring, ``P V`` runs a stage after ``S`` on the version before, held one step longer (the
  last ``P V`` after the loop). With two (head_dim 256 has room for no more), version ``j``
  holds ``K_j`` and ``V_{j-1}`` instead, so that both products that read a version retire in
  its iteration: the walk is one iteration longer, its first and last peeled
  (:data:`tvm_tma.transforms.pipelines.warp_specialize.PEEL`), the first multiplying by no
  V, the last computing no scores;
- the output normalized by the row sums into a swizzled shared tile stored by a tensor store
  (clipped to the sequence), and the log-sum-exp ``LSE[b, h, i]`` (natural log) in fp32.

Sizes that are no tile multiple are read as zero-filled tiles (the tensor maps' out-of-bounds
fill), the columns past ``seq_kv`` masked to ``-inf`` on the last tile only. ``causal``:
query ``i`` attends keys ``j <= i`` (torch SDPA's ``is_causal``, the top-left diagonal, also
when ``seq_q != seq_kv``); a CTA walks only the tiles that reach its diagonal and masks only
those that cross it; the CTAs with the longest walk start first. ``mask``: an additive
``[b or 1, h or 1, seq_q, seq_kv]`` float tensor, read from global memory where each thread's
fragment lies. ``seq_q`` / ``seq_kv`` / ``batch`` may be symbolic (a name or ``tirx.Var``):
one kernel for any length.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import tvm
from tvm import tirx
from tvm.script import tirx as T

from .. import rules, script
from ..errors import TMAError
from ..pipeline import COMPACT_BUFFERS
from ..script import macro
from ..tensor_intrin import fragment_element, stmatrix_fragment, unrolled
from ..transforms.copies.bulk_store import ANNOTATION as BULK_STORE
from ..transforms.copies.swizzle import ANNOTATION as SWIZZLE
from ..transforms.pipelines.lower_async_pipeline import WGMMA_IN_FLIGHT
from ..transforms.pipelines.lower_bulk_copy_blocks import AHEAD
from ..transforms.pipelines.lower_bulk_copy_blocks import ANNOTATION as BULK_COPY
from ..transforms.pipelines.role_barriers import CONSUMER_BARRIER as ROLE_BARRIER
from ..transforms.pipelines.warp_specialize import MANUAL, PEEL, PRODUCER, RING_BASE
from ..transforms.tensor_cores.wgmma import Major, descriptor_request
from .gemm import SMS

_PTX_TYPES = {"float16": "f16", "bfloat16": "bf16"}
LAYOUTS = ("bshd", "bhsd")
"""``"bshd"``: ``Q[batch, seq, heads, head_dim]`` (Relax's, torch's ``(B, S, H, D)``);
``"bhsd"``: ``Q[batch, heads, seq, head_dim]`` (torch SDPA's)."""


@dataclass(frozen=True)
class AttentionTile:
    """Rows of Q per CTA (``64`` per consumer warpgroup), keys per step, the K and V tiles
    in flight (``stages`` buffers of each, at least 2), whether ``P_{j-1} V_{j-1}`` runs
    during the softmax of tile ``j`` (``overlap``; in two stages, version ``j`` of the ring
    holds ``K_j`` and ``V_{j-1}``, in more ``V_{j-1}`` is held a step longer), and whether
    the consumer warpgroups take turns issuing their products (``pingpong``: one warpgroup's
    softmax runs while the other's products do)."""

    rows: int
    cols: int
    stages: int
    overlap: bool = True
    pingpong: bool = True


TILES = {64: AttentionTile(128, 128, 3), 128: AttentionTile(128, 128, 3), 256: AttentionTile(128, 80, 2)}
"""The tile by head_dim: shared memory holds Q and ``stages`` K and V tiles (the output tile
reuses it), at most 227 KiB on the H100. Head_dim 256: 80 keys a step in two versions
(224 KiB), as FlashAttention-3 takes: 1.09-1.10x the 64-key tile without overlap at 1024
tokens on the H100."""


CAUSAL = {False: None, True: "top_left", "top_left": "top_left", "bottom_right": "bottom_right"}
"""``causal`` values: ``"top_left"`` (``True``): query ``i`` attends keys ``j <= i``, torch
SDPA's ``is_causal``; ``"bottom_right"``: ``j <= i + seq_kv - seq_q`` (Relax's
``causal_mask="BottomRight"``, FlashAttention's); the two agree when ``seq_q == seq_kv``."""


@dataclass(frozen=True)
class AttentionMask:
    """An additive mask ``M[batch or 1, heads or 1, seq_q, seq_kv]`` of ``dtype``: ``batch``
    / ``heads`` say whether it differs along that dimension (else it has extent 1 there and
    is broadcast). It is added to the scaled scores."""

    dtype: str = "float16"
    batch: bool = False
    heads: bool = False


def _length(value, name: str):
    """A static length, or a symbolic one (``tirx.Var``; a string names a new one)."""
    if isinstance(value, str):
        return tirx.Var(value, "int32")
    if isinstance(value, tirx.Var):
        return value
    if not isinstance(value, int) or value < 1:
        raise TMAError("attention_shape", f"{name} = {value!r}: expected a positive length or a symbolic one "
                       "(a name or tirx.Var)")
    return value


def attention(batch, heads: int, heads_kv: int, seq_q, seq_kv, head_dim: int, dtype: str = "float16", *,
              causal: bool | str = False, scale: float | None = None, layout: str = "bshd",
              kv_layout: str | None = None, mask: AttentionMask | None = None, lse: bool = True,
              packed: bool = False, tile: AttentionTile | None = None,
              persistent: bool | None = None) -> tvm.IRModule:
    """The attention PrimFunc ``main(Q, K, V, [M,] O, [LSE])`` (see the module docstring),
    built with ``tir_pipeline="tma"`` for ``sm_90a``; with ``packed``, ``main(Q, [M,] O,
    [LSE])``: self-attention on one ``Q[batch, seq, heads + 2 heads_kv, head_dim]`` holding
    the query heads, then the key heads, then the value heads (a fused QKV projection's
    output, read in place).

    Q and O are ``[batch, seq_q, heads, head_dim]`` (``layout="bshd"``) or ``[batch, heads,
    seq_q, head_dim]`` (``"bhsd"``), K and V ``[batch, seq_kv, heads_kv, head_dim]`` likewise
    (``kv_layout``, default ``layout``; GQA / MQA: query head ``h`` reads key head ``h //
    (heads / heads_kv)``), ``LSE[batch, heads, seq_q]`` fp32 (natural log; ``lse=False``
    leaves it out). ``scale`` defaults to ``1 / sqrt(head_dim)``; ``causal`` as
    :data:`CAUSAL`; ``mask`` an :class:`AttentionMask`. A row that sees no key (bottom-right
    causal with ``seq_q > seq_kv``, or a mask of ``-inf``) gets ``O = 0`` and ``LSE = -inf``.
    ``persistent``: at most one CTA per SM walking the (query tile, head) items (static
    lengths, a whole query tile; with a causal mask ``seq_q == seq_kv``, a multiple of two query
    tiles, a head's query tiles ``nq - 1 - a`` and ``a`` in pairs whose walks add up to as many
    key tiles in every pair; or, with a causal mask, one symbolic length for queries and keys
    (the same variable), a static batch, no mask and tiles of as many rows as columns: a head's
    query tiles in rounds on :func:`zigzag_ways` CTAs per head, the ring's count of earlier
    iterations declared to ``WarpSpecialize``); ``None`` (the default) takes it where it measured
    faster: the default tile, no mask, at most :data:`PERSISTENT_MAX_KV` keys, with a causal mask
    more items than SMs (in one wave a pair's walk is longer than the longest item's) and tile
    rows a multiple of its columns (every pair walking ``rows / cols (nq + 1)`` key tiles); and
    the symbolic length's rounds wherever they may be (the Llama layer built for any length, 32
    heads: its attention 0.76x the time of one CTA per item at 1024 tokens, 0.95x at 4096, the
    GPT-2 block's 16 heads 0.72x at 2048; 1.10x at 512, 1.08x at 777 tokens,
    ``benchmarks/results/models_llama_dyn1024_zigzag_h100.md``). Without ``tile``, a persistent
    grid over static lengths takes :data:`PERSISTENT_TILES`' tile; where shared memory holds
    two Q tiles and an output tile beside the ring, the next item's Q tile loads during this
    item.

    Raises :class:`tvm_tma.TMAError` for a head_dim other than 64, 128 or 256 (rule
    ``attention_shape``), heads not a multiple of heads_kv, a length that is not positive, a
    dtype that is not fp16 or bf16 (``wgmma_dtype``), a tile past the shared memory
    (``shared_memory_capacity``), ``persistent=True`` where it cannot be (``pipeline_model``).
    """
    if dtype not in _PTX_TYPES:
        raise TMAError("wgmma_dtype", f"attention: dtype {dtype}: expected one of {sorted(_PTX_TYPES)} "
                       "(16-bit Q, K, V; fp32 accumulation)")
    if head_dim not in TILES:
        raise TMAError("attention_shape", f"head_dim = {head_dim}: expected one of {sorted(TILES)} "
                       "(pad the heads to the next of them)")
    if heads < 1 or heads_kv < 1 or heads % heads_kv:
        raise TMAError("attention_shape", f"heads = {heads}, heads_kv = {heads_kv}: expected heads a multiple of "
                       "heads_kv (grouped-query attention)")
    kv_layout = kv_layout or layout
    if packed and (layout != "bshd" or kv_layout != "bshd" or seq_q != seq_kv):
        raise ValueError(f"attention: packed: expected self-attention in bshd, got layouts {layout}/{kv_layout}, "
                         f"lengths {seq_q}/{seq_kv}")
    for name, value in (("layout", layout), ("kv_layout", kv_layout)):
        if value not in LAYOUTS:
            raise ValueError(f"attention: {name}: expected one of {LAYOUTS}, got {value!r}")
    if causal not in CAUSAL:
        raise ValueError(f"attention: causal: expected one of {sorted(map(str, CAUSAL))}, got {causal!r}")
    if mask is not None and mask.dtype not in ("float16", "bfloat16", "float32"):
        raise TMAError("attention_shape", f"mask dtype {mask.dtype}: expected float16, bfloat16 or float32")
    default_tile = tile is None
    tile = tile or TILES[head_dim]
    _check_tile(tile, head_dim, dtype)
    sq = _length(seq_q, "seq_q")
    shape = _Shape(_length(batch, "batch"), heads, heads_kv, sq, sq if packed else _length(seq_kv, "seq_kv"),
                   head_dim)
    scale = 1.0 / math.sqrt(head_dim) if scale is None else float(scale)
    lengths = all(isinstance(x, int) for x in (batch, seq_q, seq_kv))
    # causal: the query tiles of a head in pairs whose walks add up to as many key tiles
    paired = bool(causal) and lengths and seq_q == shape.skv and seq_q % (2 * tile.rows) == 0 \
        and _pairs_walk_alike(seq_q, tile)
    static = lengths and (not causal or paired)
    # causal under one symbolic length for queries and keys: a head's query tiles in rounds
    # (:func:`zigzag_ways`)
    zigzag = bool(causal) and isinstance(sq, tirx.Var) and shape.skv.same_as(sq) and mask is None \
        and isinstance(batch, int) and zigzag_ways(batch * heads) > 0
    if persistent is None and zigzag:
        persistent = default_tile and tile.rows == tile.cols
    if persistent is None:  # (the default tile only: the one measured)
        items = -(-sq // tile.rows) * heads * batch if static else 0
        # (causal: pairs of items, where one CTA per item would take more than a wave: in one,
        # a pair's walk is longer than the longest item's; and of tiles whose rows are a multiple
        # of the columns: head_dim 256's 128 x 80 pairs at 512 tokens measured 0.98x one CTA per
        # item at batch 4, 1.12x at batch 2)
        persistent = (static and mask is None and default_tile and tile.rows <= seq_q
                      and (not causal or items > SMS and tile.rows % tile.cols == 0)
                      and seq_kv <= PERSISTENT_MAX_KV[head_dim]
                      and persistent_ctas(items // 2 if causal else items) is not None)
    if persistent and static and seq_q < tile.rows:
        raise TMAError("pipeline_model", f"attention: persistent: seq_q {seq_q}: expected at least one whole query "
                       f"tile ({tile.rows} rows), or persistent=False")
    if persistent and default_tile and head_dim in PERSISTENT_TILES and static \
            and seq_kv > PERSISTENT_TILES[head_dim].cols:
        tile = PERSISTENT_TILES[head_dim]
    if persistent and not (static or zigzag and tile.rows == tile.cols):
        raise TMAError("pipeline_model", f"attention: persistent: expected static lengths, and with a causal mask "
                       f"seq_q == seq_kv, a multiple of two query tiles, and every pair of query tiles of a head (the "
                       f"first and last, ...) walking as many key tiles (the ring's stages are counted across "
                       f"items); or a causal mask under one symbolic length for queries and keys, a static batch "
                       f"whose heads fill 90% of the {SMS} SMs in as many CTAs each (zigzag_ways), no mask and "
                       f"tiles of as many rows as columns; got batch {batch}, seq_q "
                       f"{seq_q}, seq_kv {seq_kv}, causal {causal}, mask {mask is not None}, tile {tile.rows} x "
                       f"{tile.cols}")
    func = _kernel(shape, dtype, CAUSAL[causal], scale, layout, kv_layout, mask, lse, packed, tile, persistent)
    dropped = ({"M"} if mask is None else set()) | (set() if lse else {"LSE"}) | ({"K", "V"} if packed else set())
    return tvm.IRModule({"main": _without_params(func, dropped)})


@dataclass(frozen=True)
class _Shape:
    b: object
    h: int
    hkv: int
    sq: object
    skv: object
    d: int


def _pairs_walk_alike(seq: int, tile: AttentionTile) -> bool:
    """Whether the causal query tiles ``nq - 1 - a`` and ``a`` of ``seq`` rows (as many keys)
    walk as many key tiles in every pair: always where the rows are a multiple of the columns
    (``rows / cols (nq + 1)``), for some lengths only otherwise (128 x 80 at 512 rows: 7 + 2 and
    5 + 4)."""
    nq = seq // tile.rows

    def walk(qt: int) -> int:
        return -(-min((qt + 1) * tile.rows, seq) // tile.cols)

    return len({walk(nq - 1 - a) + walk(a) for a in range(nq // 2)}) == 1


def _without_params(func: tirx.PrimFunc, names: set[str]) -> tirx.PrimFunc:
    """``func`` without the buffer parameters named ``names`` (which its body does not use)."""
    return tirx.PrimFunc([p for p in func.params if p.name not in names], func.body, func.ret_type, func.attrs)


def _check_tile(tile: AttentionTile, head_dim: int, dtype: str) -> None:
    if tile.rows % 64 or not 64 <= tile.rows <= 192:
        raise TMAError("wgmma_shape", f"attention tile rows = {tile.rows}: expected 64, 128 or 192 (64 rows per "
                       "consumer warpgroup)")
    if tile.cols % 16 or not 16 <= tile.cols <= 256:
        raise TMAError("wgmma_shape", f"attention tile cols = {tile.cols}: expected a multiple of 16 up to 256 "
                       "(the N of Q K^T, the K of P V)")
    if tile.stages < 2:
        raise TMAError("pipeline_model", f"attention tile stages = {tile.stages}: expected at least 2 (a tile "
                       "loading while one is read)")
    need = _shared_bytes(tile, head_dim, tvm.DataType(dtype).bits // 8)
    if need > rules.limit("shared_memory_capacity"):
        raise TMAError("shared_memory_capacity", f"attention tile {tile.rows}x{tile.cols}, {tile.stages} stages, "
                       f"head_dim {head_dim}: expected at most {rules.limit('shared_memory_capacity')} bytes of "
                       f"shared memory, got {need} (Q tile and {tile.stages} K and V tiles; fewer stages or "
                       "columns)")


def _shared_bytes(tile: AttentionTile, head_dim: int, e: int, q_tiles: int = 1) -> int:
    """Bytes of ``q_tiles`` tiles of Q's size and the ring's K and V tiles of ``e``-byte
    elements."""
    return (q_tiles * tile.rows + 2 * tile.stages * tile.cols) * head_dim * e


PERSISTENT_TILES = {128: AttentionTile(128, 128, 2)}
"""The tile of a persistent grid where it is not :data:`TILES`' (by head_dim, over more than
one key tile): in two versions of the ring, shared memory holds two Q tiles and an output
tile beside it, so that the next item's Q tile loads during this item (``bulk_copy``'s
``ahead``): on the H100 at 1024 tokens 1.07x the three-version tile with O staged in Q's
tile, GQA 32/8 1.07x."""


PERSISTENT_MAX_KV = {64: 4096, 128: 8192, 256: 512}
"""The longest ``seq_kv`` by head_dim for which ``attention(persistent=None)`` takes the
persistent grid: measured at least as fast as one CTA per item on the H100 up to there
(``benchmarks/results/attention_persistent_long_h100.md``: with the next item's Q loaded
ahead, 1.00-1.08x at 2048-8192 tokens for head_dim 64 and 128, GQA 32/8 included;
``attention_q_ahead_h100.md``: 1.08-1.12x at 512-1024; with a causal mask, in pairs of query
tiles, 1.03-1.34x at 512-8192, ``attention_causal_persistent_h100.md``), head_dim 256 (O
staged in Q's tile; no pairs by default: its 128 x 80 tile pairs at 512 tokens only, 0.98x) 1.08x at 512 keys but
0.98x at 1024 (``attention_persistent_h100.md``)."""


def zigzag_ways(heads: int) -> int:
    """CTAs per head of a persistent grid for causal attention under a symbolic length: the
    most that put one CTA per SM (``ways * heads <= SMS``), where they fill 90% of the SMs; else
    0. CTA ``w`` of a head (``w < ways``) computes the head's query tiles ``nq - 1 - r`` of ranks
    ``r = ways i + w`` in even rounds ``i`` and ``ways i + ways - 1 - w`` in odd ones: rounds ``i``
    and ``i + 1`` (``i`` even) walk alike on every CTA of the head (``2 nq + 1 - 2 ways (i + 1)``
    key tiles where rows and columns are equal), as a static length's pairs do; a length of at
    most ``ways`` query tiles takes one tile per CTA, the longest first."""
    ways = SMS // heads if heads <= SMS else 0
    return ways if ways * heads >= 0.9 * SMS else 0


def persistent_ctas(items: int) -> int | None:
    """CTAs of a persistent grid over ``items`` work items: the most, at most one per SM, that
    divides them (every CTA as many items: the Q copy's barrier must advance on every CTA in
    every round), when that takes at most 3% more rounds than one CTA per SM would (8192 items:
    64 rounds of 128 CTAs against 63 of 132); else None."""
    ctas = max(c for c in range(1, min(SMS, items) + 1) if items % c == 0)
    return ctas if items // ctas <= -(-items // SMS) * 1.03 else None


def _kernel(shape: _Shape, dtype: str, causal: str | None, scale: float, layout: str, kv_layout: str,
            mask: AttentionMask | None, lse: bool, packed: bool, tile: AttentionTile,
            persistent: bool = False) -> tirx.PrimFunc:
    b, h, hkv, sq, skv, d = shape.b, shape.h, shape.hkv, shape.sq, shape.skv, shape.d
    bm, bn = tile.rows, tile.cols
    # Overlap in two versions: version j holds K_j and V_{j-1} (lag, the V tile iteration j
    # loads and multiplies: j - lag); in more, P V runs a stage later on version j - 1 (held).
    lag = int(tile.overlap and tile.stages == 2)
    held = tile.overlap and not lag
    c0 = tile.stages - 1 - int(held)  # the consumers' stage (copies at 0; stages = versions)
    wg = bm // 64
    threads = wg * 128
    pingpong = tile.pingpong and wg > 1
    turn = ROLE_BARRIER + 1  # named barrier turn + w: warpgroup w's turn to issue (w and the one before)
    group = h // hkv
    s_regs, o_regs, p_regs = bn // 2, d // 2, bn // 4
    t = _PTX_TYPES[dtype]
    qk = f"wgmma.mma_async.sync.aligned.m64n{bn}k16.f32.{t}.{t}"
    pv = f"wgmma.mma_async.sync.aligned.m64n{d}k16.f32.{t}.{t}"
    cvt = f"cvt.rn.{t}x2.f32"
    ex2 = "ex2.approx.ftz.f32"
    lanes = 8  # 16-byte vectors of the copies' loops
    step = threads * lanes  # elements the threads copy per step of a copy loop
    q_iters, kv_iters = -(-bm * d // step), -(-bn * d // step)
    symbolic = isinstance(sq, tirx.Var) or isinstance(skv, tirx.Var)
    nq = tirx.floordiv(sq + bm - 1, bm) if isinstance(sq, tirx.Var) else -(-sq // bm)
    # persistent: work items (query tile, head), item w on CTA w % ctas; causal: pairs of query
    # tiles (nq - 1 - a, a) of a head, whose walks add up to the same count (rows / cols (nq + 1)
    # key tiles), pair w on CTA w % ctas (its longer walk first)
    zigzag = bool(persistent) and causal is not None and symbolic  # (:func:`zigzag_ways`)
    pairs = bool(persistent) and causal is not None and not zigzag
    ways = zigzag_ways(b * h) if zigzag else 0
    units = nq * b * h // (2 if pairs else 1) if persistent and not zigzag else 0
    ctas = ways * b * h if zigzag else persistent_ctas(units) if persistent else 0
    if ctas is None:
        raise TMAError("pipeline_model", f"attention: persistent: {units} work items (query tiles{' in pairs' * pairs} "
                       f"x heads): expected a count of CTAs of at most {SMS} that divides them in about "
                       f"{-(-units // SMS)} rounds, found none (persistent=False launches a CTA per item)")
    # persistent: the next item's Q tile loads during this item (two versions of Q and an
    # output tile of its own) where shared memory holds them, else O is staged in Q's tile
    ahead = ctas > 0 and _shared_bytes(tile, d, tvm.DataType(dtype).bits // 8, q_tiles=3) <= \
        rules.limit("shared_memory_capacity")
    full = T.uint32(0xFFFFFFFF)
    neg_inf = T.float32(-math.inf)
    log2e = math.log2(math.e)
    # Scores are scaled by c into the exp2 domain: folded into the exponent's multiply-add
    # (exp2(s c - m c), the row maximum m of the raw scores), or, with a mask, applied first
    # (s c + M log2(e), the maximum of those).
    c = T.float32(scale * log2e)
    cm = T.float32(1.0 if mask else scale * log2e)  # what the exponent multiplies the scores by
    ln2 = T.float32(math.log(2))
    diagonal = 0 if causal != "bottom_right" or zigzag else skv - sq  # query i sees keys j <= i + diagonal
    masked_tail = not (isinstance(skv, int) and skv % bn == 0)

    def at(lay, bb, s, hh, dd):
        return (bb, s, hh, dd) if lay == "bshd" else (bb, hh, s, dd)

    q_shape, kv_shape, o_shape = at(layout, b, sq, h + 2 * hkv if packed else h, d), at(kv_layout, b, skv, hkv, d), \
        at(layout, b, sq, h, d)
    k_head, v_head = (h, h + hkv) if packed else (0, 0)  # where K's and V's heads start in their tensor
    m_shape = (1, 1, 1, 1) if mask is None else (b if mask.batch else 1, h if mask.heads else 1, sq, skv)
    m_dtype = "float16" if mask is None else mask.dtype

    def flat(f, ty, tx, v):  # the copies' element v of thread (ty, tx) in step f, row-major in the tile
        return f * step + ty * 128 * lanes + tx * lanes + v

    def tile_row(f, ty, tx, v):  # ... as (row, column)
        return flat(f, ty, tx, v) // d, flat(f, ty, tx, v) % d

    def smaller(x, y):
        return tirx.min(x, y) if symbolic else T.min(x, y)

    def kv_tiles(qt):
        """The key tiles the query tile ``qt`` attends to (none where no row sees a key)."""
        if causal is None:
            return tirx.floordiv(skv + bn - 1, bn)
        if zigzag:  # (as many keys as queries, tiles of as many rows as columns; qt >= 0 stated for
            # the key loop's peeled iterations, where there are some, which WarpSpecialize then decides)
            return tirx.max(qt, 0) + 1 if lag else qt + 1
        reach = smaller((qt + 1) * bm + diagonal, skv)
        return tirx.max(tirx.floordiv(reach + bn - 1, bn), 0)

    def needs_mask(qt, j):
        """Whether key tile ``j`` of query tile ``qt`` has a masked column."""
        conds = []
        if masked_tail:
            conds.append((j + 1) * bn > skv)
        if causal is not None:
            conds.append(j * bn + bn - 1 > qt * bm + diagonal)
        if not conds:
            return False
        return tirx.Or(*conds) if len(conds) == 2 else conds[0]

    def walk(qt):
        """The iterations of query tile ``qt``: with overlap one more, the last multiplying by
        the last V tile only."""
        return kv_tiles(qt) + lag

    def scores(qt, j):
        """Whether iteration ``j`` computes a score tile (all but the overlap's last)."""
        return True if not lag else j < kv_tiles(qt)

    def multiplies(j):
        """Whether iteration ``j`` multiplies by a V tile (all but the overlap's first)."""
        return True if not lag else j > 0

    def visible(row, col):
        """Whether query ``row`` sees key ``col``."""
        inside = col < skv
        return inside if causal is None else tirx.And(inside, col <= row + diagonal)

    def key_loop(base):
        """The key loop's annotations: its software pipeline, its producer warp; ``base``
        (:data:`RING_BASE`) where not ``None``."""
        return {"software_pipeline_stage": [0, 0, c0, c0 + int(held), c0, c0],
                "software_pipeline_order": [0, 1, 2, 3, 4, 5] if tile.overlap else [0, 1, 2, 5, 3, 4],
                "software_pipeline_async_stages": [0],
                PRODUCER: "warp", WGMMA_IN_FLIGHT: MANUAL, PEEL: [lag, lag],
                **({} if base is None else {RING_BASE: base})}

    def rank(i, way):
        """Zigzag: the rank (``nq - 1 - qt``) of round ``i``'s query tile on way ``way`` of a
        head: ``ways i + way`` in even rounds, ``ways i + ways - 1 - way`` in odd ones. (The
        parity as ``i & 1``: as ``i % 2`` the index arithmetic of every access that names the
        tile cost TVM's passes 0.16 s of compile time more.)"""
        return ways * i + way + tirx.bitwise_and(i, 1) * (ways - 1 - 2 * way)

    def rounds(n, way):
        """Zigzag: the rounds of way ``way`` over a head's ``n`` query tiles (ranks below ``n``)."""
        full = tirx.floordiv(n, ways)
        return full + tirx.Select(tirx.floormod(n, ways) > rank(full, way) - ways * full, 1, 0)

    def walked(n, i, way):
        """Zigzag: the key loop's iterations in way ``way``'s rounds before round ``i`` (each
        ``walk``: ``n - rank + lag``; the ranks' offsets add up to ``(ways - 1)`` a pair of
        rounds and ``way`` an odd round more)."""
        ranks = ways * tirx.floordiv(i * (i - 1), 2) + tirx.floordiv(i, 2) * (ways - 1) + tirx.bitwise_and(i, 1) * way
        return i * (n + lag) - ranks

    @macro
    def copy_kv(dst, src, j, bb, head, f, ty, tx, v):  # key tile j (rows past either end: zeros)
        if bn * d % step != 0:  # a partial last step
            T.where(flat(f, ty, tx, v) < bn * d)
        T.sblock_attr({SWIZZLE: 0})
        i, dd = T.meta_var(tile_row(f, ty, tx, v))
        dst[i, dd] = T.if_then_else(tirx.And(0 <= j * bn + i, j * bn + i < skv),
                                    src[at(kv_layout, bb, j * bn + i, head, dd)], T.Cast(dtype, 0))

    @macro
    def item(qt, bb, hq, first, qv, base, ty, tx, Q, K, V, M, O, LSE, Q_s, K_s, V_s, out_tile, O_acc, S, P,  # noqa: E741
             m, l, corr):  # noqa: E741
        """One work item: query tile ``qt`` of head ``hq`` of batch ``bb`` (``first``: the
        CTA's first, where warpgroup 0 takes the first turn; later ones find that turn left
        by the previous item's last), its Q tile in version ``qv`` of ``Q_s``; ``base``: the
        key loop's iterations in the CTA's earlier items where their count is no product
        (``None`` where it is)."""
        for f in range(q_iters):
            for v in T.vectorized(lanes):
                with T.sblock("Q_s"):
                    if bm * d % step != 0:  # a partial last step
                        T.where(flat(f, ty, tx, v) < bm * d)
                    T.sblock_attr({BULK_COPY: AHEAD if ahead else 1, SWIZZLE: 0})
                    i, dd = T.meta_var(tile_row(f, ty, tx, v))
                    Q_s[qv, i, dd] = T.if_then_else(qt * bm + i < sq,
                                                    Q[at(layout, bb, qt * bm + i, hq, dd)],
                                                    T.Cast(dtype, 0))
        for r in unrolled(o_regs):
            O_acc[tx, r] = T.float32(0)
        for hh in unrolled(2):
            m[hh] = neg_inf
            l[hh] = T.float32(0)
        if pingpong and tirx.And(ty == 0, first):  # warpgroup 0 takes the first turn
            T.ptx.bar.arrive(T.uint32(turn), T.uint32(2 * 128))
        # With overlap, iteration j loads K_j and V_{j-1} into one version of the ring and
        # multiplies P_{j-1} V_{j-1} while the softmax of S_j runs: both products that read a
        # version retire within its iteration (V_{-1}: rows before the sequence, zeros, unused).
        for j in T.serial(walk(qt), annotations=key_loop(base)):
            for f in range(kv_iters):
                for v in T.vectorized(lanes):
                    with T.sblock("K_s"):
                        copy_kv(K_s, Q if packed else K, j, bb, k_head + hq // group, f, ty, tx, v)
            for f in range(kv_iters):
                for v in T.vectorized(lanes):
                    with T.sblock("V_s"):
                        copy_kv(V_s, Q if packed else V, j - lag, bb, v_head + hq // group, f, ty, tx, v)
            with T.sblock("qk"):  # S_j = Q K_j^T, issued
                if pingpong and scores(qt, j):  # this warpgroup's turn to issue (not for a last P V)
                    T.ptx.bar.sync(T.Cast("uint32", turn + ty), T.uint32(2 * 128))
                if scores(qt, j):
                    T.ptx.wgmma.fence.sync.aligned()
                    for kk in unrolled(d // 16):
                        T.ptx[qk](*[S[tx, r] for r in range(s_regs)],
                                  descriptor_request(T.address_of(Q_s[qv, ty * 64, kk * 16]), Major.K),
                                  descriptor_request(T.address_of(K_s[0, kk * 16]), Major.K),
                                  kk > 0, 1, 1, 0, 0)
                # (every iteration commits two groups, one of them empty in the overlap's first
                # and last: the waits below are the same on every path, as ptxas requires of
                # waits that retire accumulators; otherwise it serializes the products)
                T.ptx.wgmma.commit_group.sync.aligned()
            with T.sblock("pv"):  # O += P V_{j - lag} (overlap: during the softmax of S_j)
                if multiplies(j):
                    if held:  # O to the row maxima of P, while S_j's product runs
                        for r in unrolled(o_regs):
                            O_acc[tx, r] = O_acc[tx, r] * corr[r % 4 // 2]
                    T.ptx.wgmma.fence.sync.aligned()
                    for kk in unrolled(bn // 16):
                        T.ptx[pv](*[O_acc[tx, r] for r in range(o_regs)],
                                  P[tx, kk * 4], P[tx, kk * 4 + 1],
                                  P[tx, kk * 4 + 2], P[tx, kk * 4 + 3],
                                  descriptor_request(T.address_of(V_s[kk * 16, 0]), Major.MN),
                                  True, 1, 1, 1)
                T.ptx.wgmma.commit_group.sync.aligned()
                if not tile.overlap:  # V_j's version is released at the end of the iteration
                    T.ptx.wgmma.wait_group.sync.aligned(0)
            with T.sblock("turn"):
                if pingpong and scores(qt, j):  # the next warpgroup's turn
                    T.ptx.bar.arrive(T.Cast("uint32", turn + (ty + 1) % wg), T.uint32(2 * 128))
            with T.sblock("softmax"):
                mx = T.sblock_alloc_buffer((1,), "float32", scope="local")  # (one row's, each in turn)
                ms = T.sblock_alloc_buffer((2,), "float32", scope="local")
                part = T.sblock_alloc_buffer((4,), "float32", scope="local")
                # S_j done; with overlap, P_{j-1} V_{j-1} (issued after it) runs on
                if tile.overlap and j > 0:
                    T.ptx.wgmma.wait_group.sync.aligned(1)
                else:
                    T.ptx.wgmma.wait_group.sync.aligned(0)
                if scores(qt, j):
                    if mask is not None:  # S c + M log2(e)
                        for r in unrolled(s_regs):
                            row, col = T.meta_var(fragment_element(tx, r))
                            q_row, k_col = T.meta_var((qt * bm + ty * 64 + row, j * bn + col))
                            S[tx, r] = S[tx, r] * c + T.if_then_else(
                                tirx.And(q_row < sq, k_col < skv),
                                T.Cast("float32", M[bb if mask.batch else 0, hq if mask.heads else 0,
                                                    q_row, k_col]) * T.float32(log2e),
                                T.float32(0))
                    if needs_mask(qt, j):
                        for r in unrolled(s_regs):
                            row, col = T.meta_var(fragment_element(tx, r))
                            S[tx, r] = T.Select(visible(qt * bm + ty * 64 + row, j * bn + col),
                                                S[tx, r], neg_inf)
                    for hh in unrolled(2):
                        # the thread's columns of the row: 4 running maxima, then their max
                        for q in unrolled(4):
                            part[q] = S[tx, q // 2 * 4 + hh * 2 + q % 2]
                        for r in unrolled(s_regs // 2 - 4):
                            part[r % 4] = T.max(part[r % 4], S[tx, (r + 4) // 2 * 4 + hh * 2 + r % 2])
                        mx[0] = T.max(T.max(part[0], part[1]), T.max(part[2], T.max(part[3], m[hh])))
                        mx[0] = T.max(mx[0], T.tvm_warp_shuffle_xor(full, mx[0], 1, 32, 32))
                        mx[0] = T.max(mx[0], T.tvm_warp_shuffle_xor(full, mx[0], 2, 32, 32))
                        # a row masked so far keeps 0 (exp2(-inf - 0) = 0, no NaN)
                        ms[hh] = T.Select(mx[0] == neg_inf, T.float32(0), mx[0] * cm)
                        T.ptx[ex2](corr[hh], m[hh] * cm - ms[hh])
                        m[hh] = mx[0]
                    for q in unrolled(4):  # 2 running sums per row
                        part[q] = T.float32(0)
                    for r in unrolled(s_regs):
                        T.ptx[ex2](S[tx, r], S[tx, r] * cm - ms[r % 4 // 2])
                        part[r % 4] = part[r % 4] + S[tx, r]
                    for hh in unrolled(2):
                        l[hh] = l[hh] * corr[hh] + (part[hh * 2] + part[hh * 2 + 1])
                T.ptx.wgmma.wait_group.sync.aligned(0)  # (overlap: P_{j-1} V_{j-1} done: P free)
                if scores(qt, j):
                    if not held:
                        # O to the new row maxima here, where no product is in flight (in two
                        # versions, defined between S_j's issue and its wait, ptxas serializes
                        # the products of some tiles: head_dim 256, 64 keys, causal)
                        for r in unrolled(o_regs):
                            O_acc[tx, r] = O_acc[tx, r] * corr[r % 4 // 2]
                    for k in unrolled(p_regs):
                        T.ptx[cvt](P[tx, k], S[tx, 2 * k + 1], S[tx, 2 * k])
        with T.sblock("normalize"):
            inv = T.sblock_alloc_buffer((2,), "float32", scope="local")
            T.ptx.wgmma.wait_group.sync.aligned(0)  # the last P V
            for hh in unrolled(2):
                l[hh] = l[hh] + T.tvm_warp_shuffle_xor(full, l[hh], 1, 32, 32)
                l[hh] = l[hh] + T.tvm_warp_shuffle_xor(full, l[hh], 2, 32, 32)
                # (a row that saw no key: l = 0, O = 0, LSE = -inf)
                inv[hh] = T.Select(l[hh] > T.float32(0), T.float32(1) / l[hh], T.float32(0))
                row = T.meta_var(qt * bm + ty * 64 + tx // 32 * 16 + tx % 32 // 4 + hh * 8)
                if lse:
                    if tx % 4 == 0 and row < sq:
                        LSE[bb, hq, row] = (m[hh] * cm + T.log2(l[hh])) * ln2
            for r in unrolled(o_regs):
                O_acc[tx, r] = O_acc[tx, r] * inv[r % 4 // 2]
        with T.sblock("O_fragment"):
            T.reads(O_acc[tx, 0:o_regs])
            T.writes(out_tile[0, ty * 64:ty * 64 + 64, 0:d])
            stmatrix_fragment(out_tile, ty * 64, d, O_acc, tx, d)
        for f in range(q_iters):
            for v in T.vectorized(lanes):
                with T.sblock("O_out"):
                    T.sblock_attr({BULK_STORE: 1, SWIZZLE: 0})
                    i, dd = T.meta_var(tile_row(f, ty, tx, v))
                    if bm * d % step != 0:  # a partial last step
                        T.where(tirx.And(flat(f, ty, tx, v) < bm * d, qt * bm + i < sq))
                    else:
                        T.where(qt * bm + i < sq)
                    O[at(layout, bb, qt * bm + i, hq, dd)] = out_tile[0, i, dd]

    # O (the output) and l (the row sums) are FlashAttention's names; TVMScript makes the Python
    # names the buffers' names, which the CUDA source shows (O_tmap, l_ptr): hence the E741 noqa.
    @script.prim_func(s_tir=True)
    def main(Q: T.Buffer(q_shape, dtype), K: T.Buffer(kv_shape, dtype), V: T.Buffer(kv_shape, dtype),
             M: T.Buffer(m_shape, m_dtype), O: T.Buffer(o_shape, dtype), LSE: T.Buffer((b, h, sq), "float32")):  # noqa: E741
        T.func_attr({"tirx.noalias": True, COMPACT_BUFFERS: True})
        Q_1 = T.sblock_alloc_buffer((1, 1, 1) if ahead else (1, bm, d), dtype, scope="shared.dyn")
        K_s = T.sblock_alloc_buffer((bn, d), dtype, scope="shared.dyn")
        V_s = T.sblock_alloc_buffer((bn, d), dtype, scope="shared.dyn")
        # (a (1, 1, 1) placeholder is never used, and the compiler allocates nothing for it: Q in
        # two versions below, or O staged in Q's tile)
        O_s = T.sblock_alloc_buffer((1, bm, d) if ctas == 0 or ahead else (1, 1, 1), dtype, scope="shared.dyn")
        for bx in T.thread_binding(nq if ctas == 0 else ctas, thread="blockIdx.x"):
            for bh in T.thread_binding(b * h if ctas == 0 else 1, thread="blockIdx.y"):
                for ty in T.thread_binding(wg, thread="threadIdx.y"):
                    for tx in T.thread_binding(128, thread="threadIdx.x"):
                        # (ahead: two versions allocated in the kernel, outside the loop over items,
                        # where the compiler leaves an allocation that is no block's)
                        Q_s = T.alloc_buffer((2, bm, d), dtype, scope="shared.dyn") if ahead else Q_1
                        with T.sblock("tile"):
                            if zigzag:  # (regions stated: those inferred would name the way, bound inside)
                                T.reads(Q[0:q_shape[0], 0:q_shape[1], 0:q_shape[2], 0:q_shape[3]])
                                T.writes(O[0:o_shape[0], 0:o_shape[1], 0:o_shape[2], 0:o_shape[3]],
                                         LSE[0:b, 0:h, 0:sq])
                            O_acc = T.sblock_alloc_buffer((128, o_regs), "float32", scope="local")
                            S = T.sblock_alloc_buffer((128, s_regs), "float32", scope="local")
                            P = T.sblock_alloc_buffer((128, p_regs), "uint32", scope="local")
                            m = T.sblock_alloc_buffer((2,), "float32", scope="local")
                            l = T.sblock_alloc_buffer((2,), "float32", scope="local")  # noqa: E741
                            corr = T.sblock_alloc_buffer((2,), "float32", scope="local")
                            out_tile = T.meta_var(O_s if ctas == 0 or ahead else Q_s)  # (version 0 of Q)
                            state = T.meta_var((ty, tx, Q, K, V, M, O, LSE, Q_s, K_s, V_s, out_tile, O_acc, S, P, m, l,
                                                corr))
                            if ctas == 0:
                                item(nq - 1 - bx if causal is not None else bx, bh // h, bh % h,  # longest walks first
                                     T.bool(True), 0, None, *state)
                            elif zigzag:  # CTA bx: way bx // (b h) of head bx % (b h), in rounds
                                # (a variable of its own: the key loop's annotation names it, which
                                # no pass rewrites as they do the block index)
                                way: T.let = bx // (b * h)
                                for it in T.serial(rounds(nq, way)):
                                    item(nq - 1 - rank(it, way), bx % (b * h) // h, bx % h,
                                         it == 0, it % 2 if ahead else 0, walked(nq, it, way), *state)
                            elif pairs:
                                for it in T.serial(units // ctas):
                                    for r in T.serial(2):  # pair it * ctas + bx: tile nq - 1 - a, then a
                                        u = T.meta_var(it * ctas + bx)
                                        a = T.meta_var(u % (nq // 2))
                                        item(a + (1 - r) * (nq - 1 - 2 * a), u // (nq // 2) // h, u // (nq // 2) % h,
                                             tirx.And(it == 0, r == 0), r if ahead else 0, None, *state)
                            else:
                                for it in T.serial(units // ctas):
                                    item((it * ctas + bx) % nq, (it * ctas + bx) // nq // h,
                                         (it * ctas + bx) // nq % h, it == 0, it % 2 if ahead else 0, None, *state)

    return main


__all__ = ["CAUSAL", "LAYOUTS", "TILES", "AttentionMask", "AttentionTile", "attention"]
