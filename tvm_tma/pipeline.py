"""The ``"tma"`` TIR pipeline: TVM 0.27's s_tir pipeline with the tvm-tma passes plugged in.

``import tvm_tma`` registers it, so that
``tvm.compile(mod, target=Target({"kind": "cuda", "arch": "sm_90a"}), tir_pipeline="tma")``
works for TensorIR PrimFuncs and for Relax modules. The pass order below is the stock
``tvm.s_tir.pipeline.default_s_tir_pipeline`` order (TVM 0.27); the comments marked
``tvm-tma:`` are the places where our passes run and why they run there.
"""

from __future__ import annotations

import functools
import os

import tvm
from tvm import s_tir, tirx
from tvm.s_tir import pipeline as stock
from tvm.tirx import compilation_pipeline

from . import report, transforms
from .errors import TMAError
from .transforms._ir import attrs_with_key, walk
from .transforms.copies.bulk_store import STORE_OPS
from .transforms.pipelines.stages import COMMIT, WAIT

PIPELINE_NAME = "tma"


COMPACT_BUFFERS = "tvm_tma.compact_buffers"
"""A PrimFunc attribute: ``CompactBufferAllocation`` would leave the function's CUDA as it is
(:func:`tvm_tma.kernels.attention`'s: its buffers as small as their accesses, but for the wgmma
fragments of 128 rows indexed by the thread, which ``LowerWarpgroupFragments`` makes each
thread's registers either way), so the pipeline does not run it there (the attention kernel of
the Llama layer built for any length compiles in 0.17 s instead of 0.23;
``tests/test_attention.py`` compares the CUDA with and without it)."""

VERIFY_ENV = "TVM_TMA_VERIFY"
"""Set to 1 to run :func:`tvm_tma.transforms.VerifyMBarrierProtocol` in every ``"tma"``
pipeline (the test suite does); ``"tma_verified"`` always runs it."""


