"""Tensor-core GEMM rule: Relax matmuls on ``mma.sync`` with TMA-loaded, swizzled operand tiles."""

from __future__ import annotations

import math
from dataclasses import dataclass

import tvm_ffi
from tvm import s_tir, tirx
from tvm.ir.expr import TensorLoad
from tvm.s_tir.dlight.analysis import get_root_block
from tvm.s_tir.dlight.gpu.base import GPUScheduleRule
from tvm.s_tir.dlight.gpu.matmul import (
    IterKind,
    auto_inline_consumer_chain,
    auto_inline_producers,
    detect_iter_traits,
    get_reduction_blocks,
    make_iter_fusion_index_map,
)
from tvm.target import Target

from ..schedule import swizzle
from ._schedule import Schedule
from ._target import schedules

_S, _I, _J, _K = IterKind.kIter_S, IterKind.kIter_I, IterKind.kIter_J, IterKind.kIter_K
SMALL_EXTENT = 64
"""Stock dlight's ``minimal_tensorize_threshold``: a GEMM with a static ``M``, ``N`` or ``K`` of at
most this many is not put on tensor cores."""


@dataclass(frozen=True)
class MatmulConfig:
    """Tile shape of :class:`Matmul`: a CTA computes ``16 * warps_m * frag_m`` rows by
    ``16 * warps_n * frag_n`` columns of C with ``warps_m * warps_n`` warps, each warp a
    ``16 * frag_m`` by ``16 * frag_n`` tile of 16x16 ``mma.sync`` fragments; the reduction
    advances ``16 * k_frags`` at a time through a ring of ``stages`` shared tiles. The default
    is ``kernels.gemm_mma``'s tiling with the reduction tile of its fastest variant on the H100
    (``k_factors=(64, 4, 1), stages=2``: 391.7 TFLOP/s at 4096^3 against 362.1 with a 32-deep
    tile and 4 stages, ``benchmarks/RESULTS.md``). CTAs are numbered in groups of ``group_m`` row
    tiles (all column tiles of a group, then the next group) where the row tiles are static and
    ``group_m`` divides them, so that the CTAs resident at once read few tiles of A and B from
    DRAM (L2 reuse); ``group_m=1`` (or a dynamic ``M``) numbers them column tile first."""

    warps_m: int = 1
    warps_n: int = 4
    frag_m: int = 8
    frag_n: int = 2
    k_frags: int = 4
    stages: int = 2
    group_m: int = 8

    @property
    def tile(self) -> tuple[int, int, int]:
        """(rows, columns, reduction) of the CTA tile."""
        return 16 * self.warps_m * self.frag_m, 16 * self.warps_n * self.frag_n, 16 * self.k_frags


def _static(extent: tirx.Expr) -> int | None:
    return int(extent) if isinstance(extent, tirx.IntImm) else None


def _innermost_var(region) -> tirx.Var | None:
    last = region[-1].min
    return last if isinstance(last, tirx.Var) else None


