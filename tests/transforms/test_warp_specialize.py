"""WarpSpecialize and LowerRoleBarriers: the role split (threads, rings, parities, releases), what
the verifiers catch when a role breaks the protocol, the errors, and the CUDA the roles become."""

import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import pytest
import tvm
import tvm_ffi
from tvm import tirx
from tvm.ir.expr import TensorLoad
from tvm.script import tirx as T

import tvm_tma
from tvm_tma import TMAError
from tvm_tma.codegen import SM90A, compile_cuda, kernel_source
from tvm_tma.kernels import gemm_wgmma, rms_norm
from tvm_tma.transforms import LowerRoleBarriers, VerifyMBarrierProtocol, VerifyWgmma
from tvm_tma.transforms.pipelines.warp_specialize import LAUNCH_MIN_BLOCKS, PEEL, ROLE
from workloads import verified_ir

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "benchmarks"))
import cases

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from test_gemm_wgmma import ptxas

WAIT, ARRIVE = "tirx.cuda.mbarrier_wait", "tirx.ptx.mbarrier_arrive_nocount"
EXPECT, INIT = "tirx.ptx.mbarrier_arrive_expect_tx", "tirx.ptx.mbarrier_init"


def split_ir(mod: tvm.IRModule) -> tvm.IRModule:
    """``mod`` through the "tma" pipeline up to and including WarpSpecialize."""
    passes = tvm_tma.pipeline._passes({}, {})
    names = [p.info.name for p in passes]
    with tvm.transform.PassContext():
        return tvm.transform.Sequential(passes[:names.index("tvm_tma.WarpSpecialize") + 1])(
            tvm.tirx.transform.BindTarget(tvm.target.Target(SM90A))(mod))


def nodes(node, kind) -> list:
    found = []
    tvm_ffi.structural_walk(node["main"] if isinstance(node, tvm.IRModule) else node, (kind, found.append))
    return found


def calls(node, op_name: str) -> list:
    return [c for c in nodes(node, tvm.ir.Call) if isinstance(c.op, tvm.ir.Op) and c.op.name == op_name]


def barrier(call) -> tuple:
    """The barrier buffer's name and the slot expression of a barrier operation."""
    load = nodes(call, TensorLoad)[0]
    return load.source.name, load.indices[0]


def roles(mod) -> dict[str, tirx.AttrStmt]:
    """The two branches of the role split (a consumers' tail after it aside)."""
    (split,) = [s for s in nodes(mod, tirx.IfThenElse) if s.else_case is not None
                and isinstance(s.then_case, tirx.AttrStmt) and s.then_case.attr_key == ROLE]
    return {a.node.value: a for a in (split.then_case, split.else_case)}


def thread_extents(mod) -> dict[str, int]:
    return {f.thread_binding.thread_tag: int(f.extent) for f in nodes(mod, tirx.For)
            if f.thread_binding is not None and f.thread_binding.thread_tag.startswith("threadIdx")}


def value(expr, **bindings) -> int:
    """``expr`` with the variables named in ``bindings`` bound, simplified to a constant."""
    subst = {v: tirx.const(bindings[v.name], v.ty) for v in nodes(expr, tirx.Var) if v.name in bindings}
    result = tvm.sym.Analyzer().simplify(tvm_ffi.structural_mutate(
        expr, (tirx.Var, lambda v, _m: next((x for k, x in subst.items() if k.same_as(v)), v))))
    return int(result)


@pytest.fixture(scope="module")
def gemm():
    """2 consumer warpgroups, 4 stages, 8 k steps."""
    return split_ir(gemm_wgmma(256, 512, 512, producer="warp"))