def _passes(config, options: dict, tensor_map_cache: bool = True, verify: bool = False,
            programmatic_launch: bool = True) -> list[tvm.transform.Pass]:
    passes = [
        s_tir.transform.CanonicalizeLoop(),
        s_tir.transform.LowerCrossThreadReduction(),
        s_tir.transform.LowerInitBlock(),
        s_tir.transform.PlanAndUpdateBufferAllocationLocation(),
        s_tir.transform.ConvertBlocksToOpaque(),
        s_tir.transform.LiftThreadBinding(),
        s_tir.transform.ManifestSharedMemoryLocalStage(),
        # tvm-tma: not on functions whose buffers are compact already (COMPACT_BUFFERS).
        _compact_buffer_allocation(),
        s_tir.transform.LowerAutoCopy(),
        s_tir.transform.UnifyThreadBinding(),
        s_tir.transform.LowerMatchBuffer(),
        s_tir.transform.StmtSimplify(),
        s_tir.transform.InjectPermutedLayout(),
        s_tir.transform.AnnotateIrregularLoop(),
        # tvm-tma: vector copies into shared memory whose zero-fill condition and indices reach
        # the lane only through divisions (conv padding) get a lane-free condition and affine
        # indices, so that each vector can be one cp.async with a zero-fill source size.
        transforms.UniformLaneFill(),
        # tvm-tma: a loop marked producer="warp" becomes a producer warp and consumer warps on
        # two mbarrier rings (InjectSoftwarePipeline then leaves it alone).
        transforms.WarpSpecialize(),
        s_tir.transform.InjectSoftwarePipeline(),
        # tvm-tma: right after software pipelining, while buffers are still multi-dimensional
        # and the async queues are explicit attributes, the async stages become mbarrier
        # rings and their copies become cp.async.bulk (or cp.async on the same barrier).
        transforms.LowerAsyncPipelineToMBarrier(**options),
        # tvm-tma: copy blocks marked with tvm_tma.schedule.bulk_copy outside any pipeline.
        transforms.LowerBulkCopyBlocks(tensor_maps=options.get("tensor_maps", True)),
    ]
    if verify:
        # tvm-tma: check the barrier protocol the two passes above emitted (init before use,
        # arrivals and expect_tx bytes per phase, wait parities), while blocks still carry it.
        passes.append(transforms.VerifyMBarrierProtocol())
    passes += [
        # tvm-tma: wgmma operands encoded, the arch right, and (verifying) none overwritten while a
        # group may read it.
        transforms.VerifyWgmma(simulate=verify),
        # tvm-tma: wgmma accumulator fragments (128 rows, one per thread of the warpgroup) become
        # each thread's own registers, while buffers are still multi-dimensional.
        transforms.LowerWarpgroupFragments(),
        s_tir.transform.TransformMmaBufferLayout(),
        s_tir.transform.LowerOpaqueBlock(),
        tirx.transform.FlattenBuffer(),
        tirx.transform.BF16ComputeLegalize(),
        tirx.transform.NarrowDataType(32),
        s_tir.transform.LoopPartition(),
        tirx.transform.VectorizeLoop(not bool(config.get("tirx.disable_vectorize", False))),
        s_tir.transform.InjectVirtualThread(),
        s_tir.transform.InjectDoubleBuffer(),
    ]
    if not bool(config.get("tirx.disable_storage_rewrite", False)):
        # tvm-tma: not on functions with bulk stores (see _storage_rewrite_without_bulk_stores).
        passes.append(_storage_rewrite_without_bulk_stores())
    # tvm-tma: as stock runs it with tirx.use_async_copy, for the async queues left to stock's
    # lowering (its simplification makes their wait_group counts the constants codegen needs);
    # not over modules without such queues, where it only costs compile time.
    passes.append(_with_async_queues(s_tir.transform.LowerAsyncDMA()))
    passes += [
        # tvm-tma: stock's HoistIfThenElse, simplifying only the functions it hoisted in.
        _hoist_if_then_else(),
        tirx.transform.UnrollLoop(),
        s_tir.transform.RenormalizeSplitPattern(),
        tirx.transform.StmtSimplify(),
        tirx.transform.RemoveNoOp(),
        s_tir.transform.RewriteUnsafeSelect(),
    ]
    if bool(config.get("tirx.instrument_bound_checkers", False)):
        passes.append(s_tir.transform.InstrumentBoundCheckers())
    if not bool(config.get("tirx.disable_cse_tir", False)):
        passes.append(tirx.transform.CommonSubexprElim())
    passes += [
        tirx.transform.FP8ComputeLegalize(),
        s_tir.transform.VerifyVTCMLimit(),
        s_tir.transform.LowerVtcmAlloc(),
        tirx.transform.VerifyMemory(),
        tirx.transform.AnnotateEntryFunc(),
        s_tir.transform.ThreadSync("shared"),
        s_tir.transform.ThreadSync("shared.dyn"),
        s_tir.transform.ThreadSync("warp"),
        s_tir.transform.InferFragment(),
        s_tir.transform.LowerThreadAllreduce(),
        # tvm-tma: the CTA barriers those passes put inside a warp role's branch become the
        # role's named barrier.
        transforms.LowerRoleBarriers(),
        # tvm-tma: a CTA barrier right after another, with only copy issues between (the start
        # of every pipeline: after the mbarriers' init, the first stages' overwrite guards).
        transforms.ElideCTABarriers(),
        # tvm-tma: the copies of pipelines left to stock's lowering, and those under an
        # async_scope outside any pipeline, become cp.async as in stock TVM with
        # tirx.use_async_copy (their queues become commit/wait groups in the CUDA codegen).
        s_tir.transform.InjectPTXAsyncCopy(),
        s_tir.transform.MergeSharedMemoryAllocations(),
        # tvm-tma: shared memory merged here and by StorageRewrite declared with the alignment
        # of its most aligned tile (tensor-map boxes: 128 bytes, swizzled boxes: up to 1024).
        transforms.AlignSharedMemory(),
        # tvm-tma: every kernel's shared memory within the SM's, checked now rather than when
        # the module is loaded on the GPU.
        transforms.CheckSharedMemory(),
    ]
    if programmatic_launch:
        # tvm-tma: each kernel waits for the grids before it at its start and is launched while
        # they finish (programmatic dependent launch), the launch latency hidden.
        passes.append(transforms.ProgrammaticLaunch())
    passes += [
        tirx.transform.SplitHostDevice(),
        tirx.transform.MakePackedAPI(),
        tirx.transform.FP8StorageLegalize(),
        tirx.transform.BF16StorageLegalize(),
    ]
    if tensor_map_cache:
        # tvm-tma: the host encodes of tensor maps behind the descriptor cache
        # (tvm_tma.transforms.copies.tensor_map_cache), before LowerTVMBuiltin lowers them.
        passes.append(transforms.CacheTensorMapEncodes())
    return passes


