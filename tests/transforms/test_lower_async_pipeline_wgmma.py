"""LowerAsyncPipelineToMBarrier with wgmma consumers: fence / commit / wait per stage, the wait
before a producer overwrites a version a group may still read, the retire after the loop; and
LowerWarpgroupFragments. The IR is what VerifyMBarrierProtocol sees in the "tma" pipeline."""

import pytest
import tvm
import tvm_ffi
from tvm import tirx

from tvm_tma import TMAError
from tvm_tma.kernels import gemm_wgmma
from tvm_tma.transforms import LowerWarpgroupFragments
from tvm_tma.transforms._ir import substitute
from tvm_tma.transforms.pipelines.lower_async_pipeline import STAGES
from tvm_tma.transforms.tensor_cores.wgmma import is_mma
from workloads import verified_ir

# 8 k-iterations of 64 through 3 stages: prologue, a steady-state loop of 6, epilogue
SMALL = dict(m=256, n=128, k=512, tile=(128, 128, 64), warpgroups=2, stages=3)


def ops(node) -> list[str]:
    """The pipeline's operations in ``node`` in program order (loops not unrolled): mbarrier
    waits, wgmma fence / mma / commit / wait N, __syncthreads, tensor copies."""
    out = []

    def on_call(call):
        name = call.op.name if isinstance(call.op, tvm.ir.Op) else ""
        if is_mma(name):
            out.append("mma")
        elif name == "tirx.ptx.wgmma_wait_group":
            out.append(f"wait {int(call.args[0])}")
        elif name in ("tirx.ptx.wgmma_fence", "tirx.ptx.wgmma_commit_group"):
            out.append(name.removeprefix("tirx.ptx.wgmma_").removesuffix("_group"))
        elif name == "tirx.cuda.mbarrier_wait":
            out.append("bar")
        elif name == "tirx.tvm_storage_sync":
            out.append("sync")
        elif name == "tirx.ptx.cp_async_bulk_tensor_g2s_cluster":
            out.append("load")

    tvm_ffi.structural_walk(node, (tvm.ir.Call, on_call))
    return out


def steady_loop(mod: tvm.IRModule) -> tirx.For:
    """The steady-state loop: the serial loop over k that both waits and loads."""
    loops = []
    tvm_ffi.structural_walk(mod["main"], (tirx.For, lambda f: loops.append(f) if f.kind == tirx.ForKind.SERIAL
                                          and {"bar", "load"} <= set(ops(f.body)) else None))
    (loop,) = [f for f in loops if not any(g.kind == tirx.ForKind.SERIAL and "load" in ops(g.body)
                                           for g in _inner_loops(f))]
    return loop


def _inner_loops(loop):
    found = []
    tvm_ffi.structural_walk(loop.body, (tirx.For, found.append))
    return found


def collapse(seq: list[str]) -> list[str]:
    """Runs of mma and of loads collapsed to one entry."""
    return [x for i, x in enumerate(seq) if i == 0 or x not in ("mma", "load") or seq[i - 1] != x]


@pytest.mark.parametrize("in_flight, guard", [(0, []), (1, []), (2, ["wait 1"])])
def test_consumer_then_producer_per_iteration(in_flight, guard):
    """Consumers first: wait for the stage, fence, the MMAs, commit, leave ``in_flight``
    groups; then the producer, which overwrites the version the stage before read: with 2
    in flight that group may still run, so the producer first waits for it (1 left)."""
    mod = verified_ir(gemm_wgmma(**SMALL, wgmma_in_flight=in_flight))
    assert collapse(ops(steady_loop(mod).body)) == [
        "bar", "fence", "mma", "commit", f"wait {in_flight}", *guard, "sync", "load"]


