"""Small IR helpers shared by the passes (TVM 0.27 has no Python substitute / uses_var)."""

from __future__ import annotations

import tvm
import tvm_ffi
from tvm import tirx


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


def substitute(node, mapping: dict) -> object:
    """``node`` with every variable in ``mapping`` replaced by its value."""
    if not mapping:
        return node

    def on_var(var, _mutator):
        for key, value in mapping.items():
            if var.same_as(key):
                return value
        return var

    return tvm_ffi.structural_mutate(node, (tirx.Var, on_var))


def free_vars(node) -> list[tirx.Var]:
    """Every variable ``node`` refers to (with repeats)."""
    found = []
    tvm_ffi.structural_walk(node, (tirx.Var, found.append))
    return found


def uses_var(node, variables) -> bool:
    """Whether ``node`` refers to any of ``variables``."""
    return any(v.same_as(x) for v in free_vars(node) for x in variables)


def attrs_with_key(node, keys: tuple[str, ...]) -> list[tirx.AttrStmt]:
    """The ``AttrStmt``s in ``node`` whose key is one of ``keys``, in walk order."""
    found = []
    tvm_ffi.structural_walk(node, (tirx.AttrStmt, lambda a: found.append(a) if a.attr_key in keys else None))
    return found


def function_name(func: tirx.PrimFunc) -> str:
    """The PrimFunc's global symbol (``"main"`` when it has none), for messages and reports."""
    attrs = func.attrs
    return str(attrs["global_symbol"]) if attrs is not None and "global_symbol" in attrs else "main"


def replace_node(node, old, new) -> object:
    """``node`` with the sub-expression ``old`` (the same object) replaced by ``new``."""

    def on_node(expr, mutator):
        return new if expr.same_as(old) else mutator.default_mutate(expr)

    return tvm_ffi.structural_mutate(node, (type(old), on_node))


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

    return tvm_ffi.structural_mutate(substitute(body, mapping), (tirx.AllocBuffer, on_alloc))
