"""The per-copy report: for every async copy, what tvm-tma emitted and why.

Collect it around any compilation::

    with tvm_tma.copy_report() as report:
        tvm.compile(mod, target=target, tir_pipeline="tma")
    for entry in report:
        print(entry)

Nothing becomes silently slow: each fallback names the rule that failed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class CopyRecord:
    """What one copy site became.

    ``instruction`` is what the copy issues: ``"cp.async.bulk"``, ``"cp.async.bulk.tensor.2d"``
    (...), ``"cp.async"`` (per-thread fallback on the stage's mbarrier), ``"cp.async (stock
    pipeline)"`` (the whole pipeline left to stock TVM's commit/wait groups) or
    ``"synchronous"`` (ordinary loads and stores); ``bytes`` the bytes per execution of the
    copy; ``pieces`` the number of instructions one execution issues (CTA-wide; for
    synchronous statements, the statements executed); ``rule`` and ``reason`` say why a
    fallback was taken (empty for bulk copies); ``site`` says which copy of a pipeline it is
    (the stage's iteration, e.g. ``k + 3`` in the steady state: a pipelined copy appears once
    in the prologue and once in the loop).
    """

    function: str
    src: str
    dst: str
    bytes: int
    instruction: str
    pieces: int
    rule: str = ""
    reason: str = ""
    site: str = ""

    def __str__(self) -> str:
        where = f" [stage {self.site}]" if self.site else ""
        how = ("ordinary loads and stores" if self.instruction == "synchronous"
               else f"{self.pieces} x {self.instruction}")
        text = f"{self.function}{where}: {self.src} -> {self.dst}: {self.bytes} bytes as {how}"
        if self.rule:
            return text + f" (fallback, {self.rule}: {self.reason})"
        return text + (f" ({self.reason})" if self.reason else "")


_active: list[list[CopyRecord]] = []
_held: list[list[CopyRecord]] = []


@contextlib.contextmanager
def copy_report() -> Iterator[list[CopyRecord]]:
    """Collect a :class:`CopyRecord` for every copy lowered inside the ``with`` block."""
    records: list[CopyRecord] = []
    _active.append(records)
    try:
        yield records
    finally:
        _remove(_active, records)


@contextlib.contextmanager
def held() -> Iterator[list[CopyRecord]]:
    """Hold back the entries recorded inside the ``with`` block (a lowering that may still be
    abandoned for another): they go to the list yielded, not to :func:`copy_report`; the
    caller records the ones that stand."""
    records: list[CopyRecord] = []
    _held.append(records)
    try:
        yield records
    finally:
        _remove(_held, records)


def _remove(stack: list[list[CopyRecord]], records: list[CopyRecord]) -> None:
    """Remove ``records`` itself from ``stack`` (``list.remove`` compares by value and would
    take an outer, equal list: two empty ones)."""
    del stack[next(i for i, r in enumerate(stack) if r is records)]


def collecting() -> bool:
    """Whether a :func:`copy_report` is collecting, or a lowering holds entries back (it decides
    by them): without either, entries go nowhere and the passes need not build them."""
    return bool(_active or _held)


def record(entry: CopyRecord) -> None:
    """Called by the passes for each copy they lower."""
    if _held:
        _held[-1].append(entry)
        return
    for records in _active:
        records.append(entry)
