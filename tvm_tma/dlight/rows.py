"""Row-reduction rules: RMSNorm, LayerNorm and softmax over the last axis, each row staged
into shared memory once by a TMA pipeline over the rows."""

from __future__ import annotations

from tvm import s_tir, tirx
from tvm.s_tir.dlight.analysis import SBlockInfo, normalize_prim_func
from tvm.s_tir.dlight.base import try_inline_contiguous_spatial
from tvm.s_tir.dlight.gpu.base import GPUScheduleRule
from tvm.target import Target

from ..kernels._common import row_threads, thread_vectorize, vector_lanes
from ..schedule import tma_pipeline
from ..transforms._ir import op_names
from ._schedule import Schedule
from ._target import schedules

WARP = 32
MAX_GRID_Y = 65535
"""The largest ``gridDim.y`` (CUDA Programming Guide, compute capabilities table): the row
axes other than the innermost one are bound to ``blockIdx.y``."""


class _RowReduction(GPUScheduleRule):
    """A function that, per row of an input ``x[..., c]`` (all axes but the last are rows),
    reduces the row one or more times and then writes an output row computed from ``x`` and
    those statistics (what Relax legalizes ``rms_norm``, ``layer_norm`` and ``softmax`` to).

    Accepts, after stock dlight's normalization (``normalize_prim_func``,
    ``try_inline_contiguous_spatial``), blocks ``R_1 .. R_n, Y``: reductions over the last
    axis only (``S..SR``) and a spatial output block over the same iterators, every block
    reading ``x`` at its own iterators; a static row length whose bytes are a multiple of 16
    (a bulk copy) and whose 16-byte vector count has a divisor from 32 (a warp) to
    ``max_threads`` (the CTA's threads, each taking whole vectors); a CUDA target of sm_90 or
    newer; and what :meth:`matches` checks of the reductions. Anything else returns ``None``
    (the next rule, e.g. stock's ``GeneralReduction``, takes it).

    Emits: CTA ``b`` handles ``rows_per_cta`` consecutive rows (the last CTA's extra rows
    predicated off) in a loop that is a :func:`~tvm_tma.schedule.tma_pipeline` of ``stages``
    stages: row ``r + stages - 1`` is copied into a ``shared.dyn`` ring slot (one
    ``cp.async.bulk`` of the whole row under ``"tma"``) while row ``r`` is reduced from shared
    memory; each reduction is a cross-thread reduction (``threads`` threads, TVM's allreduce)
    into a shared word; the output row is computed from the staged row and written to global
    memory by ``threads`` threads in 8-byte vectors. Stock's ``GeneralReduction`` instead re-reads
    ``x`` from global memory in each of the ``n + 1`` passes.

    ``rows_per_cta`` defaults to 1, as :mod:`tvm_tma.kernels.norm`'s kernels: the CTAs that
    stage one row each are many and small enough to keep several on an SM, which overlap their
    copies as a ring would; four rows a CTA leave a short prefill's rows in few CTAs, each
    waiting for its rows in turn. On the H100, in the Llama layer built for any length (two
    rms_norm launches, GPU µs): 8.9 -> 6.6 at 512 tokens, 12.0 -> 10.0-10.2 at 1024, 41.1 -> 39.9
    at 4096; the GPT-2 block's two layer_norm 10.6 -> 7.1 at 777 tokens, 14.7 -> 13.6 at 2048
    (``benchmarks/results/models_row_ctas_h100.md``).
    """

    def __init__(self, rows_per_cta: int = 1, stages: int = 2, max_threads: int = 256):
        self.rows_per_cta, self.stages, self.max_threads = rows_per_cta, stages, max_threads

    def matches(self, reductions: list[s_tir.SBlock], output: s_tir.SBlock) -> bool:
        """Whether the reductions and output block are this rule's operator."""
        raise NotImplementedError

    def apply(self, func: tirx.PrimFunc, target: Target, _: bool) -> s_tir.Schedule | None:
        if not schedules(self, func, target, 90):
            return None
        sch = Schedule(func)
        infos = normalize_prim_func(sch)
        if infos is None:
            return None
        infos = try_inline_contiguous_spatial(sch, infos)
        row = _row_input(sch, infos)
        if row is None:
            return None
        blocks = [sch.get(info.block_rv) for info in infos]
        if not self.matches(blocks[:-1], blocks[-1]):
            return None
        cols = int(infos[-1].iters[-1].dom)
        threads = row_threads(cols // vector_lanes(row.dtype), self.max_threads)
        if threads < WARP:  # a short row, or a vector count without a divisor near max_threads
            return None
        return self._schedule(sch, infos, row, threads)

    def _schedule(self, sch: s_tir.Schedule, infos: list[SBlockInfo], row: tirx.Buffer,
                  threads: int) -> s_tir.Schedule:
        lanes = vector_lanes(row.dtype)
        output = infos[-1].block_rv
        loops = sch.get_loops(output)
        # rows_per_cta consecutive rows of the innermost row axis per CTA (split alone, so that
        # a dynamic extent keeps affine bindings), the other row axes on blockIdx.y
        *outer, rows = loops[:-1]
        extent = sch.get(rows).extent
        per_cta = min(self.rows_per_cta, int(extent)) if isinstance(extent, tirx.IntImm) else self.rows_per_cta
        bx, r = sch.split(rows, [None, per_cta])
        sch.bind(bx, "blockIdx.x")
        if outer:
            sch.bind(sch.fuse(*outer), "blockIdx.y")
        # the output row: threads x 8-byte vectors of the output (16-byte ones of fp16 make the
        # fp32 intermediate a float32x8, which TVM 0.27's CUDA codegen cannot broadcast into)
        out_bytes = sch.get(output).writes[0].source.dtype.bits // 8
        _, tx, vec = sch.split(loops[-1], [None, threads, min(lanes, max(1, 8 // out_bytes))])
        sch.bind(tx, "threadIdx.x")
        sch.vectorize(vec)
        reductions = [info.block_rv for info in infos[:-1]]
        for block in reversed(reductions):
            sch.compute_at(block, r, preserve_unit_loops=True)
            sch.set_scope(block, 0, "shared")
            red_o, red_t = sch.split(sch.get_loops(block)[-1], [None, threads])
            sch.reorder(red_t, red_o)
            sch.bind(red_t, "threadIdx.x")
        readers = [info.block_rv for info in infos]
        index = [b.source.same_as(row) for b in sch.get(reductions[0]).reads].index(True)
        copy = sch.cache_read(reductions[0], index, "shared.dyn", consumer_blocks=readers)
        sch.compute_at(copy, r, preserve_unit_loops=True)
        thread_vectorize(sch, sch.get_loops(copy)[-1], threads, lanes)
        tma_pipeline(sch, r, stages=self.stages, num_copies=1)
        return sch


def _row_input(sch: s_tir.Schedule, infos: list[SBlockInfo] | None) -> tirx.Buffer | None:
    """The buffer ``x`` every block reads at its own iterators, if the blocks have the shape
    of a row reduction (``_RowReduction``) with a static row of 16-byte multiples."""
    if not infos or len(infos) < 2:
        return None
    kinds = [info.dom_kind() for info in infos]
    rank = len(kinds[-1])  # of the normalized iteration space: rows, then the row's elements
    if rank < 2 or kinds[-1] != "S" * rank or any(k != "S" * (rank - 1) + "R" for k in kinds[:-1]):
        return None
    cols = infos[-1].iters[-1].dom
    others = 1
    for info in infos[-1].iters[:-2]:
        others *= int(info.dom) if isinstance(info.dom, (int, tirx.IntImm)) else MAX_GRID_Y + 1
    if not isinstance(cols, (int, tirx.IntImm)) or others > MAX_GRID_Y:
        return None
    common = None
    for info in infos:
        block = sch.get(info.block_rv)
        own = [it.var for it in block.iter_vars]
        whole = {r.source for r in block.reads if _reads_at(r, own)}
        common = whole if common is None else common & whole
    if not common or len(common) != 1:
        return None
    (row,) = common
    if (int(cols) * row.dtype.bits // 8) % 16 or row.scope() != "global":
        return None
    return row


def _is_one(extent: tirx.Expr) -> bool:
    return isinstance(extent, tirx.IntImm) and extent.value == 1


def _reads_at(region: tirx.BufferRegion, iters: list[tirx.Var]) -> bool:
    """Whether ``region`` is one element at ``iters`` (in order), with index 0 on the buffer's
    unit axes (which dlight's normalization drops from the iterators)."""
    indices = [r.min for r, n in zip(region.region, region.source.shape)
               if not (_is_one(n) and isinstance(r.min, tirx.IntImm) and r.min.value == 0)]
    return (all(_is_one(r.extent) for r in region.region) and len(indices) == len(iters)
            and all(i.same_as(v) for i, v in zip(indices, iters)))


def _calls(stmt: s_tir.SBlock, op_name: str) -> bool:
    """Whether ``stmt``'s body calls the TIR operator ``op_name``."""
    return op_name in op_names(stmt.body)


def _combiner(block: s_tir.SBlock) -> str:
    """``"max"``, ``"sum"`` or ``""``: what the reduction block ``block`` combines with."""
    store = block.body
    if not isinstance(store, tirx.BufferStore):
        return ""
    value = store.value
    if isinstance(value, tirx.Max):
        return "max"
    if isinstance(value, tirx.Add):
        return "sum"
    return ""


class RMSNorm(_RowReduction):
    """``y = x * rsqrt(mean(x^2) + eps) * w`` over the last axis (Relax ``nn.rms_norm``):
    one sum reduction, an output with ``rsqrt``. Schedule: :class:`_RowReduction`."""

    def matches(self, reductions: list[s_tir.SBlock], output: s_tir.SBlock) -> bool:
        return len(reductions) == 1 and _combiner(reductions[0]) == "sum" and _calls(output, "tirx.rsqrt")


class LayerNorm(_RowReduction):
    """``y = (x - mean) * rsqrt(var + eps) * w + b`` over the last axis (Relax
    ``nn.layer_norm``): two sum reductions (the sum, then the squared deviations), an output
    with ``rsqrt``. Schedule: :class:`_RowReduction`."""

    def matches(self, reductions: list[s_tir.SBlock], output: s_tir.SBlock) -> bool:
        return (len(reductions) == 2 and all(_combiner(b) == "sum" for b in reductions)
                and _calls(output, "tirx.rsqrt"))


class Softmax(_RowReduction):
    """``y = exp(x - max(x)) / sum(exp(x - max(x)))`` over the last axis (Relax
    ``nn.softmax``, with casts fused before or after): a max reduction, then a sum of
    ``exp``. Schedule: :class:`_RowReduction`."""

    def matches(self, reductions: list[s_tir.SBlock], output: s_tir.SBlock) -> bool:
        return (len(reductions) == 2 and _combiner(reductions[0]) == "max" and _combiner(reductions[1]) == "sum"
                and _calls(reductions[1], "tirx.exp"))
