"""Hopper GEMM rule: Relax matmuls on warpgroup MMA (``wgmma``) fed by a producer warpgroup's TMA ring."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import tvm
import tvm_ffi
from tvm import s_tir, tirx
from tvm import sym as arith
from tvm.ir.expr import TensorLoad
from tvm.s_tir.dlight.gpu.base import GPUScheduleRule
from tvm.s_tir.dlight.gpu.matmul import auto_inline_consumer_chain
from tvm.target import Target

from .. import rules
from .. import tensor_intrin as intrin
from ..kernels.gemm import SMS, fills, load_operands, output_grid, raster_tiles
from ..schedule import bulk_store, swizzle, tma_pipeline
from ..transforms._ir import all_of, bind_loop, conjuncts, free_vars, holds, renamed, substitute, uses_var, walk
from ._schedule import Schedule
from ._target import has_wgmma, schedules
from .matmul import _I, _J, elements_read, normalize_gemm, operand_layout, reduction_blocks


@dataclass(frozen=True)
class WgmmaConfig:
    """The CTA tile ``(rows, columns, reduction)``, its consumer warpgroups (``rows / warpgroups``
    rows each, a multiple of 64), the ring's stages, and the CTAs numbered in groups of
    ``group_m`` row tiles (as :class:`~tvm_tma.dlight.MatmulConfig`). The default is
    ``kernels.gemm_wgmma``'s warp-specialized tiling (0.98-1.05x cuBLAS at 4096^3 and 8192^3
    on the H100, ``benchmarks/RESULTS.md``)."""

    tile: tuple[int, int, int] = (128, 256, 64)
    warpgroups: int = 2
    stages: int = 4
    group_m: int = 8
    persistent: bool = False
    """At most ``ctas`` CTAs (static M and N), each computing every ``c``-th tile in the
    grouped order, the ring carried across its tiles (``kernels.gemm_wgmma(persistent=True)``;
    the output tile beside the ring: fewer stages where both would not fit)."""
    ctas: int = SMS


def tuned(m: int | None, n: int | None, thin: bool = True) -> WgmmaConfig:
    """The tiling for an ``m x n`` output, from the sweeps of the model benchmarks' linear
    layers on the H100 (``benchmarks/results/gemm_tilings_models_h100.md``): the first
    persistent grid that fills the SMs of 128 x 256 tiles, 128 x 192 tiles (GPT's qkv at
    2048 tokens: 1.08x the 128 x 128 grid) or 128 x 128 tiles in 6 stages, in groups of 8 row
    tiles (or 4, 2, 1: a divisor of the row tiles); 128 x 128 tiles first where 128 x 256
    tiles would not fill 90% of the SMs once (M = 512: 0.99-1.02x cuBLAS, against 0.59-0.60x).
    Where 128 x 256 tiles fill the SMs once (90-100%: Llama's o and down at 1024 tokens,
    GPT's proj and out at 2048), the non-persistent 128 x 256 tiling with 4 stages (in the
    models: down 123.6 against 126.6 µs persistent, the others within 0.5 µs). With
    no such grid, non-persistent 128 x 256 tiles, or 128 x 192 where their last wave is
    fuller by more than :data:`WAVE_GAIN` (Llama's gate_up at 1024 tokens: 920 tiles in 7
    full waves instead of 688 in 6, 1.07x), or 128 x 168 where their waves are fuller by more
    than their rate is lower (:data:`NARROW_RATE`; N = 11008 at 512-2048 rows: 66 column tiles,
    1.05x), where their CTAs run in groups of 4 or 8 row tiles. A static GEMM of a few hundred
    tokens that 128-row tiles leave part empty (:data:`TOKENS_ON_N_ROWS`) takes the tokens on
    wgmma's N where that is predicted :data:`TOKENS_ON_N_GAIN` faster (:func:`_token_config`).
    Where even 128 x 128 tiles fill at most half the SMs (Llama-3's k and v projections, 1024
    outputs, at 512 and 1024 tokens), 64 x 128 tiles on one consumer warpgroup in 8 stages:
    1.38-1.44x the 128 x 128 grid (``benchmarks/results/gemm_tilings_thin_h100.md``;
    ``thin=False``: not measured for the gated epilogue, which keeps 128-row tiles). A dynamic
    ``m`` gets :class:`WgmmaConfig` (128 x 128
    tiles for N = 2048 were measured: GPT-2's proj and out 1.6x faster at 777 tokens, 1.25x
    slower at 2048; one tiling cannot serve both)."""
    if m is None or n is None:
        return WgmmaConfig()

    def group_of(rows: int) -> int:  # groups of row tiles of ``rows`` rows: no padding row tiles
        return next(g for g in (8, 4, 2, 1) if -(-m // rows) % g == 0)

    group = group_of(128)
    wide = WgmmaConfig(stages=3, group_m=group, persistent=True)
    mid = WgmmaConfig(tile=(128, 192, 64), stages=4, group_m=group, persistent=True)
    small = WgmmaConfig(tile=(128, 128, 64), stages=6, group_m=group, persistent=True)
    tiles = -(-m // 128) * -(-n // 256)
    if thin and -(-m // 128) * -(-n // 128) <= SMS // 2:  # a thin grid
        return WgmmaConfig(tile=(64, 128, 64), warpgroups=1, stages=8, group_m=group_of(64))
    if 0.9 * SMS <= tiles <= SMS:  # one tile per CTA: a persistent grid would only take stages
        return WgmmaConfig(group_m=group)
    few_tiles = tiles < 0.9 * SMS
    for cfg in (small, wide, mid) if few_tiles else (wide, mid, small):
        if _persistent(cfg, m, n)[0].persistent:
            return cfg
    if few_tiles:
        return dataclasses.replace(small, persistent=False)
    rated = [(WgmmaConfig(group_m=group), 1.0), (dataclasses.replace(mid, persistent=False), 1 / WAVE_GAIN)]
    if thin and group >= 4:
        rated.append((WgmmaConfig(tile=(128, 168, 64), stages=4, group_m=group), NARROW_RATE))
    return max(rated, key=lambda c: _wave_fill(c[0].tile, m, n) * c[1])[0]  # (the first of equals)


WAVE_GAIN = 1.03
"""How much fuller (:func:`_wave_fill`) a non-persistent grid of 128 x 192 tiles must be than
one of 128 x 256 tiles to be chosen: a 128 x 192 tile alone runs at about 0.95x the rate of
a 128 x 256 one (``gemm_tilings_models_h100.md``: 0.94-0.97x where both fill their waves)."""


TOKENS_ON_N_ROWS = (256, 1024)
"""The static M that may take the tokens on wgmma's N: lengths of a partial last 128-row tile in
the range measured (296-1000 tokens, ``gemm_tokens_on_n_h100.md``); the model also picks them
at shorter and longer lengths, unmeasured (where thin 64-row tiles or whole waves serve)."""
TOKENS_ON_N_GAIN = 1.1
"""How much sooner (:func:`_tokens_on_n_time` against :func:`_tile_time`) the tokens on wgmma's N
must be predicted to end for a static GEMM to take them: the model's error in the sweep of
``gemm_tokens_on_n_h100.md`` (at 552 and 776 tokens 1.02-1.29x measured where it predicted
more; at 296 and 1000 tokens the 128-row tiles measured as fast or faster)."""


def _rate(columns: int) -> float:
    """The rate of a 128-row tile ``columns`` wide over that of a 128 x 256 one: 0.90 at 168
    columns, 0.93 at 200 (the sweeps), linear between and below."""
    return 1 - (256 - columns) * 0.0013


def _tile_time(cfg: WgmmaConfig, m: int, n: int) -> float:
    """The predicted time of ``cfg`` on an ``m x n`` output, in 128 x 256 tile times: its waves
    (rounds of a persistent grid) of tiles, each its area over its rate."""
    bm, bn, _ = cfg.tile
    tiles = -(-m // bm) * -(-n // bn)
    slots = cfg.ctas if cfg.persistent else SMS
    return -(-tiles // slots) * (bm * bn) / (128 * 256) / _rate(bn) * (2 / cfg.warpgroups if bm == 64 else 1)


def _token_config(m: int, n: int, step: int = 16) -> WgmmaConfig:
    """The tiling of ``m`` tokens on wgmma's N: the weights' ``n`` rows in 128-row tiles, the
    tokens in the fewest tiles of at most 256 columns, as narrow as ``step``-column steps allow
    (16: the fragments' ``stmatrix`` stores 16 columns an instruction), in groups of 8 (or 4, 2,
    1) row tiles walking the few column tiles, so that a weight tile is read by CTAs running at
    once."""
    tiles = -(-m // 256)
    least = -(-m // tiles)
    width = -(-least // step) * step
    group = next(g for g in (8, 4, 2, 1) if -(-n // 128) % g == 0)
    return WgmmaConfig(tile=(128, width, 64), stages=4, group_m=group)


def _tokens_on_n_time(m: int, n: int) -> float:
    """:func:`_tile_time` of :func:`_token_config` (its rows the weights' ``n``)."""
    return _tile_time(_token_config(m, n), n, m)


def _swapped_operands(func: tirx.PrimFunc, gemm: str) -> tirx.PrimFunc | None:
    """``func`` with its GEMM block ``gemm`` (``C = C + A * B``, ``A`` the tokens' rows, ``B``
    the weights') reading ``B`` first (``C = C + B * A``, ``B``'s region first among its
    reads), so that dlight's analysis takes the weights' rows for M and the tokens for N;
    ``None`` where the block's update is not that sum."""
    found = []

    def on_block(node, mutator):
        node = mutator.default_mutate(node)
        store = node.body
        if node.name_hint != gemm or not isinstance(store, tirx.BufferStore) or not isinstance(store.value, tirx.Add):
            return node
        acc, product = store.value.a, store.value.b
        if isinstance(acc, tirx.Mul):
            acc, product = product, acc
        if not isinstance(product, tirx.Mul) or len(node.reads) != 2:
            return node
        found.append(node)
        value = tirx.Add(acc, tirx.Mul(product.b, product.a))
        return s_tir.SBlock(node.iter_vars, [node.reads[1], node.reads[0]], node.writes, node.name_hint,
                            tirx.BufferStore(store.buffer, value, store.indices), node.init, node.alloc_buffers,
                            node.match_buffers, node.annotations)

    swapped = func.with_body(tvm_ffi.structural_mutate(func.body, (s_tir.SBlock, on_block)))
    return swapped if found else None


NARROW_RATE = 0.90
"""The rate of a 128 x 168 tile over that of a 128 x 256 one: 0.88-0.92 in the sweep of
N = 11008 at 512-2048 rows on the H100 (``gemm_tilings_n11008_h100.md``: 66 column tiles, whole
waves, CTAs in groups of 4 and 8 row tiles), where they ran 1.03-1.05x the 128 x 192 and 128 x 256
tiles; elsewhere unmeasured (at 552 rows of N = 22016, 5 row tiles down each column, they ran
at 0.70: ``gemm_tokens_on_n_h100.md``). Not for the gated epilogue (``thin=False``), whose tile
is two slices of whole 16-byte vectors."""


def _wave_fill(tile: tuple[int, int, int], m: int, n: int) -> float:
    """The share of the CTA slots of a non-persistent grid of ``tile`` (one CTA per SM, ``SMS``
    a wave) that computes the ``m x n`` output: its tiles' padding and its last wave's idle SMs
    both count as lost."""
    tiles = -(-m // tile[0]) * -(-n // tile[1])
    return m * n / (-(-tiles // SMS) * SMS * tile[0] * tile[1])


def narrow(config: WgmmaConfig, n: int) -> WgmmaConfig:
    """``config`` with a tile no wider than ``n`` rounded up to 64 columns (a narrow output
    needs no 256-wide tile), more stages where the tile leaves shared memory for them."""
    bm, bn, bk = config.tile
    width = min(bn, -(-n // 64) * 64)
    if width == bn:
        return config
    stages = min(6, config.stages * (bm + bn) // (bm + width))
    return dataclasses.replace(config, tile=(bm, width, bk), stages=stages)


class WgmmaMatmul(GPUScheduleRule):
    """``C[S, I, J] = sum_K A[S, I, K] * B[S, K, J]`` (or ``B[S, J, K]``: ``x @ W^T``) with fp16
    or bf16 operands, any spatial epilogue after it, on ``wgmma`` (sm_90a).

    Accepts what :class:`~tvm_tma.dlight.Matmul` accepts (one GEMM reduction block, K innermost
    in A, static 16-byte rows for the tensor maps, no static M, N or K of at most 64; ``M`` may
    be dynamic) on an ``sm_90a`` target, with its rows along one iterator (rows over a dynamic
    batch and a length are no 128-row box of A's tensor map: the producer warpgroup has no
    per-thread copies to fall back on). Anything else returns ``None`` (the next rule, the
    ``mma.sync`` :class:`~tvm_tma.dlight.Matmul`, then stock's, takes it).

    Emits :func:`tvm_tma.kernels.gemm_wgmma`'s schedule on the function: the GEMM normalized
    and padded to whole CTA tiles (:func:`~tvm_tma.dlight.matmul.normalize_gemm`), accumulated
    in fp32 whatever type the model accumulates in (16-bit accumulation rounds every partial
    sum; fp32 costs wgmma nothing), a producer warpgroup loading the operand tiles by swizzled
    tensor copies into a ring of ``stages`` while the consumer warpgroups issue
    ``m64nNk16`` wgmma from them; the accumulators are rounded to the output's type into a
    shared tile (stmatrix), from which the epilogue (the output's own cast, a bias, a residual
    add, an activation) writes the output: one tensor store, clipped at the output's edge,
    where the epilogue only copies; else 16-byte vector loads of its operands into registers,
    the computation there and 16-byte vector stores (:func:`_stage_in_registers`). A gated
    epilogue (:func:`_gate_pairs`: ``silu(gate) * up`` over columns that alternate gate and up
    slices) gets tiles two slices wide, B's two halves loaded by one tensor copy, each thread's
    gate and up values by a 16-byte vector each. The tiling is ``config``, or else
    :func:`tuned` for the GEMM's shape; under a dynamic M with no ``config``, two schedules in
    one function (the tuned tiles and narrower ones, :func:`_narrow_width`), the one launched
    chosen at run time from M (:func:`_fewer_waves`); a gated GEMM's schedule and, with
    ``gated_widths`` (the default), one in slices of :data:`GATED_NARROW` columns as well
    (``gated_widths=False``: the one schedule, half the gated GEMM's compile time). CTAs are
    numbered in groups of row tiles
    (static rows) or down the columns of tiles (dynamic rows), so that those running at once
    share operand tiles in L2.
    """

    def __init__(self, config: WgmmaConfig | None = None, *, gated_widths: bool = True):
        self.config = config  # None: :func:`tuned` for each GEMM's shape
        # a gated GEMM under a dynamic M also in slices of GATED_NARROW columns, launched where
        # their waves end sooner (Llama's MLP at 1024 tokens: 255 against 280 µs), at about 0.1 s
        # more compile time (the any-length Llama layer 1.88-1.96x stock's, 1.66-1.80x without)
        self.gated_widths = gated_widths

    def apply(self, func: tirx.PrimFunc, target: Target, _: bool) -> s_tir.Schedule | None:
        scheduled = self.scheduled(func, target)
        return None if scheduled is None else s_tir.Schedule(tvm.IRModule({"main": scheduled}))

    def scheduled(self, func: tirx.PrimFunc, target: Target) -> tirx.PrimFunc | None:
        """:meth:`apply`'s function, without the schedule's state that ``apply`` builds over it
        for dlight's interface (several milliseconds a scheduled GEMM; ``dlight.apply_rules``
        takes the function)."""
        if not schedules(self, func, target, 90) or not has_wgmma(target):
            return None
        if "dlight.do_not_tensorize" in func.attrs:
            return None
        sch = Schedule(func)
        reductions = reduction_blocks(sch)
        if reductions is None or len(reductions) != 1:
            return None
        layout = operand_layout(sch.get(reductions[0]), ("float16", "bfloat16"))
        if layout is None:
            return None
        traits, b_transposed, _ = layout
        rows = [e for e in _kind_extents(sch.get(reductions[0]), traits, _I) if not (isinstance(e, tirx.IntImm)
                                                                                    and e.value == 1)]
        if len(rows) > 1:  # rows a tensor map cannot walk in 128-row boxes (a dynamic batch and length)
            return None
        m, n = (_extent(sch.get(reductions[0]), traits, kind) for kind in (_I, _J))
        pair = _gate_pairs(sch, reductions[0])
        if pair == 0:  # an epilogue reading several outputs per element, not gate/up pairs
            return None
        cfg = self.config or tuned(m, n, thin=pair is None)
        cfg = narrow(cfg, n) if n is not None else cfg
        if pair is not None:
            cfg = with_width(cfg, pair)
        out_bytes = tvm.DataType(str(sch.get(reductions[0]).writes[0].source.dtype)).bits // 8
        cfg, pad = _persistent(cfg, m, n, out_bytes)
        # (16-bit outputs: the transposed store by stmatrix, the one run on the GPU)
        if m is not None and n is not None and pair is None and self.config is None and out_bytes == 2 \
                and TOKENS_ON_N_ROWS[0] <= m <= TOKENS_ON_N_ROWS[1] and m % 128 \
                and _tokens_on_n_time(m, n) * TOKENS_ON_N_GAIN < _tile_time(cfg, m, n):
            swapped = self._tokens_on_n(func, sch.get(reductions[0]).name_hint, m, n)
            if swapped is not None:
                return swapped
        try:
            scheduled = self._schedule(sch, reductions[0], traits, b_transposed, cfg, pad, pair)
            if m is not None or n is None or not rows or self.config is not None:
                return scheduled
            # a dynamic M: narrower tiles where their waves end sooner, decided at run time
            if pair is None:
                small = narrow(with_width(WgmmaConfig(), _narrow_width(n)), n)
                if small.tile == cfg.tile:
                    return scheduled
                fresh = Schedule(func)
                few = self._schedule(fresh, reduction_blocks(fresh)[0], traits, b_transposed, small, 1)
                return _by_rows(_fewer_waves(rows[0], n, small.tile, cfg.tile), few, scheduled)
            if self.gated_widths and pair == 256 and GATED_MATMUL in func.attrs:
                few = self._at_pair_width(func, with_width(cfg, GATED_NARROW))
                return _by_rows(_fewer_waves(rows[0], n, (128, GATED_NARROW), cfg.tile, GATED_NARROW_TIME), few,
                                scheduled)
        except s_tir.ScheduleError:  # a block the wgmma intrinsics do not match
            return None
        return scheduled

    def _at_pair_width(self, func: tirx.PrimFunc, cfg: WgmmaConfig) -> tirx.PrimFunc:
        """The gated GEMM ``func`` (:data:`GATED_MATMUL`) made again in slices half ``cfg``'s
        tile wide (:func:`tvm_tma.relax.fuse_gated_mlp.at_pair_width`) and scheduled in ``cfg``."""
        from ..relax.fuse_gated_mlp import at_pair_width  # (that module imports this one)

        sch = Schedule(at_pair_width(func, cfg.tile[1]))
        main = reduction_blocks(sch)[0]
        traits, b_transposed, _ = operand_layout(sch.get(main), ("float16", "bfloat16"))
        return self._schedule(sch, main, traits, b_transposed, cfg, 1, cfg.tile[1])

    def _tokens_on_n(self, func: tirx.PrimFunc, gemm: str, m: int, n: int) -> tirx.PrimFunc | None:
        """``func`` scheduled with the ``m`` tokens on wgmma's N (:func:`_swapped_operands`,
        :func:`_token_config`), the output tile stored transposed; ``None`` where its GEMM block
        is no ``C += A * B``, the weights are not K-major as the tokens are (``x @ W^T``), or the
        intrinsics do not match."""
        swapped = _swapped_operands(func, gemm)
        if swapped is None:
            return None
        sch = Schedule(swapped)
        main = reduction_blocks(sch)[0]
        layout = operand_layout(sch.get(main), ("float16", "bfloat16"))
        if layout is None or not layout[1]:
            return None
        try:
            return self._schedule(sch, main, layout[0], True, _token_config(m, n), 1, transposed_out=True)
        except s_tir.ScheduleError:
            return None

    def _schedule(self, sch: s_tir.Schedule, main: s_tir.SBlockRV, traits, b_transposed: bool,
                  cfg: WgmmaConfig, pad: int, pair: int | None = None, transposed_out: bool = False
                  ) -> tirx.PrimFunc:
        bm, bn, bk = cfg.tile
        in_dtype = str(sch.get(main).reads[0].source.dtype)
        main = normalize_gemm(sch, main, traits, b_transposed, (bm * pad, bn, bk))  # (row tiles: a multiple of pad)
        name = sch.get(main).name_hint
        sch = _accumulate_in_float32(sch, main)
        main = sch.get_sblock(name)
        rows = 64 * cfg.warpgroups
        batch, i, j, k = sch.get_loops(main)
        io, iw, ir, ii = sch.split(i, [None, cfg.warpgroups, bm // rows, intrin.M])
        jo, jj = sch.split(j, [None, bn])
        ko, k1, ki = sch.split(k, [None, bk // intrin.K, intrin.K])
        sch.reorder(io, jo, iw, ko, k1, ir, ii, jj, ki)
        mma = sch.blockize(ii)
        sch.bind(batch, "blockIdx.z")
        row_tiles = sch.get(io).extent
        if isinstance(row_tiles, tirx.IntImm) and cfg.group_m > 1 and row_tiles.value % cfg.group_m == 0:
            cta = raster_tiles(sch, io, jo, cfg.group_m, cfg.ctas if cfg.persistent else 0)
        else:  # consecutive CTAs down a column of tiles: those running at once share its B tile
            cta = jo
            sch.bind(io, "blockIdx.x")
            sch.bind(jo, "blockIdx.y")
        sch.bind(iw, "threadIdx.y")
        load_operands(sch, mma, ko, cfg.warpgroups, b_halves=pair is not None)
        write_back = sch.get_consumers(mma)[0]  # the output's cast (the reindexed C -> C)
        out_dtype = str(sch.get(write_back).writes[0].source.dtype)
        sch.set_scope(mma, 0, "local")  # the fp32 accumulators
        fragments = sch.cache_read(write_back, 0, "shared.dyn")  # accumulators -> 16-bit shared tile
        sch.unsafe_set_dtype(fragments, 0, out_dtype)
        if transposed_out:  # (the output's rows are the GEMM's columns: its tile stored as theirs)
            sch.transform_layout(fragments, ("write", 0), lambda s, i, j: (s, j, i))
        sch.reverse_compute_at(fragments, iw)
        sch.split(sch.get_loops(fragments)[-2], [None, intrin.M])
        if pair is None:
            auto_inline_consumer_chain(sch, write_back)
            store = sch.get_consumers(fragments)[0]  # the epilogue, C_shared -> the output
            sch.reverse_compute_at(store, cta)
        else:
            write_back, store = _place_gated_epilogue(sch, write_back, cta)
        lanes = 128 // tvm.DataType(str(sch.get(store).writes[0].source.dtype)).bits
        rows, columns = sch.get_loops(store)[-2:]
        if transposed_out:  # (its loops walk the GEMM's rows, the output's columns, first)
            sch.reorder(columns, rows)
            rows, columns = columns, rows
        columns, vec = sch.split(columns, [None, lanes])
        trips, ty, tx = sch.split(sch.fuse(rows, columns), [None, cfg.warpgroups, intrin.THREADS])
        sch.bind(ty, "threadIdx.y")
        sch.bind(tx, "threadIdx.x")
        store_name = sch.get(store).name_hint
        staged = []
        if _copies(sch.get(store)):
            # a tensor store of whole tiles, clipped to the rows (a dynamic M's too: its
            # predicate is simplified below to the bounds, which the tensor map clips); its
            # round trip through fp32 removed below
            sch.vectorize(vec)
            bulk_store(sch, store)
            swizzle(sch, store)
        else:
            staged = _stage_in_registers(sch, store, tx, vec, write_back if pair else None)
            if _loads_per_trip(sch.mod["main"], staged[:-1], sch.get(trips).loop_var) \
                    and not holds(sch.get(store).body, tvm.ir.Call):
                # (a thread's vectors of a residual in one sequence: its loads issued together; an
                # epilogue of column vectors or of function calls (exp, erf, a division intrinsic)
                # is left to nvcc: unrolled, the
                # GPT-2 MLP's gelu GEMM ran 1.23x slower, Hugging Face's silu(gate) * up 1.06x)
                sch.unroll(trips)
                sch.annotate(trips, "pragma_unroll_explicit", 0)
        sch.decompose_reduction(mma, ko)
        fragment = intrin.fragment_layout(bn)
        sch.transform_layout(mma, ("write", 0), lambda s, i, j: (s, *fragment(i, j)))
        sch.tensorize(sch.get_loops(sch.get_sblock(f"{name}_init"))[-2], intrin.wgmma_fill(bn))
        sch.tensorize(sch.get_loops(main)[-3], intrin.wgmma_sync(bn, in_dtype, "K" if b_transposed else "MN"))
        sch.tensorize(sch.get_loops(fragments)[-2], intrin.wgmma_store(bn, out_dtype, transposed=transposed_out))
        sch.unroll(k1)
        tma_pipeline(sch, ko, stages=cfg.stages, num_copies=2, consumers_first=True, wgmma_in_flight=1,
                     producer="warp")
        func = _simplified_predicates(_without_round_trips(sch.mod["main"]))
        if not staged:
            return func
        func = _full_tiles_unpredicated(_predicated_like(func, store_name, staged), sch.get(trips).loop_var)
        return _bound_once_per_thread(func, sch.get(tx).loop_var)


TILE_TIME = {128: 0.53, 192: 0.75, 256: 1.0}
"""The time of a 128-row tile by its width over that of a 128 x 256 one, a CTA per tile: 128
columns half the products at about 0.95x the rate (``gemm_tilings_models_h100.md``), 192 three
quarters at the same rate (0.745-0.758 a wave at 4096 rows of N = 4096, 6144 and 12288,
``gemm_any_rows_models_h100.md``)."""

ANY_ROWS_TILES = range(4, 33)
"""The row tiles (512 to 4096 rows) over which :func:`_narrow_width` compares a dynamic M's
narrower tilings: the lengths of the sweep that measured them."""


def _waves_time(row_tiles: int, n: int, width: int) -> float:
    """The predicted time of ``row_tiles`` rows of 128-row tiles ``width`` columns wide over
    ``n`` columns, a CTA per tile, in 128 x 256 tile times (:data:`TILE_TIME`)."""
    return -(-(row_tiles * -(-n // width)) // SMS) * TILE_TIME[width]


def _narrow_width(n: int) -> int:
    """The width of the tiles compiled beside 128 x 256 ones under a dynamic M (:func:`_fewer_waves`
    launches the one predicted sooner): of 128 and 192 columns, the one whose pair is predicted
    the least behind the fastest of the three widths at its worst over :data:`ANY_ROWS_TILES`.
    192 for Llama's qkv (N = 12288) and GPT-2's qkv and fc (6144, 8192), 128 for N = 4096 and
    2048 (at 512 rows 128 x 128 tiles fill one wave, 128 x 192 ones most of it). In the sweep
    (``gemm_any_rows_models_h100.md``) the pick of these pairs was the fastest of the three
    widths or within 1.1% at 33 of its 35 shapes (1.02 and 1.04x at the other two), 128 and 256
    tiles alone at 29 (1.02-1.19x at six)."""

    def worst(width: int) -> float:
        return max(min(_waves_time(r, n, width), _waves_time(r, n, 256)) / min(_waves_time(r, n, w) for w in TILE_TIME)
                   for r in ANY_ROWS_TILES)

    return min((128, 192), key=worst)


GATED_MATMUL = "tvm_tma.gated_matmul"
"""A PrimFunc attribute: made by :func:`tvm_tma.relax.gated_matmul`, which can make it again in
slices of another width (:func:`tvm_tma.relax.fuse_gated_mlp.at_pair_width`)."""

GATED_NARROW = 224
"""The narrower tile of a gated GEMM under a symbolic M, launched where its waves end sooner than
those of 128 + 128 columns: slices of 112 columns (Llama's MLP, 11008 columns: 99 slices, 8 row
tiles of them 6 waves of 132 CTAs where slices of 128 take 5.2)."""

GATED_NARROW_TIME = 0.92
"""The time of a gated GEMM's tile of 112 + 112 columns over one of 128 + 128: Llama's MLP under
a symbolic M, 1024 rows in 6 waves of each, 254.1 against 277.1 µs; 2048 rows in 12 against 11
waves, 518.6 against 518.3 (``models_llama_dyn_gated_widths_h100.md``)."""


def _fewer_waves(rows: tirx.PrimExpr, n: int, small: tuple, wide: tuple,
                 small_time: float | None = None) -> tirx.PrimExpr:
    """Whether, for ``rows`` known at run time, waves of ``small`` tiles (one CTA per SM) end
    sooner than waves of ``wide`` ones, a wave of ``small`` tiles taking ``small_time`` of one of
    ``wide`` tiles (by default their :data:`TILE_TIME`). (GPT-2's proj and out, N = 2048: at 777
    tokens one wave of each, 128 x 128 tiles 1.6x faster; at 2048 tokens one wave against two,
    128 x 256 tiles 1.25x faster.)"""
    small_time = TILE_TIME[small[1]] / TILE_TIME[wide[1]] if small_time is None else small_time
    row_tiles = tirx.floordiv(rows + wide[0] - 1, wide[0])
    waves = [tirx.floordiv(row_tiles * -(-n // tile[1]) + SMS - 1, SMS) for tile in (small, wide)]
    return waves[0] * round(small_time * 100) < waves[1] * 100


def _by_rows(cond: tirx.PrimExpr, then: tirx.PrimFunc, other: tirx.PrimFunc) -> tirx.PrimFunc:
    """One PrimFunc launching ``then``'s kernel where ``cond`` holds, else ``other``'s: the two
    schedules of one function, their root blocks' buffers allocated in one root block."""
    roots = [f.body.block for f in (then, other)]
    # (thread-invariant: ThreadSync places no barrier outside the kernels)
    which = tirx.Var("narrower", "bool")
    body = tirx.SeqStmt([tirx.Bind(which, cond), tirx.IfThenElse(
        tirx.call_intrin("bool", "tirx.tvm_thread_invariant", which), roots[0].body, roots[1].body)])
    root = s_tir.SBlock([], [], [], "root", body, None, [b for r in roots for b in r.alloc_buffers])
    return then.with_body(s_tir.SBlockRealize([], tirx.const(True), root))


def _kind_extents(block: s_tir.SBlock, traits, kind) -> list[tirx.PrimExpr]:
    """The extents of the GEMM block's iterators of ``kind`` (rows ``_I``, columns ``_J``)."""
    kinds = {it.var: trait.kind for it, trait in zip(block.iter_vars, traits[3])}
    return [it.dom.extent for it in block.iter_vars if kinds.get(it.var) == kind]


def _extent(block: s_tir.SBlock, traits, kind) -> int | None:
    """The static extent of the GEMM's rows (``_I``) or columns (``_J``: the product of its
    column iterators), if any."""
    extents = _kind_extents(block, traits, kind)
    if not extents or not all(isinstance(e, tirx.IntImm) for e in extents):
        return None
    return math.prod(int(e) for e in extents)


def _persistent(cfg: WgmmaConfig, m: int | None, n: int | None, out_bytes: int = 2) -> tuple[WgmmaConfig, int]:
    """``(cfg, pad)`` for a GEMM of ``m x n`` outputs: where persistent and both are static,
    ``cfg`` with its CTAs (a multiple or divisor of a group of row tiles,
    :func:`kernels.gemm.output_grid`) and the stages that fit beside the output tile
    (``out_bytes`` an element), ``pad`` the multiple the row tiles are padded to (every CTA as
    many tiles); otherwise ``cfg`` not persistent and ``pad`` 1."""
    if not cfg.persistent or m is None or n is None:
        return dataclasses.replace(cfg, persistent=False), 1
    bm, bn, bk = cfg.tile
    grid = output_grid(m, n, (bm, bn), cfg.group_m, cfg.ctas)
    ctas, pad, _ = grid
    if not fills(grid, cfg.ctas):  # no grid that fills the SMs keeps tiles affine
        return dataclasses.replace(cfg, persistent=False), 1
    ring, out = (bm + bn) * bk * 2, bm * bn * out_bytes
    stages = min(cfg.stages, (rules.limit("shared_memory_capacity") - out) // ring)
    return dataclasses.replace(cfg, ctas=ctas, stages=stages), pad


def _stage_in_registers(sch: s_tir.Schedule, store: s_tir.SBlockRV, thread: s_tir.LoopRV,
                        lanes: s_tir.LoopRV, pairs: s_tir.SBlockRV | None = None) -> list[str]:
    """Compute the epilogue ``store`` (``lanes`` elements a thread under loop ``thread``) in
    registers: each operand it reads loaded by one 16-byte vector into a local copy, the
    elements computed one by one, the result stored by one 16-byte vector. (Vectorizing the
    store's own loop instead scalarizes it whole where one operation, such as ``erf``, has no
    vector form: 2-byte loads and stores.) Returns the names of the blocks that load global
    operands or store the result: TVM's cache blocks carry no predicate, so a predicated store
    (the rows past a tail tile's end) gives them its own (:func:`_predicated_like`). A store
    predicated on its lanes (columns past the end; not a bound of whole vectors, which
    :func:`_simplified_predicates` states per vector) is vectorized as it is. ``pairs``: the
    block that copies a gated epilogue's gate/up pairs out of the output tile into registers
    (:func:`_place_gated_epilogue`), placed per thread and vectorized instead of a cache of
    its output (a cache would span the whole tile between a gate and its up element)."""
    analyzer = arith.Analyzer()
    for loop in sch.get_loops(store):
        bind_loop(analyzer, sch.get(loop))
    predicate = analyzer.simplify(_predicate(sch.mod["main"], sch.get(store).name_hint))
    lane = sch.get(lanes).loop_var
    if uses_var(predicate, [lane]):
        sch.vectorize(lanes)
        return []
    staged = []
    if pairs is not None:
        sch.compute_at(pairs, thread)
        sch.vectorize(sch.get_loops(pairs)[-1])
    for index in range(len(sch.get(store).reads)):
        region = sch.get(store).reads[index]
        if pairs is not None and region.source.same_as(sch.get(pairs).writes[0].source):
            continue
        if len(region.region) > 0:
            operand = sch.cache_read(store, index, "local")
            if region.source.scope() == "global":
                staged.append(sch.get(operand).name_hint)
            sch.compute_at(operand, thread)
            sch.vectorize(sch.get_loops(operand)[-1])
    result = sch.cache_write(store, 0, "local")
    staged.append(sch.get(result).name_hint)
    sch.reverse_compute_at(result, thread)
    sch.vectorize(sch.get_loops(result)[-1])
    sch.unroll(lanes)
    return staged


def _gate_pairs(sch: s_tir.Schedule, main: s_tir.SBlockRV) -> int | None:
    """The tile width a gated epilogue needs, ``None`` for any other epilogue, 0 for one this
    rule cannot place. Gated: the GEMM's output ``y[..., u, c]`` read by its one consumer at
    ``u = 2 t`` and ``u = 2 t + 1`` for each element it writes (``silu(gate) * up`` over a
    fused gate/up projection whose GEMM columns alternate slices of gate and up columns,
    :func:`tvm_tma.relax.gated_matmul`): each CTA tile must hold whole pairs of slices,
    ``2 * extent(c)`` columns. An epilogue reading several outputs per element otherwise: 0."""
    out = sch.get(main).writes[0].source
    consumers = sch.get_consumers(main)
    read = [elements_read(sch.get(consumer), out) for consumer in consumers]
    if all(len(loads) <= 1 for loads in read):  # (each consumer one element: silu(y) = y * sigmoid(y))
        return None
    loads = [load for loads in read for load in loads]
    differ = [d for d in range(len(out.shape))
              if any(not tvm_ffi.structural_equal(load.indices[d], loads[0].indices[d]) for load in loads)]
    if len(consumers) > 1 or len(loads) != 2 or len(differ) != 1:
        return 0
    analyzer = arith.Analyzer()
    a, b = (load.indices[differ[0]] for load in loads)
    low = a if analyzer.can_prove_equal(b - a, 1) else b if analyzer.can_prove_equal(a - b, 1) else None
    if low is None or not analyzer.can_prove_equal(tirx.floormod(low, 2), 0):  # (2 t, 2 t + 1)
        return 0
    if not all(isinstance(e, tirx.IntImm) for e in out.shape[differ[0] + 1:]):
        return 0
    return 2 * math.prod(int(e) for e in out.shape[differ[0] + 1:])


def with_width(config: WgmmaConfig, width: int) -> WgmmaConfig:
    """``config`` with tiles ``width`` columns wide (128, 192, 224 or 256) and the stages :func:`tuned`
    gives such tiles (:func:`_persistent` takes those that do not fit beside a persistent
    grid's output tile)."""
    bm, bn, bk = config.tile
    if width == bn:
        return config
    return dataclasses.replace(config, tile=(bm, width, bk), stages=6 if width == 128 else WgmmaConfig().stages)


def _place_gated_epilogue(sch: s_tir.Schedule, pairs: s_tir.SBlockRV,
                          cta: s_tir.LoopRV) -> tuple[s_tir.SBlockRV, s_tir.SBlockRV]:
    """Place a gated epilogue (:func:`_gate_pairs`) under the CTA's tile loop ``cta`` and return
    its two blocks: ``pairs``, the output tile's copy into ``y[..., u, c]`` (whose columns ``u * c_extent +
    c`` TVM solves as an affine map), its output kept in registers, and its consumer (which
    reads ``y[..., 2 t, c]`` and ``y[..., 2 t + 1, c]``: solved for ``t``). The copies between
    (a padded GEMM's, to the unpadded output) are inlined into ``pairs`` first; a copy after
    the consumer (to an output narrower than whole slices) into it, its bound the consumer's
    predicate."""
    (store,) = sch.get_consumers(pairs)
    while len(elements_read(sch.get(store), sch.get(pairs).writes[0].source)) < 2:
        sch.compute_inline(pairs)
        pairs, (store,) = store, sch.get_consumers(store)
    sch.reverse_compute_at(pairs, cta)
    sch.reverse_compute_at(store, cta)
    for copy in sch.get_consumers(store):  # the copy to an output narrower than the slices: its bound
        rows = _predicate(sch.mod["main"], sch.get(store).name_hint)  # (the inline replaces it)
        sch.reverse_compute_inline(copy)
        _conjoin_predicate(sch, store, rows)
    sch.set_scope(pairs, 0, "local")
    return pairs, store


def _conjoin_predicate(sch: s_tir.Schedule, block: s_tir.SBlockRV, extra: tirx.PrimExpr) -> None:
    """Add ``extra`` (over the current loops) to the predicate of ``block``, the body of its
    innermost loop."""
    innermost = sch.get_loops(block)[-1]
    loop = sch.get(innermost)
    realize = loop.body
    predicate = all_of([*conjuncts(realize.predicate), *conjuncts(extra)])
    body = s_tir.SBlockRealize(realize.iter_values, predicate, realize.block)
    new = tirx.For(loop.loop_var, loop.min, loop.extent, loop.kind, body, loop.thread_binding, loop.annotations)
    sch.state.replace(sch.get_sref(innermost), new, {realize.block: realize.block})


def _predicate(func: tirx.PrimFunc, block: str) -> tirx.PrimExpr:
    """The predicate of the block named ``block`` (one realize of it) in ``func``."""
    predicates = []
    tvm_ffi.structural_walk(func.body, (s_tir.SBlockRealize, lambda r: predicates.append(r.predicate)
                                        if r.block.name_hint == block else None))
    (predicate,) = predicates
    return predicate


def _predicated_like(func: tirx.PrimFunc, store: str, blocks: list[str]) -> tirx.PrimFunc:
    """``func`` with the blocks named ``blocks`` predicated as the block named ``store``."""
    predicate = _predicate(func, store)

    def on_realize(realize, mutator):
        realize = mutator.default_mutate(realize)
        if realize.block.name_hint not in blocks:
            return realize
        return s_tir.SBlockRealize(realize.iter_values, predicate, realize.block)

    return func.with_body(tvm_ffi.structural_mutate(func.body, (s_tir.SBlockRealize, on_realize)))


def _loads_per_trip(func: tirx.PrimFunc, blocks: list[str], loop: tirx.Var) -> bool:
    """Whether any of the blocks named ``blocks`` loads from global memory a region that moves
    with loop ``loop`` (an operand the size of the output tile, as a residual is)."""
    found = []

    def on_realize(realize):
        if realize.block.name_hint in blocks:
            iters = {it.var: value for it, value in zip(realize.block.iter_vars, realize.iter_values)}
            found.extend(uses_var(substitute([r.min for r in read.region], iters), [loop])
                         for read in realize.block.reads if read.source.scope() == "global")

    walk(func.body, s_tir.SBlockRealize, on_realize)
    return any(found)


def _full_tiles_unpredicated(func: tirx.PrimFunc, loop: tirx.Var) -> tirx.PrimFunc:
    """``func`` with its epilogue loop ``loop`` in two versions: where the bounds ``e < b`` that
    predicate its blocks hold for every ``e`` the loop and those inside it reach (a tile that
    ends before the rows do: every CTA but the last row's under a dynamic M), the loop with
    those bounds dropped; else the loop as it is. Unpredicated (and unrolled, where it reads a
    residual: :func:`_loads_per_trip`) the loop issues a thread's global loads together;
    predicated, each trip's loads wait behind its bound's branch (:func:`_bound_once_per_thread`)."""
    registers = {}  # the epilogue's local buffers -> the unpredicated version's own

    def version(epilogue: tirx.For) -> tirx.Stmt:
        inner = {}
        walk(epilogue, tirx.For, lambda f: inner.update({f.loop_var: arith.IntervalSet(f.min, f.min + f.extent - 1)}))
        terms = []
        walk(epilogue, s_tir.SBlockRealize, lambda r: terms.extend(conjuncts(r.predicate)))
        bounds = _distinct([c for c in terms if isinstance(c, tirx.LT) and not uses_var(c.b, list(inner))])
        analyzer = arith.Analyzer()
        ends = [analyzer.int_set(c.a, inner).max_value for c in bounds]
        if not bounds or any(uses_var(end, list(inner)) or {"pos_inf", "neg_inf"} & {v.name for v in free_vars(end)}
                             for end in ends):  # (no bound, or a rows' end not known before the loop)
            return epilogue
        full = all_of(_distinct([analyzer.simplify(end < c.b) for end, c in zip(ends, bounds)]))

        def on_realize(realize, mutator):
            realize = mutator.default_mutate(realize)
            kept = [c for c in conjuncts(realize.predicate) if not any(tvm_ffi.structural_equal(c, d) for d in bounds)]
            return s_tir.SBlockRealize(realize.iter_values, all_of(kept), realize.block)

        # (its registers its own: allocations are placed where their accesses meet, here inside it)
        walk(epilogue, s_tir.SBlock, lambda b: registers.update(
            {w.source: tvm.tirx.buffer._ffi_api.BufferVar(w.source.name, w.source.ty, None)
             for w in b.writes if w.source.scope() == "local"}))
        fast = renamed(substitute(tvm_ffi.structural_mutate(epilogue, (s_tir.SBlockRealize, on_realize)), registers))
        # (thread-invariant: ThreadSync places no barrier for the branch)
        return tirx.IfThenElse(tirx.call_intrin("bool", "tirx.tvm_thread_invariant", full), fast, epilogue)

    def on_block(block, mutator):
        block = mutator.default_mutate(block)
        own = [registers[b] for b in block.alloc_buffers if b in registers]
        if not own:
            return block
        return s_tir.SBlock(block.iter_vars, block.reads, block.writes, block.name_hint, block.body, block.init,
                            [*block.alloc_buffers, *own], block.match_buffers, block.annotations)

    body = tvm_ffi.structural_mutate(func.body, (tirx.For, lambda f, m: version(f) if f.loop_var.same_as(loop)
                                                 else m.default_mutate(f)))
    return func.with_body(tvm_ffi.structural_mutate(body, (s_tir.SBlock, on_block)))


def _bound_once_per_thread(func: tirx.PrimFunc, thread: tirx.Var) -> tirx.PrimFunc:
    """``func`` with the conjuncts that predicate every predicated block under the epilogue's
    thread loop ``thread`` and none of the loops inside it (a thread's row bound, which
    predicates its residual's load, its computation and its store; stated alike or not)
    dropped from the blocks and tested once, around the loop's body: its loads, computation and
    store one branch. Only where the blocks it did not predicate write registers alone (the
    thread's copy of the output tile), which the bound then skips too. (TVM's
    CompactBufferAllocation solves each block predicate and condition as inequalities over the
    loops, 2-3 ms each in a dynamic GEMM's epilogue: 9 ms of 43.)"""
    analyzer = arith.Analyzer()

    def same(c: tirx.PrimExpr, d: tirx.PrimExpr) -> bool:
        return tvm_ffi.structural_equal(c, d) or (isinstance(c, tirx.LT) and isinstance(d, tirx.LT)
                                                  and tvm_ffi.structural_equal(c.b, d.b)
                                                  and analyzer.can_prove_equal(c.a, d.a))

    def on_for(loop, mutator):
        bind_loop(analyzer, loop)
        if not loop.loop_var.same_as(thread):
            return mutator.default_mutate(loop)
        inner = []
        walk(loop.body, tirx.For, inner.append)
        for f in inner:
            bind_loop(analyzer, f)
        realizes = []
        walk(loop.body, s_tir.SBlockRealize, realizes.append)
        unbounded = [r for r in realizes if isinstance(r.predicate, tirx.IntImm)]
        if any(w.source.scope() != "local" for r in unbounded for w in r.block.writes):
            return loop  # (a block the bound does not predicate runs under it too: only one writing registers)
        predicates = [conjuncts(r.predicate) for r in realizes if not isinstance(r.predicate, tirx.IntImm)]
        common = [c for c in (predicates[0] if predicates else []) if not uses_var(c, [f.loop_var for f in inner])
                  and all(any(same(c, d) for d in others) for others in predicates[1:])]
        if not common:
            return loop

        def on_realize(realize, mutator):
            realize = mutator.default_mutate(realize)
            kept = [c for c in conjuncts(realize.predicate) if not any(same(c, d) for d in common)]
            return s_tir.SBlockRealize(realize.iter_values, all_of(kept), realize.block)

        body = tirx.IfThenElse(all_of(common), tvm_ffi.structural_mutate(loop.body, (s_tir.SBlockRealize, on_realize)),
                               None)
        return tirx.For(loop.loop_var, loop.min, loop.extent, loop.kind, body, loop.thread_binding, loop.annotations)

    return func.with_body(tvm_ffi.structural_mutate(func.body, (tirx.For, on_for)))


def _distinct(exprs: list) -> list:
    """``exprs`` without the structural repeats of earlier ones."""
    return [e for i, e in enumerate(exprs) if not any(tvm_ffi.structural_equal(e, d) for d in exprs[:i])]


def _simplified_predicates(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """``func`` with the conjuncts of each block's predicate that hold in every iteration of
    its loops dropped, and those that simplify to fewer loop variables given the loops'
    ranges simplified. (Under a dynamic M, ``reverse_compute_at`` predicates the epilogue by
    ``tile - ceil(M / 128) < 0 or row == 0``, true in every CTA of the grid, besides the bound
    ``row < M``: with the bound alone left, the bulk store's tensor map clips the tile. A
    column bound ``8 c + lane < N`` with ``N`` a multiple of 8 becomes ``c < N / 8``: one
    predicate per 16-byte vector.)"""
    analyzer = arith.Analyzer()

    def holds(cond) -> bool:
        if isinstance(cond, tirx.Or):
            return holds(cond.a) or holds(cond.b)
        if isinstance(cond, tirx.LT) and isinstance(cond.a, tirx.Sub) and analyzer.can_prove_equal(cond.b, 0):
            cond = cond.a.a < cond.a.b  # (x - e < 0: the analyzer proves x < e from x's range only)
        return analyzer.can_prove(cond)

    def on_for(loop, mutator):
        bind_loop(analyzer, loop)
        return mutator.default_mutate(loop)

    def on_realize(realize, mutator):
        realize = mutator.default_mutate(realize)
        terms = conjuncts(realize.predicate)
        kept = [c for c in terms if not holds(c)]
        kept = [_fewer_vars(c, analyzer.simplify(c)) for c in kept]
        if len(kept) == len(terms) and all(a.same_as(b) for a, b in zip(kept, terms)):
            return realize
        return s_tir.SBlockRealize(realize.iter_values, all_of(kept), realize.block)

    return func.with_body(tvm_ffi.structural_mutate(func.body, [(tirx.For, on_for), (s_tir.SBlockRealize, on_realize)]))


def _fewer_vars(expr: tirx.PrimExpr, simplified: tirx.PrimExpr) -> tirx.PrimExpr:
    """``simplified`` where it uses fewer variables than ``expr``, else ``expr``."""
    def count(e) -> int:
        return len({v.name for v in free_vars(e)})

    return simplified if count(simplified) < count(expr) else expr


def _exact_round_trip(expr) -> TensorLoad | None:
    """``x`` where ``expr`` is ``cast(t, cast(float32, x))`` of a 16-bit float ``x`` of type
    ``t`` (exact: fp32 holds every fp16 and bf16 value), else None."""
    if isinstance(expr, tirx.Cast) and isinstance(expr.value, tirx.Cast) and str(expr.value.ty) == "float32":
        inner = expr.value.value
        if str(inner.ty) == str(expr.ty) and str(inner.ty) in ("float16", "bfloat16"):
            return inner
    return None


def _without_round_trips(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """``func`` with every exact round trip of :func:`_exact_round_trip` replaced by its value
    (``unsafe_set_dtype`` leaves one where the output tile's reader casts it up)."""

    def on_cast(cast, mutator):
        cast = mutator.default_mutate(cast)
        inner = _exact_round_trip(cast)
        return cast if inner is None else inner

    return func.with_body(tvm_ffi.structural_mutate(func.body, (tirx.Cast, on_cast)))


def _copies(block: s_tir.SBlock) -> bool:
    """Whether ``block`` stores a shared tile to global memory unchanged (a bulk store can):
    a load of the same type, or an exact round trip of one."""
    if len(block.reads) != 1 or not isinstance(block.body, tirx.BufferStore):
        return False
    value = _exact_round_trip(block.body.value)
    value = block.body.value if value is None else value
    return isinstance(value, TensorLoad) and value.source.dtype == block.body.buffer.dtype


def _accumulate_in_float32(sch: s_tir.Schedule, main: s_tir.SBlockRV) -> s_tir.Schedule:
    """A schedule of ``sch``'s function whose GEMM block ``main`` (``C += A * B``, ``C`` an
    intermediate buffer) accumulates in fp32: ``C`` fp32, ``C += f32(A) * f32(B)``, its reads
    cast back to the type it had (``unsafe_set_dtype`` casts the consumers; the block's own
    update is written anew, as the product of the 16-bit operands in fp32)."""
    block = sch.get(main)
    store = block.body
    if not isinstance(store, tirx.BufferStore):
        raise s_tir.ScheduleError("the GEMM block's body is not a store")
    if str(store.buffer.dtype) == "float32":
        return sch
    loads = []
    tvm_ffi.structural_walk(store.value, (TensorLoad, loads.append))
    operands = [load for load in loads if not load.source.same_as(store.buffer)]
    if len(operands) != 2:
        raise s_tir.ScheduleError("the GEMM block is not C += A * B")
    name = block.name_hint
    sch.unsafe_set_dtype(main, 0, "float32")
    func = sch.mod["main"]

    def on_block(node, mutator):
        node = mutator.default_mutate(node)
        if node.name_hint != name:
            return node
        body = node.body
        acc = body.buffer
        a, b = operands
        value = tirx.BufferLoad(acc, body.indices) + tirx.Cast("float32", a) * tirx.Cast("float32", b)
        init = tirx.BufferStore(acc, tirx.const(0, "float32"), body.indices)
        return s_tir.SBlock(node.iter_vars, node.reads, node.writes, node.name_hint,
                            tirx.BufferStore(acc, value, body.indices), init, node.alloc_buffers,
                            node.match_buffers, node.annotations)

    func = func.with_body(tvm_ffi.structural_mutate(func.body, (s_tir.SBlock, on_block)))
    return Schedule(sch.mod.__class__({"main": func}))


__all__ = ["WgmmaConfig", "WgmmaMatmul"]
