"""Small IR helpers shared by the passes (TVM 0.27 has no Python substitute / uses_var)."""

from __future__ import annotations

import tvm_ffi
from tvm import tirx


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


def uses_var(node, variables) -> bool:
    """Whether ``node`` refers to any of ``variables``."""
    found = []
    tvm_ffi.structural_walk(node, (tirx.Var, lambda v: found.append(any(v.same_as(x) for x in variables))))
    return any(found)


def replace_node(node, old, new) -> object:
    """``node`` with the sub-expression ``old`` (the same object) replaced by ``new``."""

    def on_node(expr, mutator):
        return new if expr.same_as(old) else mutator.default_mutate(expr)

    return tvm_ffi.structural_mutate(node, (type(old), on_node))


def seq(stmts: list) -> tirx.Stmt:
    """A statement sequence (TVM forbids a SeqStmt of one statement)."""
    return stmts[0] if len(stmts) == 1 else tirx.SeqStmt(stmts)
