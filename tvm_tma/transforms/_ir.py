"""Small IR helpers shared by the passes (TVM 0.27 has no Python substitute / uses_var)."""

from __future__ import annotations

import functools
import itertools
import operator

import numpy as np
import tvm
from tvm import s_tir, tirx
from tvm.ir.expr import TensorLoad
from tvm_ffi import structural as _structural


def flat_offset(buf: tirx.Buffer, indices, *, for_proofs: bool = False) -> tirx.PrimExpr:
    """The element offset of ``buf[indices]`` from the buffer's data pointer. ``for_proofs``:
    a symbolic ``elem_offset`` written as a multiple of the buffer's ``offset_factor`` (a fresh
    variable times it), which is what the buffer's contract promises, for alignment proofs;
    not for addressing."""
    flat = buf.elem_offset
    if for_proofs and not isinstance(flat, tirx.IntImm) and int(buf.offset_factor) > 1:
        flat = tirx.Var(f"{buf.name}_elem_offset_div", flat.ty) * int(buf.offset_factor)
    for idx, stride in zip(indices, strides(buf)):
        flat = flat + idx * stride
    return flat


def strides(buf: tirx.Buffer) -> list[tirx.PrimExpr]:
    """The element strides of ``buf`` per dimension (its own, or those of a compact array)."""
    if len(buf.strides):
        return list(buf.strides)
    result, acc = [], tirx.const(1, "int32")
    for dim in reversed(list(buf.shape)):
        result.append(acc)
        acc = acc * dim
    return result[::-1]


def conjuncts(expr: tirx.PrimExpr) -> list[tirx.PrimExpr]:
    """The terms of ``a && b && ...``."""
    if isinstance(expr, tirx.And):
        return conjuncts(expr.a) + conjuncts(expr.b)
    return [expr]


def all_of(conds: list[tirx.PrimExpr]) -> tirx.PrimExpr:
    """``conds[0] && conds[1] && ...`` (``True`` for none)."""
    result = conds[0] if conds else tirx.const(True)
    for cond in conds[1:]:
        result = tirx.And(result, cond)
    return result


def rising_difference(cond: tirx.PrimExpr) -> tirx.PrimExpr | None:
    """``x - y`` for ``x < y`` or ``x <= y``, ``y - x`` for ``x > y`` or ``x >= y``: the comparison
    holds while it is negative (or zero); ``None`` for any other condition."""
    if isinstance(cond, (tirx.LT, tirx.LE)):
        return cond.a - cond.b
    if isinstance(cond, (tirx.GT, tirx.GE)):
        return cond.b - cond.a
    return None


def non_decreasing(expr: tirx.PrimExpr, var: tirx.Var, analyzer) -> bool:
    """Whether ``expr`` provably does not decrease when ``var`` grows by one (within the
    range ``analyzer`` knows for it)."""
    return analyzer.can_prove(substitute(expr, {var: var + 1}) - expr >= 0)


def elem_bytes(buf: tirx.Buffer) -> int:
    """Bytes of one element of ``buf`` (vector lanes included)."""
    dtype = tvm.DataType(str(buf.dtype))
    return dtype.bits * dtype.lanes // 8


def data_owner(data) -> tirx.Var | None:
    """The buffer whose data ``data`` is (``buffer.data`` is the call ``buffer_data(buffer)``),
    ``None`` for any other expression."""
    if isinstance(data, tvm.ir.Call) and len(data.args) == 1 and isinstance(data.args[0], tirx.Var):
        return data.args[0]
    return None


CACHED = 1024
"""Entries of the caches of facts about statements (which attributes, stores, marked blocks a
subtree holds), keyed by the statement object: the pipeline lowering asks them again for the
same subtrees in every dry run. A cache holds its statements alive, so it stays small."""


@functools.cache
def _type_index(node_type: type) -> int:
    return _structural._callback_type_to_type_index(node_type, api_name="structural_mutate")


