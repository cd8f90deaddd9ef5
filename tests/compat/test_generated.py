"""Schedules that TVM's own schedulers make (``generated.py``: MetaSchedule design spaces
sampled with fixed seeds, dlight's default GPU rules) under stock TVM and ``"tma"``, checked
as ``test_patterns.py`` checks the hand-written ones. ``CI_SAMPLES`` keeps the count small
for CI; ``tests/compat/build_gpu.py`` samples more for the GPU run."""

import pytest
import tvm

from tvm_tma.codegen import SM90A
from tvm_tma.testing import compat

import generated

CI_SAMPLES = {"gemm_f16_tc": 2, "conv2d_f16_tc": 1, "bmm_f16": 1, "gemm_f32": 1, "conv2d_f32": 1}
CASES = [case for name, count in CI_SAMPLES.items() for case in generated.ms_cases(name, count)] + generated.dlight_cases()


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
