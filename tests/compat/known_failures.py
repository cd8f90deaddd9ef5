"""What ``tir_pipeline="tma"`` fails on today, per compat case: the exception it raises and
``"<pattern>: <error>"``. Each entry becomes ``pytest.mark.xfail(strict=True, raises=...)``:
a case the lowering fixes turns into a strict XPASS failure; delete its entry then."""

import pytest
from tvm.error import InternalError

from tvm_tma import TMAError

TMA_FAILURES: dict[str, tuple[type[BaseException], str]] = {}


def params(cases) -> list:
    """``cases`` as pytest params named after the case, today's failures marked."""
    marks = {name: pytest.mark.xfail(strict=True, raises=raises, reason=reason)
             for name, (raises, reason) in TMA_FAILURES.items()}
    return [pytest.param(case, id=case.name, marks=[marks[case.name]] if case.name in marks else []) for case in cases]