def mutate(node, *entries: tuple[type, object]) -> object:
    """``tvm_ffi.structural_mutate(node, entries)`` for callbacks of ``(value, mutator)``,
    without the signature inspection that call makes of every callback every time (the
    larger part of its cost on small expressions; apache-tvm-ffi is pinned, see
    tests/test_pins.py)."""
    return _structural._ffi_api.StructuralMutate(node, [(_type_index(t), fn, False) for t, fn in entries])


def walk(node, node_type: type, callback) -> None:
    """``tvm_ffi.structural_walk(node, (node_type, callback))`` (post-order), without the
    callback normalization that call repeats every time."""
    _structural._ffi_api.StructuralWalk(node, [(_type_index(node_type), callback)], [],
                                        int(_structural.WalkOrder.POSTORDER))


def bind_loop(analyzer, loop: tirx.For) -> None:
    """Bind ``loop``'s variable in ``analyzer`` to the loop's range."""
    analyzer.bind(loop.loop_var, tvm.ir.Range.from_min_extent(loop.min, loop.extent))


def assignments(ranges: list[tuple[tirx.Var, range]]):
    """Every assignment of values to the variables of ``ranges`` (each over its range), one
    mapping for :func:`substitute` at a time: a fact checked value by value where the analyzer
    cannot prove it over the whole range."""
    for values in itertools.product(*(values for _, values in ranges)):
        yield {var: tirx.const(value, str(var.ty)) for (var, _), value in zip(ranges, values)}


def substitute(node, mapping: dict) -> object:
    """``node`` with every variable in ``mapping`` replaced by its value."""
    if not mapping:
        return node

    def on_var(var, _mutator):
        for key, value in mapping.items():
            if var.same_as(key):
                return value
        return var

    return mutate(node, (tirx.Var, on_var))


def renamed(stmt: tirx.Stmt) -> tirx.Stmt:
    """``stmt`` with fresh variables for the loops and block iterators it binds: a copy of
    statements placed beside the original, so that no variable is bound twice."""
    bound = []
    walk(stmt, tirx.For, lambda f: bound.append(f.loop_var))
    walk(stmt, s_tir.SBlock, lambda b: bound.extend(iv.var for iv in b.iter_vars))
    return substitute(stmt, {v: tirx.Var(v.name, v.ty) for v in bound})


def free_vars(node) -> list[tirx.Var]:
    """Every variable ``node`` refers to (with repeats)."""
    found = []
    walk(node, tirx.Var, found.append)
    return found


def addressed_element(addr) -> TensorLoad | None:
    """``x[i, ...]`` where ``addr`` is ``T.address_of(x[i, ...])``, maybe under
    ``cvta_generic_to_shared`` (a shared address as the PTX ops take it); else ``None``."""
    if op_name(addr) == "tirx.cuda.cvta_generic_to_shared":
        addr = addr.args[0]
    load = addr.args[0] if op_name(addr) == "tirx.address_of" else None
    return load if isinstance(load, TensorLoad) else None


def holds(node, *kinds: type) -> bool:
    """Whether ``node`` holds a node of one of ``kinds``."""
    found = []
    for kind in kinds:
        walk(node, kind, found.append)
    return bool(found)


def uses_var(node, variables) -> bool:
    """Whether ``node`` refers to any of ``variables``."""
    return any(v.same_as(x) for v in free_vars(node) for x in variables)


@functools.lru_cache(maxsize=CACHED)
def attrs_with_key(node, keys: tuple[str, ...]) -> tuple[tirx.AttrStmt, ...]:
    """The ``AttrStmt``s in ``node`` whose key is one of ``keys``, in walk order."""
    found = []
    walk(node, tirx.AttrStmt, lambda a: found.append(a) if a.attr_key in keys else None)
    return tuple(found)