def test_gemm_gets_a_producer_warpgroup_with_fewer_registers(gemm):
    assert thread_extents(gemm) == {"threadIdx.x": 128, "threadIdx.y": 3}
    split, tail = [s for s in nodes(gemm, tirx.IfThenElse) if isinstance(s.then_case, tirx.AttrStmt)
                   and s.then_case.attr_key == ROLE]
    assert str(split.condition) == "T.tvm_thread_invariant(threadIdx_y == 2)"
    # the output tile is stored after the producer returned (in the rings' memory)
    assert str(tail.condition) == "T.tvm_thread_invariant(threadIdx_y < 2)" and tail.else_case is None
    assert isinstance(split.then_case.body.seq[-1], tirx.Return)
    by_role = roles(gemm)
    assert {name: int(a.value) for name, a in by_role.items()} == {"producer": 128, "consumer": 256}
    setmaxnreg = {name: [(c.args[0].value, c.args[1].value) for c in calls(a, "tirx.ptx.setmaxnreg")]
                  for name, a in by_role.items()}
    assert setmaxnreg == {"producer": [(40, "dec")], "consumer": [(232, "inc")]}
    assert [int(a.value) for a in nodes(gemm, tirx.AttrStmt) if a.attr_key == LAUNCH_MIN_BLOCKS] == [1]


def test_rings_and_who_uses_them(gemm):
    inits = {barrier(c)[0]: int(c.args[1]) for c in calls(gemm, INIT)}
    assert inits == {"tma_full": 1, "tma_empty": 256}  # the producer's expect_tx; every consumer thread
    producer, consumer = roles(gemm)["producer"], roles(gemm)["consumer"]
    assert {barrier(c)[0] for c in calls(producer, WAIT)} == {"tma_empty"}
    assert {barrier(c)[0] for c in calls(consumer, WAIT)} == {"tma_full"}
    assert {barrier(c)[0] for c in calls(producer, EXPECT)} == {"tma_full"} and not calls(producer, ARRIVE)
    assert {barrier(c)[0] for c in calls(consumer, ARRIVE)} == {"tma_empty"} and not calls(consumer, EXPECT)
    assert not calls(producer, "tirx.tvm_storage_sync") and not calls(consumer, "tirx.tvm_storage_sync")


