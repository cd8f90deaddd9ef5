"""The hand-written async-copy patterns (``patterns.py``) under stock TVM and ``"tma"``: each
one stock compiles must compile under ``"tma"``, pass nvcc for sm_90a and have every async
copy site in the copy report."""

import pytest
import tvm

import patterns
import tvm_tma
from tvm_tma.testing import compat


@pytest.fixture(scope="module")
def outcomes():
    return compat.check_all(patterns.CASES)


@pytest.mark.parametrize("case", patterns.CASES, ids=lambda case: case.name)
def test_drop_in(case, outcomes):
    outcome = outcomes[case.name]
    if outcome.stock.error is not None:
        pytest.skip(f"stock TVM fails too: {compat.first_line(outcome.stock.error)}")
    outcome.raise_for_tma()


def test_nested_async_scopes_stay_an_error():
    # Stock TVM refuses an async pipeline inside another's async stage; "tma" must refuse
    # too, naming its rule.
    mod = tvm.IRModule({"main": patterns.nested_async_scopes})
    stock = compat.build(mod, compat.STOCK)
    assert "Nested async scopes not supported" in str(stock.error)
    tma = compat.build(mod, compat.TMA)
    assert isinstance(tma.error, tvm_tma.TMAError), compat.first_line(tma.error) if tma.error else "compiled"
    assert tma.error.rule == "pipeline_nesting"
