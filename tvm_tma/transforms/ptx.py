"""The PTX instructions the passes emit, each resolved once from TVM 0.27's ``T.ptx`` table.

``T.ptx.mbarrier.init.shared.b64(...)`` narrows the table's candidates at every attribute of
the chain, and each call checks and coerces every operand against the table (a quarter of a
millisecond per instruction, most of a small kernel's lowering). :func:`op` resolves an
instruction by its PTX name once, and builds each form of its operands once: a call whose
operands have the types (and constants the values) of an earlier one is that call's ``Call``
with the new operands in place of the old.
"""

from __future__ import annotations

import functools

import tvm
import tvm_ffi
from tvm import tirx
from tvm.ir.expr import Constant, Expr, TensorLoad
from tvm.script import tirx as T

from ._ir import substitute


class _Instruction:
    """One ``T.ptx`` instruction; calling it builds the ``Call`` that ``T.ptx[name]`` builds."""

    def __init__(self, name: str):
        self.build = T.ptx[name]
        self.forms: dict[tuple, tuple[tvm.ir.Call, list[tirx.Var]]] = {}

    def __call__(self, *operands) -> tvm.ir.Call:
        key = tuple(map(_form, operands))
        if None in key:  # a destination or an operand of a kind the table may treat apart
            return self.build(*operands)
        if key not in self.forms:
            # A placeholder per expression: the table's checks and coercions depend only on
            # its type (a pointer becomes a shared-window address, a typed register keeps its
            # dtype), which the form keeps; constants are part of the form.
            holders = [tirx.Var(f"operand{i}", x.ty) for i, x in enumerate(operands) if _is_expression(x)]
            it = iter(holders)
            self.forms[key] = (self.build(*(next(it) if _is_expression(x) else x for x in operands)), holders)
        call, holders = self.forms[key]
        return substitute(call, dict(zip(holders, filter(_is_expression, operands), strict=True)))


def _is_expression(operand) -> bool:
    return isinstance(operand, Expr) and not isinstance(operand, Constant)


def _form(operand) -> tuple | None:
    """What the table's coercion of ``operand`` depends on, or None for a kind not kept."""
    if isinstance(operand, bool) or isinstance(operand, TensorLoad):
        return None
    if isinstance(operand, int):
        return ("int", operand)
    if isinstance(operand, tirx.IntImm):
        return ("const", str(operand.ty), operand.value)
    if _is_expression(operand):
        return ("expr", tvm_ffi.StructuralKey(operand.ty))
    return None


@functools.cache
def op(name: str) -> _Instruction:
    """The instruction ``name`` as PTX spells it, e.g.
    ``op("mbarrier.arrive.expect_tx.shared.b64")(addr, nbytes)``."""
    return _Instruction(name)
