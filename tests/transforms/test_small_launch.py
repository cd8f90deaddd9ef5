"""The launch-size rule (``small_launch_cost``): under "tma", a pipeline in a launch of fewer
CTAs than an H100 has SMs keeps stock TVM's cp.async commit/wait groups, reported with the
rule; launches of that size or more, and launches of a symbolic size, get the mbarrier lowering."""

import pathlib
import re
import sys

import pytest
import tvm
from tvm.script import tirx as T

import tvm_tma
from tvm_tma import rules
from tvm_tma.testing import compat
from workloads import ALL_LAUNCHES, cuda_source, tile_scale

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "compat"))
import patterns

STOCK = {"tirx.use_async_copy": 1}
SMS = rules.limit("small_launch_cost")


def kernel(src: str) -> str:
    return src[src.index("extern \"C\" __global__"):]


def report_of(mod, pipeline: str = "tma"):
    with tvm_tma.copy_report() as report:
        src = cuda_source(mod, pipeline)
    return src, report


def test_rule_is_the_h100s_sm_count_with_its_measurement():
    assert SMS == 132 and "launch_size_h100" in rules.RULES["small_launch_cost"].source


@pytest.mark.parametrize("ctas", [4, SMS - 1])
def test_small_launch_keeps_stocks_groups_and_code(ctas):
    mod = tile_scale(256, 64 * ctas, tile_n=64)
    src, report = report_of(mod)
    assert report and all(r.instruction == "cp.async (stock pipeline)" and r.rule == "small_launch_cost"
                          and r.reason == f"the kernel launches {ctas} CTAs, fewer than {SMS}" for r in report)
    assert kernel(src) == kernel(cuda_source(mod, "default", STOCK))


def test_launch_of_the_sm_count_gets_tensor_copies_on_mbarriers():
    src, report = report_of(tile_scale(256, 64 * SMS, tile_n=64))
    assert report and all(r.instruction == "cp.async.bulk.tensor.2d" and not r.rule for r in report)
    assert "mbarrier_wait" in src and "cp.async.commit_group" not in src


def test_all_launches_lowers_small_launches_to_mbarriers():
    _, report = report_of(tile_scale(256, 256, tile_n=64), ALL_LAUNCHES)
    assert report and all(r.instruction == "cp.async.bulk.tensor.2d" for r in report)


@T.prim_func(s_tir=True)
def any_grid(a: T.handle, c: T.handle):
    # one CTA per 16 x 64 strip of a (k, 16, 64) tensor, k known at run time only
    k = T.int32()
    A = T.match_buffer(a, (k, 16, 64), "float32")
    C = T.match_buffer(c, (k, 16, 64), "float32")
    for bx in T.thread_binding(k, thread="blockIdx.x"):
        for tx in T.thread_binding(64, thread="threadIdx.x"):
            for i in T.serial(4, annotations={"software_pipeline_stage": [0, 1], "software_pipeline_order": [0, 1],
                                              "software_pipeline_async_stages": [0]}):
                with T.sblock("tile"):
                    S = T.sblock_alloc_buffer((4, 64), "float32", scope="shared")
                    for r in range(4):
                        with T.sblock("S"):
                            S[r, tx] = A[bx, i * 4 + r, tx]
                    for r in range(4):
                        with T.sblock("C"):
                            C[bx, i * 4 + r, tx] = S[r, tx] * T.float32(2)


def test_launch_of_symbolic_size_gets_the_mbarrier_lowering():
    src, report = report_of(any_grid)
    assert report and all(r.instruction.startswith("cp.async.bulk") and not r.rule for r in report)
    assert "mbarrier_wait" in src


def test_small_launch_with_a_bulk_store_stores_as_stock_does():
    mod = tile_scale(250, 256, tile_n=64, store=True)
    src, report = report_of(mod)
    assert {r.src for r in report} == {"A"} and all(r.rule == "small_launch_cost" for r in report)
    assert "cp.async.bulk" not in src and kernel(src) == kernel(cuda_source(mod, "default", STOCK))
    assert "cp_async_bulk_tensor_s2g" in cuda_source(mod, ALL_LAUNCHES)


