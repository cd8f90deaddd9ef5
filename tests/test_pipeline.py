"""The registered "tma" pipeline: usable from tvm.compile for TensorIR and Relax; passes exported."""

import tvm
import tvm_ffi
from tvm import relax
from tvm.script import relax as R
from tvm.tirx import compilation_pipeline

import tvm_tma
from tvm_tma.kernels import tile_scale

TARGET = tvm.target.Target(tvm_tma.codegen.SM90A)


def _sources(module) -> list[str]:
    found = []
    try:
        found.append(module.inspect_source())
    except Exception:  # modules without source (the host library)
        pass
    for sub in module.imports:
        found += _sources(sub)
    return found


def test_pipeline_is_registered():
    assert "tma" in compilation_pipeline.PIPELINE_MAP
    passes = compilation_pipeline.get_tir_pipeline("tma")
    assert len(passes) == 3 and isinstance(passes[0], tvm.transform.Pass)


def test_passes_are_tvm_passes():
    for name in tvm_tma.transforms.__all__:
        assert isinstance(getattr(tvm_tma.transforms, name)(), tvm.transform.Pass), name


def test_relax_module_compiles_with_tma_pipeline():
    # 132 CTAs of 64 threads staging 32 x 64 fp32 tiles, 128 bytes per thread: the launch-cost
    # model (rule launch_cost) puts the pipeline on mbarriers
    x = relax.Var("x", R.Tensor((256, 64 * 132), "float32"))
    bb = relax.BlockBuilder()
    with bb.function("main", [x]):
        tiles = tile_scale(256, 64 * 132, tile_n=64, tile_m=32, threads=64)
        kernel = bb.add_func(tiles["main"].with_attr("global_symbol", "tile_scale"), "tile_scale")
        out = bb.emit(relax.call_tir(kernel, [x], R.Tensor((256, 64 * 132), "float32")))
        bb.emit_func_output(out)
    with tvm_tma.copy_report() as report:
        ex = tvm.compile(bb.get(), target=TARGET, tir_pipeline="tma")
    assert report and all(r.function == "tile_scale" and r.instruction == "cp.async.bulk.tensor.2d" for r in report)
    assert any("cp_async_bulk_tensor_g2s_cluster" in src and "mbarrier_wait" in src for src in _sources(ex.mod))


def test_held_entries_stay_with_their_own_block():
    """Blocks of held entries nest (the pipeline holds a whole module's, the lowering one
    pipeline's): an inner block that ends empty leaves the outer one collecting, and a copy
    report sees only the entries released to it."""
    from tvm_tma import report

    first = report.CopyRecord(function="k", src="A", dst="A_shared", bytes=16, instruction="cp.async", pieces=1)
    second = report.CopyRecord(function="k", src="B", dst="B_shared", bytes=16, instruction="cp.async", pieces=1)
    with tvm_tma.copy_report() as seen:
        with report.held() as outer:
            with report.held() as inner:
                pass
            report.record(first)
            with report.held() as inner:
                report.record(second)
        assert outer == [first] and inner == [second] and seen == []
        report.record(first)
    assert seen == [first]


def test_async_queue_lowering_sees_only_the_functions_that_keep_queues():
    """Stock's LowerAsyncDMA runs on the PrimFuncs with an async commit or wait queue left (a
    pipeline on stock's groups), not over every function of the module; the others come back
    as they were."""
    from tvm.script import tirx as T

    from tvm_tma.pipeline import _with_async_queues
    from tvm_tma.transforms.pipelines.stages import COMMIT

    @T.prim_func(private=True)
    def queued(A: T.Buffer((4,), "float32")):
        with T.attr(0, COMMIT, 0):
            A[0] = T.float32(1)

    @T.prim_func(private=True)
    def plain(A: T.Buffer((4,), "float32")):
        A[0] = T.float32(2)

    seen = []

    @tvm.tirx.transform.prim_func_pass(opt_level=0)
    def spy(func, mod, _ctx):
        seen.append(sorted(gv.name_hint for gv in mod.get_global_vars()))
        return func.with_attr("lowered", 1)

    mod = tvm.IRModule({"queued": queued, "plain": plain})
    out = _with_async_queues(spy)(mod)
    assert seen == [["queued"]]
    assert out["queued"].attrs["lowered"] == 1 and out["plain"].same_as(mod["plain"])
    none = tvm.IRModule({"plain": plain})
    assert _with_async_queues(spy)(none).same_as(none) and seen == [["queued"]]


def test_hoist_if_then_else_simplifies_only_where_it_hoisted():
    from tvm.script import tirx as T

    from tvm_tma.pipeline import _hoist_if_then_else

    @T.prim_func(s_tir=True)
    def invariant(a: T.Buffer((16,), "float32"), n: T.int32):
        for i in range(16):
            if n > 0:
                a[i] = T.float32(1)

    @T.prim_func(s_tir=True)
    def hoisted(a: T.Buffer((16,), "float32"), n: T.int32):
        if 0 < n:  # (as StmtSimplify writes it)
            for i in range(16):
                a[i] = T.float32(1)

    @T.prim_func(s_tir=True)
    def nothing_to_hoist(a: T.Buffer((16,), "float32")):
        for i in range(16):
            if i < 20:
                a[i] = T.float32(1)

    mod = tvm.IRModule({"invariant": invariant, "nothing_to_hoist": nothing_to_hoist})
    after = _hoist_if_then_else()(mod)
    # the hoisted function as stock's HoistIfThenElse leaves it: hoisted, simplified
    tvm.ir.assert_structural_equal(after["invariant"], hoisted.with_attr("global_symbol", "invariant"),
                                   map_free_vars=True)
    stock = tvm.s_tir.transform.HoistIfThenElse()(mod)
    tvm.ir.assert_structural_equal(after["invariant"], stock["invariant"])
    # the other left as it was (the always-true i < 20 kept: the pipeline's later StmtSimplify drops it)
    assert after["nothing_to_hoist"].same_as(mod["nothing_to_hoist"])
    assert not tvm_ffi.structural_equal(stock["nothing_to_hoist"], mod["nothing_to_hoist"])


def test_compact_buffer_allocation_skips_the_functions_that_say_they_are_compact():
    from tvm.script import tirx as T

    from tvm_tma.pipeline import COMPACT_BUFFERS, _compact_buffer_allocation

    @T.prim_func(s_tir=True)
    def loose(a: T.Buffer((16,), "float32")):
        for i in range(16):
            with T.sblock("outer"):
                tmp = T.sblock_alloc_buffer((16,), "float32", scope="local")
                with T.sblock("inner"):
                    tmp[i] = T.float32(1)
                    a[i] = tmp[i]

    mod = tvm.IRModule({"loose": loose, "marked": loose.with_attr(COMPACT_BUFFERS, True)})
    after = _compact_buffer_allocation()(mod)
    stock = tvm.s_tir.transform.CompactBufferAllocation()(tvm.IRModule({"loose": loose}))
    tvm.ir.assert_structural_equal(after["loose"], stock["loose"])
    assert not tvm_ffi.structural_equal(after["loose"], loose)  # (the buffer of 16 compacted to one element)
    assert after["marked"].same_as(mod["marked"])