def test_consumer_waits_for_the_version_it_reads():
    """The stage a consumer waits for is the one whose buffer version its descriptors point
    into (InjectSoftwarePipeline allows two groups in flight for two copy blocks after a
    consumer: waiting for that count alone would read a stage still being loaded)."""
    loop = steady_loop(verified_ir(gemm_wgmma(**SMALL)))
    waits, pointers = [], []
    tvm_ffi.structural_walk(loop.body, (tvm.ir.Call, lambda c: (
        waits.append(c) if c.op.name == "tirx.cuda.mbarrier_wait" else
        pointers.append(c) if c.op.name == "tirx.tvm_access_ptr" else None)))
    (wait,) = waits
    assert len(pointers) == 2  # A and B, in the (unrolled) loop over the 16-wide k steps

    def at(expr, k: int) -> int:  # at iteration k, every other variable (threads, blocks) at 0
        free = []
        tvm_ffi.structural_walk(expr, (tirx.Var, free.append))
        values = {v: tirx.const(k if v.same_as(loop.loop_var) else 0, str(v.ty)) for v in free}
        return int(tvm.sym.Analyzer().simplify(substitute(expr, values)))

    for k in range(int(loop.extent)):
        slot = at(wait.args[0].args[0].indices[0], k)
        for ptr in pointers:  # A and B descriptors: version = offset // tile
            buf = ptr.args[1].args[0]
            assert at(ptr.args[2], k) // (int(buf.shape[1]) * int(buf.shape[2])) == slot


def producers_first(mod: tvm.IRModule) -> tvm.IRModule:
    """``mod`` with its pipelined loop ordered producers first (stock order)."""

    def on_for(loop, mutator):
        loop = mutator.default_mutate(loop)
        if STAGES not in loop.annotations:
            return loop
        notes = dict(loop.annotations)
        notes["software_pipeline_order"] = list(range(len(notes[STAGES])))
        return tirx.For(loop.loop_var, loop.min, loop.extent, loop.kind, loop.body, loop.thread_binding, notes)

    return tvm.IRModule({"main": tvm_ffi.structural_mutate(mod["main"], (tirx.For, on_for))})


def test_producer_first_waits_for_the_last_group():
    """Producers first: the version a producer overwrites was read by the stage just before,
    whose group the consumer's ``wait_group 1`` left in flight: the producer waits for it."""
    mod = verified_ir(producers_first(gemm_wgmma(**SMALL)))
    assert collapse(ops(steady_loop(mod).body)) == [
        "wait 0", "sync", "load", "bar", "fence", "mma", "commit", "wait 1"]


def test_every_group_retires_before_the_accumulators_are_stored():
    """After the last stage: wait_group 0 and a __syncthreads, then the fragment store (the
    shared tile may reuse the operand buffers' memory), before the teardown."""
    seq = collapse(ops(verified_ir(gemm_wgmma(**SMALL))["main"]))
    last = len(seq) - seq[::-1].index("mma")
    assert seq[last:last + 4] == ["commit", "wait 1", "wait 0", "sync"]


def fragment_ir(**kwargs) -> tvm.IRModule:
    return LowerWarpgroupFragments()(verified_ir(gemm_wgmma(**{**SMALL, **kwargs})))


def accumulators(mod: tvm.IRModule) -> list:
    found = []
    tvm_ffi.structural_walk(mod["main"], (tvm.ir.Call, lambda c: found.extend(
        a for a in c.args if isinstance(a, tvm.ir.expr.TensorLoad)) if is_mma(c.op.name) else None))
    return found


def test_fragments_become_the_threads_own_registers():
    """Each thread keeps its row of the 128 x 64 fragment (64 x 128 accumulator): 64 registers."""
    before = accumulators(verified_ir(gemm_wgmma(**SMALL)))
    after = accumulators(fragment_ir())
    assert [int(e) for e in before[0].source.shape] == [1, 1, 128, 64]
    assert [int(e) for e in after[0].source.shape] == [1, 1, 64]
    assert [str(i) for i in before[5].indices][2] == "threadIdx_x"
    assert [int(i) for i in after[5].indices] == [0, 0, 5]


def test_fragment_indexed_by_another_thread_is_refused():
    mod = verified_ir(gemm_wgmma(**SMALL))
    load = accumulators(mod)[0]
    wrong = tirx.BufferLoad(load.source, [*load.indices[:2], tirx.const(0, "int32"), load.indices[3]])

    def on_load(node, mutator):
        return wrong if node.same_as(load) else mutator.default_mutate(node)

    mod = tvm.IRModule({"main": tvm_ffi.structural_mutate(mod["main"], (tvm.ir.expr.TensorLoad, on_load))})
    with pytest.raises(TMAError, match=r"wgmma_warpgroup: main: C_local\[.*\]: expected the fragment's thread "
                                       r"dimension indexed by threadIdx.x"):
        LowerWarpgroupFragments()(mod)