@functools.lru_cache(maxsize=CACHED)
def op_names(node) -> frozenset[str]:
    """The names of the operators that ``node`` calls."""
    found = set()
    walk(node, tvm.ir.Call, lambda c: found.add(c.op.name) if isinstance(c.op, tvm.ir.Op) else None)
    return frozenset(found)


def is_cta_sync(stmt) -> bool:
    """Whether ``stmt`` is a CTA barrier (``__syncthreads``): ``T.tvm_storage_sync("shared")``,
    or ``"shared.dyn"``, which ThreadSync puts before accesses of dynamic shared memory."""
    value = stmt.value if isinstance(stmt, tirx.Evaluate) else None
    return (isinstance(value, tvm.ir.Call) and isinstance(value.op, tvm.ir.Op)
            and value.op.name == "tirx.tvm_storage_sync" and value.args[0].value in ("shared", "shared.dyn"))


def function_name(func: tirx.PrimFunc) -> str:
    """The PrimFunc's global symbol (``"main"`` when it has none), for messages and reports."""
    attrs = func.attrs
    return str(attrs["global_symbol"]) if attrs is not None and "global_symbol" in attrs else "main"


def replace_node(node, old, new) -> object:
    """``node`` with the sub-expression ``old`` (the same object) replaced by ``new``."""

    def on_node(expr, mutator):
        return new if expr.same_as(old) else mutator.default_mutate(expr)

    return mutate(node, (type(old), on_node))


def seq(stmts: list) -> tirx.Stmt:
    """A statement sequence (TVM forbids a SeqStmt of one statement)."""
    return stmts[0] if len(stmts) == 1 else tirx.SeqStmt(stmts)


def cast_to(dtype: str, expr: tirx.PrimExpr) -> tirx.PrimExpr:
    """``expr`` as ``dtype`` (unchanged when it already has it)."""
    return expr if str(expr.ty) == dtype else tirx.Cast(dtype, expr)


def select(cond: tirx.PrimExpr, a: tirx.PrimExpr, b: tirx.PrimExpr) -> tirx.Select:
    """``Select(cond, a, b)`` with integer operands widened to a common type (int64 loop
    variables meet int32 constants in the pipeline state)."""
    dtype = "int64" if "int64" in (str(a.ty), str(b.ty)) else str(a.ty)
    return tirx.Select(cond, cast_to(dtype, a), cast_to(dtype, b))


ALIGNMENT_NOTE = "buffer_data_alignment"
"""The AllocBuffer annotation from which TVM 0.27's CUDA codegen prints an allocation's alignment."""


def realign(body: tirx.Stmt, aligns: list[tuple[tirx.Buffer, int]]) -> tirx.Stmt:
    """``body`` with each buffer of ``aligns`` re-declared with its ``data_alignment`` (a
    buffer is a variable of BufferType in TVM 0.27: every reference is replaced), and its
    allocation's ``buffer_data_alignment`` annotation (what CUDA codegen prints) to match."""
    mapping = {}
    for buf, align in aligns:
        ty = buf.ty
        new_ty = tirx.BufferType(ty.dtype, ty.storage_scope, ty.shape, ty.strides, ty.elem_offset,
                                 align, ty.offset_factor, ty.layout, ty.allocated_addr)
        mapping[buf] = tvm.tirx.buffer._ffi_api.BufferVar(buf.name, new_ty, None)

    def on_alloc(alloc, _mutator):
        notes = dict(alloc.annotations)
        if notes.get(ALIGNMENT_NOTE, alloc.buffer.data_alignment) == alloc.buffer.data_alignment:
            return alloc
        notes[ALIGNMENT_NOTE] = alloc.buffer.data_alignment
        return tirx.AllocBuffer(alloc.buffer, annotations=notes, span=alloc.span)

    return mutate(substitute(body, mapping), (tirx.AllocBuffer, on_alloc))


