"""The launch-cost model (:mod:`tvm_tma.launch_cost`, rules ``launch_cost`` and
``launch_cost_loads``) through the real lowering: under "tma", a pipeline without wgmma
consumers keeps stock TVM's cp.async commit/wait groups (reported with the rule and the
model's reason) unless the model expects it faster on mbarriers: bulk copies of what stock
loads synchronously, or a launch of at least as many CTAs as SMs staging at least 128 bytes per
thread. "tma_all_launches" puts every pipeline on mbarriers; wgmma pipelines always are.
Pipelines left to stock's groups get TVM 0.27's counts repaired (:mod:`.stock_groups`): tested
under "tma" where the model or the lowering (rule ``pipeline_model``) leaves them to stock's
groups, and under a pipeline that keeps stock's groups for every pipeline
(``launch_cost="stock_groups"``). The model's features and decisions alone:
``tests/test_launch_cost.py``."""

import dataclasses
import functools
import pathlib
import re
import sys

import pytest
import tvm
from tvm.script import tirx as T
from tvm.tirx import compilation_pipeline

import tvm_tma
from tvm_tma import launch_cost, rules
from tvm_tma.pipeline import tma_tir_pipeline
from tvm_tma.testing import compat, fuzz
from tvm_tma.testing.fuzz_cases import FuzzCase, Operand
from workloads import ALL_LAUNCHES, cuda_source, stock_kernels, tile_scale

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "compat"))
import patterns  # noqa: E402

STOCK = {"tirx.use_async_copy": 1}
SMS = launch_cost.ARCH_LIMITS[90].sms
PER_THREAD = rules.limit("launch_cost")
STOCK_GROUPS = "tma_test_stock_groups"
compilation_pipeline.register_tir_pipeline(STOCK_GROUPS,
                                           functools.partial(tma_tir_pipeline, launch_cost="stock_groups"))
KEPT = "cp.async (stock pipeline)"
NOTHING_ASYNC = "no copy that stock TVM loads synchronously becomes asynchronous"
CP_ASYNC_COPY = re.compile(r"cp\.async\.c[ag]\.shared\.global")


def report_of(mod, pipeline: str = "tma"):
    with tvm_tma.copy_report() as report:
        src = cuda_source(mod, pipeline)
    return src, report


def on_mbarriers(src: str, report) -> bool:
    """Every load a bulk or tensor copy with no rule, the kernel waiting on mbarriers and
    committing no cp.async group."""
    return (bool(report) and all(r.instruction.startswith("cp.async.bulk") and not r.rule for r in report)
            and "mbarrier_wait" in src and "cp.async.commit_group" not in src)


def test_limits_the_kernels_here_are_sized_for():
    # an H100's SMs; 32 x 64 fp32 tiles over 64 threads are PER_THREAD bytes per thread per stage
    assert SMS == 132 and PER_THREAD == 128 == 32 * 64 * 4 // 64


@pytest.mark.parametrize("ctas", [4, SMS - 1, SMS, 1024])
def test_plain_copy_of_32_bytes_per_thread_keeps_stocks_groups_and_code(ctas):
    # 16 x 64 fp32 tiles, 128 threads: stock makes each 16-byte vector one cp.async, the stage
    # is 32 bytes per thread: stock's groups at every launch size, the kernel stock's own.
    mod = tile_scale(256, 64 * ctas, tile_n=64)
    src, report = report_of(mod)
    launch = f"{ctas} CTAs, fewer than the {SMS} SMs" if ctas < SMS else \
        f"32 bytes per thread per stage, fewer than {PER_THREAD}"
    assert len(report) == 2 and all(r.instruction == KEPT and r.rule == "launch_cost"
                                    and r.reason == f"{NOTHING_ASYNC}; {launch}" for r in report), \
        [str(r) for r in report]
    assert "mbarrier" not in src and CP_ASYNC_COPY.search(src)
    assert stock_kernels(src) == stock_kernels(cuda_source(mod, "default", STOCK))


