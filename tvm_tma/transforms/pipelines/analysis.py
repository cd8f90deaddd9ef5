"""What the mbarrier lowering of one pipeline knows before it follows program order.

Accepts a pipeline of InjectSoftwarePipeline's output (what :mod:`.lower_async_pipeline` found
in it: its threads, the commit sites of its queues, the stages in flight before the first wait,
the queues whose consumers issue wgmma, and what a first, dry lowering said each ring needs).
Emits no IR: :class:`Pipeline` holds those facts and the plan of each copy, shared by the
lowering and its dry runs; :class:`Analyzer` simplifies the symbolic stage counts they compute.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import tvm
import tvm_ffi
from tvm import sym as arith
from tvm import tirx

from ... import rules
from .._ir import replace_node, substitute, walk
from ..copies.copy_plan import ThreadAxis, plan_copy
from ..copies.tensor_map import TensorMaps


class Analyzer:
    """An ``arith.Analyzer`` that remembers what it simplified (:meth:`simplify`,
    :meth:`simplify_cases`, and what :meth:`remember` computes) until its facts change
    (:meth:`bind`, :meth:`constraint_scope`): the dry runs of a loop body simplify the same
    stage counts again and again. Other queries go to the analyzer."""

    def __init__(self) -> None:
        self.analyzer = arith.Analyzer()
        self.known: dict = {}

    def remember(self, kind: str, expr: tirx.PrimExpr, compute: Callable) -> tirx.PrimExpr:
        """``compute(expr)``, computed once per structurally equal ``expr`` under the same facts."""
        key = (kind, tvm_ffi.StructuralKey(expr))
        if key not in self.known:
            self.known[key] = compute(expr)
        return self.known[key]

    def simplify(self, expr: tirx.PrimExpr) -> tirx.PrimExpr:
        return self.remember("simplify", expr, self.analyzer.simplify)

    def simplify_cases(self, expr: tirx.PrimExpr) -> tirx.PrimExpr:
        """Simplify ``expr``, splitting a ``Select(k == c, a, b)`` in it into its two cases.

        The loop-carried state of a pipelined loop (:meth:`.region.Region.lower_loop`) is such a
        select (the first iteration against the others); the wait count and the stage waited for
        usually take one form in both cases.
        """
        return self.remember("cases", expr, self._simplify_cases)

    def _simplify_cases(self, expr: tirx.PrimExpr) -> tirx.PrimExpr:
        selects = []
        walk(expr, tirx.Select, selects.append)
        sel = next((x for x in selects if isinstance(x.condition, tirx.EQ)
                    and isinstance(x.condition.a, tirx.Var)), None)
        if sel is None:
            return self.simplify(expr)
        var, value = sel.condition.a, sel.condition.b
        first = self.simplify_cases(substitute(replace_node(expr, sel, sel.true_value), {var: value}))
        rest = self.simplify_cases(replace_node(expr, sel, sel.false_value))
        at_first = self.simplify(substitute(rest, {var: value}))
        return rest if tvm_ffi.structural_equal(first, at_first) else self.simplify(expr)

    def bind(self, var: tirx.Var, rng: tvm.ir.Range) -> None:
        self.known.clear()
        self.analyzer.bind(var, rng)

    @contextlib.contextmanager
    def constraint_scope(self, constraint: tirx.PrimExpr) -> Iterator[None]:
        self.known.clear()
        try:
            with self.analyzer.constraint_scope(constraint):
                yield
        finally:
            self.known.clear()

    def __getattr__(self, name: str):
        return getattr(self.analyzer, name)


@dataclass
class Pipeline:
    """One pipeline as its lowering and the dry runs of its loops share it.

    ``barrier_name`` names its rings (``<barrier_name>_q<queue>``); ``sites``: per queue its
    commit sites (:func:`.stages.commit_sites`), a ring each; ``in_flight``: per queue the
    stages committed before its first wait. What the rings need in every phase: ``noinc``, the
    sites whose barriers count one ``.noinc`` arrival per thread (some stage falls back to
    cp.async: every stage of them arrives so, also one whose copies are all bulk);
    ``expect_queues``, those that count an ``expect_tx`` arrival (some stage has bulk copies, or
    none has cp.async: every stage arrives so, also one without bulk copies of its own);
    ``empty_queues``, those whose overwrites are guarded by a ring of "empty" barriers.
    ``wgmma_queues``: the queues whose consumer stages issue wgmma.mma_async (one group per
    stage), each leaving ``wgmma_in_flight`` groups in flight (wgmma.wait_group N after its
    commit). ``plans``: the plan of each copy statement, planned once for the dry runs and the
    lowering (a statement is the same object in each, under the same loop bounds).
    ``dry_run``: only the program-order state matters, no IR is emitted or reported.
    """

    func_name: str
    threads: list[ThreadAxis]
    barrier_name: str
    sites: dict[int, list[frozenset]]
    in_flight: dict[int, int]
    maps: TensorMaps | None = None
    min_run_bytes: int = rules.limit("bulk_min_run")
    permuted_tiles: bool = False
    analyzer: Analyzer = field(default_factory=Analyzer)
    plans: dict = field(default_factory=dict)
    noinc: set = field(default_factory=set)
    expect_queues: set = field(default_factory=set)
    empty_queues: set = field(default_factory=set)
    wgmma_queues: set = field(default_factory=set)
    wgmma_in_flight: int = 1
    dry_run: bool = False

    def plan(self, copy: tirx.Stmt):
        """:func:`plan_copy` of ``copy``, planned once for the dry runs and the lowering."""
        if copy not in self.plans:
            self.plans[copy] = plan_copy(copy, self.threads, self.analyzer, min_run_bytes=self.min_run_bytes,
                                         maps=self.maps, permuted_tiles=self.permuted_tiles)
        return self.plans[copy]