_BINARY = {
    tirx.Add: operator.add, tirx.Sub: operator.sub, tirx.Mul: operator.mul,
    tirx.FloorDiv: operator.floordiv, tirx.FloorMod: operator.mod,
    tirx.Min: np.minimum, tirx.Max: np.maximum,
    tirx.LT: operator.lt, tirx.LE: operator.le, tirx.GT: operator.gt, tirx.GE: operator.ge,
    tirx.EQ: operator.eq, tirx.NE: operator.ne, tirx.And: np.logical_and, tirx.Or: np.logical_or,
    tirx.BitwiseAnd: operator.and_, tirx.BitwiseOr: operator.or_, tirx.BitwiseXor: operator.xor,
}


class Evaluator:
    """Integer PrimExprs compiled once into closures over ``env`` (variable handle → int, or a
    numpy array over many points at once). A variable not in ``env``, or an expression of
    another kind, raises ``unsupported``; subclasses give variables other values (:meth:`variable`)."""

    unsupported: type[Exception] = ValueError

    def __init__(self):
        self.cache: dict[int, object] = {}

    def __call__(self, expr: tirx.PrimExpr, env: dict):
        fn = self.cache.get(expr.__chandle__())
        if fn is None:
            fn = self.cache[expr.__chandle__()] = self.compile(expr)
        return fn(env)

    def compile(self, expr: tirx.PrimExpr):
        kind = type(expr)
        if kind in _BINARY:
            f, a, b = _BINARY[kind], self.compile(expr.a), self.compile(expr.b)
            return lambda env: f(a(env), b(env))
        if kind is tirx.IntImm:
            value = bool(expr.value) if str(expr.ty) == "bool" else int(expr.value)
            return lambda env: value
        if kind is tirx.Var:
            return self.variable(expr)
        if kind is tirx.Not:
            a = self.compile(expr.a)
            return lambda env: np.logical_not(a(env))
        if kind is tirx.Select or op_name(expr).endswith(".if_then_else"):
            parts = (expr.condition, expr.true_value, expr.false_value) if kind is tirx.Select else expr.args
            c, x, y = (self.compile(e) for e in parts)

            def select(env):
                cond = c(env)
                return np.where(cond, x(env), y(env)) if np.ndim(cond) else x(env) if cond else y(env)

            return select
        if op_name(expr) == "tirx.tvm_thread_invariant":
            return self.compile(expr.args[0])
        if kind is tirx.Cast and str(expr.ty) == "bool":
            a = self.compile(expr.value)
            return lambda env: a(env) != 0
        if kind is tirx.Cast and str(expr.ty).startswith(("int", "uint")):
            return self.compile(expr.value)
        raise self.unsupported(f"cannot evaluate {expr} ({kind.__name__}): expected integer "
                               "arithmetic on loop variables, thread indices and sizes")

    def variable(self, var: tirx.Var):
        key = var.__chandle__()

        def lookup(env):
            if key not in env:
                raise self.unsupported(f"cannot evaluate {var.name}: expected a loop variable or thread index")
            return env[key]

        return lookup


def op_name(expr) -> str:
    """The name of the operator ``expr`` calls (``""`` when it is not a call of one)."""
    return expr.op.name if isinstance(expr, tvm.ir.Call) and isinstance(expr.op, tvm.ir.Op) else ""


def children(stmt: tirx.Stmt) -> list[tirx.Stmt]:
    """The statements directly inside ``stmt``: a sequence's, both branches, a block's body, a
    loop's or an attribute's body."""
    if isinstance(stmt, tirx.SeqStmt):
        return list(stmt.seq)
    if isinstance(stmt, tirx.IfThenElse):
        return [stmt.then_case] + ([stmt.else_case] if stmt.else_case is not None else [])
    if isinstance(stmt, s_tir.SBlockRealize):
        return [stmt.block.body]
    body = getattr(stmt, "body", None)
    return [body] if isinstance(body, tirx.Stmt) else []
