"""Program-order simulation of a kernel: the engine of :mod:`.verify_mbarrier_protocol` and
:mod:`.verify_wgmma`.

A kernel (a ``T.thread_binding`` loop nest of s_tir, before ``LowerOpaqueBlock``) runs for every
thread of one CTA at once: each statement for a mask of the threads that execute it (guards
are ``if`` and block predicates), serial loops with concrete values, sizes (function
parameters) at a sample. The checker says which leaf statements it follows and what they do;
the branches of a warp-role split (:data:`ROLE`) run at once as coroutines: a role runs until a
wait cannot return yet, then the next one.

Two shortcuts leave every verdict as the full simulation gives it:

1. **One block for all.** The simulation covers the first and the last block of each
   ``blockIdx`` extent (tails depend on them) unless nothing it evaluates refers to a
   ``blockIdx``: conditions, loop bounds, block bindings and what the checker evaluates at its
   statements (:meth:`_ProgramOrder.evaluated`). Then every block runs alike and the first one
   stands for all.
2. **Steady state.** A serial loop of at least :data:`MIN_TRIPS` iterations records, at the
   head of each iteration, the checker's state (:meth:`_ProgramOrder.state`: a key that leaves
   out what a translation of its counters changes) and where each other warp role of the
   splits under way waits: the leaf statement (met once in the kernel, else nothing is
   recorded), what on, and its variables. When the head of iteration ``b`` meets the record of
   iteration ``a`` again, each waiting role in the same runs of its loops at the same
   iterations but for at most one loop, ``d`` iterations further (the loops inside that one in
   new runs at the same iterations), the steps from ``b`` on repeat
   those from ``a`` on as long as every expression that simulating the loop's body (and each
   moved role's loop body) evaluates takes the same value one period later (``b - a``
   iterations of the loop, ``d`` of the role's): nothing else decides a step. Where
   ``arith.Analyzer`` proves that over the iterations to skip (with the variables bound
   outside those bodies at their values, the threads over their range), the loop moves on by
   ``m`` periods, each moved role by ``m d`` iterations, the counters by ``m`` times their
   growth over a period (:meth:`_ProgramOrder.translate`), and the iterations left run
   normally; ``m`` is the most periods that keep the loop and the moved roles inside their
   loops, halved until the proof covers them. :attr:`_ProgramOrder.steps` counts the skipped
   steps too, :attr:`_ProgramOrder.skipped` them alone.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass, field

import numpy as np
import tvm
from tvm import s_tir, tirx
from tvm import sym as arith

from .._ir import Evaluator, free_vars, substitute, walk

ROLE = "tvm_tma.warp_role"
"""The key of a warp role's branch (the same as :data:`..pipelines.warp_specialize.ROLE`; this
module cannot import that one, which imports the pipeline lowering)."""

MIN_TRIPS = 12
"""The fewest iterations of a loop that looks for a steady state (recording the state at each
head costs about as much as simulating a short iteration)."""

_UNSET = object()


class _Unmodelled(Exception):
    """IR the simulation cannot run; the checker reports it where it was met."""


class _Evaluator(Evaluator):
    """:class:`~.._ir.Evaluator` whose variables not in ``env`` are sizes, read from ``sample``
    (an int for every size, or a mapping by name) and recorded in ``read``."""

    unsupported = _Unmodelled

    def __init__(self):
        super().__init__()
        self.sample: int | Mapping[str, int] = 0
        self.read: dict[str, int] = {}

    def size(self, name: str) -> int | None:
        """The sample of size ``name`` (``None`` when there is none)."""
        return self.sample if isinstance(self.sample, int) else self.sample.get(name)

    def variable(self, var: tirx.Var):
        key, name = var.__chandle__(), var.name

        def lookup(env):
            if key in env:
                return env[key]
            if self.size(name) is None:
                raise _Unmodelled(f"cannot evaluate {name}: expected a loop variable, thread index "
                                  f"or a size in sample_values, got sizes {sorted(self.sample)}")
            self.read[name] = self.size(name)
            return self.read[name]

        return lookup


@dataclass(eq=False)
class _Frame:
    """A block index or a serial loop in the context (``name=value`` in messages); a loop's frame
    walks the loop's ``values`` and holds what its heads recorded (shortcut 2)."""

    name: str
    values: range
    index: int = 0
    loop: tirx.For | None = None
    seen: dict | None = None

    @property
    def value(self) -> int:
        return self.values[self.index]