def test_small_launch_of_interleaved_producers_commits_per_site_in_the_prologue():
    # Two producers committing one stage in two places, order [0, 2, 1]: TVM 0.27 counts the
    # loop's waits as two groups per stage, but its prologue commits each stage as one group,
    # so its first waits let a stage in flight be read (stock computes wrong results on the
    # H100). Under "tma" the prologue commits each producer on its own: 3 stages x 2 groups
    # before the loop, each of one buffer, and the loop's count (5) is exact.
    src, report = report_of(patterns.two_producers_order_021)
    assert report and all(r.rule == "small_launch_cost" and "committed per place" in r.reason for r in report)
    prologue = kernel(src).split("for (int i")[0]
    groups = [[line.split("(")[1].split(",")[0] for line in g.splitlines() if "cp_async_legacy" in line]
              for g in prologue.split("commit_group();")[:-1]]
    assert groups == [["As_ptr"], ["Bs_ptr"]] * 3
    stock = kernel(cuda_source(patterns.two_producers_order_021, "default", STOCK)).split("for (int i")[0]
    assert stock.count("commit_group();") == 3
    assert "wait_group_5();" in kernel(src) and "mbarrier" not in src


def test_small_launch_of_an_inner_ldmatrix_pipeline_keeps_stocks_counts():
    # The inner (ldmatrix) pipeline's async stage is consumed before its two copy blocks are
    # committed, where TVM 0.27 counts too few groups; but it copies into registers, so its
    # groups are empty and its waits keep stock's counts: the kernel is stock's.
    mod = patterns.CASES[[c.name for c in patterns.CASES].index("nested_mma_gemm_inner_async")].build()
    src, report = report_of(mod)
    assert report and all(r.rule == "small_launch_cost" and "every group" not in r.reason for r in report)
    assert kernel(src) == kernel(cuda_source(mod, "default", STOCK))


def test_small_launch_of_consumers_first_copies_into_shared_waits_for_every_group():
    # Consumers ordered before a stage of two copy blocks into shared memory: TVM 0.27 counts a
    # group per block and commits one, so its loop lets a stage in flight be read; under "tma"
    # those waits wait for every group (reported), stock's keep their count.
    mod = tile_scale(256, 256, tile_n=64, second_input=True, consumers_first=True)
    src, report = report_of(mod)
    assert report and all(r.rule == "small_launch_cost" and "wait for every group" in r.reason for r in report)
    def loop_wait(text):  # the wait at the top of the pipelined loop
        return re.search(r"wait_group_(\d+)", text[text.index("for (int i_0"):]).group(1)

    assert loop_wait(kernel(src)) == "0" and loop_wait(kernel(cuda_source(mod, "default", STOCK))) == "2"


def test_stock_failure_on_a_small_launch_falls_back_to_the_mbarrier_lowering():
    # Stock TVM 0.27 fails an internal check on this schedule (a zero-filled vector copy into a
    # buffer StorageRewrite made float32x4): "tma" compiles it with the mbarrier lowering.
    from test_lower_async_pipeline_reach import zero_fill_tail

    assert compat.build(tvm.IRModule({"main": zero_fill_tail}), compat.STOCK, remember=False).error is not None
    src, report = report_of(zero_fill_tail)
    assert report and not any(r.rule == "small_launch_cost" for r in report) and "mbarrier_wait" in src


def test_stocks_groups_wait_before_a_relay_whose_first_consumer_is_predicated_off():
    # Two trips, a relay stage (shared -> shared) ordered after the copies and a consumer
    # ordered first: InjectSoftwarePipeline waits once per stage, at the consumer, which the
    # unrolled prologue predicates off in the iterations where the relay already reads the
    # first copy (stock TVM 0.27 then fails codegen on that wait's symbolic count). Under
    # "tma" the wait runs whether or not its block does: one before every relay read.
    from tvm_tma.testing import fuzz
    from tvm_tma.testing.fuzz_cases import FuzzCase, Operand

    case = FuzzCase("relay_first", "bfloat16", rows=16, cols=64, tile_m=8, tile_n=64, threads=128, lanes=8,
                    stages=3, operands=(Operand(pad=16), Operand()), order=(2, 3, 4, 0, 1), relay=True, store=True)
    mod = fuzz.schedule(case)
    assert compat.build(mod, compat.STOCK, remember=False).error is not None
    src, report = report_of(mod)
    assert report and all(r.rule == "small_launch_cost" for r in report)
    text = kernel(src)
    relays = [m.start() for m in re.finditer(r"X0_shared_shared_ptr\[[^\n]*\] = X0_shared_ptr", text)]
    assert len(relays) == 2
    for start, relay in zip([0] + relays, relays):
        assert "wait_group" in text[start:relay]