class Matmul(GPUScheduleRule):
    """``C[S, I, J] = sum_K A[S, I, K] * B[S, K, J]`` (or ``B[S, J, K]``, ``x @ W^T`` as
    ``nn.Linear`` computes it) with fp16 operands and fp16 or fp32 accumulation, any spatial
    epilogue fused after it (bias, residual add, scale, cast), on tensor cores.

    Accepts a PrimFunc with one reduction block whose iterators are the batch (``S``), row
    (``I``), column (``J``) and reduction (``K``) axes of a GEMM (stock dlight's
    ``detect_iter_traits``), fp16 inputs, K innermost in A, static ``K`` (and ``N`` where
    B is ``[K, N]``) with rows of 16-byte multiples (``K % 8 == 0``, ``N % 8 == 0``), no static
    ``M``, ``N`` or ``K`` of at most :data:`SMALL_EXTENT` (as stock; the product of a kind's
    iterators), an epilogue that reads one output element per element it writes (a gated
    epilogue is :class:`~tvm_tma.dlight.WgmmaMatmul`'s), on a CUDA target of sm_80
    or newer. ``M`` may be dynamic: the function is padded to whole CTA
    tiles (``pad_einsum``, as stock's ``MatmulTensorization``), so a tail tile's rows past
    ``M`` are loaded as zeros (the ``if_then_else`` the padding leaves in the copy: a tensor
    map's out-of-bounds fill under ``tir_pipeline="tma"``) and never stored. Anything else
    returns ``None`` so that the next rule (stock's) schedules it.

    Emits upstream's pipelined ``mma.sync`` GEMM (``kernels.gemm_mma(layout="swizzled")``):
    a CTA tile of C per CTA (grouped along the rows, :class:`MatmulConfig`; ``blockIdx.z``
    the batch), operand tiles staged by a :func:`~tvm_tma.schedule.tma_pipeline`-shaped
    software pipeline over the reduction (copies in stage 0, async) into dense
    :func:`~tvm_tma.schedule.swizzle`\\ d ``shared.dyn`` tiles (TMA tensor copies with a
    128/64-byte swizzle under ``"tma"``, conflict-free ``ldmatrix``), 16x16x16 ``mma.sync``
    from ``warp`` fragments, and the accumulators written back through ``shared.dyn`` in
    vectors of 8 elements with the epilogue inlined. Stock TVM's pipeline builds the same
    schedule with ``cp.async`` groups (``tirx.use_async_copy``).

    Stock dlight's ``Matmul`` uses tensor cores (WMMA, ``MatmulTensorization``) only when
    ``check_sm_version(arch) >= 70``; that helper parses ``"sm_90a"`` as ``-1``, so on an
    ``sm_90a`` target stock falls back to its SIMT schedule. This rule reads the version
    with the suffix (:func:`tvm_tma.dlight._target.sm_version`).
    """

    def __init__(self, config: MatmulConfig | None = None):
        self.config = config or MatmulConfig()

    def apply(self, func: tirx.PrimFunc, target: Target, _: bool) -> s_tir.Schedule | None:
        if not schedules(self, func, target, 80):
            return None
        if "dlight.do_not_tensorize" in func.attrs:
            return None
        sch = Schedule(func)
        reductions = reduction_blocks(sch)
        if reductions is None:
            return None
        main = reductions[0]
        layout = operand_layout(sch.get(main))
        if layout is None or any(len(elements_read(sch.get(c), sch.get(main).writes[0].source)) > 1
                                 for c in sch.get_consumers(main)):  # (a gated epilogue: WgmmaMatmul's)
            return None
        return self._schedule(sch, main, *layout)

    def _schedule(self, sch: s_tir.Schedule, main: s_tir.SBlockRV, traits, b_transposed: bool,
                  out_dtype: str) -> s_tir.Schedule | None:
        from tvm.s_tir.tensor_intrin import cuda as intrin

        cfg = self.config
        main = normalize_gemm(sch, main, traits, b_transposed, cfg.tile)
        batch, i, j, k = sch.get_loops(main)
        i, i_tc = sch.split(i, [None, 16])
        j, j_tc = sch.split(j, [None, 16])
        k, k_tc = sch.split(k, [None, 16])
        sch.reorder(i, j, k, i_tc, j_tc, k_tc)
        inner = main
        outer = sch.blockize(i_tc)
        i0, i1, i2, i3 = sch.split(i, [None, cfg.warps_m, cfg.frag_m // 2, 2])
        j0, j1, j2, j3 = sch.split(j, [None, cfg.warps_n, cfg.frag_n // 2, 2])
        k0, k1, k2 = sch.split(k, [None, cfg.k_frags, 1])
        sch.reorder(i0, j0, j1, i1, k0, k1, i2, j2, k2, i3, j3)
        warp = sch.fuse(j1, i1)
        sch.bind(batch, "blockIdx.z")
        row_tiles = sch.get(i0).extent
        if isinstance(row_tiles, tirx.IntImm) and cfg.group_m > 1 and row_tiles.value % cfg.group_m == 0:
            # CTA b: row tile (b / (group_m * column tiles)) * group_m + b % group_m, column tile
            # (b / group_m) % column tiles: CTAs running together share group_m row tiles of A
            group, member = sch.split(i0, [None, cfg.group_m])
            sch.reorder(group, j0, member)
            sch.bind(sch.fuse(group, j0, member), "blockIdx.x")
        else:
            sch.bind(j0, "blockIdx.x")
            sch.bind(i0, "blockIdx.y")
        sch.bind(warp, "threadIdx.y")
        warps = cfg.warps_m * cfg.warps_n

        copies = []
        for index in (0, 1):
            copy = sch.cache_read(outer, index, "shared.dyn")
            sch.compute_at(copy, k0)
            loop = sch.fuse(*sch.get_loops(copy)[-2:])
            _, ty, tx, vec = sch.split(loop, [None, warps, 32, 8])
            sch.bind(ty, "threadIdx.y")
            sch.bind(tx, "threadIdx.x")
            sch.vectorize(vec)
            auto_inline_producers(sch, copy)
            copies.append(copy)

        a_frag = sch.cache_read(outer, 0, "warp")
        b_frag = sch.cache_read(outer, 1, "warp")
        sch.compute_at(a_frag, k1)
        sch.compute_at(b_frag, k1)
        c_shared = sch.cache_write(outer, 0, "shared.dyn")
        c_frag = sch.cache_write(outer, 0, "warp")
        sch.reverse_compute_at(c_frag, warp)
        sch.reverse_compute_at(c_shared, warp)
        ci, cj = sch.get_loops(c_frag)[-2:]
        ci0, ci1 = sch.split(ci, [None, 16])
        cj0, cj1 = sch.split(cj, [None, 16])
        sch.reorder(ci0, cj0, ci1, cj1)
        init = sch.decompose_reduction(outer, k0)

        def fragments(block: s_tir.SBlockRV) -> s_tir.LoopRV:
            r, c = sch.get_loops(block)[-2:]
            r0, r1 = sch.split(r, [None, 16])
            c0, c1 = sch.split(c, [None, 16])
            sch.reorder(r0, c0, r1, c1)
            return r1

        a_loop, b_loop = fragments(a_frag), fragments(b_frag)
        for block, rw in ((a_frag, "write"), (b_frag, "write"), (c_frag, "read")):
            sch.transform_layout(block, (rw, 0), _fragment_index_map)
        acc = "f32" if out_dtype == "float32" else "f16"
        sch.tensorize(a_loop, intrin.LDMATRIX_f16_A_DYN_INTRIN)
        sch.tensorize(b_loop,
                      intrin.LDMATRIX_f16_B_TRANS_DYN_INTRIN if b_transposed else intrin.LDMATRIX_f16_B_DYN_INTRIN)
        try:  # the one step that may not match: the block's arithmetic against mma.sync's
            sch.tensorize(sch.get_loops(inner)[-3], f"mma_f16f16{acc}" + ("_trans_b" if b_transposed else ""))
        except s_tir.ScheduleError:
            return None
        sch.tensorize(sch.get_loops(sch.get_child_blocks(init)[0])[-2], f"mma_fill_16x16_{acc}")
        sch.tensorize(sch.get_loops(c_frag)[-2], _store_intrin(out_dtype))

        auto_inline_consumer_chain(sch, c_shared)
        _, tx, vec = sch.split(sch.fuse(*sch.get_loops(c_shared)[-2:]), [None, 32, 8])
        sch.bind(tx, "threadIdx.x")
        sch.vectorize(vec)

        for copy in copies:
            swizzle(sch, copy)
        sch.annotate(k0, "software_pipeline_stage", [0, 0, cfg.stages - 1])
        sch.annotate(k0, "software_pipeline_order", [0, 1, 2])
        sch.annotate(k0, "software_pipeline_async_stages", [0])
        return sch


def _store_intrin(dtype: str) -> str:
    """The ``mma_store`` tensor intrinsic (16x16 accumulator fragment -> ``shared.dyn``, by
    ``mma_store_legacy``) for ``dtype``; TVM registers only the fp32 one, the fp16 one is
    registered here on first use."""
    from tvm.s_tir.tensor_intrin import cuda as intrin

    if dtype == "float32":
        return intrin.MMA_store_16x16_f32_shared_dyn_INTRIN
    name = "tvm_tma_mma_store_16x16_f16_shared_dyn"
    if name not in _REGISTERED:
        s_tir.TensorIntrin.register(name, *intrin.get_mma_store_intrin("float16", 8, "shared.dyn", True))
        _REGISTERED.add(name)
    return name


_REGISTERED: set[str] = set()


def _fragment_index_map(s: tirx.Var, r: tirx.Var, c: tirx.Var):
    """A ``warp`` fragment buffer ``[S, rows, columns]`` as ``[S, rows / 16, columns / 16,
    lane, element]`` in ``ldmatrix`` / ``mma.sync`` register order."""
    from tvm.s_tir.tensor_intrin.cuda import shared_16x16_to_ldmatrix_32x8_layout

    return (s, r // 16, c // 16, *shared_16x16_to_ldmatrix_32x8_layout(r % 16, c % 16))


def reduction_blocks(sch: s_tir.Schedule) -> list[s_tir.SBlockRV] | None:
    """The reduction blocks among the root block's children (dlight's analysis), ``None`` where
    the function is not spatial blocks around reductions."""
    return get_reduction_blocks(sch, sch.get_child_blocks(get_root_block(sch)))


def normalize_gemm(sch: s_tir.Schedule, main: s_tir.SBlockRV, traits, b_transposed: bool,
                   tile: tuple[int, int, int]) -> s_tir.SBlockRV:
    """The GEMM block ``main`` normalized to ``C[S, I, J] += A[S, I, K] * B[S, J, K]`` (``B[S,
    K, J]`` when J is innermost), each operand read through a reindexed copy in that order and
    ``C`` written through one, its loops ``[S, I, J, K]`` padded to whole tiles of ``tile``
    (``pad_einsum``: the padding is read as zeros and never stored)."""
    a_traits, b_traits, c_traits, block_traits = traits
    reindex_a = sch.reindex(main, ("read", 0))
    reindex_b = sch.reindex(main, ("read", 1))
    reindex_c = sch.reindex(main, ("write", 0))
    sch.transform_layout(reindex_a, ("write", 0), make_iter_fusion_index_map(a_traits, [_S, _I, _K]))
    sch.transform_layout(reindex_b, ("write", 0),
                         make_iter_fusion_index_map(b_traits, [_S, _J, _K] if b_transposed else [_S, _K, _J]))
    sch.transform_layout(reindex_c, ("read", 0), make_iter_fusion_index_map(c_traits, [_S, _I, _J]))
    sch.transform_block_layout(main, make_iter_fusion_index_map(block_traits, [_S, _I, _J, _K]))
    sch.pad_einsum(main, [1, *tile])
    return main


def elements_read(block: s_tir.SBlock, buf: tirx.Buffer) -> list[TensorLoad]:
    """The loads of distinct elements of ``buf`` in ``block``'s body."""
    loads = []
    tvm_ffi.structural_walk(block.body, (TensorLoad, lambda load: loads.append(load)
                                         if load.source.same_as(buf) else None))
    return list({str(load.indices): load for load in loads}.values())


def operand_layout(block: s_tir.SBlock, dtypes: tuple[str, ...] = ("float16",)):
    """``(traits, b_transposed, accumulate dtype)`` if ``block`` is a GEMM of operands of one
    of ``dtypes`` that the GEMM rules take."""
    traits = detect_iter_traits(block)
    if traits is None:
        return None
    a, b = block.reads
    c = block.writes[0]
    if a.source.dtype not in dtypes or b.source.dtype != a.source.dtype or \
            c.source.dtype not in (a.source.dtype, "float32"):
        return None
    kinds = {it.var: trait.kind for it, trait in zip(block.iter_vars, traits[3])}
    extents = {it.var: it.dom.extent for it in block.iter_vars}
    a_last, b_last = _innermost_var(a.region), _innermost_var(b.region)
    if a_last is None or b_last is None or kinds.get(a_last) != _K:
        return None
    b_transposed = kinds.get(b_last) == _K
    if not b_transposed and kinds.get(b_last) != _J:
        return None
    # as stock's Matmul: a static M, N or K of at most 64 is left to the rules after this one
    # (a 128 x 128 CTA tile would be mostly padding: e.g. a few rows of activations at decode)
    for kind in (_I, _J, _K):  # (a kind over several iterators: their product)
        sizes = [_static(e) for v, e in extents.items() if kinds.get(v) == kind]
        if None not in sizes and math.prod(sizes) <= SMALL_EXTENT:
            return None
    # 16-byte rows for the tensor maps: K of A (and of B^T), N of B
    for var in (a_last, b_last):
        extent = _static(extents[var])
        if extent is None or extent % 8:
            return None
    return traits, b_transposed, c.source.dtype
