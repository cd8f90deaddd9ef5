"""Schedules that TVM's own schedulers make (``generated.py``: MetaSchedule design spaces
sampled with fixed seeds, dlight's default GPU rules) under stock TVM and ``"tma"``, checked
as ``test_patterns.py`` checks the hand-written ones. ``CI_SAMPLES`` keeps the count small
for CI; ``tests/compat/build_gpu.py`` samples more for the GPU run."""

import pytest
import tvm
from tvm.tirx import compilation_pipeline

import generated
from tvm_tma.codegen import SM90A
from tvm_tma.pipeline import tma_tir_pipeline
from tvm_tma.testing import compat

CI_SAMPLES = {"gemm_f16_tc": 2, "conv2d_f16_tc": 1, "bmm_f16": 1, "gemm_f32": 1, "conv2d_f32": 1}
CASES = ([case for name, count in CI_SAMPLES.items() for case in generated.ms_cases(name, count)]
         + generated.dlight_cases())


@pytest.fixture(scope="module")
def outcomes():
    return compat.check_all(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_drop_in(case, outcomes):
    outcome = outcomes[case.name]
    if outcome.stock.error is not None:
        pytest.skip(f"stock TVM fails too: {compat.first_line(outcome.stock.error)}")
    outcome.raise_for_tma()


@pytest.mark.parametrize("name", sorted(generated.relax_modules()))
def test_relax_module_builds_under_both_pipelines(name):
    # The whole Relax module: tvm.compile schedules its kernels with dlight, then lowers them.
    mod = generated.relax_modules()[name]
    target = tvm.target.Target(SM90A)
    with tvm.transform.PassContext(config=compat.STOCK_CONFIG):
        tvm.compile(mod, target=target, tir_pipeline=compat.STOCK)
    executable = tvm.compile(mod, target=target, tir_pipeline=compat.TMA)
    assert executable.mod.imports, f"{name}: no device module under tma"


def test_metaschedule_permuted_tiles(outcomes):
    # MetaSchedule's tensor-core rules store the shared tiles permuted (InjectPermutedLayout's
    # XOR). Under "tma" such tiles keep per-thread cp.async, so the pipeline keeps stock's
    # groups (rule permuted_tile_cost: on the H100 most of these samples ran slower with
    # tensor copies). With permuted_tiles, sample 0's A tiles of 32 fp16 (64-byte rows), whose
    # permutation is the 64B swizzle, become one swizzled tensor copy per stage, ldmatrix
    # reading the permuted positions as stock does; its B tiles have 256-byte rows, which no
    # tensor map stores that way: per-thread cp.async (rule swizzle_permuted), both on one
    # mbarrier with mixed_stages="mbarrier".
    # (A launch of 8 CTAs: the variants below put every pipeline on mbarriers, whatever the
    # launch-cost model expects; "tma" itself gets as far as the permuted tiles.)
    outcome = outcomes["ms_gemm_f16_tc_0"]
    outcome.raise_for_tma()
    assert outcome.tma.report and all(r.instruction == "cp.async (stock pipeline)" and r.rule == "pipeline_model"
                                      and "permuted_tile_cost" in r.reason for r in outcome.tma.report)
    sample = next(c for c in CASES if c.name == "ms_gemm_f16_tc_0").build()
    plain = compat.build(sample, "tma_all_launches", remember=False)
    assert plain.report and all(r.instruction == "cp.async (stock pipeline)" and r.rule == "pipeline_model"
                                and "permuted_tile_cost" in r.reason for r in plain.report)
    compilation_pipeline.register_tir_pipeline(
        "tma_test_permuted_mixed",
        lambda: tma_tir_pipeline(permuted_tiles=True, mixed_stages="mbarrier", launch_cost="mbarriers"))
    mixed = compat.build(sample, "tma_test_permuted_mixed", remember=False)
    assert mixed.error is None
    a = [r for r in mixed.report if r.dst == "A_reindex_shared.dyn"]
    b = [r for r in mixed.report if r.dst == "B_reindex_shared.dyn"]
    assert a and all(r.instruction == "cp.async.bulk.tensor.2d (64B swizzle)" and r.pieces == 1 and not r.rule
                     and "permuted layout is the 64B swizzle" in r.reason for r in a), [str(r) for r in a]
    assert b and all(r.instruction == "cp.async" and r.rule == "swizzle_permuted"
                     and "not the 128B swizzle of 128-element rows" in r.reason for r in b), [str(r) for r in b]
    stock_groups = compat.build(sample, "tma_permuted_tiles_all_launches", remember=False)
    assert stock_groups.report and all(r.instruction == "cp.async (stock pipeline)" and r.rule == "mixed_stage_cost"
                                       and "swizzle_permuted" in r.reason for r in stock_groups.report)


def test_metaschedule_conv_padding_copies_are_async(outcomes):
    # MetaSchedule's conv2d tensor-core sample 0 stages the padded input by 16-byte vectors whose
    # zero-fill condition (the pixel inside the image) and source column mention the vector's
    # lane only through divisions it never crosses. Stock TVM copies them synchronously; under
    # "tma" UniformLaneFill gives them lane-free conditions and affine indices, and they become
    # zero-filling cp.async in stock's groups (the tile is permuted: rule permuted_tile_cost).
    outcome = outcomes["ms_conv2d_f16_tc_0"]
    outcome.raise_for_tma()
    padded = [r for r in outcome.tma.report if r.dst == "PadInput_reindex_shared.dyn"]
    assert padded and all(r.instruction == "cp.async (stock pipeline)" and r.pieces > 0 for r in padded), \
        [str(r) for r in padded]
    zero_fills = {p: b.source.count("ptx_cp_async_legacy_pred_cg_16") for p, b in (("stock", outcome.stock),
                                                                                      ("tma", outcome.tma))}
    assert zero_fills["stock"] == 0 and zero_fills["tma"] > 0, zero_fills