def _on_functions(mod: tvm.ir.IRModule, part: dict, inner) -> tvm.ir.IRModule:
    """``mod`` with the functions of ``part`` (some of its functions, by global variable) as
    ``inner`` (a pass over a module of them alone) makes them, the others as they are."""
    if not part:
        return mod
    done = inner(tvm.IRModule(part, attrs=mod.attrs))
    functions = {gv: done[gv.name_hint] if gv in part else f for gv, f in mod.functions.items()}
    return tvm.IRModule(functions, attrs=mod.attrs, global_infos=mod.global_infos)


def _where(inner: tvm.transform.Pass, name: str, predicate) -> tvm.transform.Pass:
    """``inner`` on the PrimFuncs for which ``predicate`` holds, the others as they are (a
    function pass over the whole module costs each large kernel its traversal)."""
    @tvm.transform.module_pass(opt_level=0, name=name)
    def apply(mod: tvm.ir.IRModule, _ctx) -> tvm.ir.IRModule:
        part = {gv: f for gv, f in mod.functions.items() if isinstance(f, tirx.PrimFunc) and predicate(f)}
        return _on_functions(mod, part, inner)

    return apply


def _with_async_queues(inner: tvm.transform.Pass) -> tvm.transform.Pass:
    """``inner`` on the PrimFuncs where an async commit or wait queue is left."""
    return _where(inner, f"tvm_tma.WithAsyncQueues({inner.info.name})",
                  lambda f: attrs_with_key(f.body, (COMMIT, WAIT)))


def _compact_buffer_allocation() -> tvm.transform.Pass:
    """Stock ``CompactBufferAllocation`` on the PrimFuncs without :data:`COMPACT_BUFFERS`."""
    return _where(s_tir.transform.CompactBufferAllocation(), "tvm_tma.CompactBufferAllocation",
                  lambda f: not f.attrs.get(COMPACT_BUFFERS, False))


def _hoist_if_then_else() -> tvm.transform.Pass:
    """Stock ``HoistIfThenElse`` (TVM 0.27: ``InsertHoistIfThenElse``, then ``StmtSimplify``
    and ``RemoveNoOp`` over the whole module), with the simplification and no-op removal only
    on the PrimFuncs whose body the insertion changed. The others are left as they are: the
    pipeline simplifies and removes no-ops three passes later anyway, and the kernels of
    :mod:`tvm_tma.dlight` hoist nothing (the any-length Llama layer: about 40 ms, 3% of its
    compile, the same CUDA)."""
    insert, simplify, remove_no_op = s_tir.transform.HoistIfThenElse().passes

    @tvm.transform.module_pass(opt_level=0, name="tvm_tma.HoistIfThenElse")
    def apply(mod: tvm.ir.IRModule, _ctx) -> tvm.ir.IRModule:
        inserted = insert(mod)
        hoisted = {gv: f for gv, f in inserted.functions.items()
                   if isinstance(f, tirx.PrimFunc) and not f.body.same_as(mod[gv].body)}
        return _on_functions(mod, hoisted, lambda part: remove_no_op(simplify(part)))

    return apply


def _has_bulk_store(func) -> bool:
    found = []
    walk(func.body, tvm.ir.Call, lambda c: found.append(c.op.name in STORE_OPS))
    return any(found)


def _storage_rewrite_without_bulk_stores() -> tvm.transform.Pass:
    """Stock StorageRewrite, except on PrimFuncs with bulk stores: it reuses a shared buffer
    once its last access in program order is over (in place, for an elementwise
    ``B_shared = A_shared * 2``), but a bulk store reads its tile asynchronously after that,
    until ``cp.async.bulk.wait_group.read``; another buffer's writes in the same memory would
    race with it."""

    @tvm.transform.module_pass(opt_level=0, name="tvm_tma.StorageRewriteWithoutBulkStores")
    def apply(mod: tvm.ir.IRModule, _ctx) -> tvm.ir.IRModule:
        skip = {gv: f for gv, f in mod.functions.items() if isinstance(f, tirx.PrimFunc) and _has_bulk_store(f)}
        rest = tirx.transform.StorageRewrite()(tvm.IRModule({gv: f for gv, f in mod.functions.items()
                                                             if gv not in skip}, attrs=mod.attrs))
        return tvm.IRModule({**dict(rest.functions.items()), **skip}, attrs=mod.attrs)

    return apply