def test_parities_follow_the_stage(gemm):
    """Stage k of 8 on 4 slots: the consumers wait for phase k // 4 of full[k % 4]; the producer,
    from k = 4 on, for the release of stage k - 4: phase k // 4 - 1 of empty[k % 4]."""
    producer, consumer = roles(gemm)["producer"], roles(gemm)["consumer"]
    (empty_wait,) = calls(producer, WAIT)
    (guard,) = [s for s in nodes(producer, tirx.IfThenElse) if isinstance(s.then_case, tirx.Evaluate)
                and calls(s.then_case, WAIT)]
    (full_wait,) = calls(consumer, WAIT)
    for k in range(8):
        assert value(guard.condition, k_0=k) == (k >= 4)
        assert (value(barrier(empty_wait)[1], k_0=k), value(empty_wait.args[1], k_0=k)) == (k % 4, (k // 4 - 1) % 2)
        assert (value(barrier(full_wait)[1], k_0=k), value(full_wait.args[1], k_0=k)) == (k % 4, k // 4 % 2)


def test_wgmma_consumers_release_a_slot_once_its_group_retired(gemm):
    """With one group in flight: after stage k's wait_group 1, stage k - 1's slot (k >= 1);
    after the loop, wait_group 0, then the last stage's."""
    consumer = roles(gemm)["consumer"]
    (loop,) = [f for f in nodes(consumer, tirx.For) if calls(f, WAIT)]
    ops = [c for c in nodes(loop.body, tvm.ir.Call) if c.op.name in (ARRIVE, "tirx.ptx.wgmma_wait_group")]
    assert [c.op.name for c in ops] == ["tirx.ptx.wgmma_wait_group", ARRIVE]
    assert [value(barrier(ops[1])[1], k_0=k) for k in range(1, 8)] == [(k - 1) % 4 for k in range(1, 8)]
    after = [c for c in calls(consumer, ARRIVE) if not any(c.same_as(x) for x in calls(loop, ARRIVE))]
    assert [int(barrier(c)[1]) for c in after] == [7 % 4]


def test_persistent_rings_carry_across_tiles():
    """3 stages of 8 k steps per tile: tile t's stage k is stage 8 t + k of the rings."""
    mod = split_ir(gemm_wgmma(1024, 1024, 512, "float16", "float16", producer="warp", persistent=True, ctas=8,
                              stages=3))
    (full_wait,) = calls(roles(mod)["consumer"], WAIT)
    tile = next(v.name for v in nodes(full_wait, tirx.Var) if v.name != "k_0" and not v.name.startswith("tma"))
    for t in range(4):
        for k in range(8):
            stage = 8 * t + k
            at = {"k_0": k, tile: t}
            assert (value(barrier(full_wait)[1], **at), value(full_wait.args[1], **at)) == (stage % 3, stage // 3 % 2)
    assert len([a for a in nodes(mod, tirx.AttrStmt) if a.attr_key == ROLE]) == 2  # no tail: the tile
    assert not nodes(mod, tirx.Return)  # is stored in the consumers' loop


def test_row_kernel_gets_a_producer_slice_without_setmaxnreg():
    mod = split_ir(rms_norm(64, 4096, "float16", producer="warp"))
    assert thread_extents(mod) == {"threadIdx.x": 128, "threadIdx.y": 2}
    assert {n: int(a.value) for n, a in roles(mod).items()} == {"producer": 128, "consumer": 128}
    assert not calls(mod, "tirx.ptx.setmaxnreg")
    assert {barrier(c)[0]: int(c.args[1]) for c in calls(mod, INIT)} == {"tma_full": 1, "tma_empty": 128}


# -- the verifiers catch a role that breaks the protocol ----------------------------------------

def _drop(mod, op_name: str, buffer: str):
    """``mod`` without the statements calling ``op_name`` on ``buffer``."""
    targets = [c for c in calls(mod, op_name) if barrier(c)[0] == buffer]

    def on_eval(stmt, mutator):
        return tirx.Evaluate(0) if any(stmt.value.same_as(c) for c in targets) else stmt

    return tvm.IRModule({"main": tvm_ffi.structural_mutate(mod["main"], (tirx.Evaluate, on_eval))})


@pytest.fixture(scope="module")
def checked():
    return verified_ir(gemm_wgmma(256, 256, 512, producer="warp"))


def test_verifiers_accept_the_split(checked):
    VerifyMBarrierProtocol()(checked)
    VerifyWgmma()(checked)


def test_consumer_that_never_releases_deadlocks(checked):
    with pytest.raises(TMAError, match=r"mbarrier_protocol: main: every warp role waits: the producer waits on "
                       r"tma_empty\[0\] phase 0: waited on after 0 arrivals: expected all 256 .*; the consumer "
                       r"waits on tma_full\[0\] phase 1"):
        VerifyMBarrierProtocol()(_drop(checked, ARRIVE, "tma_empty"))


def test_producer_that_skips_its_wait_overfills_a_slot(checked):
    with pytest.raises(TMAError, match=r"mbarrier_protocol: main: tma_full\[0\] phase 0: 2 arrivals before its wait: "
                       r"expected at most 1 .*k_0=4\)"):
        VerifyMBarrierProtocol()(_drop(checked, WAIT, "tma_empty"))


def test_release_before_the_group_retired_is_caught(checked):
    """The consumers' wait_group 1 made wait_group 2: stage k - 1's slot is released while its
    group may be in flight, and the producer refills it."""

    def on_call(call, mutator):
        if isinstance(call.op, tvm.ir.Op) and call.op.name == "tirx.ptx.wgmma_wait_group" and int(call.args[0]) == 1:
            return T.ptx.wgmma.wait_group.sync.aligned(2)
        return mutator.default_mutate(call)

    mod = tvm.IRModule({"main": tvm_ffi.structural_mutate(checked["main"], (tvm.ir.Call, on_call))})
    with pytest.raises(TMAError, match=r"wgmma_in_flight: main: A_shared.dyn version 0 written by other threads "
                       r"after warpgroup 0's wgmma.wait_group retired the group reading it, with no __syncthreads "
                       r"\(or mbarrier release and wait\) between: .*k_0=4\)"):
        VerifyWgmma()(mod)


# -- errors -------------------------------------------------------------------------------------

def test_warp_role_threads():
    # 100 vectors per row: 25 threads, not whole warps
    with pytest.raises(TMAError, match=r"warp_role_threads: main: 25 consumer threads: expected a multiple of 32"):
        split_ir(rms_norm(8, 800, "float16", producer="warp"))


def test_buffer_refilled_by_an_outer_loop_is_refused():
    with pytest.raises(TMAError, match=r"pipeline_model: main: warp-specialized loop .*: copies into "
                       r"\['x_shared.dyn'\], allocated outside the loop, under a serial loop that runs it again"):
        split_ir(rms_norm(64, 4096, "float16", rows_per_cta=2, producer="warp"))


@pytest.mark.parametrize("kwargs, match", [
    ({"producer": "warps"}, r"tma_pipeline: producer: expected 'cta' or 'warp', got 'warps'"),
    ({"producer": "warp", "num_stores": 1}, r"tma_pipeline: num_stores: expected 0 with producer='warp', got 1"),
])
def test_tma_pipeline_arguments(kwargs, match):
    from tvm_tma.kernels.tiles import _tile_schedule
    from tvm_tma.schedule import tma_pipeline

    sch, io, _ = _tile_schedule(256, 64, "float32", 16, 64, 128, 16, False)
    with pytest.raises(ValueError, match=match):
        tma_pipeline(sch, io, stages=3, **kwargs)


def test_cta_barrier_in_the_producer_is_refused():
    @T.prim_func(s_tir=True)
    def func(a: T.Buffer((128,), "float32")):
        for ty in T.thread_binding(2, thread="threadIdx.y"):
            if T.tvm_thread_invariant(ty == 1):
                with T.attr("producer", ROLE, 32):
                    T.tvm_storage_sync("shared")
            else:
                with T.attr("consumer", ROLE, 32):
                    T.tvm_storage_sync("shared")

    with pytest.raises(TMAError, match=r"warp_role_threads: func: __syncthreads in the producer's branch"):
        LowerRoleBarriers()(tvm.IRModule({"main": func}))


def test_dynamic_shared_barrier_in_the_consumers_becomes_their_named_barrier():
    """ThreadSync("shared.dyn") puts ``tvm_storage_sync("shared.dyn")`` before accesses of
    dynamic shared memory (the consumers' stmatrix epilogue): a __syncthreads all the same."""
    @T.prim_func(s_tir=True)
    def func(a: T.Buffer((128,), "float32")):
        for ty in T.thread_binding(2, thread="threadIdx.y"):
            if T.tvm_thread_invariant(ty == 1):
                with T.attr("producer", ROLE, 32):
                    T.evaluate(0)
            else:
                with T.attr("consumer", ROLE, 32):
                    T.tvm_storage_sync("shared.dyn")

    ops = []
    tvm_ffi.structural_walk(LowerRoleBarriers()(tvm.IRModule({"main": func}))["main"].body,
                            (tvm.ir.Call, lambda c: ops.append(c.op.name)))
    assert "tirx.tvm_storage_sync" not in ops and "tirx.ptx.bar_sync_count" in ops, ops


# -- the CUDA -------------------------------------------------------------------------------------

def test_consumers_synchronize_on_their_named_barrier():
    src = kernel_source(tvm.compile(gemm_wgmma(256, 512, 512, producer="warp"), target=tvm.target.Target(SM90A),
                                    tir_pipeline="tma"))
    assert "__launch_bounds__(384, 1)" in src
    assert src.count("__syncthreads()") == 1  # the barrier setup's
    assert "tvm_builtin_ptx_bar_sync_count_sync((uint)1, (uint)256)" in src
    assert re.search(r"return;\n  } else {\n    tvm_builtin_ptx_setmaxnreg_inc_sync_aligned_u32_232", src)


# The benchmarked kernels that differ in more than types and sizes (benchmarks/cases.py WS_CASES):
# warp-specialized or not, persistent or not, 128x256 and 128x128 tiles, groups of 8 row
# tiles, small K, the row kernels.
WS_BENCH = ["bench_ws_f16_4096_r4", "bench_ws_f16_4096_r4_p", "bench_ws_f16_4096_r4_cta_p",
            "bench_ws_f16_4096_t128x128x64_p", "bench_ws_f16_8192x512_r8", "bench_ws_f16_8192x512_r8_p",
            "bench_ws_f16_8192x512_t128x128x64_s6_r8",
            "bench_ws_rms_norm_65536x4096",
            "bench_ws_softmax_262144x1024"]


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not on PATH")
@pytest.mark.parametrize("name", WS_BENCH)
def test_benchmarked_ws_variants_compile_without_spills(name):
    """Each kind of benchmarked variant: nvcc accepts it for sm_90a, ptxas spills no register,
    keeps its wgmma parallel and says nothing of setmaxnreg (it warns where it ignores one), the
    registers within the entry cap."""
    case = cases.CASES[name]
    src = kernel_source(cases.compile_module(case.build(), "tma"))
    report = ptxas(src)
    assert "0 bytes spill stores, 0 bytes spill loads" in report, report
    assert "wgmma" not in report.lower() and "setmaxnreg" not in report.lower(), report
    threads = int(re.search(r"__launch_bounds__\((\d+)", src).group(1))
    assert int(re.search(r"Used (\d+) registers", report).group(1)) <= 65536 // threads
    if case.builder == "gemm_wgmma" and case.kwargs.get("producer") == "warp":
        assert "setmaxnreg.inc.sync.aligned.u32 232" in src and f"__launch_bounds__({threads}, 1)" in src


@pytest.mark.skipif(shutil.which("nvcc") is None or shutil.which("nvdisasm") is None,
                    reason="nvcc or nvdisasm not on PATH")
def test_setmaxnreg_is_in_the_machine_code():
    """ptxas keeps both setmaxnreg (USETMAXREG in SASS): consumers up to 232 registers, the
    producer down to 40."""
    src = kernel_source(cases.compile_module(cases.CASES["check_ws_f16_256x512x512"].build(), "tma"))
    with tempfile.TemporaryDirectory() as tmp:
        cubin = pathlib.Path(tmp, "k.cubin")
        cubin.write_bytes(compile_cuda(src))
        sass = subprocess.run(["nvdisasm", str(cubin)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"USETMAXREG\.TRY_ALLOC\S* \S+, 0xe8", sass) and re.search(r"USETMAXREG\.DEALLOC\S* 0x28", sass)


# -- consumer stages ---------------------------------------------------------------------------

def _lagged(read_before: bool = False) -> tvm.IRModule:
    """A producer warp copying row ``j`` of A per iteration into a 3-version ring; consumer
    ``first`` (stage 1) reads it in iteration ``j``, ``second`` (stage 2) in iteration
    ``j + 1``; after the loop ``last`` reads the last row's version."""
    stages = {"software_pipeline_stage": [0, 1, 2], "software_pipeline_order": [0, 1, 2],
              "software_pipeline_async_stages": [0], "tvm_tma.producer": "warp"}

    @T.prim_func(s_tir=True)
    def main(A: T.Buffer((8, 128), "float32"), B: T.Buffer((8, 128), "float32"), C: T.Buffer((128,), "float32")):
        A_s = T.sblock_alloc_buffer((128,), "float32", scope="shared.dyn")
        for tx in T.thread_binding(128, thread="threadIdx.x"):
            with T.sblock("kernel"):
                if read_before:
                    with T.sblock("before"):
                        C[tx] = A_s[tx]
                for j in T.serial(8, annotations=stages):
                    with T.sblock("copy"):
                        A_s[tx] = A[j, tx]
                    with T.sblock("first"):
                        B[j, tx] = A_s[tx] * T.float32(2)
                    with T.sblock("second"):
                        B[j, tx] = B[j, tx] + A_s[tx]
                with T.sblock("last"):
                    C[tx] = A_s[tx]

    return tvm.IRModule({"main": main})


def test_consumer_stages_run_in_a_prologue_a_steady_loop_and_an_epilogue():
    """Lag 1: iteration 0 runs ``first`` alone, the steady loop j = 1..7 both (``second`` on
    the version of iteration j - 1) with no condition, an epilogue ``second`` on iteration 7;
    iteration k releases the slot of iteration k - 1; ``last`` reads version 7 % 3."""
    consumer = roles(split_ir(_lagged()))["consumer"]
    loops = [f for f in nodes(consumer, tirx.For) if f.loop_var.name == "j"]
    assert [(int(f.min), int(f.extent)) for f in loops] == [(1, 7)]
    assert not nodes(loops[0], tirx.IfThenElse)
    blocks = [b.name_hint for b in nodes(consumer, tvm.s_tir.SBlock)]
    assert blocks.count("first") == 2 and blocks.count("second") == 2
    second_reads = [load for b in nodes(loops[0], tvm.s_tir.SBlock) if b.name_hint == "second"
                    for load in nodes(b.body, TensorLoad) if load.source.name == "A_s"]
    assert [value(load.indices[0], j=4) for load in second_reads] == [3 % 3]
    releases = calls(loops[0], ARRIVE)
    assert [value(barrier(c)[1], j=4) for c in releases] == [3 % 3]
    (last,) = [b for b in nodes(split_ir(_lagged()), tvm.s_tir.SBlock) if b.name_hint == "last"]
    (read,) = [load for load in nodes(last.body, TensorLoad) if load.source.name == "A_s"]
    assert int(read.indices[0]) == 7 % 3 and int(read.source.shape[0]) == 3


def test_ring_read_before_its_loop_is_refused():
    with pytest.raises(TMAError, match=r"pipeline_model: main: warp-specialized loop j: expected the buffers its "
                       r"copies fill accessed only in and after the loop"):
        split_ir(_lagged(read_before=True))


def test_each_kernel_of_a_function_gets_its_split():
    """A function launching one of two kernels (a dynamic M's GEMM, its tile chosen at run
    time by ``WgmmaMatmul``): each kernel's pipelined loop is split into its own roles; two
    such loops in one kernel are refused."""
    from tvm_tma import dlight as tdl
    from tvm_tma.transforms.pipelines.warp_specialize import PRODUCER

    te, n = tvm.te, tirx.Var("n", "int32")
    x, w = te.placeholder((1, n, 512), "float16", name="x"), te.placeholder((2048, 512), "float16", name="w")
    k = te.reduce_axis((0, 512), name="k")
    mm = te.compute((1, n, 2048), lambda b, i, j: te.sum(x[b, i, k] * w[j, k], axis=k), name="NT_matmul")
    target = tvm.target.Target(SM90A)
    with target:
        both = tdl.WgmmaMatmul().apply(te.create_prim_func([x, w, mm]), target, False).mod
    split = split_ir(both)
    producers = [a for a in nodes(split, tirx.AttrStmt) if a.attr_key == ROLE and a.node.value == "producer"]
    assert len(producers) == 2

    def twice(loop, mutator):
        loop = mutator.default_mutate(loop)
        return tirx.SeqStmt([loop, loop]) if PRODUCER in loop.annotations else loop

    wide = gemm_wgmma(256, 512, 512, producer="warp")["main"]
    doubled = wide.with_body(tvm_ffi.structural_mutate(wide.body, (tirx.For, twice)))
    with pytest.raises(TMAError, match=r"pipeline_model: .*2 warp-specialized loops: expected at most one per kernel"):
        split_ir(tvm.IRModule({"main": doubled}))


def _peeled(extent):
    """A 1-stage ring under ``tvm_tma.peel = [1, 1]``: ``first`` reads the slot in every
    iteration but the first, ``second`` in every one but the last (the attention walk's
    products); ``extent`` 8, or None for a symbolic ``n``."""
    stages = {"software_pipeline_stage": [0, 1, 1], "software_pipeline_order": [0, 1, 2],
              "software_pipeline_async_stages": [0], "tvm_tma.producer": "warp", PEEL: [1, 1]}

    n = tirx.Var("n", "int32") if extent is None else extent

    @T.prim_func(s_tir=True)
    def main(a: T.handle, b: T.handle):
        A = T.match_buffer(a, (n, 128), "float32")
        B = T.match_buffer(b, (n, 128), "float32")
        A_s = T.sblock_alloc_buffer((128,), "float32", scope="shared.dyn")
        for tx in T.thread_binding(128, thread="threadIdx.x"):
            with T.sblock("kernel"):
                for j in T.serial(n, annotations=stages):
                    with T.sblock("copy"):
                        A_s[tx] = A[j, tx]
                    with T.sblock("first"):
                        if j > 0:
                            B[j - 1, tx] = B[j - 1, tx] + A_s[tx]
                    with T.sblock("second"):
                        if j < n - 1:
                            B[j, tx] = A_s[tx] * T.float32(2)

    return tvm.IRModule({"main": main})


def test_peeled_iterations_take_the_conditions_out_of_the_steady_loop():
    """The first and last iterations run outside the loop with ``j`` a value: iteration 0 has
    ``second`` only, iteration 7 ``first`` only, the steady loop j = 1..6 both and no
    condition; each waits for its slot and releases it."""
    consumer = roles(split_ir(_peeled(8)))["consumer"]
    (loop,) = [f for f in nodes(consumer, tirx.For) if f.loop_var.name == "j"]
    assert (int(loop.min), int(loop.extent)) == (1, 6)
    assert not nodes(loop, tirx.IfThenElse)
    stores = [b.name_hint for b in nodes(consumer, tvm.s_tir.SBlock) if nodes(b.body, tirx.BufferStore)]
    assert stores.count("first") == 2 and stores.count("second") == 2  # (once peeled, once in the loop)
    assert len(calls(consumer, WAIT)) == len(calls(consumer, ARRIVE)) == 3


def test_a_symbolic_walk_runs_its_last_iteration_once():
    """With ``n`` symbolic the last iteration ``n - 1`` may be the first (``n = 1``): it runs
    only where ``n - 1 >= 1``, so that no iteration runs twice."""
    consumer = roles(split_ir(_peeled(None)))["consumer"]

    def adds(stmt) -> bool:  # holds ``first`` storing (the prologue's is empty: j = 0)
        return any(b.name_hint == "first" and nodes(b.body, tirx.BufferStore) for b in nodes(stmt, tvm.s_tir.SBlock))

    (loop,) = [f for f in nodes(consumer, tirx.For) if f.loop_var.name == "j"]
    epilogue = [s for s in nodes(consumer, tirx.IfThenElse) if adds(s.then_case) and not adds(s.else_case or
                                                                                               tirx.Evaluate(0))
                and not any(s.same_as(x) for x in nodes(loop, tirx.IfThenElse))]
    epilogue = [s for s in epilogue if not any(s.same_as(x) for o in epilogue if not o.same_as(s)
                                               for x in nodes(o.then_case, tirx.IfThenElse))]  # the outermost
    assert len(epilogue) == 1
    assert value(epilogue[0].condition, n=1) == 0 and value(epilogue[0].condition, n=5) == 1


def _varying(extent, inner: int = 2):
    """A 2-version ring whose loop ``j`` runs ``extent(it, r)`` iterations under ``for it in
    range(2): for r in range(inner)`` (a persistent grid walking pairs of causal query tiles)."""
    stages = {"software_pipeline_stage": [0, 1], "software_pipeline_order": [0, 1],
              "software_pipeline_async_stages": [0], "tvm_tma.producer": "warp"}

    @T.prim_func(s_tir=True)
    def main(A: T.Buffer((8, 128), "float32"), B: T.Buffer((8, 128), "float32")):
        for tx in T.thread_binding(128, thread="threadIdx.x"):
            with T.sblock("kernel"):
                for it in T.serial(2):
                    for r in T.serial(inner):
                        for j in T.serial(extent(it, r), annotations=stages):
                            with T.sblock("ring"):
                                A_s = T.sblock_alloc_buffer((128,), "float32", scope="shared.dyn")
                                with T.sblock("copy"):
                                    A_s[tx] = A[j, tx]
                                with T.sblock("use"):
                                    B[j, tx] = A_s[tx] * T.float32(2)

    return tvm.IRModule({"main": main})


def test_trip_counts_that_add_up_over_the_inner_loop_count_the_stages_in_closed_form():
    """``j`` runs ``it + 1`` iterations, then ``5 - it`` (6 a pair): the stage of ``(it, r, j)``
    is ``6 it + (r > 0 ? it + 1 : 0) + j``, its slot ``% 2`` and its parity ``/ 2 % 2``."""
    consumer = roles(split_ir(_varying(lambda it, r: (1 - r) * (it + 1) + r * (5 - it))))["consumer"]
    (wait,) = [c for c in calls(consumer, WAIT) if barrier(c)[0] == "tma_full"]
    for it, r, j in ((0, 0, 0), (0, 1, 2), (1, 0, 1), (1, 1, 3)):
        stage = 6 * it + (it + 1 if r else 0) + j
        assert value(barrier(wait)[1], it=it, r=r, j=j) == stage % 2
        assert value(wait.args[1], it=it, r=r, j=j) == stage // 2 % 2


def test_trip_counts_whose_sum_is_the_same_in_every_case_count_the_stages_in_closed_form():
    """Causal query tiles ``3 - it`` and ``it`` of 128 rows over key tiles of 80 walk ``7 + 2``
    and ``5 + 4`` tiles: a sum the analyzer leaves in ``it``, tried for each of its values; the
    stage of ``(it, r, j)`` is ``9 it + (r > 0 ? walk_0 : 0) + j``."""
    def walk(it, r):
        return T.floordiv(128 * ((1 - r) * (3 - it % 2 * 2) + it % 2) + 207, 80)

    consumer = roles(split_ir(_varying(walk)))["consumer"]
    (wait,) = [c for c in calls(consumer, WAIT) if barrier(c)[0] == "tma_full"]
    for it, r, j in ((0, 0, 6), (0, 1, 1), (1, 0, 4), (1, 1, 3)):
        stage = 9 * it + ((7, 5)[it] if r else 0) + j
        assert value(barrier(wait)[1], it=it, r=r, j=j) == stage % 2
        assert value(wait.args[1], it=it, r=r, j=j) == stage // 2 % 2


@pytest.mark.parametrize("extent, inner, match", [
    (lambda it, r: it + r + 1, 2, r"expected its sum over r to be the same in every iteration of the others"),
    (lambda it, r: (1 - r % 2) * (it + 1) + r % 2 * (5 - it), 6, r"expected it to vary with the innermost one "
                                                                  r"only, of at most 4 iterations, got r of 6"),
])
def test_trip_counts_that_vary_otherwise_are_refused(extent, inner, match):
    with pytest.raises(TMAError, match=r"pipeline_model: main: warp-specialized loop j: its trip count .* varies "
                                       r"with the loops around it: " + match):
        split_ir(_varying(extent, inner))