@pytest.mark.parametrize("ctas, tile_m, mbarrier", [
    (SMS - 1, 32, False),   # 128 bytes per thread, one CTA short of the SMs
    (SMS, 32, True),        # 128 bytes per thread, a CTA per SM
    (1024, 32, True),
    (1024, 16, False),      # 64 bytes per thread
])
def test_wide_stages_in_a_launch_that_fills_the_sms_get_tensor_copies(ctas, tile_m, mbarrier):
    mod = tile_scale(256, 64 * ctas, tile_n=64, tile_m=tile_m, threads=64)
    src, report = report_of(mod)
    if mbarrier:
        assert on_mbarriers(src, report), [str(r) for r in report]
        assert all(r.instruction == "cp.async.bulk.tensor.2d" for r in report)
    else:
        launch = f"{ctas} CTAs, fewer than the {SMS} SMs" if ctas < SMS else \
            f"{tile_m * 4} bytes per thread per stage, fewer than {PER_THREAD}"
        assert report and all(r.instruction == KEPT and r.reason == f"{NOTHING_ASYNC}; {launch}" for r in report), \
            [str(r) for r in report]
        assert stock_kernels(src) == stock_kernels(cuda_source(mod, "default", STOCK))


def test_nested_mma_gemm_on_mbarriers_from_a_launch_that_fills_the_sms():
    # The mma GEMM with its ldmatrix pipeline (MetaSchedule's layout), 64 threads staging two
    # 4 KiB operand tiles: 128 bytes per thread per stage. At 768^3 (144 CTAs) swizzled tensor
    # copies on mbarriers; at 512^3 (64 CTAs) stock's groups and stock's kernel.
    from tvm_tma.kernels import gemm_mma

    def gemm(n):
        tiles = n // 16
        return gemm_mma(n, i_factors=(1, tiles // 4, 1, 2, 2), j_factors=(tiles // 4, 1, 2, 1, 2),
                        k_factors=(tiles // 2, 2, 1), inner_pipeline=True)

    src, report = report_of(gemm(768))
    assert on_mbarriers(src, report) and {r.instruction for r in report} == \
        {"cp.async.bulk.tensor.2d (64B swizzle)", "cp.async.bulk.tensor.2d (128B swizzle)"}
    small = gemm(512)
    src, report = report_of(small)
    assert len(report) == 4 and all(r.instruction == KEPT and r.rule == "launch_cost"
                                    and r.reason == f"{NOTHING_ASYNC}; 64 CTAs, fewer than the {SMS} SMs"
                                    for r in report), [str(r) for r in report]
    assert stock_kernels(src) == stock_kernels(cuda_source(small, "default", STOCK))


# fp16 tiles of 8 x 64 whose columns are shifted by 8 (zeros shifted in): the zero-fill
# condition mentions the vector's lane, so stock TVM 0.27 loads them with ordinary loads and
# stores; the lowering copies them with tensor copies (the hardware fills the zeros). 4 CTAs of
# 64 threads, 16 bytes per thread per stage.
SHIFTED = FuzzCase("shifted_columns", "float16", rows=64, cols=256, tile_m=8, tile_n=64, threads=64, lanes=8,
                   stages=3, operands=(Operand(col_shift=8),), order=(0, 1))


def test_zero_fill_stock_loads_synchronously_gets_tensor_copies_in_a_small_launch():
    mod = fuzz.schedule(SHIFTED)
    src, report = report_of(mod)
    assert on_mbarriers(src, report) and all(r.instruction == "cp.async.bulk.tensor.2d" for r in report)
    stock = cuda_source(mod, "default", STOCK)
    assert not CP_ASYNC_COPY.search(stock) and "mbarrier" not in stock  # stock: ordinary loads in its stage
    # The decision reads the lowering's copy report entries, also where no copy report collects.
    assert "cp_async_bulk_tensor_g2s" in cuda_source(mod, "tma") and "mbarrier_wait" in cuda_source(mod, "tma")


def test_same_zero_fill_shifted_by_rows_keeps_stocks_groups():
    # Shifted by 3 rows instead: the condition is the same for a vector's lanes and stock makes
    # each vector one zero-filling cp.async, so nothing becomes asynchronous.
    mod = fuzz.schedule(dataclasses.replace(SHIFTED, name="shifted_rows", operands=(Operand(row_shift=3),)))
    src, report = report_of(mod)
    assert report and all(r.instruction == KEPT and r.rule == "launch_cost"
                          and r.reason == f"{NOTHING_ASYNC}; 4 CTAs, fewer than the {SMS} SMs" for r in report)
    assert stock_kernels(src) == stock_kernels(cuda_source(mod, "default", STOCK))


@pytest.mark.parametrize("rows, rule", [(32, "launch_cost_loads"), (64, None)])
def test_a_cta_loading_fewer_than_two_stages_keeps_stocks_groups(rows, rule):
    # 256 CTAs of 32 x 64 fp32 tiles over 64 threads (128 bytes per thread): one row tile per
    # CTA overlaps nothing (launch_cost_loads) and keeps stock's groups; two go on mbarriers.
    mod = tile_scale(rows, 64 * 256, tile_n=64, tile_m=32, threads=64)
    src, report = report_of(mod)
    if rule is None:
        assert on_mbarriers(src, report), [str(r) for r in report]
        return
    assert report and all(r.instruction == KEPT and r.rule == rule
                          and r.reason == "a CTA loads 1 stage(s), fewer than 2: nothing to overlap" for r in report)
    assert stock_kernels(src) == stock_kernels(cuda_source(mod, "default", STOCK))


def any_grid(rows: int):
    """One CTA per ``rows`` x 64 strip of a ``(k, rows, 64)`` fp32 tensor, ``k`` known at run
    time only: 64 threads, 4 trips of ``rows / 4`` rows a stage (``rows`` bytes per thread)."""

    @T.prim_func(s_tir=True)
    def func(a: T.handle, c: T.handle):
        k = T.int32()
        A = T.match_buffer(a, (k, rows, 64), "float32")
        C = T.match_buffer(c, (k, rows, 64), "float32")
        for bx in T.thread_binding(k, thread="blockIdx.x"):
            for tx in T.thread_binding(64, thread="threadIdx.x"):
                for i in T.serial(4, annotations={"software_pipeline_stage": [0, 1], "software_pipeline_order": [0, 1],
                                                  "software_pipeline_async_stages": [0]}):
                    with T.sblock("tile"):
                        S = T.sblock_alloc_buffer((rows // 4, 64), "float32", scope="shared")
                        for r in range(rows // 4):
                            with T.sblock("S"):
                                S[r, tx] = A[bx, i * (rows // 4) + r, tx]
                        for r in range(rows // 4):
                            with T.sblock("C"):
                                C[bx, i * (rows // 4) + r, tx] = S[r, tx] * T.float32(2)

    return func


ANY_GRID_WIDE, ANY_GRID_NARROW = any_grid(128), any_grid(16)  # 32 and 4 rows a stage


def test_launch_of_symbolic_size_counts_as_filling_the_sms():
    src, report = report_of(ANY_GRID_WIDE)  # 128 bytes per thread
    assert on_mbarriers(src, report), [str(r) for r in report]
    _, report = report_of(ANY_GRID_NARROW)  # 16 bytes per thread
    assert report and all(r.instruction == KEPT and r.rule == "launch_cost" and r.reason ==
                          f"{NOTHING_ASYNC}; 16 bytes per thread per stage, fewer than {PER_THREAD}" for r in report)


@pytest.mark.parametrize("mod", [
    pytest.param(lambda: tile_scale(256, 256, tile_n=64), id="plain_copy_4_ctas"),
    pytest.param(lambda: tile_scale(32, 64 * 256, tile_n=64, tile_m=32, threads=64), id="one_load_per_cta"),
    pytest.param(lambda: patterns.two_producers_order_021, id="two_producers_order_021"),
])
def test_all_launches_lowers_every_pipeline_to_mbarriers(mod):
    assert report_of(mod(), "tma")[1][0].rule in ("launch_cost", "launch_cost_loads")  # "tma": stock's groups
    src, report = report_of(mod(), ALL_LAUNCHES)
    assert on_mbarriers(src, report), [str(r) for r in report]


@pytest.mark.parametrize("pipeline", ["tma", STOCK_GROUPS])
def test_wgmma_pipelines_always_go_on_mbarriers(pipeline):
    # A 256^3 wgmma GEMM: 2 CTAs. Stock's groups cannot wait for wgmma groups: its ring stays
    # on mbarriers, under the model and where every other pipeline keeps stock's groups.
    from tvm_tma.kernels import gemm_wgmma

    src, report = report_of(gemm_wgmma(256, 256, 256), pipeline)
    loads = [r for r in report if r.dst.endswith("_shared.dyn")]
    assert loads and all(r.instruction.startswith("cp.async.bulk.tensor") and not r.rule for r in loads)
    assert "mbarrier_wait" in src and "cp.async.commit_group" not in src and "wgmma" in src


def test_launch_cost_option_is_checked():
    with pytest.raises(ValueError, match="launch_cost: expected one of"):
        tvm_tma.transforms.LowerAsyncPipelineToMBarrier(launch_cost="small")


# -- stock's groups, repaired ------------------------------------------------------------------

def test_stock_groups_of_a_bulk_store_pipeline_store_as_stock_does():
    # Under "tma" (4 CTAs: the model keeps stock's groups) the output tile's bulk store becomes
    # stock's ordinary stores; only the loads are reported.
    mod = tile_scale(250, 256, tile_n=64, store=True)
    src, report = report_of(mod)
    assert {r.src for r in report} == {"A"} and all(r.rule == "launch_cost" and r.instruction == KEPT
                                                     for r in report)
    assert "cp.async.bulk" not in src and stock_kernels(src) == stock_kernels(cuda_source(mod, "default", STOCK))
    assert "cp_async_bulk_tensor_s2g" in cuda_source(mod, ALL_LAUNCHES)


def test_stock_groups_of_interleaved_producers_commit_per_site_in_the_prologue():
    # Two producers committing one stage in two places, order [0, 2, 1]: TVM 0.27 counts the
    # loop's waits as two groups per stage, but its prologue commits each stage as one group,
    # so its first waits let a stage in flight be read (stock computes wrong results on the
    # H100). With stock's groups the prologue commits each producer on its own: 3 stages x 2
    # groups before the loop, each of one buffer, and the loop's count (5) is exact.
    src, report = report_of(patterns.two_producers_order_021, STOCK_GROUPS)
    assert report and all(r.rule == "launch_cost" and r.reason.startswith("stock's groups at any launch size; ")
                          and "committed per place" in r.reason for r in report)
    prologue = stock_kernels(src).split("for (int i")[0]
    groups = [[line.split("(")[1].split(",")[0] for line in g.splitlines() if "cp_async_legacy" in line]
              for g in prologue.split("commit_group();")[:-1]]
    assert groups == [["As_ptr"], ["Bs_ptr"]] * 3
    stock = stock_kernels(cuda_source(patterns.two_producers_order_021, "default", STOCK)).split("for (int i")[0]
    assert stock.count("commit_group();") == 3
    assert "wait_group_5();" in stock_kernels(src) and "mbarrier" not in src
    # "tma" chooses stock's groups here too (4 CTAs, stock's cp.async), with the same repair.
    assert stock_kernels(cuda_source(patterns.two_producers_order_021, "tma")) == stock_kernels(src)


# The mbarrier lowering cannot model the next two pipelines (rule pipeline_model): they keep
# stock's groups whatever the launch-cost model expects, with the same repairs.

def test_stock_groups_of_an_inner_ldmatrix_pipeline_keep_stocks_counts():
    # The inner (ldmatrix) pipeline's async stage is consumed before its two copy blocks are
    # committed, where TVM 0.27 counts too few groups; but it copies into registers, so its
    # groups are empty and its waits keep stock's counts: the kernel is stock's.
    mod = patterns.CASES[[c.name for c in patterns.CASES].index("nested_mma_gemm_inner_async")].build()
    src, report = report_of(mod)
    assert report and all(r.rule == "pipeline_model"
                          and r.reason == "async queue 0 uses rings of 4 and 1 versions in one pipeline"
                          for r in report), [str(r) for r in report]
    assert {r.dst for r in report if r.instruction == KEPT} == {"A_shared.dyn", "B_shared.dyn"}
    assert stock_kernels(src) == stock_kernels(cuda_source(mod, "default", STOCK))


def test_stock_groups_of_consumers_first_copies_into_shared_wait_for_every_group():
    # Consumers ordered before a stage of two copy blocks into shared memory: TVM 0.27 counts a
    # group per block and commits one, so its loop lets a stage in flight be read; with stock's
    # groups those waits wait for every group (reported), stock's keep their count.
    mod = tile_scale(256, 256, tile_n=64, second_input=True, consumers_first=True)
    src, report = report_of(mod, STOCK_GROUPS)
    assert report and all(r.rule == "launch_cost" and "wait for every group" in r.reason for r in report)

    def loop_wait(text):  # the wait at the top of the pipelined loop
        return re.search(r"wait_group_(\d+)", text[text.index("for (int i_0"):]).group(1)

    assert loop_wait(stock_kernels(src)) == "0" and loop_wait(stock_kernels(cuda_source(mod, "default", STOCK))) == "2"


def test_stock_failure_where_stocks_groups_were_chosen_falls_back_to_the_mbarrier_lowering():
    # Stock TVM 0.27 fails an internal check on this schedule (a zero-filled vector copy into a
    # buffer StorageRewrite made float32x4): with stock's groups chosen, the pipeline compiles
    # it with the mbarrier lowering instead.
    from test_lower_async_pipeline_reach import zero_fill_tail

    assert compat.build(tvm.IRModule({"main": zero_fill_tail}), compat.STOCK, remember=False).error is not None
    src, report = report_of(zero_fill_tail, STOCK_GROUPS)
    assert report and not any(r.rule.startswith("launch_cost") for r in report) and "mbarrier_wait" in src


def test_stocks_groups_wait_before_a_relay_whose_first_consumer_is_predicated_off():
    # Two trips, a relay stage (shared -> shared) ordered after the copies and a consumer
    # ordered first: InjectSoftwarePipeline waits once per stage, at the consumer, which the
    # unrolled prologue predicates off in the iterations where the relay already reads the
    # first copy (stock TVM 0.27 then fails codegen on that wait's symbolic count). Under
    # "tma" the wait runs whether or not its block does: one before every relay read.
    case = FuzzCase("relay_first", "bfloat16", rows=16, cols=64, tile_m=8, tile_n=64, threads=128, lanes=8,
                    stages=3, operands=(Operand(pad=16), Operand()), order=(2, 3, 4, 0, 1), relay=True, store=True)
    mod = fuzz.schedule(case)
    assert compat.build(mod, compat.STOCK, remember=False).error is not None
    src, report = report_of(mod)
    loads = [r for r in report if r.dst != "Y"]
    assert {r.src for r in loads} == {"X0", "X1"}
    assert all(r.instruction == KEPT and r.rule == "pipeline_model" and "different rings" in r.reason
               and r.reason.endswith("its waits wait for every group") for r in loads), [str(r) for r in report]
    text = stock_kernels(src)
    relays = [m.start() for m in re.finditer(r"X0_shared_shared_ptr\[[^\n]*\] = X0_shared_ptr", text)]
    assert len(relays) == 2
    for start, relay in zip([0] + relays, relays):
        assert "wait_group" in text[start:relay]


def test_a_wait_count_known_only_at_run_time_keeps_the_rings():
    """A symbolic trip count with a bulk store in the pipeline: stock's epilogue waits for a
    count known only at run time, which stock TVM's codegen cannot emit (``cp.async.wait_group``
    takes an immediate), so the model's choice of stock's groups yields to the rings."""
    src, report = report_of(tile_scale(112, 512, dynamic=True, store=True))
    assert report and not any(r.rule.startswith("launch_cost") for r in report)
    assert "mbarrier_wait" in src and "cp.async.wait_group" not in src


def test_stocks_groups_are_not_kept_where_stocks_cp_async_would_be_misaligned():
    """Rows of 66 fp32 (padded by 2): stock TVM issues each 16-byte vector as one cp.async at
    an 8-byte aligned shared address (a misaligned-address fault on the GPU). "tma" keeps the
    pipeline on mbarriers, the padded tile's copies as 8-byte cp.async pieces on them, though
    a queue of bulk and per-thread copies would otherwise go to stock's groups (mixed_stage_cost)."""
    src, report = report_of(tile_scale(1024, 512, second_input=True, pads=(0, 2)))
    padded = [r for r in report if r.dst == "C_shared"]
    assert padded and all(r.instruction == "cp.async" and r.pieces == 512 for r in padded), report
    assert "mbarrier_wait" in src and "cp.async.commit_group" not in src
    stock = cuda_source(tile_scale(1024, 512, second_input=True, pads=(0, 2)), "default", STOCK)
    # (stock's 16-byte copy into a row of 66 floats)
    assert "cp_async_legacy_cg_16_4_4(C_shared_ptr, (((ax0_ax1_fused_0_1 * 528) + ((((int)threadIdx.x) >> 4) * 66))" \
        in stock


def test_a_stage_past_the_data_keeps_the_rings():
    """1001 x 8 fp16 in tiles of 512 rows, 16 trips per CTA: the prologue's third stage copies
    nothing. TVM 0.27 drops its commit with its copies while the loop's waits still count it
    (stock's code reads tiles still in flight), so "tma" keeps the pipeline on mbarriers."""
    from tvm_tma.kernels import binary

    src, report = report_of(binary("add", (1001, 8), (8,)))
    assert report and not any(r.rule.startswith("launch_cost") for r in report), [str(r) for r in report]
    assert "mbarrier_wait" in src and "cp.async.commit_group" not in src
