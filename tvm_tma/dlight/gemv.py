"""GEMV rule: decode-time matmuls (one row of activations) with weight tiles streamed by a TMA pipeline."""

from __future__ import annotations

from tvm import s_tir, tirx
from tvm.s_tir.dlight.analysis import is_gemv, normalize, normalize_prim_func
from tvm.s_tir.dlight.base import try_inline_contiguous_spatial
from tvm.s_tir.dlight.gpu.base import GPUScheduleRule
from tvm.target import Target

from ..kernels._common import vector_lanes
from ..schedule import tma_pipeline
from ._schedule import Schedule
from ._target import schedules


class GEMV(GPUScheduleRule):
    """``y[b, n] = sum_k x[b, k] * W[n, k]`` (``x @ W^T`` with a single row of activations per
    ``b``: ``nn.Linear`` at decode time), with an optional elementwise epilogue.

    Accepts what stock dlight's ``GEMV`` analysis accepts (``is_gemv``, ``normalize``) with the
    reduction innermost in ``W`` (``W[n, k]``, contiguous ``k``), a static reduction length
    whose rows are 16-byte multiples, and a static ``n``, on a CUDA target of sm_90 or newer;
    else ``None`` (stock's ``GEMV`` takes it).

    Emits: CTA ``(blockIdx.x, blockIdx.y)`` computes ``rows`` outputs of batch row
    ``blockIdx.y``. Its ``threads`` threads walk the reduction in chunks of ``threads`` 16-byte
    vectors (the last chunk partial where ``k`` is no multiple of it: its copies and products
    predicated, the whole chunks still bulk copies): each chunk of the ``rows x chunk`` weight
    tile and of ``x`` is copied into ``shared.dyn`` by a :func:`~tvm_tma.schedule.tma_pipeline`
    of ``stages`` stages (TMA bulk copies under ``"tma"``) while each thread accumulates its part
    of the chunk for every row
    (``rfactor``: one partial sum per thread and row, in registers); then one cross-thread
    reduction per row (TVM's allreduce) and the epilogue. Thread ``t`` takes the elements
    ``t, t + threads, ...`` of a chunk (conflict-free shared loads). Stock's ``GEMV`` loads the weights
    from global memory into registers instead.
    """

    def __init__(self, rows: int = 4, threads: int = 64, stages: int = 4):
        self.rows, self.threads, self.stages = rows, threads, stages

    def apply(self, func: tirx.PrimFunc, target: Target, _: bool) -> s_tir.Schedule | None:
        if not schedules(self, func, target, 90):
            return None
        sch = Schedule(func)
        infos = normalize_prim_func(sch)
        infos = try_inline_contiguous_spatial(sch, infos) if infos else None
        if not infos or len(infos) > 2 or (len(infos) == 2 and not infos[1].is_injective()):
            return None
        main = infos[0]
        if len(main.iters) not in (2, 3) or is_gemv(sch, main) is None:
            return None
        weight = _weight(sch.get(main.block_rv))
        if weight is None:
            return None
        try:
            inner = normalize(sch, main)
        except AssertionError:  # stock's analysis asserts a spatial and a reduction loop (a 1 x 1 output has none)
            return None
        if inner is not True:  # True: the reduction is innermost
            return None
        batch, s, r, c = sch.get_loops(main.block_rv)
        lanes = vector_lanes(weight.dtype)
        extents = [sch.get(loop).extent for loop in (s, r, c)]
        if not all(isinstance(e, tirx.IntImm) for e in extents):
            return None
        n, k = int(extents[0]), int(extents[1]) * int(extents[2])
        if n % self.rows or k % lanes:
            return None
        return self._schedule(sch, main.block_rv, infos[1].block_rv if len(infos) == 2 else None, lanes)

    def _schedule(self, sch: s_tir.Schedule, gemv: s_tir.SBlockRV, epilogue: s_tir.SBlockRV | None,
                  lanes: int) -> s_tir.Schedule:
        batch, s, r, c = sch.get_loops(gemv)
        bx, sr = sch.split(s, [None, self.rows])
        # thread t takes elements t, t + threads, ... of a chunk: consecutive threads read
        # consecutive shared elements
        ko, kv, kt = sch.split(sch.fuse(r, c), [None, lanes, self.threads])
        partial = sch.rfactor(kt, 0)
        batch, bx, sr, ko, kv, kt = sch.get_loops(partial)
        sch.reorder(kt, ko, sr, kv)
        sch.bind(batch, "blockIdx.y")
        sch.bind(bx, "blockIdx.x")
        sch.bind(kt, "threadIdx.x")
        sch.set_scope(partial, 0, "local")
        sch.unroll(kv)

        sch.reverse_compute_at(gemv, bx)
        threads, rows = sch.get_loops(gemv)[-2:]
        sch.reorder(rows, threads)
        sch.bind(threads, "threadIdx.x")  # one cross-thread reduction per row
        if epilogue is not None:
            sch.set_scope(gemv, 0, "shared")
            sch.reverse_compute_at(epilogue, bx)
            tx, _ = sch.split(sch.fuse(*sch.get_loops(epilogue)[2:]), [self.threads, None])
            sch.bind(tx, "threadIdx.x")

        reads = [region.source for region in sch.get(partial).reads]
        for index in range(len(reads)):
            copy = sch.cache_read(partial, index, "shared.dyn", consumer_blocks=[partial])
            sch.compute_at(copy, ko)
            _, tx, vec = sch.split(sch.fuse(*sch.get_loops(copy)[4:]), [None, self.threads, lanes])
            sch.bind(tx, "threadIdx.x")
            sch.vectorize(vec)
        tma_pipeline(sch, ko, stages=self.stages, num_copies=len(reads))
        return sch


def _weight(block: s_tir.SBlock) -> tirx.Buffer | None:
    """The matrix operand of the GEMV ``block``: its read of the highest rank, if every read
    is fp16 or bf16 (16-byte vectors of 8 elements)."""
    reads = [region.source for region in block.reads]
    if any(buf.dtype not in ("float16", "bfloat16") for buf in reads):
        return None
    return max(reads, key=lambda buf: len(buf.shape))