def tma_tir_pipeline(*, tensor_map_cache: bool = True, verify: bool | None = None, programmatic_launch: bool = True,
                     **options):
    """Pipeline factory in the form ``tvm.tirx.compilation_pipeline`` expects.

    ``options`` go to :func:`tvm_tma.transforms.LowerAsyncPipelineToMBarrier` (``tensor_maps``
    also to :func:`tvm_tma.transforms.LowerBulkCopyBlocks`); ``tensor_map_cache`` (default True)
    runs :func:`tvm_tma.transforms.CacheTensorMapEncodes`; ``programmatic_launch`` (default True)
    :func:`tvm_tma.transforms.ProgrammaticLaunch`; ``verify`` runs
    :func:`tvm_tma.transforms.VerifyMBarrierProtocol` and :func:`tvm_tma.transforms.VerifyWgmma`'s
    simulation of the wgmma groups in flight (``None``: when the environment variable
    ``TVM_TMA_VERIFY`` is 1, as the tests set it; the checkers simulate every barrier and wgmma
    group of every kernel, which costs more compile time than the lowering itself; without,
    ``VerifyWgmma`` checks the operands' encoding and the arch); register a variant under
    another name to use them, e.g.
    ``register_tir_pipeline("tma_min128", lambda: tma_tir_pipeline(min_run_bytes=128))``, or
    use those :func:`register` registers (:data:`VARIANTS`). Where a pipeline the launch-cost
    model left to stock's groups makes TVM's own passes fail (an internal error), the module is
    lowered again with every pipeline on mbarriers.
    """

    @tvm.transform.module_pass(opt_level=0, name="tvm_tma.TMAPipeline")
    def _pipeline(mod: tvm.ir.IRModule, _ctx: tvm.transform.PassContext) -> tvm.ir.IRModule:
        config = tvm.transform.PassContext.current().config
        checked = os.environ.get(VERIFY_ENV) == "1" if verify is None else verify

        def run(opts: dict) -> tvm.ir.IRModule:
            passes = _passes(config, opts, tensor_map_cache, checked, programmatic_launch)
            return tvm.ir.transform.Sequential(passes)(mod)

        if options.get("launch_cost") == "mbarriers":
            return run(options)
        # Pipelines the launch-cost model expects no faster on mbarriers keep stock's cp.async
        # groups, but where stock's own passes fail on the schedule (TVM 0.27's InjectPTXAsyncCopy
        # on a copy into a buffer StorageRewrite made a vector type), the mbarrier lowering
        # compiles it.
        lowered = error = None
        with report.held() as entries:
            try:
                lowered = run(options)
            except tvm.error.InternalError:
                pass
            except TMAError as err:  # its message may point at the report: keep what the copies became
                error = err
        if lowered is None and error is None:
            return run({**options, "launch_cost": "mbarriers"})
        for entry in entries:
            report.record(entry)
        if error is not None:
            raise error
        return lowered

    return _pipeline, stock.finalize_host_passes, stock.finalize_device_passes


VARIANTS: dict[str, dict] = {
    "no_tensor_maps": {"tensor_maps": False},
    "no_tensor_map_cache": {"tensor_map_cache": False},
    "empty_barriers": {"overwrite_guard": "empty_barriers"},
    "verified": {"verify": True},
    "mixed_stages": {"mixed_stages": "mbarrier"},
    "permuted_tiles": {"permuted_tiles": True},
    "all_launches": {"launch_cost": "mbarriers"},
    "serial_launches": {"programmatic_launch": False},
}
"""The pipelines :func:`register` registers beside ``"tma"``, as ``"tma_<key>"``: the options
of :func:`tma_tir_pipeline` each one sets."""


def register() -> None:
    """Register the pipeline under the name ``"tma"`` and its :data:`VARIANTS`: ``"tma_no_tensor_maps"``
    without tensor maps, ``"tma_no_tensor_map_cache"`` without the descriptor cache,
    ``"tma_empty_barriers"`` with empty-barrier overwrite guards, ``"tma_verified"`` with the
    barrier protocol checked, ``"tma_mixed_stages"`` with bulk copies and per-thread cp.async on
    one mbarrier where a stage has both, ``"tma_permuted_tiles"`` with tiles in the schedule's
    permuted layout loaded by swizzled tensor copies and ``"tma_all_launches"`` with every
    pipeline on mbarriers, whatever the launch-cost model expects, ``"tma_serial_launches"`` with
    each kernel launched after the one before it has completed (idempotent)."""
    compilation_pipeline.register_tir_pipeline(PIPELINE_NAME, tma_tir_pipeline)
    for suffix, options in VARIANTS.items():
        compilation_pipeline.register_tir_pipeline(f"{PIPELINE_NAME}_{suffix}",
                                                   functools.partial(tma_tir_pipeline, **options))