@dataclass(eq=False)
class _Run:
    """A warp role of a split: its coroutine, variables and context, and where it waits (the
    leaf statement and what on; ``leaf`` is ``None`` before it starts)."""

    name: str
    steps: Iterator
    env: dict
    context: list
    leaf: object = None
    waits: str = ""


@dataclass
class _Scope:
    """What simulating a statement evaluates (``exprs``), the variables the blocks (``blocks``,
    in nesting order) and loops (``loops``) inside it bind; ``known`` is ``False`` when a leaf's
    evaluations are unknown (:meth:`_ProgramOrder.evaluated`)."""

    exprs: list = field(default_factory=list)
    blocks: dict = field(default_factory=dict)  # variable handle -> (variable, bound value)
    loops: dict = field(default_factory=dict)  # variable handle -> loop
    known: bool = True
    # per expression: it with the block variables replaced by their values, its variables,
    # whether the Analyzer reads it as the evaluator does (:func:`_exact`)
    inlined: list | None = None


class _ProgramOrder:
    """Runs a kernel's statements in program order for every thread of one CTA at once (a
    mask of the threads each statement runs for), for the blocks at the corners of the grid;
    the checkers (``verify_mbarrier_protocol``'s ``_Verifier``, ``verify_wgmma``'s
    ``_Simulator``) say which leaf statements they follow (:meth:`follows`), what those do
    (:meth:`statement`, a generator that yields where a wait cannot return yet, and
    :meth:`evaluated`) and which kernels to run (:meth:`kernels`, :meth:`run_kernel`); a checker
    that defines :meth:`state` and :meth:`translate` gets shortcut 2 of the module docstring.
    The branches of a warp-role split run at once."""

    def __init__(self, func: tirx.PrimFunc, samples):
        self.func, self.samples = func, list(samples)
        self.eval = _Evaluator()
        self.steps = 0  # loop iterations and operations, those skipped by shortcut 2 included
        self.skipped = 0  # of which skipped
        self.holds: dict[int, bool] = {}  # by statement: whether it holds one the checker follows
        self.scopes: dict[int, _Scope] = {}
        self.proofs: dict[tuple, bool] = {}
        self.tid = np.zeros(0, int)  # the CTA's flat thread indices
        self.threads: dict[str, np.ndarray] = {}
        self.blocks: dict[str, int] = {}
        self.env: dict[int, object] = {}
        self.context: list[_Frame] = []
        self.leaf = None  # the leaf statement simulated last
        self.role_depth = 0  # inside the branch of a role split
        self.splits: list[list[_Run]] = []  # the roles of each split under way
        self.shared: set[int] = set()  # leaf statements met more than once in the kernel
        self.running: list[_Run] = []  # the role advanced in each of them

    # -- what the checkers define ----------------------------------------------------------
    def relevant(self, stmt) -> bool:
        """Whether ``stmt`` holds a statement the checker follows (:meth:`follows`)."""
        key = stmt.__chandle__()
        if key not in self.holds:
            children = _children(stmt)
            self.holds[key] = any(self.relevant(c) for c in children) if children else self.follows(stmt)
        return self.holds[key]

    def follows(self, stmt) -> bool:
        """Whether the checker follows the leaf statement ``stmt``."""
        raise NotImplementedError

    def statement(self, stmt, mask: np.ndarray):
        """Simulate the leaf ``stmt`` for the threads of ``mask`` (a generator)."""
        raise NotImplementedError

    def evaluated(self, stmt) -> list | None:
        """The expressions :meth:`statement` may evaluate for the leaf ``stmt`` (``None``: not
        known; the shortcuts are then off)."""
        return None

    def state(self) -> tuple[Hashable, dict] | None:
        """The checker's state at a loop head: a key equal for two states whose futures agree
        once the counters of one are translated to the other's, and the counters (by name);
        ``None`` (the default): no steady-state shortcut."""
        return None

    def translate(self, shift: dict) -> None:
        """Translate the counters of :meth:`state` by ``shift`` (by name)."""
        raise NotImplementedError

    def kernels(self, stmt) -> list[tirx.For]:
        """The kernels in ``stmt`` to simulate."""
        raise NotImplementedError

    def run_kernel(self, root: tirx.For) -> None:
        raise NotImplementedError

    def unmodelled(self, what: str):
        """Fail for a construct the simulation does not model."""
        raise NotImplementedError

    def waiting(self, item) -> str:
        """What a role that yielded ``item`` waits on."""
        return str(item)

    def deadlock(self, what: str):
        """The item that says every role of a split waits."""
        return what

    def tick(self) -> None:
        self.steps += 1

    def attr(self, stmt: tirx.AttrStmt, mask: np.ndarray):
        yield from self.visit(stmt.body, mask)

    def block(self, block: s_tir.SBlock) -> None:
        """Called on each block entered."""

    def where(self) -> str:
        """The sizes and context, for messages: `` (at n=17, blockIdx.x=0, k=3)``."""
        context = [f"{k}={v}" for k, v in self.eval.read.items()] + [f"{f.name}={f.value}" for f in self.context]
        return f" (at {', '.join(context)})" if context else ""

    # -- the launch -------------------------------------------------------------------------
    def run(self) -> None:
        """Simulate each kernel for each sample of the sizes (one when it reads none)."""
        try:
            for root in self.kernels(self.func.body):
                for sample in self.samples:
                    self.eval.sample, self.eval.read = sample, {}
                    self.run_kernel(root)
                    if not self.eval.read:
                        break  # the kernel reads no size: one sample stands for all
        except _Unmodelled as err:
            self.unmodelled(str(err))

    def launches(self, root: tirx.For, extents: Mapping[str, int]):
        """Set the CTA's threads from the launch ``extents`` (by thread tag) and yield a mask
        of them all once per simulated block (shortcut 1), its indices in :attr:`blocks`."""
        dims = [extents.get(f"threadIdx.{a}", 1) for a in "xyz"]
        self.tid = np.arange(int(np.prod(dims)))
        self.threads = {f"threadIdx.{a}": self.tid // int(np.prod(dims[:k])) % dims[k]
                        for k, a in enumerate("xyz") if f"threadIdx.{a}" in extents}
        blocks = {t: sorted({0, e - 1}) for t, e in extents.items() if t.startswith("blockIdx.")}
        leaves = [leaf.__chandle__() for leaf in self.leaves(root)]
        self.shared = {leaf for leaf in leaves if leaves.count(leaf) > 1}
        if self.uniform(root):
            blocks = {t: [0] for t in blocks}
        for values in itertools.product(*blocks.values()):
            self.blocks = dict(zip(blocks, values))
            self.env, self.context = {}, []
            yield np.ones(len(self.tid), bool)

    def uniform(self, root: tirx.For) -> bool:
        """Whether every block of the kernel ``root`` runs alike: nothing the simulation
        evaluates refers to a ``blockIdx`` (the variables it does refer to, loop variables,
        threads, sizes and block bindings, are evaluated alike in every block)."""
        scope = self.scope(root)
        blocks = {loop.loop_var.__chandle__() for loop in _thread_loops(root)
                  if loop.thread_binding.thread_tag.startswith("blockIdx.")}
        return scope.known and not any(v.__chandle__() in blocks for e in scope.exprs for v in free_vars(e))

    def leaves(self, stmt) -> list:
        """The leaf statements in ``stmt`` the simulation may meet, with repeats."""
        if not self.relevant(stmt):
            return []
        children = _children(stmt)
        return [leaf for c in children for leaf in self.leaves(c)] if children else [stmt]

    # -- program order -----------------------------------------------------------------------
    def visit(self, stmt, mask: np.ndarray):
        """Simulate ``stmt`` for the threads of ``mask``; a generator that yields where a wait
        finds its phase incomplete (and resumes there)."""
        if isinstance(stmt, tirx.Bind):  # (a variable the statements after it may name)
            self.env[stmt.var.__chandle__()] = self.eval(stmt.value, self.env)
            return
        if not self.relevant(stmt):
            return
        if isinstance(stmt, tirx.SeqStmt):
            for child in stmt.seq:
                yield from self.visit(child, mask)
        elif isinstance(stmt, tirx.For):
            yield from self.loop(stmt, mask)
        elif isinstance(stmt, tirx.IfThenElse):
            cond = self.eval(stmt.condition, self.env)
            branches = [(b, _narrow(mask, taken)) for b, taken in ((stmt.then_case, cond),
                                                                    (stmt.else_case, np.logical_not(cond)))]
            branches = [(b, active) for b, active in branches if b is not None and active is not None]
            if len(branches) == 2 and all(_role(b) for b, _ in branches):
                yield from self.roles(branches)
            else:
                for branch, active in branches:
                    yield from self.visit(branch, active)
        elif isinstance(stmt, s_tir.SBlockRealize):
            self.block(stmt.block)
            bound = [(iv.var.__chandle__(), self.eval(value, self.env))
                     for iv, value in zip(stmt.block.iter_vars, stmt.iter_values)]
            saved = [(key, self.env.get(key, _UNSET)) for key, _ in bound]
            self.env.update(bound)
            active = _narrow(mask, self.eval(stmt.predicate, self.env))
            if active is not None:
                yield from self.visit(stmt.block.body, active)
            _restore(self.env, saved)
        elif isinstance(stmt, tirx.AttrStmt):
            yield from self.attr(stmt, mask)
        else:
            self.leaf = stmt
            yield from self.statement(stmt, mask)

    def roles(self, branches: list):
        """The branches of a role split (:mod:`..pipelines.warp_specialize`) run at once, each with
        its own variables: each runs until a wait finds its phase incomplete, then the other; when
        none can go on, the split is blocked (a deadlock unless something outside it arrives)."""
        runs = [_Run(str(getattr(b.node, 'value', b.node)), self.visit(b, active), dict(self.env), list(self.context))
                for b, active in branches]
        env, context = self.env, self.context
        self.splits.append(runs)
        while runs:
            progress, blocked = False, []
            for run in list(runs):
                steps = self.steps
                self.env, self.context, self.leaf = run.env, run.context, run.leaf
                self.role_depth += 1
                self.running.append(run)
                try:
                    item = next(run.steps)
                    run.leaf, run.waits = self.leaf, self.waiting(item)
                    blocked.append(f"the {run.name} waits on {run.waits}")
                except StopIteration:
                    runs.remove(run)
                    progress = True
                finally:
                    self.role_depth -= 1
                    self.running.pop()
                progress |= self.steps != steps
            self.env, self.context = env, context
            if runs and not progress:
                yield self.deadlock("every warp role waits: " + "; ".join(blocked))
        self.splits = [s for s in self.splits if s is not runs]

    def loop(self, loop: tirx.For, mask: np.ndarray):
        """A thread or block loop binds its index; a serial loop runs its iterations, looking for
        a steady state at each head (shortcut 2), its variable bound in them alone."""
        key = loop.loop_var.__chandle__()
        tag = loop.thread_binding.thread_tag if loop.thread_binding is not None else ""
        if tag in self.threads or tag in self.blocks:
            self.env[key] = self.threads[tag] if tag in self.threads else self.blocks[tag]
            if tag in self.blocks:
                self.context.append(_Frame(tag, range(self.blocks[tag], self.blocks[tag] + 1)))
            yield from self.visit(loop.body, mask)
            return
        bounds = [self.eval(e, self.env) for e in (loop.min, loop.extent, loop.step or tirx.const(1))]
        if any(np.ndim(b) for b in bounds):
            self.unmodelled(f"loop {loop.loop_var.name}: expected bounds uniform across threads, "
                            "got bounds that depend on the thread index")
        start, extent, step = (int(b) for b in bounds)
        frame = _Frame(loop.loop_var.name, range(start, start + extent, step), loop=loop)
        frame.seen = {} if len(frame.values) >= MIN_TRIPS else None
        saved = [(key, self.env.get(key, _UNSET))]
        self.context.append(frame)
        while frame.index < len(frame.values):
            if frame.seen is not None:
                self.jump(frame)
                if frame.index == len(frame.values):
                    break
            self.tick()
            self.env[key] = frame.value
            yield from self.visit(loop.body, mask)
            frame.index += 1
        self.context.pop()
        _restore(self.env, saved)

    # -- shortcut 2: steady state ------------------------------------------------------------
    def jump(self, frame: _Frame) -> None:
        """At the head of an iteration of ``frame``'s loop: record the state, and when it
        repeats a recorded one, move over as many whole periods as provably repeat."""
        state, others = self.state(), self.others()
        if state is None:
            frame.seen = None  # the checker has no steady state
        if state is None or others is None:
            return
        if any(run.leaf is not None and run.leaf.__chandle__() in self.shared for run in others):
            return  # (where it waits is ambiguous)
        key, counters = state
        loops = [[f for f in run.context if f.loop is not None] for run in others]
        key = (key, tuple(self.position(run, fs) for run, fs in zip(others, loops)))
        entry = frame.seen.get(key)
        frame.seen[key] = (frame.index, [[(f, f.index) for f in fs] for fs in loops], counters, self.steps)
        if entry is None:
            return
        index, indices, before, steps = entry
        period = frame.index - index
        periods = (len(frame.values) - frame.index) // period
        moves = []  # (role, its frame that moved, by how many iterations)
        for run, fs, was in zip(others, loops, indices):
            # the same runs of its loops at the same iterations, but one that moved on (the
            # loops inside it run again)
            first = next((k for k, (f, (g, i)) in enumerate(zip(fs, was)) if f is not g or f.index != i), len(fs))
            if first < len(fs):
                f, (g, i) = fs[first], was[first]
                if f is not g or f.index < i or any(h.index != j for h, (_, j) in zip(fs[first + 1:], was[first + 1:])):
                    return
                moves.append((run, f, f.index - i))
                periods = min(periods, (len(f.values) - 1 - f.index) // (f.index - i))
        while periods and not self.repeats(frame, index, period, periods, moves):
            periods //= 2
        if not periods:
            return
        frame.index += periods * period
        for run, f, d in moves:
            f.index += periods * d
            run.env[f.loop.loop_var.__chandle__()] = f.value
            for inner in run.context[run.context.index(f) + 1:]:
                if inner.seen is not None:
                    inner.seen.clear()  # recorded in the iteration of f it left
        self.translate({name: periods * (counters[name] - before[name]) for name in counters})
        skipped = periods * (self.steps - steps)
        self.steps += skipped
        self.skipped += skipped

    def others(self) -> list[_Run] | None:
        """The warp roles that wait while this one runs (``None`` when a split waits as a whole:
        its roles wait inside a role that waits)."""
        found = []
        for runs in self.splits:
            current = [run for run in runs if any(run is r for r in self.running)]
            if not current:
                return None
            found += [run for run in runs if run is not current[0]]
        return found

    @staticmethod
    def position(run: _Run, loops: list[_Frame]) -> Hashable:
        """Where ``run`` waits, but for the values of its ``loops``: the statement, what on, and
        its other variables."""
        skip = {f.loop.loop_var.__chandle__() for f in loops}
        env = tuple((key, value.tobytes() if isinstance(value, np.ndarray) else value)
                    for key, value in sorted(run.env.items()) if key not in skip)
        return None if run.leaf is None else run.leaf.__chandle__(), run.waits, len(loops), env

    def repeats(self, frame: _Frame, index: int, period: int, periods: int, moves: list) -> bool:
        """Whether the loop bodies simulated over ``periods`` periods from now evaluate what they
        evaluated a period earlier: ``frame``'s body from its iteration ``index`` on, each moved
        role's loop body from where it was then."""
        if not self.periodic(frame, index, index + periods * period - 1, period, self.env):
            return False
        return all(self.periodic(f, f.index - d, f.index - d + periods * d, d, run.env) for run, f, d in moves)

    def periodic(self, frame: _Frame, first: int, last: int, period: int, env: dict) -> bool:
        """Whether every expression the body of ``frame``'s loop evaluates is the same at the
        loop's iteration ``i + period`` as at ``i``, for ``i`` from ``first`` to ``last``, with the
        variables outside the body at their values in ``env`` (the sizes at the sample)."""
        loop = frame.loop
        scope = self.scope(loop.body)
        if not scope.known:
            return False
        var, shift = loop.loop_var, frame.values[first + period] - frame.values[first]
        if scope.inlined is None:
            mapping = {}
            for v, value in scope.blocks.values():
                mapping[v] = substitute(value, mapping)
            scope.inlined = [(e, {v.__chandle__() for v in free_vars(e)}, _exact(e))
                             for e in (substitute(e, mapping) for e in scope.exprs)]
        pending = [(e, exact) for e, used, exact in scope.inlined if var.__chandle__() in used]
        if not all(exact for _, exact in pending):
            return False
        pending = [e for e, _ in pending if not self.symbolic(e, var, shift)]
        if not pending:
            return True
        analyzer, values = arith.Analyzer(), {}
        lo, hi = sorted((frame.values[first], frame.values[last]))
        analyzer.bind(var, _range(var, lo, hi))
        for v in {v.__chandle__(): v for e in pending for v in free_vars(e)}.values():
            handle = v.__chandle__()
            inner = scope.loops.get(handle)
            value = env.get(handle, _UNSET) if inner is None and not v.same_as(var) else None
            if inner is not None and isinstance(inner.min, tirx.IntImm) and isinstance(inner.extent, tirx.IntImm):
                analyzer.bind(v, _range(v, int(inner.min), int(inner.min) + int(inner.extent) - 1))
            elif isinstance(value, np.ndarray):
                analyzer.bind(v, _range(v, int(value.min()), int(value.max())))
            elif value is _UNSET and self.eval.size(v.name) is not None:
                values[v] = tirx.const(self.eval.size(v.name), str(v.ty))
            elif value is not None and value is not _UNSET:
                values[v] = tirx.const(int(value), str(v.ty))
        for e in pending:
            e = substitute(e, values)
            if not _same(analyzer, substitute(e, {var: var + shift}), e):
                return False
        return True

    def symbolic(self, expr: tirx.PrimExpr, var: tirx.Var, shift: int) -> bool:
        """Whether ``expr`` is the same with ``var + shift`` for ``var``, whatever the values of
        every variable (remembered)."""
        key = (expr.__chandle__(), var.__chandle__(), shift)
        if key not in self.proofs:
            self.proofs[key] = _same(arith.Analyzer(), substitute(expr, {var: var + shift}), expr)
        return self.proofs[key]

    def scope(self, stmt) -> _Scope:
        """What simulating ``stmt`` evaluates (remembered)."""
        key = stmt.__chandle__()
        if key not in self.scopes:
            self.scopes[key] = _Scope()
            self.collect(stmt, self.scopes[key])
        return self.scopes[key]

    def collect(self, stmt, scope: _Scope) -> None:
        """Add what :meth:`visit` evaluates simulating ``stmt`` to ``scope``."""
        if isinstance(stmt, tirx.Bind):  # (its value: the variable the statements after it may name)
            scope.exprs.append(stmt.value)
            return
        if not self.relevant(stmt):
            return
        if isinstance(stmt, tirx.For):
            tag = stmt.thread_binding.thread_tag if stmt.thread_binding is not None else ""
            if not tag.startswith(("threadIdx.", "blockIdx.")):
                scope.exprs += [e for e in (stmt.min, stmt.extent, stmt.step) if e is not None]
                scope.loops[stmt.loop_var.__chandle__()] = stmt
        elif isinstance(stmt, tirx.IfThenElse):
            scope.exprs.append(stmt.condition)
        elif isinstance(stmt, s_tir.SBlockRealize):
            scope.exprs += [*stmt.iter_values, stmt.predicate]
            scope.blocks.update((iv.var.__chandle__(), (iv.var, value))
                                for iv, value in zip(stmt.block.iter_vars, stmt.iter_values))
        elif not isinstance(stmt, (tirx.SeqStmt, tirx.AttrStmt)):
            exprs = self.evaluated(stmt)
            scope.known &= exprs is not None
            scope.exprs += exprs or []
            return
        for child in _children(stmt):
            self.collect(child, scope)


def _same(analyzer: arith.Analyzer, a: tirx.PrimExpr, b: tirx.PrimExpr) -> bool:
    """Whether ``analyzer`` proves ``a`` and ``b`` equal; conditions of the same form (``b`` is
    ``a`` with a variable shifted) are equal when both hold, neither does, or their operands are
    equal (the Analyzer compares integers only)."""
    try:
        if str(a.ty) != "bool":
            return bool(analyzer.can_prove_equal(a, b))
        if (analyzer.can_prove(a) and analyzer.can_prove(b)) or (
                analyzer.can_prove(tirx.Not(a)) and analyzer.can_prove(tirx.Not(b))):
            return True
    except (RuntimeError, TypeError, ValueError):  # the Analyzer gave up: no proof
        return False
    if type(a) is not type(b):
        return False
    if isinstance(a, _COMPARISONS) and str(a.a.ty) != "bool":
        return _same(analyzer, a.a - a.b, b.a - b.b)
    if isinstance(a, (*_COMPARISONS, tirx.And, tirx.Or)):
        return _same(analyzer, a.a, b.a) and _same(analyzer, a.b, b.b)
    return isinstance(a, tirx.Not) and _same(analyzer, a.a, b.a)


_COMPARISONS = (tirx.EQ, tirx.NE, tirx.LT, tirx.LE, tirx.GT, tirx.GE)


def _exact(expr: tirx.PrimExpr) -> bool:
    """Whether ``arith.Analyzer`` reads ``expr`` as the evaluator does (integers that do not
    wrap): its variables are signed integers, its casts (which the evaluator drops) widen one
    or test it for zero."""
    found = []
    walk(expr, tirx.Var, lambda v: found.append(str(v.ty).startswith("int")))
    walk(expr, tirx.Cast, lambda c: found.append(
        str(c.ty) == "bool" or (str(c.ty).startswith("int") and str(c.value.ty).startswith("int")
                                and tvm.DataType(str(c.ty)).bits >= tvm.DataType(str(c.value.ty)).bits)))
    return all(found) and (str(expr.ty) == "bool" or str(expr.ty).startswith("int"))


def _range(var: tirx.Var, lo: int, hi: int) -> tvm.ir.Range:
    """``lo`` to ``hi`` (inclusive) in the type of ``var``."""
    return tvm.ir.Range.from_min_extent(tirx.const(lo, str(var.ty)), tirx.const(hi - lo + 1, str(var.ty)))


def _restore(env: dict, saved: list) -> None:
    """Put back the variables of ``saved`` (``(handle, value)``, ``_UNSET`` for unbound) as
    they were before a scope bound them."""
    for key, value in saved:
        if value is _UNSET:
            env.pop(key, None)
        else:
            env[key] = value


def _children(stmt) -> list:
    """The statements directly inside ``stmt`` (a block's init too)."""
    if isinstance(stmt, tirx.SeqStmt):
        return list(stmt.seq)
    if isinstance(stmt, (tirx.For, tirx.AttrStmt, tirx.While)):
        return [stmt.body]
    if isinstance(stmt, tirx.IfThenElse):
        return [stmt.then_case] + ([stmt.else_case] if stmt.else_case is not None else [])
    if isinstance(stmt, s_tir.SBlockRealize):
        return [stmt.block.body] + ([stmt.block.init] if stmt.block.init is not None else [])
    return []


def _role(stmt) -> bool:
    """Whether ``stmt`` is a warp role's branch (:data:`..pipelines.warp_specialize.ROLE`)."""
    return isinstance(stmt, tirx.AttrStmt) and stmt.attr_key == ROLE


def _thread_loops(root) -> list[tirx.For]:
    found = []
    walk(root, tirx.For, lambda f: found.append(f) if f.thread_binding is not None else None)
    return found


def _narrow(mask: np.ndarray, cond) -> np.ndarray | None:
    """The threads of ``mask`` for which ``cond`` holds; ``None`` when there are none."""
    active = mask & cond if np.ndim(cond) else (mask if cond else None)
    return active if active is not None and active.any() else None
